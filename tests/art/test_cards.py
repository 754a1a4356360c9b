"""Card pictures: well-formed SVG, labelled for screen readers, one distinct picture per card."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardtable.art import (
    DECKS,
    back_svg,
    card_filename,
    card_label,
    card_svg,
    deck_cards,
    write_deck,
)
from cardtable.errors import CardError

SVG = "{http://www.w3.org/2000/svg}"
ALL_CARDS = [(deck, text) for deck in DECKS for text in deck_cards(deck)]


def test_the_packs_have_their_sizes() -> None:
    assert len(deck_cards("latin")) == 40
    assert len(deck_cards("french")) == 53  # 52 natural kinds and the joker


@pytest.mark.parametrize(("deck", "text"), ALL_CARDS)
def test_every_card_is_well_formed_and_labelled(deck: str, text: str) -> None:
    svg = card_svg(text, deck)  # type: ignore[arg-type]
    root = ET.fromstring(svg)
    label = card_label(text, deck)  # type: ignore[arg-type]
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == label
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == label
    assert root.get("viewBox") == "0 0 120 180"


def test_labels_name_the_card() -> None:
    assert card_label("7c", "latin") == "seven of cups"
    # Punttu's Spanish deck names its figures sota, caballo, rey (PU-1); Putto's Italian deck
    # jack, queen, king (PT-1): the same pictures.
    assert card_label("Qb", "latin") == "caballo of clubs"
    assert card_label("Jo", "latin") == "sota of coins"
    assert card_label("Qb", "italian") == "queen of clubs"
    assert card_label("Ke", "italian") == "king of swords"
    assert card_label("7c", "italian") == "seven of cups"
    assert card_svg("Qb", "italian").split("</title>", 1)[1] == card_svg("Qb", "latin").split(
        "</title>", 1
    )[1]
    assert card_label("Th", "french") == "ten of hearts"
    assert card_label("10h", "french") == "ten of hearts"
    assert card_label("*", "french") == "joker"


def test_distinct_cards_give_distinct_pictures() -> None:
    pictures = [card_svg(text, deck) for deck, text in ALL_CARDS]  # type: ignore[arg-type]
    assert len(set(pictures)) == len(pictures)
    # The drawing itself differs, not only the label: strip the names and compare again.
    bodies = {p.split("</title>", 1)[1] for p in pictures}
    assert len(bodies) == len(pictures)


def test_pictures_are_deterministic() -> None:
    assert card_svg("Kd", "french") == card_svg("Kd", "french")
    assert back_svg() == back_svg()


def test_the_back_is_labelled() -> None:
    root = ET.fromstring(back_svg())
    assert root.get("role") == "img" and root.get("aria-label") == "back of a card"


def test_bad_cards_are_refused_with_a_clear_error() -> None:
    with pytest.raises(CardError, match="Latin"):
        card_svg("9o", "latin")
    with pytest.raises(CardError):
        card_svg("*", "latin")
    with pytest.raises(CardError, match="deck"):
        card_label("7c", "tarot")  # type: ignore[arg-type]


def test_write_deck_writes_static_files(tmp_path: Path) -> None:
    written = write_deck(tmp_path)
    assert len(written) == 40 + 53 + 1
    assert (tmp_path / "latin" / "7c.svg").read_text(encoding="utf-8") == card_svg("7c", "latin")
    assert (tmp_path / "french" / "Th.svg").exists()
    assert (tmp_path / "french" / "joker.svg").exists()
    assert (tmp_path / "back.svg").exists()
    assert card_filename("10h", "french") == "Th.svg"


@pytest.mark.parametrize(
    ("lang", "latin", "french"),
    [
        ("eu", "zazpiko kopa", "bihotzen hamarrekoa"),
        ("hu", "csésze hetes", "kőr tízes"),
        ("pt_BR", "sete de copas", "dez de copas"),
    ],
)
def test_labels_follow_the_language(lang: str, latin: str, french: str) -> None:
    from cardtable.i18n import language

    with language(lang):
        assert card_label("7c", "latin") == latin
        assert card_label("Th", "french") == french
        assert f"<title>{latin}</title>" in card_svg("7c", "latin")
    assert card_label("7c", "latin") == "seven of cups"


def test_latin_and_french_clubs_have_their_own_names() -> None:
    from cardtable.i18n import language

    with language("pt_BR"):
        assert card_label("Ab", "latin") == "ás de bastos"
        assert card_label("Ac", "french") == "ás de paus"


def test_suits_differ_by_shape_not_only_colour() -> None:
    """Greyscale and colour-blind readers tell suits apart by outline (issue 7 §5)."""
    from cardtable.art.suits import FRENCH_SUITS, LATIN_SUITS

    for suits in (LATIN_SUITS, FRENCH_SUITS):
        outlines = [suit.markup.format(fill="", ink="") for suit in suits.values()]
        assert len(set(outlines)) == len(outlines)
