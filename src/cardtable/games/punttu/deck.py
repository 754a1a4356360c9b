"""Punttu's cards: values, trick ranks and the deck trimmed to the player count (PU-1 … PU-7)."""

from __future__ import annotations

from functools import cache

from cardtable.cards.latin import LATIN_DECK, LatinCard

#: PU-2: figures (J, Q, K) are worth 1, every other card its number (ace 1 … seven 7).
CARD_POINTS: tuple[int, ...] = tuple(1 if card.rank >= 7 else card.rank + 1 for card in LATIN_DECK)

#: PU-3: 7 > 6 > 5 > 4 > 3 > 2 > {ace, J, Q, K}. Higher number, stronger card; suits never matter.
TRICK_RANK: tuple[int, ...] = tuple(card.rank if 1 <= card.rank <= 6 else 0 for card in LATIN_DECK)

#: PU-4: the full deck is worth 124 points.
FULL_DECK_POINTS = sum(CARD_POINTS)
assert FULL_DECK_POINTS == 124

HAND_SIZE = 3  # PU-8

_SUIT_ORDER = range(4)  # oros, copas, espadas, bastos (PU-6)
_ACE, _TWO, _SOTA = 0, 1, 7

#: PU-6 and PU-6a: the order in which 1-point (or, for ``twos``, 2-point) cards leave the deck.
TRIM_ORDER: dict[str, tuple[LatinCard, ...]] = {
    "aces": tuple(LATIN_DECK[s * 10 + _ACE] for s in _SUIT_ORDER)
    + tuple(LATIN_DECK[s * 10 + _SOTA] for s in _SUIT_ORDER),
    "twos": tuple(LATIN_DECK[s * 10 + _TWO] for s in _SUIT_ORDER)
    + tuple(LATIN_DECK[s * 10 + _ACE] for s in _SUIT_ORDER),
}


@cache
def removed_cards(players: int, trim: str) -> tuple[LatinCard, ...]:
    """PU-5/PU-6/PU-6a: the ``40 mod players`` cards taken out so the deck divides evenly."""
    return TRIM_ORDER[trim][: 40 % players]


@cache
def table_deck(players: int, trim: str) -> tuple[LatinCard, ...]:
    """The cards in play at a table of ``players``, in deck order."""
    removed = set(removed_cards(players, trim))
    return tuple(card for card in LATIN_DECK if card not in removed)


@cache
def points_in_play(players: int, trim: str) -> int:
    """PU-7: 124 minus the removed cards' values."""
    return sum(CARD_POINTS[card] for card in table_deck(players, trim))
