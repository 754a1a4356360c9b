"""Lay-offs (PO-16): what a meld on the table takes, and the meld it grows into.

``lay_off(meld, cards)`` returns the grown meld or raises ``MeldError``. Any multi-card lay-off
can be made one card at a time (a run grows at its ends, a set by any missing suit or joker, and
a joker before the fourth natural suit), so ``layoff_options(meld)`` — the single items that
fit — is enough for legal-action generation. The jokers already laid keep their cards (PO-15).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

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
from cardtable.errors import MeldError
from cardtable.games.pontinho.melds.meld import (
    HIGH_ACE,
    LOW_ACE,
    FourSuits,
    Meld,
    MeldKind,
    allows_five,
    run_meld,
    set_fits,
    set_meld,
)
from cardtable.games.pontinho.melds.reading import coerce, fail, set_problem
from cardtable.i18n import _

_JOKER = NATURAL_KINDS


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
        five = allows_five(four_suits)
        naturals = meld.naturals
        jokers = meld.jokers
        out: list[MeldCard] = []
        if set_fits(len(naturals) + 1, jokers, five):
            have = set(naturals)
            out.extend(
                FRENCH_KINDS[s * 13 + meld.rank] for s in range(4) if s * 13 + meld.rank not in have
            )
        if set_fits(len(naturals), jokers + 1, five):
            out.append(JOKER)
        return tuple(out)
    assert meld.suit is not None and meld.low is not None and meld.high is not None
    base = meld.suit * 13
    ends = [p for p in (meld.low - 1, meld.high + 1) if LOW_ACE <= p <= HIGH_ACE]
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
    added = coerce(cards)
    if not added:
        raise fail(_("nothing to lay off on {meld}: name at least one card (PO-16)"), str(meld))
    if meld.kind is MeldKind.SET:
        return _lay_off_set(meld, added, allows_five(four_suits))
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
    problem = set_problem(len(naturals), jokers, five)
    if problem is not None:
        raise _layoff_error(meld, added, problem, five)
    return set_meld(meld.rank, (c // 13 for c in naturals), jokers)


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
        named.append(((LOW_ACE, HIGH_ACE) if rank == 0 else (rank,), isinstance(item, JokerAs)))
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
        for start in range(max(0, hi_max - total + 1), min(lo_min, HIGH_ACE - total + 1) + 1):
            span = range(start, start + total)
            free = [p for p in span if p not in occupied]
            if len(free) != bare:
                continue
            full = mask | sum(1 << p for p in free)
            results.add(run_meld(suit, start, start + total - 1, full))
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
