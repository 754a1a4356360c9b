"""The French cards of Pontinho (PO-1, PO-2): notation round-trips, errors, points, fuzzing."""

from __future__ import annotations

import contextlib
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards.french import (
    FRENCH_DECK,
    FRENCH_KINDS,
    JOKER,
    FrenchCard,
    JokerAs,
    card_points,
    format_cards,
    french_card,
    hand_points,
    kind_of,
    parse_card,
    parse_cards,
    parse_meld_card,
    parse_meld_cards,
    penalty_table,
)
from cardtable.engine.action import Action
from cardtable.errors import CardError, OptionError

rule = pytest.mark.rule

#: Every kind's notation, written out by hand (PO-1, DESIGN.md).
ALL_TEXTS = [r + s for s in "shdc" for r in "A23456789TJQK"] + ["*"]


@rule("PO-1")
def test_every_kind_round_trips() -> None:
    assert [str(card) for card in FRENCH_KINDS] == ALL_TEXTS
    for index, text in enumerate(ALL_TEXTS):
        card = parse_card(text)
        assert card is FRENCH_KINDS[index]
        assert int(card) == index
        assert str(card) == repr(card) == f"{card}" == text
        assert isinstance(card, int)


@rule("PO-1")
def test_deck_is_two_decks_and_four_jokers() -> None:
    assert len(FRENCH_DECK) == 108
    counts = Counter(FRENCH_DECK)
    assert counts[JOKER] == 4
    assert len(counts) == 53
    assert all(n == 2 for card, n in counts.items() if card is not JOKER)
    assert FRENCH_DECK[:3] == tuple(parse_cards("As 2s 3s"))
    assert FRENCH_DECK[52] is parse_card("As")
    assert FRENCH_DECK[-1] is JOKER


def test_rank_and_suit() -> None:
    card = parse_card("Th")
    assert (card.rank, card.suit, card.rank_symbol, card.suit_symbol) == (9, 1, "T", "h")
    assert french_card(12, 3) is parse_card("Kc")
    assert JOKER.is_joker and not card.is_joker
    with pytest.raises(CardError, match="joker has no rank"):
        _ = JOKER.rank
    with pytest.raises(CardError, match="joker has no suit"):
        _ = JOKER.suit


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("10h", "Th"),
        ("10H", "Th"),
        ("th", "Th"),
        ("aS", "As"),
        ("kd", "Kd"),
        ("7♣", "7c"),
        (" Qs ", "Qs"),
        ("*", "*"),
    ],
)
def test_aliases(alias: str, canonical: str) -> None:
    assert str(parse_card(alias)) == canonical


def test_parse_and_format_lists() -> None:
    assert parse_cards("As, 10h *") == [parse_card("As"), parse_card("Th"), JOKER]
    assert parse_cards(["2c", "Kd"]) == [parse_card("2c"), parse_card("Kd")]
    assert format_cards(parse_meld_cards("4c 5c *=6c 7c")) == "4c 5c *=6c 7c"


def test_joker_as_round_trips() -> None:
    six = parse_card("6c")
    joker = JokerAs(six)
    assert str(joker) == repr(joker) == "*=6c"
    assert parse_meld_card("*=6c") == joker
    assert JokerAs.parse("*=6c") == joker
    assert parse_meld_card("*=10c") == JokerAs(parse_card("Tc"))
    assert joker.card is six and joker.kind is JOKER and kind_of(joker) is JOKER
    assert kind_of(six) is six
    assert JokerAs(21).card is parse_card("9h")  # a plain int becomes the singleton card
    for card in FRENCH_KINDS[:52]:
        assert parse_meld_card(str(JokerAs(card))) == JokerAs(card)
    assert joker != six and hash(joker) == hash(JokerAs(six))


def test_action_prints_jokers_in_runs() -> None:
    c4, c5, c6, c7 = parse_cards("4c 5c 6c 7c")
    assert str(Action("meld", (c4, c5, JokerAs(c6), c7))) == "meld 4c 5c *=6c 7c"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1x", ["'1x' is not a card", "rank (A 2 3"]),
        ("11h", ["'11' is not a rank", "10 for T"]),
        ("Ao", ["Latin-deck", "French deck"]),
        ("7x", ["'x' is not a suit"]),
        ("*=6c", ["only inside a run"]),
        ("**", ["joker is written * alone"]),
        ("", ["is not a card"]),
    ],
)
def test_card_errors_say_what_is_expected(text: str, words: list[str]) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    for word in words:
        assert word in str(info.value)
    assert "e.g. As, Th, 7c" in str(info.value) or "only inside" in str(info.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("*=*", ["not for another joker"]),
        ("*=", ["after '='"]),
        ("*=1x", ["after '*=' comes the card", "'1x' is not a card"]),
    ],
)
def test_meld_card_errors(text: str, words: list[str]) -> None:
    with pytest.raises(CardError) as info:
        parse_meld_card(text)
    for word in words:
        assert word in str(info.value)


def test_joker_as_rejects_a_joker() -> None:
    with pytest.raises(CardError, match="natural card"):
        JokerAs(JOKER)
    with pytest.raises(CardError, match="not a joker standing"):
        JokerAs.parse("6c")


def test_cards_are_singletons_after_pickling() -> None:
    for card in FRENCH_KINDS:
        assert pickle.loads(pickle.dumps(card)) is card
    assert pickle.loads(pickle.dumps(JokerAs(parse_card("Qd")))) == JokerAs(parse_card("Qd"))


@rule("PO-2")
def test_penalty_points() -> None:
    by_rank = {"A": 15, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 10)}
    for card in FRENCH_KINDS[:52]:
        assert card_points(card) == by_rank[card.rank_symbol]
        expected_10 = 10 if card.rank_symbol in "JQK" else by_rank[card.rank_symbol]
        assert card_points(card, figure_points="10") == expected_10
    assert card_points(JOKER) == card_points(JOKER, "10") == 20
    assert card_points(JokerAs(parse_card("Kh"))) == 20
    assert hand_points(parse_cards("As Kd 7c *")) == 15 + 13 + 7 + 20
    assert hand_points(parse_cards("As Kd 7c *"), "10") == 15 + 10 + 7 + 20
    assert hand_points([]) == 0
    # Sanity figure of the rules: both decks and the jokers.
    assert hand_points(FRENCH_DECK) == 2 * 4 * (15 + sum(range(2, 11)) + 36) + 4 * 20
    with pytest.raises(OptionError, match="figure_points"):
        penalty_table("12")


def _check_parse(text: str) -> None:
    try:
        value = parse_meld_card(text)
    except CardError:
        return
    assert parse_meld_card(str(value)) == value
    assert str(parse_meld_card(str(value))) == str(value)
    if isinstance(value, FrenchCard):
        assert parse_card(str(value)) is value


@given(st.text(alphabet="*=A23456789TtJjQqKk10shdcSHDCxo♠ ", max_size=6))
def test_fuzz_parse_card_like_text(text: str) -> None:
    _check_parse(text)


@given(st.text(max_size=8))
def test_fuzz_parse_any_text(text: str) -> None:
    _check_parse(text)
    with contextlib.suppress(CardError):
        parse_card(text)
