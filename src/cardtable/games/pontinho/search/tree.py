"""The tree: which of the legal actions a search node considers.

``tree_moves`` narrows the actions a search node considers (a form of "choose moves in steps").
On a turn with a natural meld or a natural lay-off to make, that is the one move
(``natural_step``, as ``root.endgame`` plays it at the root). Otherwise: every draw, burn and
pass, the ``WIDE`` best melds, takes and advances by ``medium``'s score, the ``WIDE`` best
lay-offs by points, and the ``WIDE_DISCARDS`` best discards by the greedy discard order (it
agrees with ``medium``'s discard about three times in four, and holds it in its first two nine
times in ten). So the many meld combinations jokers allow do not drown the search, and a
discard's value is not left to a few hundred noisy playouts: a playout's greedy future self
sheds a card held back now, so putting off a bad discard looks nearly free to the search.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards.french import NATURAL_KINDS, penalty_table
from cardtable.games.pontinho.actions import (
    ADVANCE,
    BURN,
    DISCARD,
    LAYOFF,
    LAYOFF_ITEMS,
    MELD,
    PASS,
    TAKE,
    meld_table,
)
from cardtable.games.pontinho.phase import Phase
from cardtable.games.pontinho.search.masks import Shape, meld_score
from cardtable.games.pontinho.search.policy import discard_key
from cardtable.games.pontinho.state import PontinhoState

#: How many melds (takes, advances) and lay-offs a search node considers.
WIDE = 4
#: How many discards a search node considers, best first by the greedy discard order.
WIDE_DISCARDS = 2

_JOKER = NATURAL_KINDS
_DRAW_PHASE = Phase.DRAW
_CLAIM = Phase.CLAIM

assert BURN < DISCARD and PASS < DISCARD  # tree_moves keeps every id below DISCARD


def tree_moves(state: PontinhoState, ids: list[int]) -> list[int]:
    """The actions a search node considers among legal ``ids`` (see the module's notes)."""
    points = penalty_table(state.game.options.figure_points)
    phase = state.phase
    if phase is not _DRAW_PHASE and phase is not _CLAIM:
        step = natural_step(ids, points)
        if step >= 0:
            return [step]
    if len(ids) <= WIDE_DISCARDS or ids[-1] < DISCARD:
        return ids
    table = meld_table()[0]
    simple: list[int] = []
    melds: list[tuple[float, int]] = []
    layoffs: list[tuple[int, int]] = []
    discards: list[int] = []
    hand = state.hands[state.to_move or 0]
    if state.pending is not None and phase is not _CLAIM:
        hand = [*hand, state.pending]
    size = len(hand)
    for a in ids:
        if a < DISCARD:
            simple.append(a)
        elif a < MELD:
            discards.append(a - DISCARD)
        elif a < LAYOFF:
            base = MELD if a < TAKE else TAKE if a < ADVANCE else ADVANCE
            melds.append((meld_score(table[a - base], points, size), a))
        else:
            kind = _layoff_kind(a)
            layoffs.append((points[kind] if kind != _JOKER else 0, a))
    melds.sort(reverse=True)
    layoffs.sort(reverse=True)
    out = simple + [a for _p, a in melds[:WIDE]] + [a for _p, a in layoffs[:WIDE]]
    if discards:
        shape = Shape(hand)
        order = sorted(discards, key=lambda k: discard_key(k, shape, points))
        out += [DISCARD + k for k in order[:WIDE_DISCARDS]]
    return out


_MELD_KINDS: dict[int, tuple[int, ...]] = {}


def _natural_kinds(index: int) -> tuple[int, ...]:
    """The kinds of meld ``index`` of the global table, or () when it holds a joker."""
    kinds = _MELD_KINDS.get(index)
    if kinds is None:
        found = tuple(int(k) for k in meld_table()[0][index].kinds)
        kinds = _MELD_KINDS[index] = () if _JOKER in found else found
    return kinds


def natural_step(ids: Sequence[int], points: Sequence[int]) -> int:
    """The natural meld that sheds the most points among ``ids`` (PO-12, PO-13), else the
    natural lay-off that does (PO-16); -1 if there is neither. These the search does not weigh
    (see ``endgame``)."""
    best = -1
    best_score = 0.0
    layoff = -1
    layoff_points = 0
    for a in ids:
        if a < MELD:
            continue
        if a < TAKE:
            kinds = _natural_kinds(a - MELD)
            if kinds:
                score = sum(points[k] for k in kinds) + 0.5 * len(kinds)
                if score > best_score:
                    best, best_score = a, score
        elif a >= LAYOFF and best < 0:
            kind = _layoff_kind(a)
            if kind != _JOKER and points[kind] > layoff_points:
                layoff, layoff_points = a, points[kind]
    return best if best >= 0 else layoff


def _layoff_kind(action_id: int) -> int:
    item = (action_id - LAYOFF) % LAYOFF_ITEMS
    return item if item <= _JOKER else _JOKER
