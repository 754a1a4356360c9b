"""The Latin-suited 40-card deck (Spanish and Italian packs) and its notation.

A card is written rank then suit: ``Ao`` (ace of oros/coins), ``7e`` (seven of espadas/swords),
``Kb`` (king of bastos/clubs). Ranks are ``A 2 3 4 5 6 7 J Q K``; J, Q and K are the three figures
(sota/fante/bubi, caballo/cavallo/dáma, rey/re/király). Suits are ``o c e b``.

Cards are small ``int`` values (0‥39, ``suit * 10 + rank``) so that the games' hot loops work on
plain integers, while ``str(card)`` and ``repr(card)`` still read as notation. Each card exists
once: ``LatinCard.parse`` and ``LATIN_DECK[i]`` return the same objects.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards.base import IndexedCard
from cardtable.errors import CardError
from cardtable.i18n import _

LATIN_RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
LATIN_SUITS = ("o", "c", "e", "b")


class LatinCard(IndexedCard):
    """One card of the Latin 40-card deck: an ``int`` 0‥39 that prints as its notation."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """Rank index 0‥9 in ``LATIN_RANKS`` order (ace 0, seven 6, jack 7, queen 8, king 9)."""
        return int(self) % 10

    @property
    def suit(self) -> int:
        """Suit index 0‥3 in ``LATIN_SUITS`` order (oros, copas, espadas, bastos)."""
        return int(self) // 10

    @property
    def rank_symbol(self) -> str:
        return LATIN_RANKS[self.rank]

    @property
    def suit_symbol(self) -> str:
        return LATIN_SUITS[self.suit]

    @property
    def is_figure(self) -> bool:
        return self.rank >= 7

    @staticmethod
    def parse(text: str) -> LatinCard:
        return parse_card(text)


LATIN_DECK: tuple[LatinCard, ...] = tuple(LatinCard(i) for i in range(40))
_TEXT: tuple[str, ...] = tuple(LATIN_RANKS[i % 10] + LATIN_SUITS[i // 10] for i in range(40))
LatinCard._texts = _TEXT
LatinCard._cards = LATIN_DECK
_BY_TEXT: dict[str, LatinCard] = {text: card for text, card in zip(_TEXT, LATIN_DECK, strict=True)}
#: Canonical notation to plain card int, for bots and samplers that read views in hot loops.
CARD_INDEX: dict[str, int] = {text: index for index, text in enumerate(_TEXT)}
# Obvious aliases: lower-case figures and aces, ``1`` for the ace, upper-case suits.
for _card, _text in zip(LATIN_DECK, _TEXT, strict=True):
    for _rank in {_text[0], _text[0].lower(), "1" if _text[0] == "A" else _text[0]}:
        for _suit in (_text[1], _text[1].upper()):
            _BY_TEXT.setdefault(_rank + _suit, _card)


def parse_card(text: str) -> LatinCard:
    """Parse one card, e.g. ``"Ao"``; raise ``CardError`` saying what was expected."""
    card = _BY_TEXT.get(text.strip()) if isinstance(text, str) else None
    if card is not None:
        return card
    raise CardError(_describe_bad_card(text))


def _describe_bad_card(text: object) -> str:
    expected = _(
        "a Latin-deck card is a rank (A 2 3 4 5 6 7 J Q K) then a suit "
        "(o oros, c copas, e espadas, b bastos), e.g. Ao, 7e, Kb"
    )
    if not isinstance(text, str):
        return _("{text!r} is not a card: {expected}").format(text=text, expected=expected)
    t = text.strip()
    if len(t) >= 2 and t[:-1] in ("8", "9", "10", "T", "t") and t[-1].lower() in LATIN_SUITS:
        return _(
            "{text!r} is not a card of the Latin 40-card deck: it has no 8, 9 or 10; {expected}"
        ).format(text=text, expected=expected)
    if len(t) >= 2 and t[-1].lower() in "shd" and t[:-1].upper() in LATIN_RANKS + ("T", "8", "9"):
        return _("{text!r} looks like a French-suited card; {expected}").format(
            text=text, expected=expected
        )
    return _("{text!r} is not a card: {expected}").format(text=text, expected=expected)


def parse_cards(text: str | Iterable[str]) -> list[LatinCard]:
    """Parse cards separated by spaces or commas, or an iterable of card texts."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items]


def format_cards(cards: Iterable[int]) -> str:
    """Cards as notation separated by single spaces."""
    return " ".join(_TEXT[c] for c in cards)


def card_text(card: int) -> str:
    """Notation of a card given as a plain ``int`` (the games' fast paths use ints)."""
    return _TEXT[card]
