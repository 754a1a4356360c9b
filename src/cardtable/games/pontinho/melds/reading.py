"""Reading a meld as written in an action (PO-11 … PO-14): the canonical ``Meld``, or why not.

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

Reading a meld's text without a reading of PO-12 accepts both, so a table's state checks a
written meld against its own reading with ``check_reading``. Every refusal names the rule and
shows a valid meld (``set_problem`` words a set's problem for the lay-offs too).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards.french import (
    FRENCH_KINDS,
    FRENCH_RANKS,
    FRENCH_SUITS,
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
from cardtable.games.pontinho.melds.meld import (
    HIGH_ACE,
    LOW_ACE,
    MIN_MELD,
    FourSuits,
    Meld,
    allows_five,
    run_meld,
    set_fits,
    set_meld,
)
from cardtable.i18n import _

_JOKER = NATURAL_KINDS


def fail(message: str, items: Iterable[MeldCard] | str, **values: object) -> MeldError:
    shown = items if isinstance(items, str) else format_cards(items)
    return MeldError(message.format(meld=shown, **values))


def examples() -> str:
    return _("valid melds look like 7s 7h 7d, Ks Kh Kd *, 4c 5c 6c or 9h *=Th Jh")


def coerce(items: Iterable[MeldCard | int | str] | str) -> list[MeldCard]:
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
    items = coerce(cards)
    n = len(items)
    if n < MIN_MELD:
        raise fail(
            _("{meld!r}: a meld has at least 3 cards (PO-12, PO-13); {examples}"),
            items,
            examples=examples(),
        )
    naturals = [c for c in items if not isinstance(c, JokerAs) and c != _JOKER]
    named = [c for c in items if isinstance(c, JokerAs)]
    bare = n - len(naturals) - len(named)
    if not naturals:
        raise fail(
            _("{meld!r}: a meld must hold at least one natural card, not only jokers (PO-14)"),
            items,
        )
    if named and bare:
        raise fail(
            _(
                "{meld!r}: in a run every joker names the card it stands for (*=6c) and in a "
                "set every joker is a bare *; this meld mixes both (PO-11); {examples}"
            ),
            items,
            examples=examples(),
        )
    ranks = {c % 13 for c in naturals}
    suits = {c // 13 for c in naturals}
    if len(ranks) == 1 and not named:
        return _validate_set(items, naturals, bare, allows_five(four_suits))
    if len(ranks) == 1 and len(naturals) >= 2:
        raise fail(
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
                raise fail(
                    _(
                        "{meld!r}: the joker {joker} stands for a card of another suit than the "
                        "run's other cards; a run is of one suit (PO-13), e.g. 9h *=Th Jh"
                    ),
                    items,
                    joker=joker,
                )
    if len(suits) > 1:
        raise fail(
            _(
                "{meld!r}: neither a set (cards of one rank, PO-12) nor a run (cards of one "
                "suit, PO-13); {examples}"
            ),
            items,
            examples=examples(),
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
            raise fail(
                _(
                    "{meld!r}: a set's natural cards must be of different suits; {card} is "
                    "there twice (PO-12); valid sets look like 7s 7h 7d or Ks Kh Kd *"
                ),
                items,
                card=card,
            )
        seen.add(card)
    problem = set_problem(len(naturals), jokers, five)
    if problem is not None:
        if len(naturals) < 4:
            # Too many jokers: perhaps a run was meant.
            raise fail(
                _(
                    "{meld!r}: {problem} (PO-12); for a run, name the card each joker stands "
                    "for, e.g. 7h *=8h *=9h (PO-13)"
                ),
                items,
                problem=problem,
            )
        raise fail(_("{meld!r}: {problem} (PO-12)"), items, problem=problem)
    return set_meld(naturals[0] % 13, (c // 13 for c in naturals), jokers)


def set_problem(naturals: int, jokers: int, five: bool) -> str | None:
    """Why ``naturals`` cards of different suits and ``jokers`` jokers are not a set of one
    rank (PO-12), in words for the player; None when they are one."""
    if set_fits(naturals, jokers, five):
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
    if meld.is_set and not set_fits(len(meld.naturals), meld.jokers, allows_five(four_suits)):
        problem = set_problem(len(meld.naturals), meld.jokers, allows_five(four_suits))
        raise fail(_("{meld!r}: {problem} (PO-12)"), meld.cards, problem=problem)


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
            raise fail(
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
        raise fail(_("{meld!r}: a run holds at most two aces, one low and one high (PO-13)"), items)
    # Try the aces low and/or high; keep the placements that make consecutive positions.
    options: list[dict[int, MeldCard]] = []
    if not aces:
        options.append(fixed)
    elif len(aces) == 1:
        options.extend({**fixed, p: aces[0]} for p in (LOW_ACE, HIGH_ACE))
    else:
        # Two aces: one low, one high; the natural one low (canonical form).
        first, second = sorted(aces, key=lambda a: isinstance(a, JokerAs))
        options.append({**fixed, LOW_ACE: first, HIGH_ACE: second})
    for placed in options:
        low, high = min(placed), max(placed)
        if high - low + 1 == len(placed):
            mask = sum(1 << p for p, item in placed.items() if isinstance(item, JokerAs))
            return run_meld(suit, low, high, mask)
    # Explain: the missing cards of the tightest placement.
    best = min(options, key=lambda placed: max(placed) - min(placed))
    missing = [p for p in range(min(best), max(best) + 1) if p not in best]
    if aces and 1 in fixed and 12 in fixed:
        raise fail(
            _(
                "{meld!r}: a run does not wrap around: the ace is low (A 2 3) or high (Q K A), "
                "and both only in A 2 … K A (PO-13)"
            ),
            items,
        )
    raise fail(
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
    starts = (LOW_ACE - first, HIGH_ACE - first) if first_rank == 0 else (first_rank - first,)
    n = len(items)
    for start in starts:
        if start < 0 or start + n - 1 > HIGH_ACE:
            continue
        if all(c == _JOKER or c % 13 == (start + i) % 13 for i, c in enumerate(kinds)):
            mask = sum(1 << (start + i) for i, c in enumerate(kinds) if c == _JOKER)
            return run_meld(suit, start, start + n - 1, mask)
    raise fail(
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
