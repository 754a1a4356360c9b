"""``cardtable arena``: small seeded runs through click's CliRunner."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cardtable.bots.evaluate import head_to_head
from cardtable.cli.arena import wilson
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
    assert data["seats"] == ["heuristic", "random"]
    assert data["interval"] == "wilson-95"
    bots = data["bots"]
    assert set(bots) == {"heuristic", "random"}
    for stats in bots.values():
        assert set(stats) == {
            "seats", "seat_deals", "side_deals", "deals", "wins", "win_rate", "ci95",
            "mean_points", "mean_points_ci95",
        }  # no "went_out": Punttu does not report who went out
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
        "putto", "--players", "4", "--bots", "heuristic,random", "-o", "teams=alone",
        "--deals", "2", "--seed", "1",
    )
    bots = data["bots"]
    assert bots["heuristic"]["side_deals"] == bots["heuristic"]["seat_deals"] == 2 * 4 * 2
    # Four sides: the rates of the seats add up to one per game, shared by two seats each.
    assert bots["heuristic"]["win_rate"] + bots["random"]["win_rate"] == pytest.approx(0.5)


def test_the_table_report() -> None:
    result = run("punttu", "--players", "2", "--bots", "heuristic,random", "--deals", "4",
                 "--seed", "2")
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
        (["putto", "--players", "4", "--bots", "random,heuristic,random"], "more than one team"),
    ],
)
def test_bad_arguments_are_refused(args: list[str], message: str) -> None:
    extra = [] if "--deals" in args else ["--deals", "1"]
    result = run(*args, *extra)
    assert result.exit_code == 2, result.output
    assert message in result.output
