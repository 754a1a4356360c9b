"""``PontinhoGame.sample_state``: a full deal rebuilt from one seat's view with memory.

Over seeded random positions — first draws held apart, claim rounds, lay-offs, finished deals —
for every seat: the sampled state shows that seat exactly the view it was built from (and
spectators the public view), holds the 108 cards, and plays on to an end on the fast path.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

import cardtable
from cardtable.cards.french import FRENCH_DECK, card_text
from cardtable.games.pontinho import PontinhoState
from cardtable.games.pontinho.sampling import PontinhoSampler


def cards(state: PontinhoState) -> Counter[str]:
    debug = state.debug_view()
    found = [c for hand in debug["hands"] for c in hand] + list(debug["stock"])
    found += debug["discard"]
    found += [str(c) for m in state.melds for c in m.kinds]
    for key in ("burned", "pending"):
        if debug[key] is not None:
            found.append(debug[key])
    return Counter(found)


DECK = Counter(card_text(c) for c in FRENCH_DECK)


def positions(players: int, seed: int) -> Iterator[PontinhoState]:
    """Every state of a few seeded random deals (the first dozen steps, then every 7th)."""
    game = cardtable.game("pontinho", players=players, rebuild_limit=1)
    rng = random.Random(seed)
    for number in range(2):
        state = game.deal(seed=rng.getrandbits(32), dealer=rng.randrange(players))
        assert isinstance(state, PontinhoState)
        step = 0
        while True:
            if step < 12 or step % 7 == 0 or state.is_over:
                yield state.clone()
            if state.is_over:
                break
            # Lean towards melds and lay-offs so that the table fills.
            legal = state.legal_actions()
            rich = [a for a in legal if a.kind in ("meld", "layoff", "take", "advance")]
            state.apply(rng.choice(rich if rich and rng.random() < 0.7 else legal))
            step += 1
        assert number >= 0


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_sampled_states_show_every_seat_its_own_view(players: int) -> None:
    rng = random.Random(players)
    phases: set[str] = set()
    for state in positions(players, seed=players):
        assert cards(state) == DECK
        phases.add(str(state.phase))
        game = state.game
        for seat in range(players):
            view = state.view(seat, memory=True)
            sampled = game.sample_state(view, rng)
            assert isinstance(sampled, PontinhoState)
            assert sampled.view(seat, memory=True) == view
            assert sampled.view(seat) == state.view(seat)
            assert sampled.view(None) == state.view(None)
            assert cards(sampled) == DECK
            assert sampled.to_move == state.to_move
            if state.to_move == seat:
                assert sampled.legal_action_ids() == state.legal_action_ids()
            # The determinization used by the contract tests is the same sampler.
            assert state.determinize(seat, rng).view(seat, memory=True) == view
        if state.is_over:
            continue
        # A normal state: it plays on to an end on the fast path.
        seat = state.to_move
        assert seat is not None
        playout = game.sampler(state.view(seat, memory=True))(rng)  # type: ignore[attr-defined]
        while ids := playout.legal_action_ids():
            playout.apply_unchecked(rng.choice(ids))
        assert playout.is_over and cards(playout) == DECK
    assert {"draw", "first_drawn", "main", "over"} <= phases
    if players > 2:  # at two, the only other player is the discarder: no claim round
        assert "claim" in phases


def test_hidden_cards_are_dealt_anew_and_reproducibly() -> None:
    game = cardtable.game("pontinho", players=4)
    state = game.deal(seed=3)
    state.apply("draw")  # seat 1 holds its first card apart (PO-9): hidden from seat 0
    view = state.view(0, memory=True)
    samples = [game.sample_state(view, random.Random(seed)) for seed in range(10)]
    assert len({tuple(map(tuple, s.hands)) for s in samples}) > 1
    assert len({s.pending for s in samples}) > 1
    again = game.sample_state(view, random.Random(7))
    assert again.debug_view() == samples[7].debug_view()
    assert again.hands[0] == sorted(state.hands[0])


def test_the_fast_sampler_deals_like_the_full_one() -> None:
    game = cardtable.game("pontinho", players=3)
    state = game.deal(seed=5)
    state.apply("draw")
    state.apply(state.legal_actions(kind="discard")[0])
    view = state.view(2, memory=True)
    sampler = PontinhoSampler(game, view)
    fast = sampler.sample_fast(random.Random(1))
    full = sampler.sample(random.Random(1))
    assert fast.history == [] and [str(a) for _s, a in full.history] == [
        str(a) for _s, a in state.history
    ]
    assert fast.hands == full.hands and fast.stock == full.stock
