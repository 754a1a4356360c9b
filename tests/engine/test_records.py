"""Game records (DESIGN.md): loading, replaying, errors naming the problem, match records."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.engine.record import ReplayError, load, replay


def played(players: int = 3, seed: int = 9, steps: int | None = None, **options: Any) -> Any:
    """A seeded deal played at random (all of it, or ``steps`` actions)."""
    state = cardtable.game("punttu", players=players, **options).deal(seed=seed)
    rng = random.Random(seed)
    while not state.is_over and (steps is None or len(state.history) < steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def record(**changes: Any) -> dict[str, Any]:
    data = {"game": "punttu", "players": 3, "options": {}, "dealer": 0, "seed": 4, "actions": []}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


# -- load ---------------------------------------------------------------------------------------


def test_load_from_path_text_and_mapping(tmp_path: Path) -> None:
    data = played().to_record()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load(path) == load(str(path)) == load(json.dumps(data)) == load(data) == data


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"game": "punttu",', r"not valid JSON: .* at line 1, column"),
        ("[1, 2]", "a record is a JSON object, not list"),
        ('"punttu"', "a record is a JSON object, not str"),
    ],
)
def test_load_malformed(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(cardtable.RecordError, match=message):
        load(path)


def test_load_unreadable(tmp_path: Path) -> None:
    with pytest.raises(cardtable.RecordError, match="cannot read"):
        load(tmp_path / "nowhere.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{")
    with pytest.raises(cardtable.RecordError, match="not UTF-8"):
        load(binary)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (record(colour="red"), r"unexpected key 'colour' in the record"),
        (record(actions=None), r"'actions' must be a list of action texts"),
        (record(actions=["play Ko", 3]), r"'actions' must be a list of action texts"),
        (record(setup={"hands": []}), r"exactly one of 'setup' and 'seed'"),
        (record(seed=None), r"exactly one of 'setup' and 'seed'"),
        (record(seed="4"), r"'seed' must be a whole number"),
        (record(setup=[1]), None),  # both seed and setup: refused first
        (record(game=3), r"'game' must be text"),
        (record(players="3"), r"'players' must be a whole number"),
        (record(players=True), r"'players' must be a whole number"),
        (record(options=[]), r"'options' must be an object"),
        (record(meta="me"), r"'meta' must be an object"),
        (record(dealer="0"), r"'dealer' must be a seat number"),
    ],
)
def test_load_bad_shape(data: dict[str, Any], message: str | None) -> None:
    with pytest.raises(cardtable.RecordError, match=message or "exactly one of"):
        load(data)


def test_meta_is_allowed_and_ignored() -> None:
    data = record(meta={"players": ["Ane", "Jon"], "date": "2024-05-01"})
    assert replay(data).state.debug_view() == replay(record()).state.debug_view()


# -- replay -------------------------------------------------------------------------------------


def test_replay_round_trip_through_json() -> None:
    state = played(players=5)
    replayed = replay(json.loads(json.dumps(state.to_record())))
    assert replayed.state.debug_view() == state.debug_view()
    assert replayed.match is None
    assert state.outcome is not None
    assert replayed.result() == {
        "game": "punttu",
        "over": True,
        "points": list(state.outcome.points),
        "sides": [[0], [1], [2], [3], [4]],
        "winners": list(state.outcome.winners),
        "to_move": None,
    }


def test_replay_of_a_partial_deal() -> None:
    state = played(players=4, steps=6)
    result = replay(state.to_record()).result()
    assert result["over"] is False
    assert result["to_move"] == state.to_move is not None
    assert result["winners"] == []
    assert result["points"] == state.view(0)["points"]


def test_replay_error_names_number_text_seat_and_reason() -> None:
    state = played(players=3, steps=4)
    data = state.to_record()
    seat = state.to_move
    held = set(state.view(seat)["hand"])
    other = next(c for c in state.debug_view()["hands"][(seat + 1) % 3] if c not in held)
    data["actions"].append(f"play {other}")
    data["actions"].append("play Ko")
    with pytest.raises(ReplayError) as caught:
        replay(data)
    error = caught.value
    assert isinstance(error, cardtable.RecordError)
    assert (error.deal, error.number, error.text, error.seat) == (None, 5, f"play {other}", seat)
    assert "does not hold" in error.reason
    assert f"action 5 'play {other}' by seat {seat} is illegal" in str(error)


def test_replay_error_for_unparsable_text_and_after_the_end() -> None:
    with pytest.raises(ReplayError, match="action 1 'dance' by seat 1 is illegal") as caught:
        replay(record(actions=["dance"]))
    assert "not a punttu action" in caught.value.reason
    state = played(players=2)
    data = state.to_record()
    data["actions"].append("play Ko")
    with pytest.raises(ReplayError, match="is over") as over:
        replay(data)
    assert over.value.number == 41 and over.value.seat is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (record(game="puntu"), r"unknown game 'puntu' \(did you mean punttu\?\)"),
        (record(players=9), "played by 2 to 8 players, not 9"),
        (record(options={"trim": "threes"}), "trim must be one of"),
        (record(dealer=3), "dealer must be a seat from 0 to 2"),
        (record(seed=-1), "a seed is a whole number"),
        (record(seed=None, setup={"hands": [[], [], []]}), "hand of seat 0 has 0 cards"),
    ],
)
def test_replay_bad_table_or_deal(data: dict[str, Any], message: str) -> None:
    with pytest.raises(cardtable.RecordError, match=message):
        replay(data)


# -- matches ------------------------------------------------------------------------------------


def played_match(deals: int = 3, seed: int = 8) -> Any:
    match = cardtable.game("punttu", players=3, deals=deals).match(seed=seed, dealer=2)
    rng = random.Random(seed)
    while True:
        state = match.current
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        if match.is_over:
            return match
        match.next_deal()


def test_match_record_round_trip() -> None:
    match = played_match()
    data = json.loads(json.dumps(match.to_record()))
    assert [deal["dealer"] for deal in data["deals"]] == [2, 0, 1]
    replayed = replay(data)
    assert replayed.match is not None
    assert [d.debug_view() for d in replayed.match.deals] == [d.debug_view() for d in match.deals]
    assert match.outcome is not None
    assert replayed.result() == {
        "game": "punttu",
        "over": True,
        "points": list(match.totals),
        "sides": [[0], [1], [2]],
        "winners": list(match.outcome.winners),
        "to_move": None,
        "deals": 3,
    }


def test_match_record_errors() -> None:
    data = played_match().to_record()
    wrong_dealer = json.loads(json.dumps(data))
    wrong_dealer["deals"][1]["dealer"] = 2
    with pytest.raises(cardtable.RecordError, match="deal 2 is dealt by seat 2, but .* seat 0"):
        replay(wrong_dealer)
    too_many = json.loads(json.dumps(data))
    too_many["deals"].append({**data["deals"][0], "dealer": 2})
    with pytest.raises(cardtable.RecordError, match="deal 4 is played after the match was over"):
        replay(too_many)
    early = json.loads(json.dumps(data))
    early["deals"][0]["actions"] = early["deals"][0]["actions"][:5]
    with pytest.raises(cardtable.RecordError, match="deal 2 starts before deal 1 is over"):
        replay(early)
    bad_action = json.loads(json.dumps(data))
    bad_action["deals"][1]["actions"][0] = "play 8o"
    with pytest.raises(ReplayError, match="deal 2, action 1 'play 8o'") as caught:
        replay(bad_action)
    assert caught.value.deal == 2 and caught.value.number == 1
    extra_key = json.loads(json.dumps(data))
    extra_key["deals"][0]["winner"] = 1
    with pytest.raises(cardtable.RecordError, match="deal 1: unexpected key 'winner'"):
        replay(extra_key)
    with pytest.raises(cardtable.RecordError, match="at least one deal"):
        replay({**{k: v for k, v in data.items() if k != "deals"}, "deals": []})


def test_unfinished_match_record() -> None:
    match = cardtable.game("punttu", players=2, deals=2).match(seed=3)
    match.current.apply(match.current.legal_actions()[0])
    result = replay(json.loads(json.dumps(match.to_record()))).result()
    assert result["over"] is False
    assert result["to_move"] == match.current.to_move
    assert result["points"] == [0, 0]


def test_next_deal_only_after_the_current_one() -> None:
    match = cardtable.game("punttu", players=2, deals=2).match(seed=1)
    with pytest.raises(cardtable.CardtableError, match="not over yet"):
        match.next_deal()
    assert len(match.deals) == 1
    assert match.totals == (0, 0)
