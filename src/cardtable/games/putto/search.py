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

from cardtable.engine.plugin import SearchHooks, prior_from_scores
from cardtable.games.putto.deck import CARD_POINTS, SWEEP_POINTS
from cardtable.games.putto.endgame import endgame
from cardtable.games.putto.medium import move_scores
from cardtable.games.putto.state import (
    PuttoState,
    action_order,
    deal_points,
    sweep_scores,
)

#: Chance of a uniformly random legal action instead of the greedy one.
EPSILON = 0.3

#: The score gap (in points of medium's judgement) that divides a move's ``prior`` by e.
PRIOR_SPREAD = 2.0
#: The search leaves medium's move only when its choice is better by 1.5 standard errors: most
#: of its disagreements with medium were within the noise of 1,000 iterations, and following
#: them lost points (measured: docs/levels.md, "Why the constants are what they are").
DEVIATION_Z = 1.5

_POINTS = CARD_POINTS


def playout(state: PuttoState, rng: random.Random, epsilon: float = EPSILON) -> None:
    """Play ``state`` to the end of the deal with the rollout policy (in place).

    The rules of ``apply_unchecked`` (PT-7 … PT-15, PT-18) run inline on local variables: the
    search spends most of its time here. Its random moves are a uniformly random card, capturing
    whenever that card can (cheaper than listing the legal actions, always legal, PT-11, and
    playing a matching card onto the table is rarely sensible)."""
    seat = state._to_move
    if seat is None:
        return
    pick = rng.random
    hands = state.hands
    stock = state.stock
    table = state.table
    counts = state._counts
    piles = state.piles
    sweeps = state.sweeps
    side_of = state._side_of
    last_play_sweep = state._last_play_sweep
    last_capturer = state.last_capturer
    n = state.n
    points = _POINTS
    # The table's card points by rank, kept beside ``counts``: a capture's worth in O(1).
    on_table = [0] * 10
    for t in table:
        on_table[t % 10] += points[t]
    plays = 0
    while True:
        hand = hands[seat]
        if pick() < epsilon:
            card = hand[int(pick() * len(hand))]
            capture = counts[card % 10] > 0
        else:
            # Greedy: the capture worth most (card points taken and of the capturing card,
            # PT-2, PT-9, and a sweep, PT-12); with none, the card worth fewest points.
            card = -1
            best_value = -1
            size = len(table)
            for c in hand:
                r = c % 10
                k = counts[r]
                if k:
                    value = points[c] + on_table[r]
                    if k == size:
                        value += SWEEP_POINTS
                    if value > best_value:
                        card, best_value = c, value
            capture = card >= 0
            if not capture:
                # No card of the hand matches, so every play is legal, and none avoids
                # leaving a sweep where one is possible.
                card = hand[0]
                for c in hand:
                    if points[c] < points[card]:
                        card = c
        hand.remove(card)
        if capture:  # PT-9
            rank = card % 10
            side = side_of[seat]
            pile = piles[side]
            if counts[rank] == len(table):
                pile += table
                table = []
            else:
                kept = []
                for c in table:
                    if c % 10 == rank:
                        pile.append(c)
                    else:
                        kept.append(c)
                table = kept
            counts[rank] = 0
            on_table[rank] = 0
            pile.append(card)
            last_capturer = seat
            # PT-12: a sweep; PT-18: the deal's last play sweeps only at such tables.
            if not table and sweep_scores(
                last_play=not stock and not any(hands), last_play_sweep=last_play_sweep
            ):
                sweeps[side] += 1
        else:  # PT-10
            table.append(card)
            counts[card % 10] += 1
            on_table[card % 10] += points[card]
        plays += 1
        if stock:  # PT-13
            hand.append(stock.pop())
        nxt = seat + 1 if seat + 1 < n else 0
        if not hands[nxt]:  # PT-7: skip hands already played out
            for offset in range(2, n + 1):
                nxt = (seat + offset) % n
                if hands[nxt]:
                    break
            else:
                break  # PT-14
        seat = nxt
    state.plays += plays
    state.last_capturer = last_capturer
    state._to_move = None
    if table and last_capturer is not None and state.game.options.leftover == "last_capturer":
        piles[side_of[last_capturer]] += table  # PT-15
        state.leftover = table
        table = []
        state._counts = [0] * 10
    state.table = table


def side_points(state: PuttoState) -> list[int]:
    """Points per side of a finished deal (PT-16, PT-17): the rules' own ``deal_points``."""
    return deal_points(state.piles, state.sweeps)[0]


def prior(state: PuttoState, ids: list[int]) -> list[float]:
    """The medium bot's judgement of each action in ``ids`` for the seat to move, from what that
    seat would know in this sampled deal (its hand; the other hands and the stock unseen), 1 for
    the move it would play and less by ``PRIOR_SPREAD`` points: the search starts from medium's
    choices and corrects them."""
    scores = move_scores(state, ids)
    # medium's own choice is the first best in the order of ``legal_actions``, as medium
    # chooses it (scores that differ by rounding alone are equal)
    order = sorted(range(len(ids)), key=lambda i: action_order(ids[i]))
    return prior_from_scores(scores, order, PRIOR_SPREAD, tolerance=1e-9)


#: What the hard bot's search takes from Putto (``cardtable.bots.ismcts``).
HOOKS = SearchHooks(
    playout=playout,
    side_points=side_points,
    endgame=endgame,
    prior=prior,
    deviation_z=DEVIATION_Z,
)
