"""``cardtable replay FILE [--json]`` (DESIGN.md "Game records"), through click's CliRunner."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import cardtable
from cardtable.cli import main


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, ["replay", *args], input=stdin)


def write(tmp_path: Path, data: object, name: str = "deal.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def played(players: int = 4, seed: int = 3, steps: int | None = None) -> Any:
    state = cardtable.game("punttu", players=players).deal(seed=seed, dealer=players - 1)
    rng = random.Random(seed)
    while not state.is_over and (steps is None or len(state.history) < steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_good_record_prints_the_result(tmp_path: Path) -> None:
    state = played()
    result = run(write(tmp_path, state.to_record()))
    assert result.exit_code == 0, result.output
    assert "punttu: over" in result.stdout
    for points in state.outcome.points:
        assert str(points) in result.stdout
    assert "★" in result.stdout
    assert result.stderr == ""


def test_json_prints_one_line_with_the_design_keys(tmp_path: Path) -> None:
    state = played(players=5)
    result = run(write(tmp_path, state.to_record()), "--json")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0]) == {
        "game": "punttu",
        "over": True,
        "points": list(state.outcome.points),
        "sides": [[0], [1], [2], [3], [4]],
        "winners": list(state.outcome.winners),
        "to_move": None,
    }
    assert sum(json.loads(lines[0])["points"]) == 124


def test_partial_record_is_not_over(tmp_path: Path) -> None:
    state = played(steps=5)
    result = run(write(tmp_path, state.to_record()), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["over"] is False
    assert data["to_move"] == state.to_move is not None
    assert data["winners"] == []
    text = run(write(tmp_path, state.to_record())).stdout
    # the text is for people: the seat counted from 1, as the table shows it
    assert "in progress" in text and f"Seat {state.to_move + 1} is to move" in text


def test_record_from_stdin() -> None:
    state = played()
    result = run("-", "--json", stdin=json.dumps(state.to_record()))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["points"] == list(state.outcome.points)
    bad = run("-", stdin="[1]")
    assert bad.exit_code == 2
    assert "not a JSON object" in bad.stderr


def test_illegal_action_exits_2_naming_number_text_seat_and_reason(tmp_path: Path) -> None:
    state = played(steps=6)
    data = state.to_record()
    seat = state.to_move
    foreign = state.debug_view()["hands"][(seat + 1) % 4][0]
    data["actions"].append(f"play {foreign}")
    result = run(write(tmp_path, data), "--json")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"action 7 'play {foreign}' by seat {seat} is illegal" in result.stderr
    assert "does not hold" in result.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"game": "punttu", "players": 4,', "not valid JSON"),
        ("[]", "a record is a JSON object, not list"),
        ("", "not valid JSON"),
    ],
)
def test_malformed_json_exits_2(tmp_path: Path, content: str, message: str) -> None:
    result = run(write(tmp_path, content))
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_missing_file_exits_2(tmp_path: Path) -> None:
    result = run(str(tmp_path / "nowhere.json"))
    assert result.exit_code == 2
    assert "cannot read" in result.stderr


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "puntu"}, "unknown game 'puntu' (did you mean punttu?)"),
        ({"players": 9}, "played by 2 to 8 players, not 9"),
        ({"players": 3, "dealer": 0}, "setup 'hands' must be a list of 3 hands"),
        ({"options": {"colour": "red"}}, "unknown option 'colour'"),
        ({"actions": "play Ko"}, "'actions' must be a list of action texts"),
    ],
)
def test_bad_table_exits_2(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    data = {**played(steps=0).to_record(), **change}
    result = run(write(tmp_path, data))
    assert result.exit_code == 2
    assert message in result.stderr


def test_setup_that_is_not_the_deck_exits_2(tmp_path: Path) -> None:
    data = played(steps=0).to_record()
    data["setup"]["stock"][0] = data["setup"]["hands"][0][0]
    result = run(write(tmp_path, data))
    assert result.exit_code == 2
    assert "not the 40-card deck" in result.stderr
    assert "more than once" in result.stderr and "missing" in result.stderr


@pytest.mark.parametrize("explicit", [True, False])
def test_putto_records_replay_with_setup_or_seed(tmp_path: Path, explicit: bool) -> None:
    """Putto records hold hands, stock (top first) and the face-up table card, or a seed; the
    result reports points per side and the teams' seats."""
    table = cardtable.game("putto", players=4)
    state = table.deal(seed=21, dealer=1)
    rng = random.Random(21)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = state.to_record()
    assert set(record["setup"]) == {"hands", "stock", "table"}
    if not explicit:
        del record["setup"]
        record["seed"] = 21
    result = run(write(tmp_path, record), "--json")
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout)
    assert line["sides"] == [[0, 2], [1, 3]]
    assert line["points"] == list(state.outcome.points)
    assert line["winners"] == list(state.outcome.winners)
    text = run(write(tmp_path, record)).stdout  # for people: counted from 1
    assert re.search(r"│ 1\s+│ 1, 3\s+│", text) and re.search(r"│ 2\s+│ 2, 4\s+│", text), text


def test_putto_illegal_capture_names_the_rule(tmp_path: Path) -> None:
    state = cardtable.game("putto", players=2).deal(seed=5)
    record = state.to_record()
    hand = state.view(state.to_move)["hand"]
    table_ranks = {card[0] for card in state.view(0)["table"]}
    card = next((c for c in hand if c[0] not in table_ranks), None)
    assert card is not None
    record["actions"] = [f"capture {card}"]
    result = run(write(tmp_path, record))
    assert result.exit_code == 2
    assert f"action 1 'capture {card}' by seat 1 is illegal" in result.stderr
    assert "PT-9" in result.stderr
