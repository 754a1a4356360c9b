"""Cards and decks. The Latin 40-card deck is used by Punttu and Putto."""

from cardtable.cards.latin import (
    LATIN_DECK,
    LATIN_RANKS,
    LATIN_SUITS,
    LatinCard,
    format_cards,
    parse_card,
    parse_cards,
)

__all__ = [
    "LATIN_DECK",
    "LATIN_RANKS",
    "LATIN_SUITS",
    "LatinCard",
    "format_cards",
    "parse_card",
    "parse_cards",
]
