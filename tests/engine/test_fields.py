"""A state's fields are declared once (``engine.fields``): its ``__slots__``, ``clone`` and its
sampler's copy all come from that one list. A field a game adds to its state without declaring it
lands in the instance's ``__dict__`` (``State`` itself has no slots) and would be lost by
``clone`` and by the sampler: these tests, over every registered game and table size, fail then,
naming the field. The games come from the registry."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardtable
from cardtable.engine.fields import BASE_SLOTS, Fields
from cardtable.engine.game import State
from cardtable.games import descriptors

#: What ``State`` itself keeps outside the slots (``view(memory=True)``'s log cache).
DICT_ALLOWED = {"_log_cache"}

#: Fields a view shows only in part, so a sample may differ from the true deal where the view
#: does not show them (its view is still the same; the test checks that too).
PARTLY_SHOWN = {("pontinho", "discarder")}  # shown while the discard pile has cards

TABLES = [
    (game.name, players) for game in descriptors() for players in game.game_class.player_counts()
]


def _positions(name: str, players: int) -> list[State]:
    """A fresh deal and two positions further on, played at random through ``apply`` (so that
    the views' logs are whole), each with a seat to move."""
    table = cardtable.game(name, players=players)
    state = table.deal(seed=7)
    rng = random.Random(players)
    positions = [state.clone()]
    for steps in (players + 1, 4 * players):
        for _ in range(steps):
            after = state.clone()
            actions = after.legal_actions()
            after.apply(actions[int(rng.random() * len(actions))])
            if after.is_over:
                break
            state = after
        positions.append(state.clone())
    return positions


def _fields(state: State) -> Fields:
    fields = type(state).FIELDS
    assert fields is not None, f"{type(state).__name__} declares no FIELDS"
    return fields


def _set_fields(state: State) -> dict[str, Any]:
    """Every declared field's value; a field declared but never set fails here, by name."""
    values = {}
    for name in type(state).__slots__:
        assert hasattr(state, name), f"{type(state).__name__}.{name} is not set"
        values[name] = getattr(state, name)
    stray = set(vars(state)) - DICT_ALLOWED
    assert not stray, f"{type(state).__name__} has fields outside FIELDS: {sorted(stray)}"
    return values


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_field_is_declared_and_copied_by_clone(name: str, players: int) -> None:
    for state in _positions(name, players):
        fields = _fields(state)
        assert type(state).__slots__ == fields.slots
        original = _set_fields(state)
        copy = state.clone()
        copied = _set_fields(copy)
        assert copied == original
        for field in (*fields.lists, *fields.nested, "history"):
            assert copied[field] is not original[field], f"clone shares {field}"
        for field in fields.nested:
            for mine, theirs in zip(copied[field], original[field], strict=True):
                assert mine is not theirs, f"clone shares a list inside {field}"


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_public_field_is_copied_by_the_sampler(name: str, players: int) -> None:
    """A sample keeps every field the view shows (all but ``hidden``) as the true deal has it,
    and sets every hidden one; the seat's own hand is its own, and its view is the true one."""
    for state in _positions(name, players):
        seat = state.to_move
        assert seat is not None
        fields = _fields(state)
        sample = state.game.sampler(state.view(seat, memory=True))(random.Random(3))
        assert type(sample) is type(state)
        truth = _set_fields(state)
        sampled = _set_fields(sample)
        for field in fields.own:
            if field not in fields.hidden and (name, field) not in PARTLY_SHOWN:
                assert sampled[field] == truth[field], f"the sampler's {field} differs"
        for field in ("game", "n", "dealer"):
            assert sampled[field] == truth[field]
        assert sorted(sample.hands[seat]) == sorted(state.hands[seat])  # type: ignore[attr-defined]
        assert set(BASE_SLOTS) <= set(sampled)
        assert sample.view(seat) == state.view(seat)
