"""Pontinho's rollout policy for tree searches: fast, mostly greedy, partly random, capped.

It works directly on a sampled state's internals and integer action ids (``actions``), so it
must only ever be given a state a bot imagined (``Game.sample_state``), never the real deal.

The greedy move, by phase (``state`` module):

- DRAW: take the top discard into a new meld (PO-7) when the hand can, else draw;
- CLAIM: advance (PO-17) when the hand can and keeps 3 cards or more, else pass;
- FIRST_DRAWN / MAIN: lay down the meld with the most penalty points (PO-2) when there is one;
  once melded (PO-16), lay off the card with the most points that fits; then discard the card
  with the most points, less a bonus for each card it connects with (same rank, or same suit
  one or two ranks away), never a joker while another card is left.

With chance ``EPSILON`` a uniformly random legal action is played instead (Di Palma & Lanzi
found mostly-greedy rollouts with about 30% random moves best).

**The cap.** Rummy played this way usually ends by someone going out, but a deal has no bound
(PO-8 rebuilds the stock), so a playout stops after ``MAX_ACTIONS`` actions. A capped playout is
scored as if the deal ended there with nobody out: each seat's penalty points in hand (PO-2,
PO-23) — ``side_points`` does this, and the search's reward (lowest wins) follows.

**The tree.** ``tree_moves`` narrows the actions a search node considers (a form of "choose
moves in steps"): every draw, burn and pass, the ``WIDE`` best melds, takes and advances by
points shed, every lay-off, and the ``WIDE`` best discards by the greedy discard order — so the
many meld combinations jokers allow do not drown the search.
"""

from __future__ import annotations

import random

from cardtable.cards.french import NATURAL_KINDS, hand_points, penalty_table
from cardtable.games.pontinho.actions import (
    ADVANCE,
    BURN,
    DISCARD,
    DRAW,
    LAYOFF,
    LAYOFF_ITEMS,
    MELD,
    PASS,
    TAKE,
    meld_table,
)
from cardtable.games.pontinho.melds import has_meld, has_meld_with
from cardtable.games.pontinho.state import Phase, PontinhoState, _layoff_items

#: Chance of a uniformly random legal action instead of the greedy one.
EPSILON = 0.3
#: A playout stops after this many actions and is scored by the points left in hand.
MAX_ACTIONS = 400
#: How many melds (takes, advances) and discards a search node considers.
WIDE = 4

_JOKER = NATURAL_KINDS
_POINTS = penalty_table("13-12-11")


def _meld_points(meld_id: int, base: int) -> int:
    melds = meld_table()[0]
    return sum(_POINTS[k] for k in melds[meld_id - base].kinds)


def _connections(hand: list[int]) -> list[int]:
    """For each kind, how many hand cards connect with it (same rank, or same suit ±1, ±2)."""
    counts = [0] * (NATURAL_KINDS + 1)
    for k in hand:
        counts[k] += 1
    out = [0] * (NATURAL_KINDS + 1)
    for k in set(hand):
        if k == _JOKER:
            continue
        rank = k % 13
        suit = k - rank
        c = 0
        for s in range(0, NATURAL_KINDS, 13):
            if s != suit and counts[s + rank]:
                c += 1
        for d in (-2, -1, 1, 2):
            r = rank + d
            if 0 <= r < 13 and counts[suit + r] or r == 13 and counts[suit]:
                c += 1
        out[k] = c
    return out


def _discard_order(hand: list[int], points: tuple[int, ...]) -> list[int]:
    """Hand kinds, best discard first: most points, least connected, jokers last."""
    conn = _connections(hand)
    return sorted(set(hand), key=lambda k: (k == _JOKER, -(points[k] - 6 * conn[k]), k))


def _greedy(state: PontinhoState, points: tuple[int, ...]) -> int:
    phase = state.phase
    if phase is Phase.DRAW:
        if state.discard and has_meld_with(state.hands[state.turn], state.discard[-1]):
            ids = state.legal_action_ids("take")
            if ids:
                return max(ids, key=lambda a: _meld_points(a, TAKE))
        return DRAW
    if phase is Phase.CLAIM:
        seat = state.claimants[0]
        hand = state.hands[seat]
        if len(hand) >= 5 and has_meld_with(hand, state.discard[-1]):
            ids = state.legal_action_ids("advance")
            if ids:
                return max(ids, key=lambda a: _meld_points(a, ADVANCE))
        return PASS
    seat = state.turn
    hand = state.hands[seat]
    if state.pending is not None:
        hand = [*hand, state.pending]
    if has_meld(hand):
        ids = state.legal_action_ids("meld")
        if ids:
            return max(ids, key=lambda a: _meld_points(a, MELD))
    if state.melded[seat]:
        have = set(hand)
        best = -1
        best_points = -1
        base = LAYOFF
        for meld in state.melds:
            for item, kind in _layoff_items(meld):
                if kind in have and points[kind] > best_points and kind != _JOKER:
                    best, best_points = base + item, points[kind]
            base += LAYOFF_ITEMS
        if best >= 0:
            return best
    return DISCARD + _discard_order(hand, points)[0]


def playout(state: PontinhoState, rng: random.Random, epsilon: float = EPSILON) -> None:
    """Play ``state`` on with the rollout policy (in place), at most ``MAX_ACTIONS`` actions."""
    apply = state.apply_unchecked
    pick = rng.random
    points = _POINTS
    for _ in range(MAX_ACTIONS):
        if state.phase is Phase.OVER:
            return
        if pick() < epsilon:
            ids = state.legal_action_ids()
            apply(ids[int(pick() * len(ids))])
        else:
            apply(_greedy(state, points))


def side_points(state: PontinhoState) -> list[int]:
    """Penalty points per seat (every seat is its own side): the outcome's when the deal is over
    (0 for all in a void deal, PO-8), else — a playout stopped at the cap — each hand's points,
    as if the deal ended there with nobody out."""
    if state.phase is Phase.OVER:
        outcome = state.outcome
        assert outcome is not None
        return list(outcome.points)
    figures = state.game.options.figure_points
    return [hand_points(hand, figures) for hand in state.hands]


def tree_moves(state: PontinhoState, ids: list[int]) -> list[int]:
    """The actions a search node considers among legal ``ids`` (see the module's notes)."""
    if len(ids) <= 2 * WIDE:
        return ids
    simple: list[int] = []
    melds: list[tuple[int, int]] = []
    discards: list[int] = []
    for a in ids:
        if a < DISCARD or a >= LAYOFF:
            simple.append(a)
        elif a < MELD:
            discards.append(a - DISCARD)
        else:
            base = MELD if a < TAKE else TAKE if a < ADVANCE else ADVANCE
            melds.append((_meld_points(a, base), a))
    melds.sort(reverse=True)
    out = simple + [a for _p, a in melds[:WIDE]]
    if discards:
        seat = state.turn
        hand = state.hands[seat]
        if state.pending is not None:
            hand = [*hand, state.pending]
        order = [k for k in _discard_order(hand, _POINTS) if k in discards]
        out += [DISCARD + k for k in order[:WIDE]]
    return out


assert BURN < DISCARD and PASS < DISCARD
