"""The ``Meld`` value (PO-11 … PO-15), its kinds, PO-12's two readings, and built melds cached.

Run positions are 0‥13: position 0 is the low ace, ``p`` (1‥12) the card of rank index ``p`` (2 …
K), 13 the high ace. ``Meld.low`` and ``Meld.high`` are positions. ``set_meld`` and ``run_meld``
build a meld from trusted parts (the other modules of the package have checked them) and keep
it: every meld that can exist is built once, so enumerations in a bot's inner loop allocate
nothing, and ``memo`` can key its tables by a meld's ``id()``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, TypeAlias

from cardtable.cards.french import (
    FRENCH_KINDS,
    JOKER,
    JOKER_AS,
    NATURAL_KINDS,
    FrenchCard,
    JokerAs,
    MeldCard,
    format_cards,
)

MIN_MELD: Final = 3  # PO-12, PO-13
#: PO-12: a set's most cards (four natural suits and one joker; 4 with ``joker_fills``).
MAX_SET: Final = 5
MAX_RUN: Final = 14  # PO-13: A 2 … K A
#: Run positions of the low and the high ace.
LOW_ACE, HIGH_ACE = 0, 13
_JOKER = NATURAL_KINDS

#: A hand as given to the enumeration: a multiset of kinds, as a ``Counter``/mapping of kind to
#: count or as an iterable of kinds (``FrenchCard`` or ``int``; a ``JokerAs`` counts as a joker).
Hand: TypeAlias = Mapping[int, int] | Iterable[int | JokerAs]


class MeldKind(StrEnum):
    SET = "set"  # trinca, PO-12
    RUN = "run"  # sequência, PO-13


class FourSuits(StrEnum):
    """PO-12's table option ``four_suits``: may a set hold all four suits as natural cards?"""

    #: Yes, together with one joker (5 cards): the source's examples. The default.
    WITH_JOKER = "with_joker"
    #: No: at most three natural suits, a joker filling the fourth (at most 4 cards).
    JOKER_FILLS = "joker_fills"


FOUR_SUITS_CHOICES: Final = tuple(str(choice) for choice in FourSuits)


def allows_five(four_suits: FourSuits | str) -> bool:
    """Whether ``four_suits`` allows the five-card set (raises on an unknown reading)."""
    return FourSuits(four_suits) is FourSuits.WITH_JOKER


def set_fits(naturals: int, jokers: int, five: bool) -> bool:
    """PO-12: whether a set of ``naturals`` different suits and ``jokers`` jokers is valid:
    3 or 4 cards with every joker in a missing suit's place, or (``five``) all four suits
    natural and exactly one joker."""
    if naturals + jokers < MIN_MELD or naturals < 1:
        return False
    if naturals <= 3:
        return naturals + jokers <= 4
    return five and naturals == 4 and jokers == 1


@dataclass(frozen=True, slots=True, repr=False)
class Meld:
    """A valid meld in canonical form; ``str(meld)`` is its canonical text.

    Build one with ``make_meld``/``parse_meld``/``lay_off`` or get them from ``enumerate_melds``:
    the constructor trusts its arguments. Two equal melds are the same cards in the same roles.

    - ``kind``: ``MeldKind.SET`` or ``MeldKind.RUN``.
    - ``cards``: the items in canonical order — natural ``FrenchCard``, bare ``JOKER`` (sets) or
      ``JokerAs`` (runs).
    - ``rank``: a set's rank index 0‥12, ``None`` for runs.
    - ``suit``: a run's suit index 0‥3, ``None`` for sets.
    - ``low``, ``high``: a run's first and last positions (0 low ace, 1‥12 two … king, 13 high
      ace), ``None`` for sets.
    """

    kind: MeldKind
    cards: tuple[MeldCard, ...]
    rank: int | None = None
    suit: int | None = None
    low: int | None = None
    high: int | None = None

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Meld({format_cards(self.cards)!r})"

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[MeldCard]:
        return iter(self.cards)

    @property
    def text(self) -> str:
        """The canonical text, e.g. ``4c 5c *=6c 7c`` or ``Ks Kh Kd *``."""
        return format_cards(self.cards)

    @property
    def is_set(self) -> bool:
        return self.kind is MeldKind.SET

    @property
    def is_run(self) -> bool:
        return self.kind is MeldKind.RUN

    @property
    def naturals(self) -> tuple[FrenchCard, ...]:
        """The natural cards, in canonical order."""
        return tuple(c for c in self.cards if not isinstance(c, JokerAs) and c != _JOKER)

    @property
    def jokers(self) -> int:
        """How many jokers the meld holds."""
        return sum(1 for c in self.cards if isinstance(c, JokerAs) or c == _JOKER)

    @property
    def joker_cards(self) -> tuple[FrenchCard, ...]:
        """For a run, the card each joker stands for, low to high (empty for a set)."""
        return tuple(c.card for c in self.cards if isinstance(c, JokerAs))

    @property
    def kinds(self) -> tuple[FrenchCard, ...]:
        """The kinds the meld takes from a hand (``JOKER`` for every joker), canonical order."""
        return tuple(JOKER if isinstance(c, JokerAs) else c for c in self.cards)

    @property
    def is_full(self) -> bool:
        """True when nothing more can be laid off on it with the default reading of PO-12 (a
        5-card set, a 4-card set that already holds two jokers, a 14-card run)."""
        from cardtable.games.pontinho.melds.layoffs import layoff_options  # noqa: PLC0415

        return not layoff_options(self)

    @staticmethod
    def parse(text: str) -> Meld:
        from cardtable.games.pontinho.melds.reading import parse_meld  # noqa: PLC0415

        return parse_meld(text)


# Every meld that can exist is cached once built (about 54 000: the whole deck's enumeration),
# so that repeated enumerations — bots call them in their inner loops — allocate nothing.
_SETS: dict[int, Meld] = {}
_RUNS: dict[int, Meld] = {}


def set_meld(rank: int, suits: Iterable[int], jokers: int) -> Meld:
    """The set of ``rank`` with natural cards of ``suits`` and ``jokers`` jokers."""
    suit_bits = 0
    for s in suits:
        suit_bits |= 1 << s
    key = (rank << 8) | (suit_bits << 3) | jokers
    meld = _SETS.get(key)
    if meld is None:
        cards: tuple[MeldCard, ...] = tuple(
            FRENCH_KINDS[s * 13 + rank] for s in range(4) if suit_bits >> s & 1
        )
        meld = _SETS[key] = Meld(MeldKind.SET, cards + (JOKER,) * jokers, rank=rank)
    return meld


def run_meld(suit: int, low: int, high: int, mask: int) -> Meld:
    """The run of ``suit`` over positions low‥high; bit p of ``mask`` set = a joker at p."""
    if low == 1 and high == HIGH_ACE:
        # 2 … K A is the same meld as A 2 … K: the ace goes low.
        low, high = 0, 12
        mask = (mask & ~(1 << HIGH_ACE)) | ((mask >> HIGH_ACE) & 1)
    elif low == 0 and high == HIGH_ACE and mask & 1 and not mask >> HIGH_ACE & 1:
        mask = (mask & ~1) | (1 << HIGH_ACE)  # the natural ace low, the joker ace high
    key = (((suit << 4 | low) << 4 | high) << 14) | mask
    meld = _RUNS.get(key)
    if meld is None:
        base = suit * 13
        cards = tuple(
            JOKER_AS[base + p % 13] if mask >> p & 1 else FRENCH_KINDS[base + p % 13]
            for p in range(low, high + 1)
        )
        meld = Meld(MeldKind.RUN, cards, suit=suit, low=low, high=high)
        if mask.bit_count() <= 4:  # PO-1: four jokers; keeps the cache bounded
            _RUNS[key] = meld
    return meld
