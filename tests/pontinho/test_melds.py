"""Pontinho melds (PO-11 … PO-16): validation by rule id, lay-offs, perft-style enumeration counts
and hypothesis properties (every enumerated meld validates and round-trips, uses only the hand's
cards, agrees with a brute-force oracle built on the validator)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards.french import (
    FRENCH_DECK,
    FRENCH_KINDS,
    JOKER,
    JokerAs,
    MeldCard,
    format_cards,
    parse_card,
    parse_cards,
    parse_meld_cards,
)
from cardtable.errors import CardError, MeldError
from cardtable.games.pontinho.melds import (
    FourSuits,
    Meld,
    MeldKind,
    check_reading,
    enumerate_melds,
    enumerate_melds_with,
    has_meld,
    has_meld_with,
    is_meld,
    lay_off,
    layoff_kinds,
    layoff_options,
    make_meld,
    parse_meld,
)

rule = pytest.mark.rule


def hand(text: str) -> list[int]:
    return list(parse_cards(text))


# --- validation ------------------------------------------------------------------------------


@rule("PO-12")
@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("7s 7h 7d", "7s 7h 7d"),  # the rule's examples
        ("Ks Kh Kd *", "Ks Kh Kd *"),
        ("8s 8h *", "8s 8h *"),
        ("Kd * Ks Kh", "Ks Kh Kd *"),  # any order, normalised
        ("7c 7d 7h", "7h 7d 7c"),
        ("7h * *", "7h * *"),  # bare jokers with one rank: a set
        ("Qc * * *", "Qc * * *"),  # one natural suit, three jokers
        ("As Ac * *", "As Ac * *"),
        ("Kc Kd * Ks Kh", "Ks Kh Kd Kc *"),  # PO-12: the four suits with a joker, 5 cards
    ],
)
def test_valid_sets(written: str, canonical: str) -> None:
    meld = parse_meld(written)
    assert meld.kind is MeldKind.SET and meld.is_set
    assert str(meld) == meld.text == canonical
    assert meld.rank == parse_meld_cards(written)[0 if written[0] != "*" else 1] % 13
    assert meld.suit is meld.low is meld.high is None
    assert parse_meld(str(meld)) == meld


@rule("PO-12")
@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("5s 5s 5h", ["different suits", "5s is there twice", "PO-12"]),
        # PO-12: the four natural suits only with a joker ("os 4 naipes sem coringa")
        ("Ks Kh Kd Kc", ["all four suits", "also holds a joker", "Ks Kh Kd Kc *", "PO-12"]),
        ("Ks Kh Kd Kc * *", ["exactly one joker", "no suit to fill", "PO-12"]),
        ("7s 7h 7d * *", ["more jokers than missing suits", "PO-12"]),
        ("Ks Kh * * *", ["more jokers than missing suits", "PO-12"]),
        ("7h * * * *", ["more jokers than missing suits", "7h *=8h *=9h"]),
        ("7s 7h *=7d", ["bare *", "PO-12"]),
    ],
)
def test_invalid_sets(written: str, words: list[str]) -> None:
    with pytest.raises(MeldError) as info:
        parse_meld(written)
    for word in words:
        assert word in str(info.value)
    assert not is_meld(written)
    assert not is_meld(written, FourSuits.JOKER_FILLS)


@rule("PO-12")
def test_four_suits_joker_fills_keeps_sets_to_four_cards() -> None:
    """The other reading (table option four_suits=joker_fills): at most three natural suits."""
    with pytest.raises(MeldError) as info:
        make_meld("Ks Kh Kd Kc *", FourSuits.JOKER_FILLS)
    assert "at most three suits" in str(info.value)
    assert "four_suits=joker_fills" in str(info.value)
    five = parse_meld("Ks Kh Kd Kc *")
    check_reading(five, FourSuits.WITH_JOKER)
    with pytest.raises(MeldError, match="at most three suits"):
        check_reading(five, FourSuits.JOKER_FILLS)
    check_reading(parse_meld("Ks Kh Kd *"), FourSuits.JOKER_FILLS)
    assert is_meld("Ks Kh Kd *", FourSuits.JOKER_FILLS)
    with pytest.raises(ValueError):
        is_meld("Ks Kh Kd *", "sometimes")


@rule("PO-13")
@pytest.mark.parametrize(
    ("written", "canonical", "low", "high"),
    [
        ("4s 5s 6s", "4s 5s 6s", 3, 5),
        ("6s 4s 5s", "4s 5s 6s", 3, 5),  # naturals in any order
        ("9h *=Th Jh", "9h *=Th Jh", 8, 10),  # the rule's example
        ("*=Th Jh 9h", "9h *=Th Jh", 8, 10),  # *=X in any order
        ("9h * Jh", "9h *=Th Jh", 8, 10),  # bare joker, written in order
        ("Qs Ks *", "Qs Ks *=As", 11, 13),
        ("* * As", "As * *", None, None),  # bare jokers, one rank: a set (see below)
        ("As 2s 3s", "As 2s 3s", 0, 2),  # ace low
        ("Qd Kd Ad", "Qd Kd Ad", 11, 13),  # ace high
        ("*=Qd Kd Ad", "*=Qd Kd Ad", 11, 13),
        ("Ad *=2d *=3d", "Ad *=2d *=3d", 0, 2),
        ("7c *=8c *=9c", "7c *=8c *=9c", 6, 8),  # one natural card is enough (PO-14)
        (
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah",
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah",
            0,
            13,
        ),
        # the same 13 cards whichever end the ace is at: normalised ace low
        ("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", 0, 12),
        # 14 cards, one natural ace and one joker ace: the natural ace low
        (
            "*=Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah",
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh *=Ah",
            0,
            13,
        ),
        ("* 2c 3c 4c", "*=Ac 2c 3c 4c", 0, 3),
        ("Jc Qc Kc * ", "Jc Qc Kc *=Ac", 10, 13),
    ],
)
def test_valid_runs(written: str, canonical: str, low: int | None, high: int | None) -> None:
    meld = parse_meld(written)
    assert str(meld) == canonical
    assert parse_meld(str(meld)) == meld
    if low is None:
        assert meld.kind is MeldKind.SET
        return
    assert meld.kind is MeldKind.RUN and meld.is_run
    assert (meld.low, meld.high) == (low, high)
    assert meld.rank is None and meld.suit == "shdc".index(canonical[-1])


@rule("PO-13")
@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("4s 5h 6s", ["neither a set", "nor a run", "PO-13"]),  # the rule's example
        ("Ks As 2s", ["does not wrap around", "PO-13"]),  # no wrap-around
        ("Qs Ks As 2s", ["does not wrap around"]),
        ("4c 6c 8c", ["consecutive", "missing 5c 7c"]),
        ("9h *=Qh Jh", ["missing Th"]),  # a *=X contradicting its place
        ("9h *=Ts Jh", ["*=Ts", "another suit"]),
        ("9h *=Th Th", ["*=Th and Th stand for the same card"]),
        ("Jh 9h *", ["written in order", "*=Th"]),  # bare joker, cards out of order
        ("* As 2s", ["written in order"]),  # nothing below the low ace
        ("Ks As * *", ["written in order"]),  # nothing above the high ace
        ("As 2s 3s As As", ["at most two aces"]),
        ("9h *=Th * Jh", ["mixes both"]),
        ("9h Th", ["at least 3 cards"]),
    ],
)
def test_invalid_runs(written: str, words: list[str]) -> None:
    with pytest.raises(MeldError) as info:
        parse_meld(written)
    for word in words:
        assert word in str(info.value)


@rule("PO-14")
@pytest.mark.parametrize("written", ["* * *", "*=4c *=5c *=6c", "* * * *"])
def test_all_joker_meld_rejected(written: str) -> None:
    with pytest.raises(MeldError, match="PO-14"):
        parse_meld(written)


def test_make_meld_accepts_values_and_reports_bad_text() -> None:
    c4, c5, c6 = parse_cards("4c 5c 6c")
    assert make_meld([c4, c5, JokerAs(c6)]) == parse_meld("4c 5c *=6c")
    assert make_meld([int(c4), int(c5), int(c6)]) == parse_meld("4c 5c 6c")
    assert make_meld(["4c", "5c", "6c"]) == Meld.parse("4c 5c 6c")
    with pytest.raises(CardError):
        parse_meld("4c 5c 6x")
    with pytest.raises(CardError):
        make_meld([c4, c5, 99])


def test_meld_properties() -> None:
    meld = parse_meld("4c 5c *=6c 7c *=8c")
    assert meld.naturals == tuple(parse_cards("4c 5c 7c"))
    assert meld.jokers == 2 and meld.joker_cards == tuple(parse_cards("6c 8c"))
    assert meld.kinds == tuple(parse_cards("4c 5c * 7c *"))
    assert len(meld) == 5 and list(meld) == list(meld.cards)
    assert repr(meld) == "Meld('4c 5c *=6c 7c *=8c')"
    s = parse_meld("Ks Kh *")
    assert s.jokers == 1 and s.joker_cards == () and s.naturals == tuple(parse_cards("Ks Kh"))
    assert hash(meld) == hash(parse_meld("*=8c 7c *=6c 5c 4c"))


# --- lay-offs --------------------------------------------------------------------------------


@rule("PO-16")
@pytest.mark.parametrize(
    ("meld", "added", "result"),
    [
        ("4c 5c 6c", "3c", "3c 4c 5c 6c"),  # either end
        ("4c 5c 6c", "7c", "4c 5c 6c 7c"),
        ("4c 5c 6c", "*=7c", "4c 5c 6c *=7c"),  # a joker at an end, naming its card
        ("4c 5c 6c", "*=3c", "*=3c 4c 5c 6c"),
        ("*=3c 4c 5c", "*=2c", "*=2c *=3c 4c 5c"),
        ("4c 5c 6c", "8c *=7c", "4c 5c 6c *=7c 8c"),  # several at once
        ("4c 5c 6c", "2c 3c 7c", "2c 3c 4c 5c 6c 7c"),
        ("4c 5c 6c", "8c *", "4c 5c 6c *=7c 8c"),  # a bare joker where only one place fits
        ("Ah 2h 3h", "*", "Ah 2h 3h *=4h"),  # the low end is closed
        ("Jh Qh Kh", "Ah", "Jh Qh Kh Ah"),  # ace high after the king
        ("2h 3h 4h", "Ah", "Ah 2h 3h 4h"),  # ace low before the two
        ("Jh Qh Kh", "*=Ah", "Jh Qh Kh *=Ah"),
        ("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", "Ah", "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"),
        (
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh",
            "Ah",
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah",
        ),
        (
            "*=Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh",
            "Ah",
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh *=Ah",
        ),
        ("7s 7h 7d", "*", "7s 7h 7d *"),  # a set to four with a joker
        ("Ks Kh Kd *", "Kc", "Ks Kh Kd Kc *"),  # PO-16: the fourth suit joins a joker set
        ("7s 7h 7d", "7c *", "7s 7h 7d 7c *"),  # the fourth suit with a joker, at once
        ("7s 7h *", "7d 7c", "7s 7h 7d 7c *"),
        ("7s 7h *", "7d", "7s 7h 7d *"),  # a missing suit
        ("7s * *", "7c", "7s 7c * *"),
        ("7s * *", "*", "7s * * *"),
        ("7s 7h *", "*", "7s 7h * *"),
    ],
)
def test_lay_off(meld: str, added: str, result: str) -> None:
    before = parse_meld(meld)
    after = lay_off(before, added)
    assert str(after) == result
    assert make_meld(after.cards) == after
    assert len(after) == len(before) + len(added.split())
    # PO-15: what was laid stays, jokers keep their cards
    assert not Counter(before.cards) - Counter(after.cards)


@rule("PO-16")
@pytest.mark.parametrize(
    ("meld", "added", "words"),
    [
        ("4c 5c 6c", "8c", ["grows at its ends", "it can take 3c *=3c 7c *=7c"]),
        ("4c 5c 6c", "7d", ["grows at its ends"]),
        ("4c 5c 6c", "5c", ["grows at its ends"]),
        ("4c 5c 6c", "*", ["ambiguous", "*=3c or *=7c"]),
        ("Qh Kh Ah", "2h", ["grows at its ends"]),  # no wrap-around
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", "*=Ah", ["complete"]),
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh *=Ah", "2h", ["complete"]),
        # the real reason: 7c is the missing suit, but four natural suits need a joker too
        ("7s 7h 7d", "7c", ["all four suits", "also holds a joker", "it can take *"]),
        ("7s 7h *", "7s", ["already holds 7s", "each suit once"]),  # duplicate suit
        ("7s 7h 7d *", "*", ["more jokers than missing suits", "it can take 7c"]),
        ("Ks Kh Kd Kc *", "*", ["complete"]),
        ("7s 7h *", "8s", ["8s is not of its rank"]),
        ("7s 7h *", "*=7d", ["bare *"]),
        ("7s 7h *", "", ["nothing to lay off"]),
    ],
)
def test_lay_off_rejected(meld: str, added: str, words: list[str]) -> None:
    with pytest.raises(MeldError) as info:
        lay_off(parse_meld(meld), added)
    for word in words:
        assert word in str(info.value)


@rule("PO-16")
@pytest.mark.parametrize(
    ("meld", "options"),
    [
        ("4c 5c 6c", "3c *=3c 7c *=7c"),
        ("As 2s 3s", "4s *=4s"),
        ("Qs Ks As", "Js *=Js"),
        ("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", "Ah *=Ah"),  # either end: the same card
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", "Ah *=Ah"),
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", ""),
        ("7s 7h 7d", "*"),
        ("7s 7h *", "7d 7c *"),
        ("7s * *", "7h 7d 7c *"),
        ("7s 7h 7d *", "7c"),  # PO-16 with PO-12's default: five cards
        ("Ks Kh Kd Kc *", ""),
        ("7s 7h * *", ""),
    ],
)
def test_layoff_options(meld: str, options: str) -> None:
    m = parse_meld(meld)
    assert format_cards(layoff_options(m)) == options
    assert m.is_full == (options == "")
    assert layoff_kinds(m) == {JOKER if isinstance(c, JokerAs) else c for c in layoff_options(m)}
    for item in layoff_options(m):
        assert len(lay_off(m, [item])) == len(m) + 1


@rule("PO-12", "PO-16")
def test_lay_offs_with_four_suits_joker_fills() -> None:
    """The other reading: a set of three natural suits and a joker is complete."""
    joker_fills = FourSuits.JOKER_FILLS
    assert layoff_options(parse_meld("7s 7h 7d *"), joker_fills) == ()
    assert format_cards(layoff_options(parse_meld("7s 7h 7d"), joker_fills)) == "*"
    assert format_cards(layoff_options(parse_meld("7s 7h *"), joker_fills)) == "7d 7c *"
    with pytest.raises(MeldError, match="complete"):
        lay_off(parse_meld("7s 7h 7d *"), "7c", joker_fills)
    with pytest.raises(MeldError, match="four_suits=joker_fills"):
        lay_off(parse_meld("7s 7h 7d"), "7c", joker_fills)
    with pytest.raises(MeldError, match="four_suits=joker_fills"):
        lay_off(parse_meld("7s 7h *"), "7d 7c", joker_fills)


# --- enumeration: counts derived by hand ----------------------------------------------------


def kinds_count(melds: Iterable[Meld]) -> dict[str, int]:
    counts = Counter(str(m.kind) for m in melds)
    return {"set": counts["set"], "run": counts["run"]}


#: (hand, sets, runs), each derived by hand in the comment.
ENUMERATION_CASES = [
    ("", 0, 0),
    ("7s 7h", 0, 0),
    ("7s 7h 7d", 1, 0),
    # sets: shd+0, shd+*, three pairs + *; no run (a natural and one joker are 2 cards)
    ("7s 7h 7d *", 5, 0),
    # 7s 7h 7d, four choices of three suits of four (no joker: four natural suits need one)
    ("7s 7h 7d 7c", 4, 0),
    # three suits of four with 0 or 1 joker (4·2), two suits and the joker (6), and the four
    # suits with the joker (PO-12): 15; no run (each suit's one card and the joker make 2)
    ("7s 7h 7d 7c *", 15, 0),
    # two copies change nothing: a set uses each suit once
    ("7s 7s 7h 7h 7d", 1, 0),
    # 456, *=3 4 5, 5 6 *=7, 456 with one of three replaced, *=3 456, 456 *=7
    ("4c 5c 6c *", 0, 1 + 2 + 3 + 2),
    ("As 2s *", 0, 1),  # As 2s *=3s only
    # QKA, one of three replaced, *=J Q K A, *=J Q K
    ("Qh Kh Ah *", 0, 1 + 3 + 1 + 1),
    # set 5d * *; runs of 3 holding 5d: 3 windows
    ("5d * *", 1, 3),
    # set Ah * *; A *=2 *=3 and *=Q *=K A
    ("Ah * *", 1, 2),
    ("As 2s 3s 4s", 0, 3),  # windows A-3, 2-4, A-4
    # one natural and four jokers: sets with 2 or 3 jokers; runs of 3, 4, 5 holding 7h: 3+4+5
    ("7h * * * *", 2, 12),
    # the ace: runs and Q-A, J-A, T-A
    ("Ah * * * *", 2, 6),
    # a whole suit without jokers: 78 windows of positions 0..13 of length ≥ 3, less A..A (one
    # ace only) and 2..A (the same meld as A..K)
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", 0, 76),
    ("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", 0, 55),  # windows within 2..K: 10+9+…+1
    ("2s 3s 4s 9d", 0, 1),  # 2s 3s 4s; 9d helps nothing
]


@pytest.mark.parametrize(("text", "sets", "runs"), ENUMERATION_CASES)
def test_enumeration_counts(text: str, sets: int, runs: int) -> None:
    melds = enumerate_melds(hand(text))
    assert kinds_count(melds) == {"set": sets, "run": runs}, [str(m) for m in melds]
    assert len(set(melds)) == len(melds)
    assert has_meld(hand(text)) == bool(melds)


def test_enumeration_of_the_whole_deck() -> None:
    """Perft-style total for all 108 cards (4 jokers): pins the generator down."""
    melds = enumerate_melds(FRENCH_DECK)
    # Sets per rank: suit subsets of size 3 with 0 or 1 joker (4·2), size 2 with 1 or 2 (6·2),
    # size 1 with 2 or 3 (4·2), and the four suits with one joker (PO-12): 29 per rank.
    assert kinds_count(melds)["set"] == 13 * 29
    assert len(set(melds)) == len(melds)
    assert kinds_count(melds)["run"] == RUNS_PER_SUIT_FULL_DECK * 4
    # The other reading of PO-12 has no five-card set: 28 per rank.
    joker_fills = enumerate_melds(FRENCH_DECK, FourSuits.JOKER_FILLS)
    assert kinds_count(joker_fills) == {"set": 13 * 28, "run": RUNS_PER_SUIT_FULL_DECK * 4}
    assert set(melds) - set(joker_fills) == {m for m in melds if m.is_set and len(m) == 5}


def _runs_per_suit_with_two_aces_and_four_jokers() -> int:
    """By counting: for each window of positions (0 = low ace … 13 = high ace) the joker
    placements with ≤ 4 jokers and ≥ 1 natural card, less duplicates of the canonical form."""
    from math import comb

    total = 0
    for low in range(14):
        for high in range(low + 2, 14):
            length = high - low + 1
            if (low, high) == (1, 13):
                continue  # 2 … K A is A 2 … K
            n = sum(comb(length, e) for e in range(min(4, length - 1) + 1))
            if (low, high) == (0, 13):
                # joker at the low ace only: the same as the joker at the high ace
                n -= sum(comb(12, e - 1) for e in range(1, 5))
            total += n
    return total


RUNS_PER_SUIT_FULL_DECK = _runs_per_suit_with_two_aces_and_four_jokers()


@pytest.mark.parametrize(
    ("text", "card", "expected"),
    [
        ("8s 8h", "8d", ["8s 8h 8d"]),
        ("8s 8h 8d", "8d", ["8s 8h 8d"]),
        ("8s 8h *", "8d", ["8s 8h 8d", "8s 8d *", "8h 8d *", "8s 8h 8d *"]),
        # runs of hearts holding a natural Th (taken, never replaced by the joker)
        (
            "9h Jh *",
            "Th",
            [
                "*=8h 9h Th",
                "*=8h 9h Th Jh",
                "9h Th Jh",
                "*=9h Th Jh",
                "9h Th *=Jh",
                "9h Th Jh *=Qh",
                "Th Jh *=Qh",
            ],
        ),
        ("5c 6c", "*", ["*=4c 5c 6c", "5c 6c *=7c"]),
        ("Kd Qd", "Ad", ["Qd Kd Ad"]),
        ("2d 3d", "Ad", ["Ad 2d 3d"]),
        ("9h Jh", "Th", ["9h Th Jh"]),
        ("9h Qh", "Th", []),
        ("9h 9s", "Th", []),
    ],
)
def test_enumeration_with_a_forced_card(text: str, card: str, expected: list[str]) -> None:
    melds = enumerate_melds_with(hand(text), parse_card(card))
    assert sorted(str(m) for m in melds) == sorted(expected)
    assert has_meld_with(hand(text), parse_card(card)) == bool(expected)


def test_enumeration_timing_bound() -> None:
    """A 10-card hand with 4 jokers stays small (documented bound, a few ms)."""
    melds = enumerate_melds(hand("7s 7h 8h 9h Th 7d * * * *"))
    assert 0 < len(melds) < 2000
    assert all(len(m) <= 10 for m in melds)


# --- properties ------------------------------------------------------------------------------

#: A small universe so that random hands often hold melds: two suits, ranks A 2 3 4 5 Q K.
_UNIVERSE = [c for c in FRENCH_KINDS[:52] if c.suit in (0, 1) and c.rank in (0, 1, 2, 3, 4, 11, 12)]


@st.composite
def hands(draw: st.DrawFn, max_size: int = 9) -> list[int]:
    naturals = draw(st.lists(st.sampled_from(_UNIVERSE), max_size=max_size))
    counts = Counter(naturals)
    cards: list[int] = [c for c, n in counts.items() for _ in range(min(n, 2))]
    jokers = draw(st.integers(0, 4))
    return cards + [JOKER] * jokers


def _fits(meld: Meld, available: Counter[int]) -> bool:
    return not Counter(int(k) for k in meld.kinds) - available


@given(hands())
def test_enumerated_melds_validate_round_trip_and_fit_the_hand(cards: list[int]) -> None:
    melds = enumerate_melds(cards)
    available = Counter(cards)
    assert len(set(melds)) == len(melds)
    for meld in melds:
        assert make_meld(meld.cards) == meld
        assert parse_meld(str(meld)) == meld
        assert _fits(meld, available)
        assert meld.naturals
    assert has_meld(cards) == bool(melds)


@given(hands(max_size=8), st.sampled_from([*_UNIVERSE, JOKER]))
def test_enumeration_with_a_forced_card_properties(cards: list[int], card: int) -> None:
    melds = enumerate_melds_with(cards, card)
    available = Counter(cards)
    for meld in melds:
        assert make_meld(meld.cards) == meld
        kinds = Counter(int(k) for k in meld.kinds)
        if card == JOKER:
            assert meld.jokers >= 1
        else:
            assert card in meld.naturals
        kinds[card] -= 1
        assert not kinds - available  # the rest comes from the hand …
        assert kinds.total() >= 2  # … at least two cards of it
    # exactly the melds of hand + card that use the card
    every = enumerate_melds([*cards, card])
    using = [m for m in every if (m.jokers if card == JOKER else card in m.naturals)]
    assert set(melds) == set(using) and len(melds) == len(using)
    assert has_meld_with(cards, card) == bool(melds)


@given(hands(max_size=7))
def test_lay_off_results_validate(cards: list[int]) -> None:
    for meld in enumerate_melds(cards)[:40]:
        for item in layoff_options(meld):
            grown = lay_off(meld, [item])
            assert make_meld(grown.cards) == grown
            assert len(grown) == len(meld) + 1
            assert not Counter(meld.cards) - Counter(grown.cards)


def _oracle(cards: list[int], four_suits: FourSuits = FourSuits.WITH_JOKER) -> set[Meld]:
    """Every meld of the hand found by brute force through the validator: every sub-multiset,
    written with bare jokers (sets) or with jokers naming every possible card of one suit."""
    counts = Counter(cards)
    kinds = sorted(counts)
    found: set[Meld] = set()
    for takes in product(*(range(counts[k] + 1) for k in kinds)):
        sub = [k for k, n in zip(kinds, takes, strict=True) for _ in range(n)]
        naturals = [FRENCH_KINDS[k] for k in sub if k != JOKER]
        jokers = len(sub) - len(naturals)
        if len(sub) < 3 or not naturals:
            continue
        items: list[MeldCard] = [*naturals, *[JOKER] * jokers]
        if len({c.rank for c in naturals}) == 1 and is_meld(items, four_suits):
            found.add(make_meld(items, four_suits))
        suits = {c.suit for c in naturals}
        if len(suits) != 1:
            continue
        suit = suits.pop()
        for positions in combinations(range(14), jokers):
            named = [JokerAs(FRENCH_KINDS[suit * 13 + p % 13]) for p in positions]
            if is_meld([*naturals, *named]):
                found.add(make_meld([*naturals, *named]))
    return found


def _oracle_hands() -> Iterator[str]:
    yield from ("4c 5c 6c *", "Qh Kh Ah *", "As 2s 3s 3s * *", "7s 7h 7d 7c *", "Ah Ah 2h * *")


@pytest.mark.parametrize("four_suits", list(FourSuits))
@pytest.mark.parametrize("text", list(_oracle_hands()))
def test_enumeration_matches_the_oracle(text: str, four_suits: FourSuits) -> None:
    melds = enumerate_melds(hand(text), four_suits)
    assert set(melds) == _oracle(hand(text), four_suits)
    for card in set(hand(text)):
        rest = hand(text)
        rest.remove(card)
        using = {m for m in melds if (m.jokers if card == JOKER else card in m.naturals)}
        assert set(enumerate_melds_with(rest, card, four_suits)) == using


@given(hands(max_size=5).filter(lambda h: h.count(JOKER) <= 2))
def test_enumeration_matches_the_oracle_on_random_hands(cards: list[int]) -> None:
    assert set(enumerate_melds(cards)) == _oracle(cards)


def test_random_deals_agree() -> None:
    """Seeded hands dealt from the whole deck: the quick checks agree with the enumeration."""
    rng = random.Random(20240601)
    deck = list(FRENCH_DECK)
    for _ in range(300):
        cards = rng.sample(deck, rng.randint(3, 11))
        melds = enumerate_melds(cards)
        assert has_meld(cards) == bool(melds)
        top = rng.choice(deck)
        assert has_meld_with(cards, top) == bool(enumerate_melds_with(cards, top))
        available = Counter(int(c) for c in cards)
        for meld in melds:
            assert not Counter(int(k) for k in meld.kinds) - available
