"""The rollout policy: the greedy move of a playout, close to ``medium``'s judgement.

It works directly on a sampled state's internals and integer action ids (``actions``), so it
must only ever be given a state a bot imagined (``Game.sample_state``), never the real deal.
The greedy move, by phase (``phase`` module), scored as ``medium`` scores it (``heuristic``):

- DRAW / CLAIM: take (PO-7) or advance (PO-17, keeping a card, PO-19) the top discard into the
  new meld that sheds the most points from hand, when that is worth ``TAKE_THRESHOLD``; a quick
  bit test (``masks.can_meld_with``) rules out most hands before any meld is built. Else draw /
  pass.
- FIRST_DRAWN: burn (PO-9) a first card that connects with nothing in hand.
- FIRST_DRAWN / MAIN: lay the meld that sheds the most points, natural cards first — a joker is
  spent (``JOKER_COST``) only for enough points or to go out (PO-22); once melded (PO-16), lay off
  the natural card with the most points that fits, a joker only from a hand of
  ``JOKER_SHED_HAND`` cards or fewer; then discard the card with the most points, less
  ``CONNECTION`` for each hand card it connects with (same rank, or same suit one or two ranks
  away, the ace both low and high), never a joker while another card is left.

With chance ``EPSILON`` (10%) the discard is a uniformly random natural card of the hand
instead; the other choices stay greedy. Di Palma & Lanzi found about 30% random moves best for
Scopone; here 10% random discards did better against ``medium`` than 30% (docs/levels.md):
the deal turns on who goes out first, and random discards blur that signal while the hidden
cards already keep the playouts varied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.cards.french import NATURAL_KINDS
from cardtable.games.pontinho.actions import (
    ADVANCE,
    BURN,
    DISCARD,
    DRAW,
    MELD,
    PASS,
    TAKE,
    meld_index,
)
from cardtable.games.pontinho.heuristic import JOKER_SHED_HAND
from cardtable.games.pontinho.memo import table_layoffs
from cardtable.games.pontinho.phase import Phase
from cardtable.games.pontinho.search.masks import (
    Shape,
    best_meld,
    best_with_top,
    can_meld_with,
)
from cardtable.games.pontinho.state import PontinhoState

#: Chance of a uniformly random discard instead of the greedy one.
EPSILON = 0.1
#: Penalty points a connection with another hand card is worth when choosing a discard.
CONNECTION = 6

_JOKER = NATURAL_KINDS
_DRAW_PHASE = Phase.DRAW
_CLAIM = Phase.CLAIM


def choose_discard(
    hand: Sequence[int], shape: Shape, points: Sequence[int], pick: Any, epsilon: float
) -> int:
    """The kind to discard: random (chance ``epsilon``) or the greedy choice; no joker while
    a natural card is left."""
    naturals = [k for k in hand if k != _JOKER]
    if not naturals:
        return _JOKER
    if pick() < epsilon:
        return naturals[int(pick() * len(naturals))]
    best = -1
    best_score = -1_000
    for k in naturals:
        score = points[k] - CONNECTION * shape.connections(k)
        if score > best_score or score == best_score and k < best:
            best, best_score = k, score
    return best


def choose(state: PontinhoState, pick: Any, points: Sequence[int], epsilon: float) -> int:
    """The rollout policy's action id for ``state`` (not over); ``pick`` is ``rng.random``."""
    phase = state.phase
    if phase is _DRAW_PHASE:
        discard = state.discard
        if discard:
            top = discard[-1]
            hand = state.hands[state.turn]
            if can_meld_with(hand, top):
                meld = best_with_top(hand, top, points, False, state.five)
                if meld is not None:
                    return TAKE + meld_index(meld)
        return DRAW
    if phase is _CLAIM:
        hand = state.hands[state.claimants[0]]
        if len(hand) >= 4:
            top = state.discard[-1]
            if can_meld_with(hand, top):
                meld = best_with_top(hand, top, points, True, state.five)
                if meld is not None:
                    return ADVANCE + meld_index(meld)
        return PASS
    seat = state.turn
    hand = state.hands[seat]
    pending = state.pending
    if pending is not None:
        hand = [*hand, pending]
    shape = Shape(hand)
    if (
        pending is not None
        and pending != _JOKER
        and shape.connections(pending) == 0
        and hand.count(pending) == 1
    ):
        return BURN  # PO-9: the first card drawn, connected with nothing
    five = state.five
    meld = best_meld(hand, shape, points, five)
    if meld is not None:
        return MELD + meld_index(meld)
    if state.melded[seat]:
        fits, layoff_ids = table_layoffs(state.melds, five)
        found = fits & shape.bits & ~(1 << _JOKER)
        if found:
            best = -1
            best_points = 0
            while found:
                low = found & -found
                found ^= low
                kind = low.bit_length() - 1
                if points[kind] > best_points:
                    best, best_points = kind, points[kind]
            return layoff_ids[best]
        if shape.jokers and shape.size <= JOKER_SHED_HAND and layoff_ids[_JOKER] >= 0:
            return layoff_ids[_JOKER]
    return DISCARD + choose_discard(hand, shape, points, pick, epsilon)


def discard_key(k: int, shape: Shape, points: Sequence[int]) -> tuple[bool, int, int]:
    """Sort key of the greedy discard order: jokers last, then most points less connections."""
    if k == _JOKER:
        return (True, 0, k)
    return (False, CONNECTION * shape.connections(k) - points[k], k)
