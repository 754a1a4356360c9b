"""Putto's rollout policy for tree searches: fast, mostly greedy, partly random.

It works directly on a sampled state's internals and integer action ids (``card`` plays it,
``40 + card`` captures), so it must only ever be given a state a bot imagined
(``Game.sample_state``), never the real deal.

The greedy move: the capture worth most (the card points taken and of the capturing card, PT-2,
PT-9, plus 3 for a sweep, PT-12); with no capture, the card worth fewest points (with no card
matching the table, no play can avoid leaving a sweep where one is possible). With
chance ``EPSILON`` a uniformly random legal action is played instead (the Scopone study of
Di Palma & Lanzi found mostly-greedy rollouts with about 30% random moves best).
"""

from __future__ import annotations

import random

from cardtable.cards.latin import LATIN_SUITS
from cardtable.games.putto.deck import CARD_POINTS, SWEEP_POINTS
from cardtable.games.putto.state import CAPTURE, PuttoState

#: Chance of a uniformly random legal action instead of the greedy one.
EPSILON = 0.3

_POINTS = CARD_POINTS


def _greedy(state: PuttoState) -> int:
    seat = state._to_move
    assert seat is not None
    hand = state.hands[seat]
    counts = state._counts
    table = state.table
    size = len(table)
    best = -1
    best_value = -1
    for c in hand:
        r = c % 10
        k = counts[r]
        if k:
            value = _POINTS[c]
            for t in table:
                if t % 10 == r:
                    value += _POINTS[t]
            if k == size:
                value += SWEEP_POINTS
            if value > best_value:
                best, best_value = c, value
    if best >= 0:
        return CAPTURE + best
    # No capture (so no card of hand matches: every play is legal, even with must_capture):
    # the card worth fewest points. Whatever is played then leaves at least two ranks on a table
    # that had cards, and one card on an empty table whatever it is, so no choice avoids a sweep.
    low = hand[0]
    for c in hand:
        if _POINTS[c] < _POINTS[low]:
            low = c
    return low


def playout(state: PuttoState, rng: random.Random, epsilon: float = EPSILON) -> None:
    """Play ``state`` to the end of the deal with the rollout policy (in place).

    Its random moves are a uniformly random card, capturing whenever that card can (cheaper than
    listing the legal actions, and playing a matching card onto the table is rarely sensible)."""
    apply = state.apply_unchecked
    pick = rng.random
    hands = state.hands
    while (seat := state._to_move) is not None:
        if pick() < epsilon:
            hand = hands[seat]
            card = hand[int(pick() * len(hand))]
            apply(card + CAPTURE if state._counts[card % 10] else card)
        else:
            apply(_greedy(state))


def side_points(state: PuttoState) -> list[int]:
    """Points per side of a finished deal (PT-16, PT-17): card points, sweeps, primiera."""
    sides = len(state.piles)
    suit_points = [[0, 0, 0, 0] for _ in range(sides)]
    totals = [SWEEP_POINTS * state.sweeps[i] for i in range(sides)]
    for i, pile in enumerate(state.piles):
        mine = suit_points[i]
        for c in pile:
            mine[c // 10] += _POINTS[c]
        totals[i] += sum(mine)
    for suit in range(len(LATIN_SUITS)):
        best = -1
        holder = -1
        for i in range(sides):
            p = suit_points[i][suit]
            if p > best:
                best, holder = p, i
            elif p == best:
                holder = -1
        if holder >= 0:
            totals[holder] += 1
    return totals
