"""Pontinho's obvious blunders, which the ``easy`` bot avoids (it plays at random otherwise).

Read from the view and the action only, cheaply (no enumeration):

- discarding a joker (PO-11: it completes any meld; left in hand it costs 20, PO-2, but thrown
  away it hands the next players a free meld);
- discarding a card that could be laid off on a meld on the table right now (PO-16: this seat
  has melded, so it could shed the card instead of feeding it to the next player);
- burning a joker (PO-9: it is the best card there is);
- passing on an advance (PO-17) or drawing instead of taking (PO-7) is *not* a blunder: the
  ``easy`` bot keeps those choices random.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from cardtable.cards.french import JOKER
from cardtable.cards.french import KIND_INDEX as _CARD
from cardtable.engine.action import Action
from cardtable.games.pontinho.melds import layoff_kinds, make_meld


@lru_cache(maxsize=4096)
def _fits(text: str, four_suits: str) -> frozenset[int]:
    """Kinds that lay off on the table meld written ``text`` (PO-16, as the table reads PO-12)."""
    return frozenset(int(k) for k in layoff_kinds(make_meld(text), four_suits))


def is_blunder(view: Mapping[str, Any], action: Action) -> bool:
    """Whether ``action`` throws away a joker, or a card it could lay off instead."""
    kind = action.kind
    if kind == "burn":
        drawn = view.get("drawn")
        return drawn is not None and _CARD[drawn] == JOKER
    if kind != "discard":
        return False
    card = action.cards[0]
    assert isinstance(card, int)
    if card == JOKER:
        return True
    seat = view["seat"]
    if not view["melded"][seat]:
        return False
    four_suits = str(view.get("options", {}).get("four_suits", "with_joker"))
    return any(int(card) in _fits(meld["cards"], four_suits) for meld in view["melds"])
