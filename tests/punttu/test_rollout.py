"""Punttu's rollout (the hard bot's playouts) against an oracle: the same policy played one card
at a time through ``apply_unchecked``, the engine's own rules. The fused playout must reach the
very same points from the same position and random numbers."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.walk import walked_deal

from cardtable.bots import make_bot
from cardtable.games.punttu.deck import CARD_POINTS, TRICK_RANK, table_deck
from cardtable.games.punttu.search import EPSILON, RICH, playout, prior, side_points
from cardtable.games.punttu.state import PunttuState


def _oracle_card(state: PunttuState, hand: list[int], rng: random.Random, epsilon: float) -> int:
    """The documented policy, written plainly: a lone card is played; with chance epsilon a
    random card; else win a rich or last-seat trick with the lowest winning card, or throw the
    card worth fewest points (lowest trick rank among equals)."""
    if len(hand) == 1:
        return hand[0]
    if rng.random() < epsilon:
        return hand[int(rng.random() * len(hand))]
    trick = state.trick
    if trick:
        best = max(TRICK_RANK[c] for c in trick)
        pot = sum(CARD_POINTS[c] for c in trick)
        if pot >= RICH or len(trick) == state.n - 1:
            winners = [c for c in hand if TRICK_RANK[c] > best]
            if winners:
                return min(winners, key=lambda c: (TRICK_RANK[c], hand.index(c)))
    return min(hand, key=lambda c: (CARD_POINTS[c] * 8 + TRICK_RANK[c], hand.index(c)))


def _oracle_playout(state: PunttuState, rng: random.Random, epsilon: float) -> None:
    while (seat := state.to_move) is not None:
        state.apply_unchecked(_oracle_card(state, state.hands[seat], rng, epsilon))


@pytest.mark.rule("PU-12", "PU-13", "PU-14", "PU-15", "PU-16")
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 30),
    epsilon=st.sampled_from([0.0, EPSILON, 1.0]),
)
def test_the_fused_playout_scores_exactly_as_the_rules_do(
    players: int, seed: int, moves: int, epsilon: float
) -> None:
    state = walked_deal("punttu", players, seed, moves)
    assert isinstance(state, PunttuState)
    fused, oracle = state.clone(), state.clone()
    playout(fused, random.Random(seed), epsilon)
    _oracle_playout(oracle, random.Random(seed), epsilon)
    assert fused.is_over and oracle.is_over
    # The whole state, not only the points: the won piles too (outcome's tricks_won).
    assert fused.debug_view() == oracle.debug_view()
    assert fused.outcome == oracle.outcome
    assert _fields(fused) == _fields(oracle)
    assert side_points(fused) == side_points(oracle) == oracle.points
    assert sum(side_points(fused)) == sum(
        CARD_POINTS[c] for c in table_deck(players, state.game.options.trim)
    )


def _fields(state: PunttuState) -> dict[str, object]:
    """Every field of the state (its slots), history aside (the fast path keeps none)."""
    return {name: getattr(state, name) for name in PunttuState.__slots__ if name != "history"}


def _walk_with_history(players: int, seed: int, moves: int) -> PunttuState:
    """A deal some random moves in through the checked path, so that views hold the log."""
    state = walked_deal("punttu", players, seed, moves, checked=True)
    assert isinstance(state, PunttuState)
    return state


@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), moves=st.integers(0, 40))
def test_the_prior_is_mediums_judgement_of_the_sampled_deal(
    players: int, seed: int, moves: int
) -> None:
    """On the real deal the seat to move sees what the prior reads off the state (its hand, the
    rest unseen), so the prior gives medium's own move 1 and every other card less; cards of one
    trick rank get one value."""
    state = _walk_with_history(players, seed, moves)
    seat = state.to_move
    if seat is None:
        return
    legal = state.legal_actions()
    ids = state.legal_action_ids()
    values = prior(state, ids)
    assert len(values) == len(ids)
    assert all(0.0 < v <= 1.0 for v in values)
    by_rank: dict[int, float] = {}
    for i, v in zip(ids, values, strict=True):
        assert by_rank.setdefault(TRICK_RANK[i], v) == v
    medium = make_bot("medium", state.game, seat).choose(state.view(seat, memory=True), legal)
    assert by_rank.pop(TRICK_RANK[state.action_id(medium)]) == 1.0
    assert all(v < 1.0 for v in by_rank.values())

