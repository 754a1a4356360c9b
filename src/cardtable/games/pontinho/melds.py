"""Pontinho's melds (PO-11 … PO-16): validation, lay-offs and enumeration, all in one place.

A meld is a **set** (trinca, PO-12) or a **run** (sequência, PO-13); jokers are wild (PO-11) but a
meld holds at least one natural card (PO-14). Everything that needs to know whether cards form a
meld — the game state, legal-action generation, bots, hints — asks this module.

Notation (DESIGN.md): in a set a joker is a bare ``*`` (``Ks Kh Kd *``); in a run it names the
card it stands for (``9h *=Th Jh``). Canonical text lists a set's natural cards in suit order
(``s h d c``) then its jokers, and a run's cards from low to high.

How written melds are read (``make_meld`` / ``parse_meld``):

- Natural cards and ``*=X`` jokers may be written in any order; the meld is normalised.
- With bare ``*`` only, a meld whose natural cards all have one rank is a **set** (``7h * *`` is a
  set of sevens, never the run 7h 8h 9h). Otherwise it is read as a **run written in order**,
  from low to high: each bare joker stands for the card of its position (``9h * Jh`` is 9h *=Th
  Jh; ``Qs Ks *`` is Qs Ks *=As), and the meld is normalised to ``*=X``. A run with bare jokers
  whose cards are not written in order is rejected with a message asking for ``*=X``. Nothing is
  guessed: the written order fixes every joker's card.
- ``*=X`` inside a set, or mixing ``*`` and ``*=X`` in one meld, is an error.
- A run of 2 … K plus one ace is the same meld whichever end the ace is at: it is normalised with
  the ace low (``Ah 2h … Kh``); likewise a 14-card run with one natural ace and one joker ace puts
  the natural ace low (``Ah 2h … Kh *=Ah``).

Run positions are 0‥13: position 0 is the low ace, ``p`` (1‥12) the card of rank index ``p`` (2 …
K), 13 the high ace. ``Meld.low`` and ``Meld.high`` are positions.

Sets and the table option ``four_suits`` (PO-12): a set's natural cards are of different suits
and each joker takes a missing suit's place, so a set has 3 or 4 cards. With the default
``with_joker`` (the source's examples: "KKKK — os quatro naipes, com coringa" is valid, "os 4
naipes sem coringa" is not) all four natural suits are allowed too, together with exactly one
joker: K♠ K♥ K♦ K♣ + joker, 5 cards. With ``joker_fills`` (the project's earlier reading) at most
three suits are natural and a set never has more than 4 cards. Every function that decides
whether cards form a set takes ``four_suits``; its default is the table option's default.
Reading a meld's text (``make_meld``) without a reading accepts both, so a table's state checks
a written meld against its own reading with ``check_reading``.

Lay-offs (PO-16): ``lay_off(meld, cards)`` returns the grown meld or raises ``MeldError``. Any
multi-card lay-off can be made one card at a time (a run grows at its ends, a set by any missing
suit or joker, and a joker before the fourth natural suit), so ``layoff_options(meld)`` — the
single items that fit — is enough for legal-action generation.

Enumeration: ``enumerate_melds(hand)`` lists every distinct meld a hand (a multiset of kinds) can
lay, jokers in every position and number the hand allows, each once, in canonical form;
``enumerate_melds_with(hand, card)`` those that use one extra card (the top discard, PO-7, PO-17).
Bound: per rank at most 29 sets (suit subsets × joker counts; 28 with ``joker_fills``); per
suit at most 77 windows of positions, each with at most ``sum(C(L, e) for e ≤ jokers)`` joker
placements. Measured (CPython 3.11, one core): a random 9-card hand with 2 jokers gives 35 melds
on average (at most ~125) in about 0.15 ms; with 4 jokers 71 (at most ~220) in 0.3 ms; 10
naturals of one suit and 2 jokers (5h … Ah * *) 798 melds in 2.5 ms; the whole 108-card deck
53 841 melds (377 sets, 53 464 runs; with ``joker_fills`` 364 sets) in 0.3 s. ``has_meld``
answers in about 10 µs. Built melds are cached (at most those 53 841), so enumeration in a
bot's inner loop allocates no new ``Meld``.

>>> str(parse_meld("Jh 9h *=Th"))
'9h *=Th Jh'
>>> str(parse_meld("Kd * Ks Kh"))
'Ks Kh Kd *'
>>> str(lay_off(parse_meld("Qs Ks *"), parse_meld_cards("Js")))
'Js Qs Ks *=As'
>>> str(lay_off(parse_meld("Ks Kh Kd *"), "Kc"))
'Ks Kh Kd Kc *'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Final, TypeAlias

from cardtable.cards.french import (
    FRENCH_KINDS,
    FRENCH_RANKS,
    FRENCH_SUITS,
    JOKER,
    JOKER_AS,
    KINDS,
    NATURAL_KINDS,
    FrenchCard,
    JokerAs,
    MeldCard,
    format_cards,
    parse_meld_card,
    parse_meld_cards,
)
from cardtable.errors import CardError, MeldError
from cardtable.i18n import _

__all__ = [
    "FOUR_SUITS_CHOICES",
    "MAX_RUN",
    "MAX_SET",
    "MIN_MELD",
    "FourSuits",
    "Hand",
    "Meld",
    "MeldKind",
    "check_reading",
    "enumerate_melds",
    "enumerate_melds_with",
    "has_meld",
    "has_meld_with",
    "hand_counts",
    "is_meld",
    "iter_melds",
    "lay_off",
    "layoff_kinds",
    "layoff_options",
    "make_meld",
    "parse_meld",
]

MIN_MELD: Final = 3  # PO-12, PO-13
#: PO-12: a set's most cards (four natural suits and one joker; 4 with ``joker_fills``).
MAX_SET: Final = 5
MAX_RUN: Final = 14  # PO-13: A 2 … K A
_LOW_ACE, _HIGH_ACE = 0, 13
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


def _five(four_suits: FourSuits | str) -> bool:
    """Whether ``four_suits`` allows the five-card set (raises on an unknown reading)."""
    return FourSuits(four_suits) is FourSuits.WITH_JOKER


def _set_fits(naturals: int, jokers: int, five: bool) -> bool:
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
        return not layoff_options(self)

    @staticmethod
    def parse(text: str) -> Meld:
        return parse_meld(text)


# --- building canonical melds (trusted) ------------------------------------------------------


# Every meld that can exist is cached once built (about 54 000: the whole deck's enumeration),
# so that repeated enumerations — bots call them in their inner loops — allocate nothing.
_SETS: dict[int, Meld] = {}
_RUNS: dict[int, Meld] = {}


def _set_meld(rank: int, suits: Iterable[int], jokers: int) -> Meld:
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


def _run_meld(suit: int, low: int, high: int, mask: int) -> Meld:
    """The run of ``suit`` over positions low‥high; bit p of ``mask`` set = a joker at p."""
    if low == 1 and high == _HIGH_ACE:
        # 2 … K A is the same meld as A 2 … K: the ace goes low.
        low, high = 0, 12
        mask = (mask & ~(1 << _HIGH_ACE)) | ((mask >> _HIGH_ACE) & 1)
    elif low == 0 and high == _HIGH_ACE and mask & 1 and not mask >> _HIGH_ACE & 1:
        mask = (mask & ~1) | (1 << _HIGH_ACE)  # the natural ace low, the joker ace high
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


# --- validation (PO-11 … PO-14) --------------------------------------------------------------


def _fail(message: str, items: Iterable[MeldCard] | str, **values: object) -> MeldError:
    shown = items if isinstance(items, str) else format_cards(items)
    return MeldError(message.format(meld=shown, **values))


def _examples() -> str:
    return _("valid melds look like 7s 7h 7d, Ks Kh Kd *, 4c 5c 6c or 9h *=Th Jh")


def _coerce(items: Iterable[MeldCard | int | str] | str) -> list[MeldCard]:
    if isinstance(items, str):
        return parse_meld_cards(items)
    out: list[MeldCard] = []
    for item in items:
        if isinstance(item, str):
            out.append(parse_meld_card(item))
        elif isinstance(item, JokerAs):
            out.append(item)
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < KINDS:
            out.append(FRENCH_KINDS[item])
        else:
            raise CardError(
                _("{item!r} is not a card of a meld: expected a card, * or *=6c").format(item=item)
            )
    return out


def make_meld(
    cards: Iterable[MeldCard | int | str] | str,
    four_suits: FourSuits | str = FourSuits.WITH_JOKER,
) -> Meld:
    """Validate cards as written in an action and return the canonical ``Meld``.

    Raises ``MeldError`` (with the rule id and an example of a valid meld) if they do not form a
    meld under the ``four_suits`` reading of PO-12, ``CardError`` if some text is not a card at
    all. See the module docstring for how bare jokers and the order of the cards are read.
    """
    items = _coerce(cards)
    n = len(items)
    if n < MIN_MELD:
        raise _fail(
            _("{meld!r}: a meld has at least 3 cards (PO-12, PO-13); {examples}"),
            items,
            examples=_examples(),
        )
    naturals = [c for c in items if not isinstance(c, JokerAs) and c != _JOKER]
    named = [c for c in items if isinstance(c, JokerAs)]
    bare = n - len(naturals) - len(named)
    if not naturals:
        raise _fail(
            _("{meld!r}: a meld must hold at least one natural card, not only jokers (PO-14)"),
            items,
        )
    if named and bare:
        raise _fail(
            _(
                "{meld!r}: in a run every joker names the card it stands for (*=6c) and in a "
                "set every joker is a bare *; this meld mixes both (PO-11); {examples}"
            ),
            items,
            examples=_examples(),
        )
    ranks = {c % 13 for c in naturals}
    suits = {c // 13 for c in naturals}
    if len(ranks) == 1 and not named:
        return _validate_set(items, naturals, bare, _five(four_suits))
    if len(ranks) == 1 and len(naturals) >= 2:
        raise _fail(
            _(
                "{meld!r}: in a set a joker is written as a bare *, e.g. Ks Kh Kd * "
                "(*=X names a card only in a run) (PO-12)"
            ),
            items,
        )
    if len(suits) == 1:
        suit = next(iter(suits))
        for joker in named:
            if joker.card // 13 != suit:
                raise _fail(
                    _(
                        "{meld!r}: the joker {joker} stands for a card of another suit than the "
                        "run's other cards; a run is of one suit (PO-13), e.g. 9h *=Th Jh"
                    ),
                    items,
                    joker=joker,
                )
    if len(suits) > 1:
        raise _fail(
            _(
                "{meld!r}: neither a set (cards of one rank, PO-12) nor a run (cards of one "
                "suit, PO-13); {examples}"
            ),
            items,
            examples=_examples(),
        )
    suit = suits.pop()
    if bare:
        return _run_in_written_order(items, suit)
    return _run_from_cards(items, suit)


def _validate_set(
    items: list[MeldCard], naturals: list[FrenchCard], jokers: int, five: bool
) -> Meld:
    seen: set[int] = set()
    for card in naturals:
        if card in seen:
            raise _fail(
                _(
                    "{meld!r}: a set's natural cards must be of different suits; {card} is "
                    "there twice (PO-12); valid sets look like 7s 7h 7d or Ks Kh Kd *"
                ),
                items,
                card=card,
            )
        seen.add(card)
    problem = _set_problem(len(naturals), jokers, five)
    if problem is not None:
        if len(naturals) < 4:
            # Too many jokers: perhaps a run was meant.
            raise _fail(
                _(
                    "{meld!r}: {problem} (PO-12); for a run, name the card each joker stands "
                    "for, e.g. 7h *=8h *=9h (PO-13)"
                ),
                items,
                problem=problem,
            )
        raise _fail(_("{meld!r}: {problem} (PO-12)"), items, problem=problem)
    return _set_meld(naturals[0] % 13, (c // 13 for c in naturals), jokers)


def _set_problem(naturals: int, jokers: int, five: bool) -> str | None:
    """Why ``naturals`` cards of different suits and ``jokers`` jokers are not a set of one
    rank (PO-12), in words for the player; None when they are one."""
    if _set_fits(naturals, jokers, five):
        return None
    if naturals + jokers < MIN_MELD:
        return _("a set has at least 3 cards")
    if naturals == 4 and not five:
        return _(
            "at most three suits of a set may be natural cards, and a joker takes the fourth "
            "suit's place, e.g. Ks Kh Kd * (this table plays four_suits=joker_fills)"
        )
    if naturals == 4 and jokers == 0:
        return _(
            "all four suits may be natural cards only when the set also holds a joker, "
            "e.g. Ks Kh Kd Kc *"
        )
    if naturals == 4:
        return _(
            "a set of all four natural suits holds exactly one joker; another joker would "
            "have no suit to fill"
        )
    return _(
        "each joker in a set takes the place of a missing suit, and this set would have more "
        "jokers than missing suits"
    )


def check_reading(meld: Meld, four_suits: FourSuits | str) -> None:
    """``MeldError`` if the valid ``meld`` is not a meld under this reading of PO-12 (only a
    five-card set can be one reading's meld and not the other's)."""
    if meld.is_set and not _set_fits(len(meld.naturals), meld.jokers, _five(four_suits)):
        problem = _set_problem(len(meld.naturals), meld.jokers, _five(four_suits))
        raise _fail(_("{meld!r}: {problem} (PO-12)"), meld.cards, problem=problem)


def _position_text(suit: int, position: int) -> str:
    return FRENCH_RANKS[position % 13] + FRENCH_SUITS[suit]


def _run_from_cards(items: list[MeldCard], suit: int) -> Meld:
    """A run whose jokers all name their card: the order of writing does not matter."""
    fixed: dict[int, MeldCard] = {}
    aces: list[MeldCard] = []
    for item in items:
        rank = (item.card if isinstance(item, JokerAs) else item) % 13
        if rank == 0:
            aces.append(item)
            continue
        if rank in fixed:
            raise _fail(
                _(
                    "{meld!r}: {card} and {other} stand for the same card; a run has one card "
                    "per rank (PO-13)"
                ),
                items,
                card=fixed[rank],
                other=item,
            )
        fixed[rank] = item
    if len(aces) > 2:
        raise _fail(
            _("{meld!r}: a run holds at most two aces, one low and one high (PO-13)"), items
        )
    # Try the aces low and/or high; keep the placements that make consecutive positions.
    options: list[dict[int, MeldCard]] = []
    if not aces:
        options.append(fixed)
    elif len(aces) == 1:
        options.extend({**fixed, p: aces[0]} for p in (_LOW_ACE, _HIGH_ACE))
    else:
        # Two aces: one low, one high; the natural one low (canonical form).
        first, second = sorted(aces, key=lambda a: isinstance(a, JokerAs))
        options.append({**fixed, _LOW_ACE: first, _HIGH_ACE: second})
    for placed in options:
        low, high = min(placed), max(placed)
        if high - low + 1 == len(placed):
            mask = sum(1 << p for p, item in placed.items() if isinstance(item, JokerAs))
            return _run_meld(suit, low, high, mask)
    # Explain: the missing cards of the tightest placement.
    best = min(options, key=lambda placed: max(placed) - min(placed))
    missing = [p for p in range(min(best), max(best) + 1) if p not in best]
    if aces and 1 in fixed and 12 in fixed:
        raise _fail(
            _(
                "{meld!r}: a run does not wrap around: the ace is low (A 2 3) or high (Q K A), "
                "and both only in A 2 … K A (PO-13)"
            ),
            items,
        )
    raise _fail(
        _(
            "{meld!r}: a run's ranks must be consecutive; missing {missing} (a joker may stand "
            "for a missing card, e.g. 9h *=Th Jh) (PO-13)"
        ),
        items,
        missing=" ".join(_position_text(suit, p) for p in missing),
    )


def _run_in_written_order(items: list[MeldCard], suit: int) -> Meld:
    """A run with bare jokers: the cards are read in the written order, low to high."""
    kinds = [c for c in items if not isinstance(c, JokerAs)]  # no *=X here: all bare
    first = next(i for i, c in enumerate(kinds) if c != _JOKER)
    first_rank = kinds[first] % 13
    starts = (_LOW_ACE - first, _HIGH_ACE - first) if first_rank == 0 else (first_rank - first,)
    n = len(items)
    for start in starts:
        if start < 0 or start + n - 1 > _HIGH_ACE:
            continue
        if all(c == _JOKER or c % 13 == (start + i) % 13 for i, c in enumerate(kinds)):
            mask = sum(1 << (start + i) for i, c in enumerate(kinds) if c == _JOKER)
            return _run_meld(suit, start, start + n - 1, mask)
    raise _fail(
        _(
            "{meld!r}: a run with bare jokers must be written in order from low to high, each "
            "* in the place of the card it stands for (e.g. 9h * Jh), within A 2 … K A; or name "
            "the card each joker stands for (9h *=Th Jh) (PO-13)"
        ),
        items,
    )


def parse_meld(text: str) -> Meld:
    """Parse a meld as written in an action (``"4c 5c *=6c 7c"``) and validate it."""
    return make_meld(text)


def is_meld(
    cards: Iterable[MeldCard | int | str] | str,
    four_suits: FourSuits | str = FourSuits.WITH_JOKER,
) -> bool:
    """True if ``cards`` form a valid meld (``make_meld`` would not raise ``MeldError``)."""
    try:
        make_meld(cards, four_suits)
    except MeldError:
        return False
    return True


# --- lay-offs (PO-16) ------------------------------------------------------------------------


def layoff_options(
    meld: Meld, four_suits: FourSuits | str = FourSuits.WITH_JOKER
) -> tuple[MeldCard, ...]:
    """Every single item that can be laid off on ``meld`` now, as it is written in an action.

    A set: each missing suit's natural card and ``*``, where the grown set is still one under
    the ``four_suits`` reading of PO-12 (with the default, K♣ on K♠ K♥ K♦ + joker). A run: the
    natural card and the ``*=X`` joker at each open end.
    """
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        five = _five(four_suits)
        naturals = meld.naturals
        jokers = meld.jokers
        out: list[MeldCard] = []
        if _set_fits(len(naturals) + 1, jokers, five):
            have = set(naturals)
            out.extend(
                FRENCH_KINDS[s * 13 + meld.rank] for s in range(4) if s * 13 + meld.rank not in have
            )
        if _set_fits(len(naturals), jokers + 1, five):
            out.append(JOKER)
        return tuple(out)
    assert meld.suit is not None and meld.low is not None and meld.high is not None
    base = meld.suit * 13
    ends = [p for p in (meld.low - 1, meld.high + 1) if _LOW_ACE <= p <= _HIGH_ACE]
    kinds = list(dict.fromkeys(base + p % 13 for p in ends))
    return tuple(item for k in kinds for item in (FRENCH_KINDS[k], JOKER_AS[k]))


def layoff_kinds(
    meld: Meld, four_suits: FourSuits | str = FourSuits.WITH_JOKER
) -> frozenset[FrenchCard]:
    """The kinds from a hand that can be laid off on ``meld`` one at a time (``JOKER`` too)."""
    return frozenset(
        JOKER if isinstance(c, JokerAs) else c for c in layoff_options(meld, four_suits)
    )


def lay_off(
    meld: Meld,
    cards: Iterable[MeldCard | int | str] | str,
    four_suits: FourSuits | str = FourSuits.WITH_JOKER,
) -> Meld:
    """PO-16: ``meld`` with ``cards`` added; ``MeldError`` if the result would not be a meld.

    A set takes missing suits and bare jokers while it stays a set under the ``four_suits``
    reading of PO-12. A run grows at its ends, by natural cards or jokers naming their card
    (``*=8c``); a bare ``*`` is accepted only when exactly one place fits it. The jokers
    already laid keep their cards (PO-15).
    """
    added = _coerce(cards)
    if not added:
        raise _fail(_("nothing to lay off on {meld}: name at least one card (PO-16)"), str(meld))
    if meld.kind is MeldKind.SET:
        return _lay_off_set(meld, added, _five(four_suits))
    return _lay_off_run(meld, added)


def _layoff_error(
    meld: Meld, added: list[MeldCard], reason: str | None = None, five: bool = True
) -> MeldError:
    """The refusal of a lay-off, naming its ``reason`` (for a run: it grows at its ends)."""
    options = layoff_options(meld, FourSuits.WITH_JOKER if five else FourSuits.JOKER_FILLS)
    if not options:
        return MeldError(
            _("{cards} cannot be laid off on {meld}: it is complete (PO-12, PO-13, PO-16)").format(
                cards=format_cards(added), meld=meld
            )
        )
    rule = reason if reason is not None else _("a run grows at its ends")
    return MeldError(
        _("{cards} cannot be laid off on {meld}: {rule} (PO-16); it can take {options}").format(
            cards=format_cards(added), meld=meld, rule=rule, options=format_cards(options)
        )
    )


def _lay_off_set(meld: Meld, added: list[MeldCard], five: bool) -> Meld:
    assert meld.rank is not None
    if any(isinstance(c, JokerAs) for c in added):
        raise MeldError(
            _(
                "{cards} cannot be laid off on {meld}: in a set a joker is a bare *, "
                "e.g. Ks Kh Kd * (PO-12)"
            ).format(cards=format_cards(added), meld=meld)
        )
    naturals = list(meld.naturals) + [
        c for c in added if not isinstance(c, JokerAs) and c != _JOKER
    ]
    strangers = [c for c in naturals if c % 13 != meld.rank]
    if strangers:
        reason = _("a set holds cards of one rank, and {card} is not of its rank").format(
            card=strangers[0]
        )
        raise _layoff_error(meld, added, reason, five)
    repeated = [c for c in naturals if naturals.count(c) > 1]
    if repeated:
        reason = _("the set already holds {card}, and a set takes each suit once").format(
            card=repeated[0]
        )
        raise _layoff_error(meld, added, reason, five)
    jokers = meld.jokers + sum(1 for c in added if c == _JOKER)
    problem = _set_problem(len(naturals), jokers, five)
    if problem is not None:
        raise _layoff_error(meld, added, problem, five)
    return _set_meld(meld.rank, (c // 13 for c in naturals), jokers)


def _lay_off_run(meld: Meld, added: list[MeldCard]) -> Meld:
    suit, low, high = meld.suit, meld.low, meld.high
    assert suit is not None and low is not None and high is not None
    old_mask = 0
    for p, item in enumerate(meld.cards, start=low):
        if isinstance(item, JokerAs):
            old_mask |= 1 << p
    named: list[tuple[tuple[int, ...], bool]] = []  # candidate positions, is a joker
    bare = 0
    for item in added:
        if item == _JOKER and not isinstance(item, JokerAs):
            bare += 1
            continue
        card = item.card if isinstance(item, JokerAs) else item
        if card // 13 != suit:
            raise _layoff_error(meld, added)
        rank = card % 13
        named.append(((_LOW_ACE, _HIGH_ACE) if rank == 0 else (rank,), isinstance(item, JokerAs)))
    total = high - low + 1 + len(added)
    results: set[Meld] = set()
    for choice in _products([cands for cands, _joker in named]):
        occupied = set(range(low, high + 1))
        mask = old_mask
        ok = True
        for p, (_cands, is_joker) in zip(choice, named, strict=True):
            if p in occupied:
                ok = False
                break
            occupied.add(p)
            if is_joker:
                mask |= 1 << p
        if not ok:
            continue
        lo_min, hi_max = min(occupied), max(occupied)
        for start in range(max(0, hi_max - total + 1), min(lo_min, _HIGH_ACE - total + 1) + 1):
            span = range(start, start + total)
            free = [p for p in span if p not in occupied]
            if len(free) != bare:
                continue
            full = mask | sum(1 << p for p in free)
            results.add(_run_meld(suit, start, start + total - 1, full))
    if len(results) == 1:
        return results.pop()
    if not results:
        raise _layoff_error(meld, added)
    raise MeldError(
        _(
            "{cards} on {meld} is ambiguous: name the card each joker stands for, "
            "e.g. {example} (PO-13, PO-16)"
        ).format(
            cards=format_cards(added),
            meld=meld,
            example=" or ".join(str(j) for j in layoff_options(meld) if isinstance(j, JokerAs)),
        )
    )


def _products(options: list[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
    if not options:
        yield ()
        return
    for head in options[0]:
        for rest in _products(options[1:]):
            yield (head, *rest)


# --- enumeration -----------------------------------------------------------------------------


def hand_counts(hand: Hand) -> list[int]:
    """A hand as a list of 53 counts indexed by kind (52 = jokers)."""
    counts = [0] * KINDS
    if isinstance(hand, Mapping):
        for kind, count in hand.items():
            counts[kind] += count
    else:
        for card in hand:
            counts[_JOKER if isinstance(card, JokerAs) else card] += 1
    return counts


def _iter_sets(
    counts: list[int], rank: int, five: bool, need_suit: int | None = None
) -> Iterator[Meld]:
    """Sets of ``rank`` (PO-12): suit subsets of up to three natural suits with the jokers
    that fill missing suits, then (``five``) all four suits with one joker."""
    jokers = counts[_JOKER]
    suits = [s for s in range(4) if counts[s * 13 + rank]]
    if len(suits) + jokers < MIN_MELD:
        return
    for size in range(1, min(3, len(suits)) + 1):
        for chosen in combinations(suits, size):
            if need_suit is not None and need_suit not in chosen:
                continue
            for k in range(max(0, MIN_MELD - size), min(jokers, 4 - size) + 1):
                yield _set_meld(rank, chosen, k)
    if five and len(suits) == 4 and jokers:
        yield _set_meld(rank, suits, 1)


def _iter_runs(counts: list[int], suit: int, need_position: int | None = None) -> Iterator[Meld]:
    """Runs of ``suit``; with ``need_position``, only those with a natural card there.

    For a natural ace, ``need_position`` is 0 and a natural ace at either end qualifies.
    Windows of positions grow from each low end; a window stops growing once it lacks more
    natural cards than there are jokers. Each window yields every placement of the jokers: the
    positions without a natural card, plus any choice of natural positions, at least one
    natural card left.
    """
    jokers = counts[_JOKER]
    base = suit * 13
    have = 0
    for p in range(_HIGH_ACE + 1):
        if counts[base + p % 13]:
            have |= 1 << p
    if not have:
        return
    if jokers < 2:
        # Quick exit: no 3-card window holds 3 - jokers natural cards.
        triples = have & have >> 1 & have >> 2
        pairs = have & have >> 1 | have & have >> 2 | have >> 1 & have >> 2 & ~(~0 << 12)
        if not (triples if jokers == 0 else pairs):
            return
    one_ace = counts[base] == 1
    high_ace_bit = 1 << _HIGH_ACE
    for low in range(_HIGH_ACE - 1):
        forced = 0
        missing = 0
        optional: list[int] = []  # bits of the window's positions holding a natural card
        for high in range(low, _HIGH_ACE + 1):
            bit = 1 << high
            if have & bit:
                optional.append(bit)
            else:
                forced |= bit
                missing += 1
                if missing > jokers:
                    break
            length = high - low + 1
            if length < MIN_MELD or (low == 1 and high == _HIGH_ACE):
                continue  # 2 … K A is enumerated as A 2 … K
            both_aces = low == _LOW_ACE and high == _HIGH_ACE
            if need_position is not None and need_position != _LOW_ACE:
                if not low <= need_position <= high:
                    continue
                need_bit = 1 << need_position
            for extra in range(min(jokers - missing, length - 1 - missing) + 1):
                for chosen in combinations(optional, extra):
                    mask = forced
                    for b in chosen:
                        mask |= b
                    if both_aces:
                        if mask & 1 and not mask & high_ace_bit:
                            continue  # canonical: the natural ace low, the joker high
                        if one_ace and not mask & high_ace_bit:
                            continue  # a single natural ace cannot be at both ends
                    if need_position is not None:
                        if need_position == _LOW_ACE:
                            if not (
                                (low == _LOW_ACE and not mask & 1)
                                or (high == _HIGH_ACE and not mask & high_ace_bit)
                            ):
                                continue
                        elif mask & need_bit:
                            continue
                    yield _run_meld(suit, low, high, mask)


def iter_melds(hand: Hand, four_suits: FourSuits | str = FourSuits.WITH_JOKER) -> Iterator[Meld]:
    """Every distinct meld ``hand`` can lay, each once, canonical (sets by rank, then runs)."""
    return _iter_counts(hand_counts(hand), _five(four_suits))


def _iter_counts(counts: list[int], five: bool) -> Iterator[Meld]:
    if not any(counts[:NATURAL_KINDS]):
        return
    for rank in range(13):
        yield from _iter_sets(counts, rank, five)
    for suit in range(4):
        yield from _iter_runs(counts, suit)


def enumerate_melds(hand: Hand, four_suits: FourSuits | str = FourSuits.WITH_JOKER) -> list[Meld]:
    """Every distinct meld the multiset ``hand`` can lay (PO-11 … PO-14), in canonical form.

    Jokers appear in every position and number the hand allows, including in place of natural
    cards the hand holds. Order: sets by rank (suit subsets, then joker counts, then the
    five-card set that ``four_suits=with_joker`` allows), then runs by suit, low position, high
    position.
    """
    return list(iter_melds(hand, four_suits))


def _iter_melds_with(hand: Hand, card: int, five: bool) -> Iterator[Meld]:
    counts = hand_counts(hand)
    if not 0 <= card < KINDS:
        raise CardError(_("{card!r} is not a card kind (0‥52)").format(card=card))
    counts[card] += 1
    if card == _JOKER:
        for meld in _iter_counts(counts, five):
            if meld.jokers:
                yield meld
        return
    rank, suit = card % 13, card // 13
    yield from _iter_sets(counts, rank, five, need_suit=suit)
    yield from _iter_runs(counts, suit, need_position=rank)


def enumerate_melds_with(
    hand: Hand, card: int | JokerAs, four_suits: FourSuits | str = FourSuits.WITH_JOKER
) -> list[Meld]:
    """Every distinct meld made of ``card`` (the top discard) plus at least two hand cards.

    For ``take`` and ``advance`` (PO-7, PO-17). A natural ``card`` appears as itself in each
    meld (not replaced by a joker); a discarded joker (``JOKER``) is one of each meld's jokers.
    Every meld has at least 3 cards, so at least two come from the hand.
    """
    kind = JOKER if isinstance(card, JokerAs) else card
    return list(_iter_melds_with(hand, kind, _five(four_suits)))


def has_meld_with(hand: Hand, card: int | JokerAs) -> bool:
    """True if ``hand`` can lay some meld with ``card`` (e.g. can this player advance?); the
    same under both readings of PO-12, as a five-card set holds a three-card one."""
    kind = JOKER if isinstance(card, JokerAs) else card
    return next(_iter_melds_with(hand, kind, False), None) is not None


def has_meld(hand: Hand) -> bool:
    """True if ``hand`` holds at least one meld; fast, builds no ``Meld``."""
    counts = hand_counts(hand)
    jokers = counts[_JOKER]
    if not any(counts[:NATURAL_KINDS]):
        return False
    if jokers >= 2:
        return True  # any natural card and two jokers make a set
    for rank in range(13):
        suits = (counts[rank] > 0) + (counts[13 + rank] > 0)
        suits += (counts[26 + rank] > 0) + (counts[39 + rank] > 0)
        if suits + jokers >= MIN_MELD:
            return True
    # A longer run with at most one joker holds a valid 3-card run: look at 3-card windows.
    for base in (0, 13, 26, 39):
        have = 0
        for p in range(_HIGH_ACE + 1):
            if counts[base + p % 13]:
                have |= 1 << p
        if have & have >> 1 & have >> 2:
            return True
        if jokers and (have & have >> 1 | have & have >> 2):
            return True
    return False
