"""The ladder (``cardtable.bots.ladder``, ``cardtable.bots.ratings``) and the arena's paired
points difference (``cardtable.bots.paired``): ratings order the levels on a small fixed run,
the fit recovers known strengths, and ``--json`` carries the interval."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

from click.testing import CliRunner

from cardtable.bots.evaluate import DealResult, GameResult
from cardtable.bots.ladder import lobby_levels, round_robin, save_into, shipped
from cardtable.bots.paired import PairedDifference
from cardtable.bots.ratings import ELO, deal_score, fit
from cardtable.cli.main import main
from cardtable.engine.plugin import LEVELS


def test_ratings_order_random_easy_medium_on_a_small_fixed_run() -> None:
    ladder = round_robin("punttu", 2, 40, 7, levels=("random", "easy", "medium"))
    rated = {r.name: r for r in ladder.ratings}
    assert rated["random"].rating == 0.0
    assert rated["random"].rating < rated["easy"].rating < rated["medium"].rating
    # the interval holds the estimate, and medium is surely above random
    assert all(r.low <= r.rating <= r.high for r in ladder.ratings)
    assert rated["medium"].low > 0
    assert [(a, b) for a, b, _score, _gap in ladder.pairs] == [
        ("random", "easy"),
        ("random", "medium"),
        ("easy", "medium"),
    ]


def test_the_fit_recovers_known_strengths() -> None:
    # a beats b 3 deals in 4, b beats c 3 in 4 (many deals, so the prior hardly matters)
    scores = {("a", "b"): [0.75] * 4000, ("b", "c"): [0.75] * 4000}
    rated = fit(["a", "b", "c"], scores, anchor="c")
    assert math.isclose(rated["b"], ELO * math.log(3), rel_tol=0.01)
    assert math.isclose(rated["a"], 2 * ELO * math.log(3), rel_tol=0.01)


def _deal(points: list[tuple[int, int]], shares: list[tuple[float, float]]) -> DealResult:
    games = tuple(
        GameResult(names=("x", "y") if r % 2 == 0 else ("y", "x"), points=p, shares=s)
        for r, (p, s) in enumerate(zip(points, shares, strict=True))
    )
    return DealResult(0, games)


def test_paired_difference_and_deal_score_use_every_rotation() -> None:
    deal = _deal([(70, 54), (60, 64)], [(1.0, 0.0), (0.0, 1.0)])
    # x: 70 in rotation 0 (seat 0), 64 in rotation 1 (seat 1); y: 54 and 60
    gap = PairedDifference("x", "y")
    gap.add(deal)
    gap.add(_deal([(62, 62), (62, 62)], [(0.5, 0.5), (0.5, 0.5)]))
    assert gap.deals == 2 and math.isclose(gap.mean, (10.0 + 0.0) / 2)
    interval = gap.interval()
    assert interval is not None and interval[0] < 5.0 < interval[1]
    assert deal_score(deal, "x", "y") == 1.0


def test_arena_json_carries_the_points_difference_interval() -> None:
    result = CliRunner().invoke(
        main,
        [
            "arena",
            "punttu",
            "--players",
            "2",
            "--bots",
            "medium,random",
            "--deals",
            "30",
            "--seed",
            "2",
            "--jobs",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (gap,) = data["points_difference"]
    assert (gap["a"], gap["b"], gap["deals"]) == ("medium", "random", 30)
    low, high = gap["ci95"]
    assert 0 < low < gap["mean"] < high
    medium = data["bots"]["medium"]["mean_points"]
    random_points = data["bots"]["random"]["mean_points"]
    assert math.isclose(gap["mean"], medium - random_points, abs_tol=1e-9)


def test_ladder_cli_merges_into_a_ladder_file(tmp_path: Path) -> None:
    into = tmp_path / "ladder.json"
    result = CliRunner().invoke(
        main,
        [
            "arena",
            "punttu",
            "--players",
            "2",
            "--ladder",
            "--deals",
            "3",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--bot-iterations",
            "20",
            "--json",
            "--ladder-into",
            str(into),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data["ratings"]) == {"random", "easy", "medium", "hard"}
    saved = json.loads(into.read_text())
    assert saved["punttu"]["2"]["ratings"] == data["ratings"]
    assert "--ladder" in saved["punttu"]["2"]["command"]
    save_into(into, round_robin("punttu", 3, 2, 1, levels=("random", "easy")), "cmd")
    assert set(json.loads(into.read_text())["punttu"]) == {"2", "3"}


def test_the_lobby_gets_a_line_per_level_and_the_shipped_ratings() -> None:
    levels = lobby_levels("punttu", str)
    assert set(levels) == {"random", "easy", "medium", "hard"}
    assert all(entry["description"] for entry in levels.values())
    for players, entry in shipped().get("punttu", {}).items():
        assert levels["medium"]["ratings"][players] == entry["ratings"]["medium"]


def test_no_shipped_ladder_rates_a_level_below_the_one_under_it() -> None:
    """What the lobby shows: in every game and table size measured, ``hard`` rates at least
    ``medium`` (``hard`` keeps medium's move unless its search finds a better one by a margin:
    the search hooks' ``deviation_z``), and ``medium`` at least ``easy``, ``easy`` at least
    ``random``."""
    ladders = shipped()
    assert ladders, "no ladder shipped"
    for game, sizes in ladders.items():
        for players, entry in sizes.items():
            ratings = {level: entry["ratings"][level]["rating"] for level in LEVELS}
            for weaker, stronger in itertools.pairwise(LEVELS):
                assert ratings[stronger] >= ratings[weaker], (
                    f"{game} at {players}: {stronger} rates {ratings[stronger]}, "
                    f"below {weaker} at {ratings[weaker]}"
                )
