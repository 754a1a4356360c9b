"""What a table of the French-deck game (Pontinho) draws with: card colours, suits, melds.

The four-colour deck (spades plain, hearts red, diamonds blue, clubs green; jokers magenta), as
``latin`` is for the Latin deck's tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from cardtable.cards.french import JOKER_TEXT
from cardtable.terminal.base import painted

#: The table keeps one width from turn to turn, so that it does not jump about.
PANEL_WIDTH = 80
#: Four-colour deck: spades plain, hearts red, diamonds blue, clubs green; jokers magenta.
SUIT_STYLES = {"s": "bold", "h": "bold red", "d": "bold bright_blue", "c": "bold green"}
JOKER_STYLE = "bold magenta"
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def card(text: str) -> Text:
    """A card (``Qd``, ``*``) or a meld item (``*=6c``), coloured by its suit."""
    if text.startswith(JOKER_TEXT):
        return Text(text, style=JOKER_STYLE)
    return Text(text, style=SUIT_STYLES.get(text[-1:], "bold"))


def cards(texts: Sequence[str], separator: str = " ") -> Text:
    return Text(separator).join(card(text) for text in texts)


def meld_text(text: str) -> Text:
    """A meld's canonical text (``9h *=Th Jh``), coloured item by item."""
    return cards(text.split())


def _painted_cards(shown: Any) -> Text:
    return meld_text(str(shown))


_PAINTERS = {"card": _painted_cards, "cards": _painted_cards, "meld": _painted_cards}


def styled(template: str, **values: object) -> Text:
    """``template`` formatted, its ``{card}``, ``{cards}`` and ``{meld}`` fields coloured as
    cards (translations may move them anywhere in the sentence)."""
    return painted(template, _PAINTERS, **values)
