"""What a rules sheet says, before it is laid out: sections of paragraphs and rows of cards.

Each game's module builds a ``Sheet`` for one table (game, player count, options) in the current
language; ``render`` lays it out as HTML (and so as PDF) and ``text`` as plain terminal text.
Keeping the words apart from the layout lets the same sheet serve the browser, the CLI and print.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal

from cardtable.art import Deck, card_label
from cardtable.i18n import current_language


@dataclass(frozen=True)
class CardRow:
    """A row of card pictures with a caption; ``good`` marks a valid (True) or invalid (False)
    example, ``notes`` puts a short text under each card (e.g. its points)."""

    deck: Deck
    cards: tuple[str, ...]
    caption: str
    good: bool | None = None
    notes: tuple[str, ...] = ()


Block = str | CardRow


@dataclass(frozen=True)
class Section:
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Sheet:
    """One table's rules: a title, a line about the game, the table's own house rules stated as
    rules, then the sections that explain play."""

    game: str
    title: str
    summary: str
    house_title: str
    house: tuple[str, ...]
    sections: tuple[Section, ...]
    footer: str
    language: str = field(default_factory=current_language)
    #: The house-rule preset the table plays, by name, and its line (``engine/presets.py``):
    #: ``render.build_sheet`` fills them in for every game.
    preset_title: str = ""
    preset_description: str = ""


def locale() -> Locale:
    """The Babel locale of the current language (lists, numbers)."""
    return Locale.parse(current_language())


def number(value: int) -> str:
    """A number as the current language writes it (``1 000`` in Hungarian, ``1.000`` in pt_BR)."""
    return format_decimal(value, locale=locale())


def listing(items: list[str]) -> str:
    """``a, b and c`` in the current language."""
    return format_list(items, locale=locale())


def card_names(cards: tuple[str, ...], deck: Deck) -> str:
    """The cards' names as a list in a sentence: "the ace of coins and the ace of cups"."""
    return listing([card_label(card, deck) for card in cards])
