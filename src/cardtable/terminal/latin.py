"""What the tables of the Latin-deck games (Punttu, Putto) share: card colours and layout."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text

from cardtable.terminal.base import painted

#: Suit colours of the Latin deck: oros gold, copas red, espadas blue, bastos green.
SUIT_STYLES = {"o": "bold yellow", "c": "bold red", "e": "bold bright_blue", "b": "bold green"}

#: The table keeps one width from turn to turn, so that it does not jump about.
PANEL_WIDTH = 72


def card(text: str) -> Text:
    """A card's notation, coloured by its suit."""
    return Text(text, style=SUIT_STYLES.get(text[-1:], "bold"))


def cards(texts: Sequence[str], separator: str = " ") -> Text:
    """Several cards, coloured, separated by ``separator``."""
    return Text(separator).join(card(text) for text in texts)


def with_cards(template: str, **values: object) -> Text:
    """``template`` formatted, with every ``{card}`` / ``{cards}`` field coloured as cards.

    ``values["card"]`` is one card's text, ``values["cards"]`` a list of them; translations may
    move the fields anywhere in the sentence.
    """
    return painted(template, _PAINTERS, **values)


def _cards_of(shown: Any) -> Text:
    assert isinstance(shown, list)
    return cards([str(c) for c in shown])


_PAINTERS: dict[str, Callable[[Any], Text]] = {
    "card": lambda shown: card(str(shown)),
    "cards": _cards_of,
}
