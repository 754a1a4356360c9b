"""Moves the search need not weigh: played at the root from the view and the legal moves.

``endgame`` (the search's hook for positions it need not weigh) plays a move that goes out at
once (PO-22): it ends the deal with 0 points for the mover, the best any deal can end for it
(PO-23). On the mover's turn it also lays the natural meld or natural lay-off that sheds the
most points, and, when only discards are left, plays ``medium``'s discard if that beats
``medium``'s second choice by ``CLEAR_DISCARD`` or more: a playout's greedy future self sheds
whatever is held back, so the search sees little difference between discards, and its noise
would only blur a clear call. It searches the close calls, the draws, takes and claims, and the
joker melds and lay-offs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.cards.french import NATURAL_KINDS, FrenchCard, penalty_table
from cardtable.engine.action import Action
from cardtable.games.pontinho.heuristic import Reading, card_kind

#: How much better (in ``medium``'s discard score) a discard must be than the next to be
#: played without a search.
CLEAR_DISCARD = 3.0

_JOKER = NATURAL_KINDS


def endgame(game: Any, view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """A move played without a search, read from the view and the legal moves only:

    - a move that goes out at once (PO-22) — a meld or a lay-off of the whole hand, a discard
      of the last card, a take of every card — is the best any deal can end for the mover
      (PO-23);
    - else, on its turn, the natural meld that sheds the most points, or the natural lay-off
      that does (``medium`` lays them at once too). A search weighs them badly: the rest of the
      turn (its discard) is explored below them in the tree, so their mean is diluted by poor
      discards, and with a few hundred iterations per move the search would hold melds whose
      points a rival's going out then charges in full. The tree plays them the same way
      (``tree_moves``), so the search spends itself on draws, takes, claims, joker melds and
      discards.
    """
    hand = view.get("hand")
    if not isinstance(hand, list):
        return None
    size = len(hand) + (1 if view.get("drawn") is not None else 0)
    for action in legal:
        kind = action.kind
        if kind in ("meld", "layoff", "discard") and len(action.cards) >= size:
            return action
        if kind == "take" and len(action.cards) == size + 1:
            return action
    if view.get("phase") not in ("main", "first_drawn"):
        return None
    points = penalty_table(str(view["options"]["figure_points"]))
    best: Action | None = None
    best_score = 0.0
    layoff: Action | None = None
    layoff_points = 0
    for action in legal:
        kind = action.kind
        if kind == "meld":
            cards = [c for c in action.cards if type(c) is FrenchCard and c != _JOKER]
            if len(cards) == len(action.cards):
                score = sum(points[c] for c in cards) + 0.5 * len(cards)
                if score > best_score:
                    best, best_score = action, score
        elif kind == "layoff" and best is None:
            card = action.cards[0]
            if type(card) is FrenchCard and card != _JOKER and points[card] > layoff_points:
                layoff, layoff_points = action, points[card]
    if best is not None or layoff is not None:
        return best if best is not None else layoff
    return clear_discard(view, legal)


def clear_discard(view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """When only discards are left, ``medium``'s discard if it beats its second choice by
    ``CLEAR_DISCARD`` or more (the search is left the close calls), else None."""
    if len(legal) < 2 or any(action.kind != "discard" for action in legal):
        return None
    reading = Reading(view)
    # medium's order: the highest score, the lower card on a tie.
    scored = sorted(legal, key=lambda a: (-reading.discard_score(card_kind(a)), card_kind(a)))
    best, second = (reading.discard_score(card_kind(a)) for a in scored[:2])
    return scored[0] if best - second >= CLEAR_DISCARD else None
