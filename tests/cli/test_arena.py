"""``cardtable arena``: small seeded runs through click's CliRunner."""

from __future__ import annotations

import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import cardtable
from cardtable.bots.base import available_bots
from cardtable.bots.evaluate import (
    Z95,
    BotStats,
    Budget,
    DealResult,
    GameResult,
    head_to_head,
    play_deal,
)
from cardtable.cli.arena_report import results, wilson
from cardtable.cli.main import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["arena", *args])


def arena_json(*args: str) -> dict[str, Any]:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    data: dict[str, Any] = json.loads(lines[0])
    return data


def test_json_structure_and_two_bot_win_rates() -> None:
    data = arena_json(
        "punttu", "--players", "2", "--bots", "heuristic,random", "--deals", "6", "--seed", "3"
    )
    keys = {"game", "players", "options", "deals", "seed", "seats", "sides", "interval", "bots"}
    assert keys <= set(data)
    assert (data["game"], data["players"], data["deals"], data["seed"]) == ("punttu", 2, 6, 3)
    assert data["cap_actions"] is None and data["capped_deals"] == []  # Punttu deals end
    assert data["seats"] == ["heuristic", "random"]
    assert data["interval"] == "wilson-95"
    bots = data["bots"]
    assert set(bots) == {"heuristic", "random"}
    for stats in bots.values():
        assert set(stats) == {
            "seats",
            "seat_deals",
            "side_deals",
            "deals",
            "wins",
            "win_rate",
            "ci95",
            "mean_points",
            "mean_points_ci95",
            "capped",
        }  # no "went_out": Punttu does not report who went out
        assert stats["capped"] == 0
        assert stats["seat_deals"] == 6 * 2  # every deal, once per seat rotation
        assert 0.0 <= stats["win_rate"] <= 1.0
        low, high = stats["ci95"]
        assert 0.0 <= low <= stats["win_rate"] <= high <= 1.0
    # One winner per game, shared wins split: the two rates add up to one.
    assert bots["heuristic"]["win_rate"] + bots["random"]["win_rate"] == pytest.approx(1.0)
    assert bots["heuristic"]["mean_points"] > 0 and bots["random"]["mean_points"] >= 0


def test_the_same_seed_gives_the_same_report() -> None:
    args = ("punttu", "--players", "3", "--bots", "random,heuristic", "--deals", "3", "--seed", "8")
    assert arena_json(*args) == arena_json(*args)
    first, again = run(*args), run(*args)
    assert first.exit_code == 0 and first.output == again.output


def test_putto_pairs_count_a_team_as_one_side() -> None:
    data = arena_json(
        "putto", "--players", "4", "--bots", "heuristic,random", "--deals", "3", "--seed", "1"
    )
    assert data["sides"] == [[0, 2], [1, 3]]
    assert data["seats"] == ["heuristic", "random", "heuristic", "random"]
    bots = data["bots"]
    for stats in bots.values():
        assert stats["seat_deals"] == 3 * 4 * 2  # 3 deals × 4 rotations × 2 seats
        assert stats["side_deals"] == 3 * 4
    assert bots["heuristic"]["win_rate"] + bots["random"]["win_rate"] == pytest.approx(1.0)
    assert bots["heuristic"]["wins"] + bots["random"]["wins"] == pytest.approx(12)


def test_putto_alone_at_four_counts_each_seat() -> None:
    data = arena_json(
        "putto",
        "--players",
        "4",
        "--bots",
        "heuristic,random",
        "-o",
        "teams=alone",
        "--deals",
        "2",
        "--seed",
        "1",
    )
    bots = data["bots"]
    assert bots["heuristic"]["side_deals"] == bots["heuristic"]["seat_deals"] == 2 * 4 * 2
    # Four sides: the rates of the seats add up to one per game, shared by two seats each.
    assert bots["heuristic"]["win_rate"] + bots["random"]["win_rate"] == pytest.approx(0.5)


def test_the_table_report() -> None:
    result = run(
        "punttu", "--players", "2", "--bots", "heuristic,random", "--deals", "4", "--seed", "2"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Punttu, 2 players: 4 deals × 2 seat rotations · seed 2" in out
    for header in ("Bot", "Games", "Win rate", "95% CI (Wilson)", "Points/deal"):
        assert header in out
    assert "heuristic" in out and "random" in out
    assert "would each win 50.0%." in out


def test_a_random_seed_is_reported() -> None:
    data = arena_json("punttu", "--players", "2", "--bots", "random,heuristic", "--deals", "1")
    assert isinstance(data["seed"], int)


def test_head_to_head_reports_progress_deal_by_deal() -> None:
    seen: list[int] = []
    head_to_head("punttu", 2, ["random", "random"], deals=3, seed=1, progress=seen.append)
    assert seen == [1, 2, 3]


def test_wilson_interval() -> None:
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(1.0, 10)[1] == pytest.approx(1.0) and wilson(0.0, 10)[0] == pytest.approx(0.0)
    assert wilson(1.0, 10)[0] == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0.3, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["puntu"], "did you mean punttu"),
        (["punttu", "--players", "9"], "2 to 8 players"),
        (["punttu", "--bots", "random"], "two or more different bots"),
        (["punttu", "--bots", "random,random"], "two or more different bots"),
        (["punttu", "--bots", "random,"], "two or more different bots"),
        (["punttu", "--players", "2", "--bots", "random,heuristic,random"], "cannot share"),
        (["punttu", "--bots", "nobody,random"], "unknown bot 'nobody'"),
        (["punttu", "--deals", "0"], "--deals"),
        (["punttu", "--seed", "-1"], "--seed"),
        (["punttu", "-o", "colour=red"], "unknown option 'colour'"),
        # seats counted from 1, as every command counts them for people
        (["putto", "--players", "4", "--bots", "random,heuristic,random"],
         "more than one team (1 random, 2 heuristic, 3 random, 4 random)"),
    ],
)
def test_bad_arguments_are_refused(args: list[str], message: str) -> None:
    extra = [] if "--deals" in args else ["--deals", "1"]
    result = run(*args, *extra)
    assert result.exit_code == 2, result.output
    assert message in result.output


def _without_jobs(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "jobs"}


@pytest.mark.parametrize(
    ("game", "players", "bots"),
    [("punttu", "3", "heuristic,random"), ("putto", "4", "heuristic,random")],
)
def test_the_results_do_not_depend_on_the_number_of_processes(
    game: str, players: str, bots: str
) -> None:
    """Deals and bots are seeded by deal index, and added up in deal order: one process and
    two (splitting the deals into chunks) give the same stats, to the last bit."""
    args = (game, "--players", players, "--bots", bots, "--deals", "7", "--seed", "4")
    one = arena_json(*args, "--jobs", "1")
    two = arena_json(*args, "--jobs", "2")
    assert (one["jobs"], two["jobs"]) == (1, 2)
    assert _without_jobs(one) == _without_jobs(two)


def test_head_to_head_in_processes_matches_one_process() -> None:
    seen: list[int] = []
    one = head_to_head("punttu", 2, ["heuristic", "random"], deals=9, seed=6)
    two = head_to_head(
        "punttu", 2, ["heuristic", "random"], deals=9, seed=6, jobs=2, progress=seen.append
    )
    assert one == two
    assert seen == sorted(seen) and seen[-1] == 9


def test_out_writes_the_json_with_intervals(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    printed = arena_json(
        "punttu",
        "--players",
        "4",
        "--bots",
        "heuristic,random",
        "--deals",
        "5",
        "--seed",
        "2",
        "--jobs",
        "1",
        "--out",
        str(out),
    )
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data == printed
    assert data["version"] == cardtable.__version__
    assert (data["game"], data["players"], data["deals"], data["seed"], data["jobs"]) == (
        "punttu",
        4,
        5,
        2,
        1,
    )
    assert data["bot_names"] == ["heuristic", "random"]
    assert data["options"] == dict(cardtable.game("punttu", 4).options)
    assert data["budget"] is None and data["lowest_wins"] is False
    assert data["fair_share"] == pytest.approx(0.25)
    for stats in data["bots"].values():
        assert stats["deals"] == 5
        low, high = stats["ci95"]
        assert 0.0 <= low <= stats["win_rate"] <= high <= 1.0
        points_low, points_high = stats["mean_points_ci95"]
        assert points_low <= stats["mean_points"] <= points_high
        assert points_low < points_high  # five deals differ


def test_the_points_interval_is_over_deals() -> None:
    """The interval is mean ± 1.96·s/√n over the deals' means (each deal's rotations averaged),
    not over the seat-deals, which are correlated."""
    stats = head_to_head("punttu", 2, ["heuristic", "random"], deals=6, seed=5)
    table = cardtable.game("punttu", 2)
    per_deal = [
        statistics.fmean(
            game.points[seat]
            for game in play_deal(table, ["heuristic", "random"], 5, number).games
            for seat, name in enumerate(game.names)
            if name == "heuristic"
        )
        for number in range(6)
    ]
    mean = statistics.fmean(per_deal)
    half = Z95 * statistics.stdev(per_deal) / math.sqrt(6)
    interval = stats["heuristic"].points_interval()
    assert interval is not None
    assert stats["heuristic"].mean_points == pytest.approx(mean)
    assert interval == pytest.approx((mean - half, mean + half))
    one_deal = head_to_head("punttu", 2, ["heuristic", "random"], deals=1, seed=5)
    assert one_deal["heuristic"].points_interval() is None


def test_one_deal_has_no_points_interval() -> None:
    data = arena_json(
        "punttu", "--players", "2", "--bots", "heuristic,random", "--deals", "1", "--seed", "1"
    )
    assert all(stats["mean_points_ci95"] is None for stats in data["bots"].values())


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "rates.png"
    result = run(
        "punttu",
        "--players",
        "2",
        "--bots",
        "heuristic,random",
        "--deals",
        "3",
        "--seed",
        "1",
        "--jobs",
        "1",
        "--plot",
        str(chart),
    )
    assert result.exit_code == 0, result.output
    content = chart.read_bytes()
    assert content.startswith(b"\x89PNG\r\n\x1a\n") and len(content) > 1000


def test_plot_without_matplotlib_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib → ImportError
    result = run(
        "punttu",
        "--players",
        "2",
        "--bots",
        "heuristic,random",
        "--deals",
        "1",
        "--plot",
        str(tmp_path / "x.png"),
    )
    assert result.exit_code == 2
    assert "pip install 'cardtable[plot]'" in result.output
    assert not (tmp_path / "x.png").exists()


def test_hard_smoke_with_a_tiny_budget() -> None:
    """The arena's smoke test with the searching bot: a few deals at 20 iterations a decision
    and no time limit, so the run is fast and replays exactly (also across processes)."""
    if "hard" not in available_bots("punttu"):
        pytest.skip("the hard bot is not available for punttu")
    args = (
        "punttu",
        "--players",
        "2",
        "--bots",
        "hard,random",
        "--deals",
        "2",
        "--seed",
        "3",
        "--bot-iterations",
        "20",
    )
    data = arena_json(*args, "--jobs", "1")
    assert data["budget"] == {"iterations": 20, "time_limit": None}
    assert data["bots"]["hard"]["seat_deals"] == 2 * 2
    rates = data["bots"]["hard"]["win_rate"] + data["bots"]["random"]["win_rate"]
    assert rates == pytest.approx(1.0)
    assert _without_jobs(arena_json(*args, "--jobs", "2")) == _without_jobs(data)


def test_the_hard_budget_is_applied_to_hard_only() -> None:
    table = cardtable.game("punttu", 2)
    result = run(
        "punttu",
        "--players",
        "2",
        "--bots",
        "heuristic,random",
        "--deals",
        "1",
        "--bot-iterations",
        "5",
    )
    assert result.exit_code == 2 and "only the hard bot" in result.output
    if "hard" not in available_bots("punttu"):
        pytest.skip("the hard bot is not available for punttu")
    deal = play_deal(table, ["hard", "random"], 1, 0, budget=Budget(iterations=5, time_limit=None))
    assert len(deal.games) == 2


def test_going_out_is_counted_when_the_outcome_reports_it() -> None:
    """Generic bookkeeping: a game whose outcome details name who went out (Pontinho) gets
    went-out counts per bot; one that does not keeps ``None``."""
    stats = BotStats("a")
    stats.add(
        DealResult(
            0,
            (
                GameResult(("a", "b"), (3, 10), (1.0, 0.0), went_out=0, reports_going_out=True),
                GameResult(("b", "a"), (0, 7), (1.0, 0.0), went_out=0, reports_going_out=True),
            ),
        )
    )
    assert (stats.went_out, stats.went_out_rate, stats.seat_deals) == (1, 0.5, 2)
    assert stats.mean_points == 5.0 and stats.wins == 1.0
    plain = BotStats("a")
    plain.add(DealResult(0, (GameResult(("a", "b"), (3, 10), (1.0, 0.0)),)))
    assert plain.went_out is None and plain.went_out_rate is None
    report = results(cardtable.game("punttu", 2), ["a", "b"], {"a": stats})
    assert report[0].went_out_rate == 0.5
    assert "went_out_ci95" in report[0].to_dict()


def test_table_options_named_like_arena_parameters_reach_the_table() -> None:
    """Punttu's ``deals`` option shares its name with the arena's own count of deals: both work,
    each in its place."""
    data = arena_json(
        "punttu",
        "-p",
        "2",
        "--bots",
        "random,heuristic",
        "--deals",
        "2",
        "--seed",
        "4",
        "-o",
        "deals=3",
        "--jobs",
        "1",
    )
    assert data["options"]["deals"] == 3
    assert data["deals"] == 2


@pytest.mark.rule("PO-8")
def test_an_endless_pontinho_deal_is_stopped_at_the_cap_and_counted_void() -> None:
    """Seed 101, two players, medium against random, deal 21 with ``four_suits=joker_fills``
    (the reading the arena hung with): in its second rotation the players left with 2 and 1
    cards can never go out and the stock is rebuilt for ever (PO-8). The arena stops it after
    the game's cap and counts it void: nobody scores, both share it."""
    from cardtable.games.pontinho.game import PontinhoGame

    table = cardtable.game("pontinho", players=2, four_suits="joker_fills")
    assert table.playout_cap_actions == PontinhoGame.playout_cap_actions == 3000
    deal = play_deal(table, ["medium", "random"], 101, 21)
    assert [game.capped for game in deal.games] == [False, True]
    capped = deal.games[1]
    assert (capped.points, capped.shares, capped.went_out) == ((0, 0), (0.5, 0.5), None)
    stats = {name: BotStats(name) for name in ("medium", "random")}
    for entry in stats.values():
        entry.add(deal)
        assert entry.capped == 1 and entry.seat_deals == 2
    report = results(table, ["medium", "random"], stats)
    assert [result.to_dict()["capped"] for result in report] == [1, 1]


def test_the_arena_reports_capped_deals_in_its_json_and_its_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The wiring from the cap to the report, with a tiny cap so that every deal reaches it."""
    from cardtable.games.pontinho.game import PontinhoGame

    monkeypatch.setattr(PontinhoGame, "playout_cap_actions", 5)
    args = ("pontinho", "-p", "2", "--bots", "easy,random", "--deals", "2", "--seed", "1")
    data = arena_json(*args, "--jobs", "1")
    assert (data["cap_actions"], data["capped_deals"]) == (5, [0, 1])
    assert data["bots"]["random"]["capped"] == 4  # 2 deals × 2 rotations, one seat each
    assert data["bots"]["random"]["win_rate"] == 0.5  # void deals are shared
    result = run(*args, "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "Stopped unfinished after 5 actions and counted as void" in result.stdout
    assert "deals 0, 1" in result.stdout
