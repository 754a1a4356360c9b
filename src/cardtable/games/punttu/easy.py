"""Punttu's obvious blunders, which the ``easy`` bot avoids (it plays at random otherwise).

One rule, read from the view only: do not throw a card worth 5 points or more (a 5, 6 or 7,
PU-2) onto a trick it cannot win (PU-12: only a strictly higher card takes the trick) while
holding a card worth fewer points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.cards.latin import CARD_INDEX as _CARD
from cardtable.engine.action import Action
from cardtable.games.punttu.deck import CARD_POINTS, TRICK_RANK

#: Cards worth this much are never thrown away when a cheaper card would do.
PRECIOUS = 5


def is_blunder(view: Mapping[str, Any], action: Action) -> bool:
    """Whether playing ``action`` now throws a precious card away for nothing."""
    card = action.cards[0]
    assert isinstance(card, int)
    if CARD_POINTS[card] < PRECIOUS or not view["trick"]:
        return False
    best = max(TRICK_RANK[_CARD[text]] for _seat, text in view["trick"])
    if TRICK_RANK[card] > best:
        return False
    return any(CARD_POINTS[_CARD[text]] < CARD_POINTS[card] for text in view["hand"])
