"""The Latin 40-card deck and its notation (DESIGN.md "Card notation"), with fuzzed parsers."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.cards import (
    LATIN_DECK,
    LATIN_RANKS,
    LATIN_SUITS,
    LatinCard,
    format_cards,
    parse_card,
    parse_cards,
)

TEXTS = [rank + suit for suit in "oceb" for rank in "A234567JQK"]


def test_deck_is_40_distinct_cards_in_suit_then_rank_order() -> None:
    assert LATIN_RANKS == ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
    assert LATIN_SUITS == ("o", "c", "e", "b")
    assert [str(card) for card in LATIN_DECK] == TEXTS
    assert [int(card) for card in LATIN_DECK] == list(range(40))


@pytest.mark.parametrize("text", TEXTS)
def test_parse_format_round_trip(text: str) -> None:
    card = parse_card(text)
    assert str(card) == repr(card) == f"{card}" == text
    assert parse_card(str(card)) is card
    assert card is LATIN_DECK[int(card)]
    assert LatinCard.parse(text) is card
    assert card.rank_symbol + card.suit_symbol == text
    assert card.is_figure == (text[0] in "JQK")


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("ko", "Ko"),
        ("KO", "Ko"),
        ("jc", "Jc"),
        ("qE", "Qe"),
        ("ab", "Ab"),
        ("1o", "Ao"),
        ("1B", "Ab"),
        ("7E", "7e"),
        (" 5c ", "5c"),
        ("\t2o\n", "2o"),
    ],
)
def test_aliases(alias: str, canonical: str) -> None:
    """Obvious aliases: lower-case figures and aces, 1 for the ace, upper-case suits, spaces."""
    assert str(parse_card(alias)) == canonical


@pytest.mark.parametrize("text", ["8o", "9c", "10e", "Tb"])
def test_french_ranks_are_not_latin_cards(text: str) -> None:
    with pytest.raises(cardtable.CardError, match="not a card of the Latin 40-card deck"):
        parse_card(text)


@pytest.mark.parametrize("text", ["Ah", "Ks", "7d", "Th"])
def test_french_suits_are_explained(text: str) -> None:
    with pytest.raises(cardtable.CardError, match="French-suited"):
        parse_card(text)


@pytest.mark.parametrize("text", ["", " ", "o", "A", "Aoo", "A o", "11o", "Zo", "play Ko", "🂡"])
def test_bad_text_is_a_card_error_saying_what_is_expected(text: str) -> None:
    with pytest.raises(cardtable.CardError, match="rank .* then a suit"):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 5, 1.0, b"Ao", ["Ao"]])
def test_non_text_is_a_card_error(value: object) -> None:
    with pytest.raises(cardtable.CardError, match="not a card"):
        parse_card(value)  # type: ignore[arg-type]


def test_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_card("8o")


def test_sorting_follows_the_deck_order() -> None:
    shuffled = parse_cards("Kb 7o Ac Jo 2e Ao Qc")
    assert format_cards(sorted(shuffled)) == "Ao 7o Jo Ac Qc 2e Kb"
    assert sorted(LATIN_DECK, reverse=True)[0] == parse_card("Kb")


def test_parse_cards_and_format_cards() -> None:
    assert parse_cards("Ao, 7e  Kb") == [LATIN_DECK[0], LATIN_DECK[26], LATIN_DECK[39]]
    assert parse_cards(["Ao", "7e"]) == [LATIN_DECK[0], LATIN_DECK[26]]
    assert parse_cards("") == []
    assert format_cards([0, 26, 39]) == "Ao 7e Kb"
    with pytest.raises(cardtable.CardError, match="8o"):
        parse_cards("Ao 8o")


def test_cards_stay_singletons_through_pickle() -> None:
    for card in LATIN_DECK:
        assert pickle.loads(pickle.dumps(card)) is card


@settings(max_examples=300)
@given(st.text(max_size=8) | st.sampled_from(TEXTS).map(lambda t: f" {t.lower()} "))
def test_fuzz_parse_card(text: str) -> None:
    """Any text is either a card whose text parses back to itself, or a CardError."""
    try:
        card = parse_card(text)
    except cardtable.CardError as error:
        assert str(error)
        return
    assert card in LATIN_DECK
    assert parse_card(str(card)) is card


_ACTION_TEXT = st.text(max_size=12) | st.builds(
    lambda verb, card, sep: f"{verb}{sep}{card}",
    st.sampled_from(["play", "PLAY", "p", "P", "", "take", "play play"]),
    st.sampled_from([*TEXTS, "ko", "1o", "8o", "Ah", "", "Ao Kb"]),
    st.sampled_from([" ", "  ", "\t", ""]),
)


@settings(max_examples=300)
@given(_ACTION_TEXT)
def test_fuzz_parse_action(text: str) -> None:
    """Any text is either an action whose canonical text parses back to it, or IllegalAction."""
    game = cardtable.game("punttu")
    try:
        action = game.parse_action(text)
    except cardtable.IllegalAction as error:
        assert str(error)
        return
    assert game.parse_action(str(action)) == action
    assert str(game.parse_action(str(action))) == str(action)
    assert str(action).startswith("play ")


@pytest.mark.parametrize("text", ["play Ko", "Ko", "p ko", "PLAY KO", "  play   Ko "])
def test_parse_action_aliases(text: str) -> None:
    assert str(cardtable.game("punttu").parse_action(text)) == "play Ko"


@pytest.mark.parametrize("text", ["", "play", "play 8o", "play Ko Kc", "take Ko", "pass"])
def test_parse_action_errors(text: str) -> None:
    with pytest.raises(cardtable.IllegalAction, match="not a punttu action"):
        cardtable.game("punttu").parse_action(text)
