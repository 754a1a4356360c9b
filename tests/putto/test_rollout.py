"""Putto's rollout (the hard bot's playouts) against an oracle: the same policy played one move
at a time through ``apply_unchecked``, the engine's own rules. The fused playout must reach the
very same piles, sweeps and points from the same position and random numbers."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.walk import walked_deal

from cardtable.bots import make_bot
from cardtable.games.putto.deck import CARD_POINTS, SWEEP_POINTS
from cardtable.games.putto.heuristic import Memory
from cardtable.games.putto.search import EPSILON, playout, prior, side_points
from cardtable.games.putto.state import CAPTURE, PuttoState


def _oracle_move(state: PuttoState, rng: random.Random, epsilon: float) -> int:
    """The documented policy, written plainly: with chance epsilon a random card (capturing when
    it can); else the capture worth most (points taken and of the card, +3 for a sweep), or with
    none the card worth fewest points (first in hand among equals)."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    ranks_on_table = [c % 10 for c in state.table]
    if rng.random() < epsilon:
        card = hand[int(rng.random() * len(hand))]
        return card + CAPTURE if card % 10 in ranks_on_table else card
    captures = []
    for index, c in enumerate(hand):
        taken = [t for t in state.table if t % 10 == c % 10]
        if taken:
            value = CARD_POINTS[c] + sum(CARD_POINTS[t] for t in taken)
            if len(taken) == len(state.table):
                value += SWEEP_POINTS
            captures.append((-value, index, c))
    if captures:
        return CAPTURE + min(captures)[2]
    return min(hand, key=lambda c: (CARD_POINTS[c], hand.index(c)))


def _compare(players: int, seed: int, moves: int, epsilon: float, **options: object) -> None:
    state = walked_deal("putto", players, seed, moves, **options)
    assert isinstance(state, PuttoState)
    fused, oracle = state.clone(), state.clone()
    playout(fused, random.Random(seed), epsilon)
    rng = random.Random(seed)
    while oracle.to_move is not None:
        oracle.apply_unchecked(_oracle_move(oracle, rng, epsilon))
    assert fused.is_over and oracle.is_over
    assert fused.piles == oracle.piles and fused.sweeps == oracle.sweeps
    assert fused.table == oracle.table and fused.leftover == oracle.leftover
    assert fused.plays == oracle.plays and fused.last_capturer == oracle.last_capturer
    assert side_points(fused) == side_points(oracle)
    assert fused.debug_view() == oracle.debug_view()  # the whole state
    assert fused.outcome == oracle.outcome
    assert fused.outcome is not None and list(fused.outcome.points) == side_points(fused)


@pytest.mark.rule("PT-9", "PT-10", "PT-12", "PT-13", "PT-14", "PT-15", "PT-18")
@given(
    players=st.sampled_from([2, 3, 4, 6]),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 30),
    epsilon=st.sampled_from([0.0, EPSILON, 1.0]),
    leftover=st.sampled_from(["last_capturer", "nobody"]),
    last_play_sweep=st.booleans(),
)
def test_the_fused_playout_scores_exactly_as_the_rules_do(
    players: int, seed: int, moves: int, epsilon: float, leftover: str, last_play_sweep: bool
) -> None:
    _compare(players, seed, moves, epsilon, leftover=leftover, last_play_sweep=last_play_sweep)


@pytest.mark.rule("PT-15", "PT-18")
@pytest.mark.parametrize("leftover", ["last_capturer", "nobody"])
@pytest.mark.parametrize("last_play_sweep", [True, False])
def test_the_last_play_and_the_leftover_over_many_deals(
    leftover: str, last_play_sweep: bool
) -> None:
    """The deal's end, where the two house rules act, over enough deals to meet both often."""
    for seed in range(150):
        _compare(2, seed, 0, 0.3, leftover=leftover, last_play_sweep=last_play_sweep)


def _walk_with_history(players: int, seed: int, moves: int, **options: object) -> PuttoState:
    """A deal some random moves in through the checked path, so that views hold the log."""
    state = walked_deal("putto", players, seed, moves, checked=True, **options)
    assert isinstance(state, PuttoState)
    return state


@given(
    players=st.sampled_from([2, 3, 4, 6]),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 40),
    leftover=st.sampled_from(["last_capturer", "nobody"]),
)
def test_the_medium_bots_memory_reads_the_same_off_a_state_as_off_the_view(
    players: int, seed: int, moves: int, leftover: str
) -> None:
    """``Memory.of_state`` (for the search's prior) is ``Memory(view)`` without the view: on
    the real deal the seat to move knows exactly the same (its hand in another order)."""
    state = _walk_with_history(players, seed, moves, leftover=leftover)
    seat = state.to_move
    if seat is None:
        return
    from_view = Memory(state.view(seat, memory=True))
    from_state = Memory.of_state(state, seat)
    for name in Memory.__slots__:
        if name == "hand":  # a multiset of ranks: only counted
            assert sorted(from_state.hand) == sorted(from_view.hand)
        else:
            assert getattr(from_state, name) == getattr(from_view, name), name


@given(players=st.sampled_from([2, 3, 4, 6]), seed=st.integers(0, 2**32), moves=st.integers(0, 40))
def test_the_prior_is_mediums_judgement_of_the_sampled_deal(
    players: int, seed: int, moves: int
) -> None:
    """On the real deal the prior gives medium's own move 1 and every other move less."""
    state = _walk_with_history(players, seed, moves)
    seat = state.to_move
    if seat is None:
        return
    legal = state.legal_actions()
    ids = state.legal_action_ids()
    values = prior(state, ids)
    assert len(values) == len(ids) and all(0.0 < v <= 1.0 for v in values)
    medium = make_bot("medium", state.game, seat).choose(state.view(seat, memory=True), legal)
    chosen = ids.index(state.action_id(medium))
    assert values[chosen] == 1.0
    assert all(v < 1.0 for i, v in enumerate(values) if i != chosen)
