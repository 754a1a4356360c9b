"""Our own card pictures, drawn as SVG by code: no external assets (front-end layer).

``card_svg("7c", "latin")`` and ``card_svg("Th", "french")`` give one card, ``back_svg()`` the
back, and ``write_deck(folder)`` writes every picture as a static file for the web client
(``latin/7c.svg``, ``french/Th.svg``, ``french/joker.svg``, ``back.svg``).
"""

from cardtable.art.cards import (
    DECKS,
    Deck,
    back_svg,
    card_filename,
    card_label,
    card_svg,
)
from cardtable.art.deck import deck_cards, write_deck

__all__ = [
    "DECKS",
    "Deck",
    "back_svg",
    "card_filename",
    "card_label",
    "card_svg",
    "deck_cards",
    "write_deck",
]
