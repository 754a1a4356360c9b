"""What both decks' cards share: a card is an ``int`` (its index in the deck's tables), printed
as its notation, and pickled as a lookup so that each card stays one object across processes.

A deck's module subclasses ``IndexedCard`` and, once its tables exist, sets the class's
``_texts`` (notation by index) and ``_cards`` (the card objects by index).
"""

from __future__ import annotations

from typing import ClassVar


class IndexedCard(int):
    """A card of some deck: an ``int`` index whose text is its notation."""

    __slots__ = ()
    _texts: ClassVar[tuple[str, ...]]
    _cards: ClassVar[tuple[IndexedCard, ...]]

    def __str__(self) -> str:
        return self._texts[self]

    def __repr__(self) -> str:
        return self._texts[self]

    def __format__(self, spec: str) -> str:
        return format(self._texts[self], spec)

    def __reduce__(self) -> tuple[object, tuple[type[IndexedCard], int]]:
        # Pickle as the deck lookup so that cards stay singletons across processes.
        return (card_of, (type(self), int(self)))


def card_of(cls: type[IndexedCard], index: int) -> IndexedCard:
    """The card ``index`` of ``cls``'s deck (what a pickled card is read back as)."""
    return cls._cards[index]
