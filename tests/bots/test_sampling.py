"""``Game.sample_state``: a full state rebuilt from one seat's view with memory (Punttu, Putto).

Over seeded random positions of every player count and several option sets, for every seat: the
sampled state shows that seat exactly the view it was built from (and spectators the public
view), holds the whole deck, plays on to a normal end, and its record replays to it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import cardtable
from cardtable.engine.game import Game, State
from cardtable.engine.record import replay
from cardtable.errors import CardtableError

TABLES: list[tuple[str, int, Mapping[str, Any]]] = [
    *(("punttu", n, {}) for n in range(2, 9)),
    ("punttu", 3, {"trim": "twos", "show_played": True}),
    ("punttu", 7, {"trim": "twos"}),
    *(("putto", n, {}) for n in range(2, 7)),
    ("putto", 2, {"must_capture": True, "leftover": "nobody", "last_play_sweep": False}),
    ("putto", 4, {"teams": "alone", "must_capture": True}),
    ("putto", 6, {"teams": "threes", "leftover": "nobody"}),
]


def positions(game: Game, seed: int, count: int = 4) -> Iterator[State]:
    """The deal of ``seed`` after a few random numbers of random actions, and at its end."""
    rng = random.Random(seed)
    for _ in range(count):
        state = game.deal(seed=rng.getrandbits(32), dealer=rng.randrange(game.players))
        for _ in range(rng.randrange(45)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        yield state
    state = game.deal(seed=seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    yield state


def cards(state: State) -> Counter[str]:
    debug = state.debug_view()
    found = [c for hand in debug["hands"] for c in hand] + list(debug["stock"])
    for key in ("trick", "table"):
        found += debug.get(key, [])
    for key in ("won", "piles"):
        found += [c for pile in debug.get(key, []) for c in pile]
    return Counter(found)


@pytest.mark.parametrize(("name", "players", "options"), TABLES)
def test_sampled_states_show_the_seat_its_own_view(
    name: str, players: int, options: Mapping[str, Any]
) -> None:
    game = cardtable.game(name, players=players, **options)
    rng = random.Random(players)
    for state in positions(game, seed=players):
        deck = cards(state)
        for seat in range(players):
            view = state.view(seat, memory=True)
            sampled = game.sample_state(view, rng)
            assert type(sampled) is type(state)
            assert sampled.view(seat, memory=True) == view
            assert sampled.view(None) == state.view(None)
            assert cards(sampled) == deck
            assert sampled.to_move == state.to_move
            if state.to_move == seat:
                assert sampled.legal_actions() == state.legal_actions()
            # Its record replays to the very same position.
            assert replay(sampled.to_record()).state.debug_view() == sampled.debug_view()
            # A normal state: it plays on to an end with an outcome, on the fast path too.
            playout = sampled.clone()
            while ids := playout.legal_action_ids():
                playout.apply_unchecked(rng.choice(ids))
            assert playout.is_over and playout.outcome is not None


@pytest.mark.parametrize(("name", "players"), [("punttu", 2), ("punttu", 4), ("putto", 2)])
def test_hidden_cards_are_dealt_anew_and_reproducibly(name: str, players: int) -> None:
    game = cardtable.game(name, players=players)
    state = game.deal(seed=3)
    view = state.view(0, memory=True)
    hidden = {
        tuple(map(tuple, game.sample_state(view, random.Random(seed)).debug_view()["hands"]))
        for seed in range(10)
    }
    assert len(hidden) > 1
    first = game.sample_state(view, random.Random(7)).debug_view()
    assert game.sample_state(view, random.Random(7)).debug_view() == first


@pytest.mark.parametrize("name", ["punttu", "putto"])
def test_the_fast_sampler_deals_like_the_full_one(name: str) -> None:
    game = cardtable.game(name, players=3)
    state = game.deal(seed=5)
    state.apply(state.legal_actions()[0])
    view = state.view(2, memory=True)
    fast = game.sampler(view)(random.Random(1))  # type: ignore[attr-defined]
    full = game.sample_state(view, random.Random(1))
    assert fast.history == []
    assert {k: v for k, v in fast.debug_view().items() if k != "history"} == {
        k: v for k, v in full.debug_view().items() if k != "history"
    }


def test_sampling_needs_a_seats_view_with_memory_of_this_table() -> None:
    game = cardtable.game("punttu", players=2)
    state = game.deal(seed=1)
    rng = random.Random(0)
    with pytest.raises(CardtableError, match="memory"):
        game.sample_state(state.view(0), rng)
    with pytest.raises(CardtableError, match="memory"):
        game.sample_state(state.view(None, memory=True), rng)
    with pytest.raises(CardtableError, match="not of this table"):
        cardtable.game("punttu", players=3).sample_state(state.view(0, memory=True), rng)


def test_a_game_without_a_sampler_says_so() -> None:
    game = cardtable.game("punttu", players=2)
    view = game.deal(seed=1).view(0, memory=True)
    with pytest.raises(NotImplementedError):
        Game.sample_state(game, view, random.Random(0))
