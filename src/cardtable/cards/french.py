"""The French-suited cards of Pontinho (PO-1, PO-2) and their notation.

A card is written rank then suit: ``As`` (ace of spades), ``Th`` (ten of hearts; ``10h`` is
accepted on input), ``7c``, ``Kd``. Ranks are ``A 2 3 4 5 6 7 8 9 T J Q K``, suits ``s h d c``.
The joker is ``*``. Pontinho plays with two 52-card decks and 4 jokers, 108 cards in all; every
card but the jokers exists twice, so a hand is a multiset of card *kinds*.

A kind is a small ``int``: ``suit * 13 + rank`` for the 52 natural cards (0‥51; rank 0 is the
ace, 12 the king; suits in ``s h d c`` order) and ``JOKER`` = 52. ``FrenchCard`` is an ``int``
subclass with one cached instance per kind, so hot loops work on plain integers while
``str(card)`` still reads as notation.

In a run a joker names the card it stands for, written ``*=6c`` (DESIGN.md): that is a
``JokerAs`` value, which is only meaningful inside a meld. ``parse_card`` reads the 53 kinds (what
a hand or a deck holds); ``parse_meld_card`` also reads ``*=6c``.

>>> parse_cards("As 10h *")
[As, Th, *]
>>> str(JokerAs(parse_card("6c")))
'*=6c'
>>> card_points(parse_card("Kd")), card_points(parse_card("Kd"), figure_points="10")
(13, 10)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, TypeAlias

from cardtable.cards.base import IndexedCard
from cardtable.errors import CardError, OptionError
from cardtable.i18n import _

FRENCH_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
FRENCH_SUITS: Final = ("s", "h", "d", "c")
JOKER_TEXT: Final = "*"

#: Number of natural kinds (52) and of all kinds including the joker (53).
NATURAL_KINDS: Final = 52
KINDS: Final = 53


class FrenchCard(IndexedCard):
    """One card kind: an ``int`` 0‥51 (``suit * 13 + rank``) or 52 (the joker), printed as notation.

    ``rank`` and ``suit`` are only defined for natural cards; asking the joker raises
    ``CardError``.
    """

    __slots__ = ()

    @property
    def is_joker(self) -> bool:
        return int(self) == NATURAL_KINDS

    @property
    def rank(self) -> int:
        """Rank index 0‥12 in ``FRENCH_RANKS`` order (ace 0, ten 9, jack 10, queen 11, king 12)."""
        if int(self) == NATURAL_KINDS:
            raise CardError(_("the joker has no rank of its own"))
        return int(self) % 13

    @property
    def suit(self) -> int:
        """Suit index 0‥3 in ``FRENCH_SUITS`` order (spades, hearts, diamonds, clubs)."""
        if int(self) == NATURAL_KINDS:
            raise CardError(_("the joker has no suit of its own"))
        return int(self) // 13

    @property
    def rank_symbol(self) -> str:
        return FRENCH_RANKS[self.rank]

    @property
    def suit_symbol(self) -> str:
        return FRENCH_SUITS[self.suit]

    @staticmethod
    def parse(text: str) -> FrenchCard:
        return parse_card(text)


#: The 53 kinds, indexed by their value: ``FRENCH_KINDS[k] is card`` for every card of kind k.
FRENCH_KINDS: tuple[FrenchCard, ...] = tuple(FrenchCard(i) for i in range(KINDS))
JOKER: Final[FrenchCard] = FRENCH_KINDS[NATURAL_KINDS]
#: PO-1: the 108 cards of a Pontinho table, in a fixed order: the first deck (spades, hearts,
#: diamonds, clubs, ace to king each), the second deck in the same order, then the 4 jokers.
FRENCH_DECK: tuple[FrenchCard, ...] = FRENCH_KINDS[:NATURAL_KINDS] * 2 + (JOKER,) * 4


def french_card(rank: int, suit: int) -> FrenchCard:
    """The natural card of ``rank`` (0‥12) and ``suit`` (0‥3)."""
    return FRENCH_KINDS[suit * 13 + rank]


@dataclass(frozen=True, slots=True, repr=False)
class JokerAs:
    """A joker laid in a run, standing for ``card``: prints as ``*=6c`` (DESIGN.md).

    In a hand or a deck it is simply a ``JOKER``; ``kind`` says so.
    """

    card: FrenchCard

    def __post_init__(self) -> None:
        card = self.card
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < NATURAL_KINDS:
            raise CardError(
                _("a joker stands for a natural card (e.g. *=6c), not {card!r}").format(card=card)
            )
        # Keep the singleton instance even when given a plain int.
        object.__setattr__(self, "card", FRENCH_KINDS[card])

    @property
    def kind(self) -> FrenchCard:
        """The kind this is in a hand: always ``JOKER``."""
        return JOKER

    @property
    def is_joker(self) -> bool:
        return True

    def __str__(self) -> str:
        return "*=" + _TEXT[self.card]

    def __repr__(self) -> str:
        return "*=" + _TEXT[self.card]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @staticmethod
    def parse(text: str) -> JokerAs:
        item = parse_meld_card(text)
        if isinstance(item, JokerAs):
            return item
        raise CardError(
            _(
                "{text!r} is not a joker standing for a card: write * then = then the card, "
                "e.g. *=6c"
            ).format(text=text)
        )


#: What a meld is written with: natural cards, bare jokers (``*``, in sets) and ``JokerAs``.
MeldCard: TypeAlias = FrenchCard | JokerAs

#: ``JOKER_AS[k]`` is the cached ``JokerAs`` standing for the natural card of kind ``k``.
JOKER_AS: tuple[JokerAs, ...] = tuple(JokerAs(FRENCH_KINDS[i]) for i in range(NATURAL_KINDS))


def kind_of(item: MeldCard) -> FrenchCard:
    """The kind an item of a meld takes from a hand: ``JOKER`` for ``*`` and ``*=6c`` alike."""
    return JOKER if isinstance(item, JokerAs) else item


_TEXT: tuple[str, ...] = tuple(
    FRENCH_RANKS[i % 13] + FRENCH_SUITS[i // 13] for i in range(NATURAL_KINDS)
) + (JOKER_TEXT,)
FrenchCard._texts = _TEXT
FrenchCard._cards = FRENCH_KINDS
_BY_TEXT: dict[str, FrenchCard] = {
    text: card for text, card in zip(_TEXT, FRENCH_KINDS, strict=True)
}
#: Canonical notation of the 53 kinds to plain ints, for bots and samplers reading views.
KIND_INDEX: dict[str, int] = {text: index for index, text in enumerate(_TEXT)}
_RANK_ALIASES: dict[str, int] = {}
for _i, _r in enumerate(FRENCH_RANKS):
    _RANK_ALIASES[_r] = _i
    _RANK_ALIASES[_r.lower()] = _i
_RANK_ALIASES["10"] = 9
_SUIT_ALIASES: dict[str, int] = {}
for _i, (_s, _symbols) in enumerate(zip(FRENCH_SUITS, ("♠♤", "♥♡", "♦♢", "♣♧"), strict=True)):
    for _alias in (_s, _s.upper(), *_symbols):
        _SUIT_ALIASES[_alias] = _i
# Obvious aliases: lower-case letters, ``10`` for ``T``, upper-case suits, suit symbols.
for _rank_text, _rank in _RANK_ALIASES.items():
    for _suit_text, _suit in _SUIT_ALIASES.items():
        _BY_TEXT.setdefault(_rank_text + _suit_text, FRENCH_KINDS[_suit * 13 + _rank])


def _expected() -> str:
    return _(
        "a French-deck card is a rank (A 2 3 4 5 6 7 8 9 T J Q K, or 10 for T) then a suit "
        "(s spades, h hearts, d diamonds, c clubs), e.g. As, Th, 7c; a joker is *"
    )


def parse_card(text: str) -> FrenchCard:
    """Parse one card kind, e.g. ``"As"``, ``"10h"`` or ``"*"``; raise ``CardError`` if malformed.

    ``*=6c`` (a joker in a run) is not a kind: read it with ``parse_meld_card``.
    """
    card = _BY_TEXT.get(text.strip()) if isinstance(text, str) else None
    if card is not None:
        return card
    raise CardError(_describe_bad_card(text))


def parse_meld_card(text: str) -> MeldCard:
    """Parse one item of a meld: a card kind as ``parse_card`` does, or ``*=6c`` (``JokerAs``)."""
    if isinstance(text, str):
        t = text.strip()
        if t.startswith("*="):
            rest = t[2:].strip()
            card = _BY_TEXT.get(rest)
            if card is not None and card != NATURAL_KINDS:
                return JOKER_AS[card]
            if card is not None or rest.startswith("*"):
                raise CardError(
                    _(
                        "{text!r}: a joker stands for a natural card, not for another joker; "
                        "write e.g. *=6c"
                    ).format(text=text)
                )
            if not rest:
                raise CardError(
                    _("{text!r}: write the card the joker stands for after '=', e.g. *=6c").format(
                        text=text
                    )
                )
            raise CardError(
                _("{text!r}: after '*=' comes the card the joker stands for; {problem}").format(
                    text=text, problem=_describe_bad_card(rest)
                )
            )
    return parse_card(text)


def _describe_bad_card(text: object) -> str:
    expected = _expected()
    if not isinstance(text, str):
        return _("{text!r} is not a card: {expected}").format(text=text, expected=expected)
    t = text.strip()
    if t.startswith("*="):
        return _(
            "{text!r} is a joker standing for a card, which is written only inside a run; "
            "here one card is expected: {expected}"
        ).format(text=text, expected=expected)
    if t.startswith("*"):
        return _("{text!r} is not a card: the joker is written * alone; {expected}").format(
            text=text, expected=expected
        )
    if len(t) >= 2:
        rank, suit = t[:-1], t[-1]
        rank_ok, suit_ok = rank in _RANK_ALIASES, suit in _SUIT_ALIASES
        if suit in "oOeEbB" and (rank_ok or rank in ("1",)):
            return _(
                "{text!r} looks like a Latin-deck card (suit o, e or b); Pontinho uses the "
                "French deck: {expected}"
            ).format(text=text, expected=expected)
        if suit_ok and not rank_ok:
            return _("{text!r}: {rank!r} is not a rank; {expected}").format(
                text=text, rank=rank, expected=expected
            )
        if rank_ok and not suit_ok:
            return _("{text!r}: {suit!r} is not a suit; {expected}").format(
                text=text, suit=suit, expected=expected
            )
    return _("{text!r} is not a card: {expected}").format(text=text, expected=expected)


def _split(text: str | Iterable[str]) -> list[str]:
    return text.replace(",", " ").split() if isinstance(text, str) else list(text)


def parse_cards(text: str | Iterable[str]) -> list[FrenchCard]:
    """Parse card kinds separated by spaces or commas, or an iterable of card texts."""
    return [parse_card(item) for item in _split(text)]


def parse_meld_cards(text: str | Iterable[str]) -> list[MeldCard]:
    """Parse the items of a meld as written (``"4c 5c *=6c 7c"``), keeping their order."""
    return [parse_meld_card(item) for item in _split(text)]


def format_cards(cards: Iterable[int | JokerAs]) -> str:
    """Cards (kinds or ``JokerAs``) as notation separated by single spaces."""
    return " ".join(str(c) if isinstance(c, JokerAs) else _TEXT[c] for c in cards)


def card_text(card: int) -> str:
    """Notation of a kind given as a plain ``int`` (fast paths use ints)."""
    return _TEXT[card]


# --- penalty points (PO-2) -------------------------------------------------------------------

#: PO-2 table option ``figure_points``: the source's ``13-12-11`` (default) or the common ``10``.
FIGURE_POINTS_CHOICES: Final = ("13-12-11", "10")
DEFAULT_FIGURE_POINTS: Final = "13-12-11"


def _points_table(figures: tuple[int, int, int]) -> tuple[int, ...]:
    by_rank = (15, 2, 3, 4, 5, 6, 7, 8, 9, 10) + figures
    return tuple(by_rank[i % 13] for i in range(NATURAL_KINDS)) + (20,)


#: Penalty points per kind (index 0‥52), one table per ``figure_points`` choice.
PENALTY_POINTS: Mapping[str, tuple[int, ...]] = {
    "13-12-11": _points_table((11, 12, 13)),
    "10": _points_table((10, 10, 10)),
}


def penalty_words(figure_points: str = DEFAULT_FIGURE_POINTS) -> dict[str, int]:
    """The PO-2 points as the texts state them (rules sheet, terminal help), read off the
    table so that no text restates a number: ``joker``, ``ace``, ``king``, ``queen``, ``jack``."""
    table = penalty_table(figure_points)
    return {name: table[KIND_INDEX[text]] for name, text in
            (("joker", "*"), ("ace", "As"), ("king", "Ks"), ("queen", "Qs"), ("jack", "Js"))}


def penalty_table(figure_points: str = DEFAULT_FIGURE_POINTS) -> tuple[int, ...]:
    """The PO-2 points of each kind (index 0‥52); ``OptionError`` for an unknown choice."""
    table = PENALTY_POINTS.get(figure_points)
    if table is None:
        raise OptionError(
            _("option figure_points must be one of {choices}, not {value!r}").format(
                choices=", ".join(FIGURE_POINTS_CHOICES), value=figure_points
            )
        )
    return table


def card_points(card: int | JokerAs, figure_points: str = DEFAULT_FIGURE_POINTS) -> int:
    """PO-2: joker 20, ace 15, K 13, Q 12, J 11 (or 10 each), 2‥10 their number."""
    return penalty_table(figure_points)[kind_of(card) if isinstance(card, JokerAs) else card]


def hand_points(cards: Iterable[int | JokerAs], figure_points: str = DEFAULT_FIGURE_POINTS) -> int:
    """PO-2 / PO-23: the penalty points of the cards left in a hand."""
    table = penalty_table(figure_points)
    return sum(table[NATURAL_KINDS if isinstance(c, JokerAs) else c] for c in cards)
