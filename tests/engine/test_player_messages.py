"""An illegal action's message, for developers and for players: the engine's text counts seats
from 0 and cites rule ids (the API's numbering); ``IllegalAction.for_player`` words the same
reason for a person, the seat counted from 1 and without the rule ids."""

from __future__ import annotations

import re

import pytest

import cardtable
from cardtable.errors import IllegalAction, without_rule_ids

RULE_ID = re.compile(r"P[UOT]-\d+")


def refusal(game: str, players: int, action: str) -> IllegalAction:
    state = cardtable.game(game, players).deal(seed=3)
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    return raised.value


def not_held(game: str, players: int) -> str:
    state = cardtable.game(game, players).deal(seed=3)
    hand = state.view(state.to_move)["hand"]
    return next(c for c in ("7o", "7c", "7e", "7b") if c not in hand)


@pytest.mark.parametrize(("game", "rule"), [("punttu", "PU-11"), ("putto", "PT-8")])
def test_a_card_not_held_names_the_seat_from_one_without_the_rule_id(game: str, rule: str) -> None:
    state = cardtable.game(game, 2).deal(seed=3)
    seat = state.to_move
    card = not_held(game, 2)
    error = refusal(game, 2, f"play {card}")
    assert str(error).startswith(f"seat {seat} does not hold {card} ({rule}: ")
    reason = "(play a card from your hand)"
    assert error.for_player() == f"seat {seat + 1} does not hold {card} {reason}"
    assert error.for_player(lambda s: 7).startswith("seat 7 ")


def test_pontinho_reasons_lose_every_rule_id_they_cite() -> None:
    state = cardtable.game("pontinho", 4).deal(seed=3)
    seat = state.to_move
    error = refusal("pontinho", 4, "discard 2h")  # before drawing (PO-6, PO-7)
    assert RULE_ID.search(str(error)) and f"seat {seat} " in str(error)
    shown = error.for_player()
    assert not RULE_ID.search(shown) and shown.startswith(f"seat {seat + 1} must first draw")
    assert "()" not in shown and not shown.endswith(" ")


def test_an_error_without_a_seat_only_loses_its_rule_ids() -> None:
    error = IllegalAction("the discard pile is empty: nothing to take (PO-7)")
    assert error.for_player() == "the discard pile is empty: nothing to take"
    assert without_rule_ids("'pass' answers a claim round (PO-20, PO-21); now") == (
        "'pass' answers a claim round; now"
    )
