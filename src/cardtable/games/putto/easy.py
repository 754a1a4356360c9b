"""Putto's obvious blunders, which the ``easy`` bot avoids (it plays at random otherwise).

One rule, read from the view only: never play a card onto the table (PT-10) when it could
capture with it (PT-9) — that gives the next player the cards and the card played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.cards.latin import CARD_INDEX as _CARD
from cardtable.engine.action import Action


def is_blunder(view: Mapping[str, Any], action: Action) -> bool:
    """Whether ``action`` plays onto the table a card that could capture."""
    if action.kind != "play":
        return False
    card = action.cards[0]
    assert isinstance(card, int)
    return any(_CARD[text] % 10 == card % 10 for text in view["table"])
