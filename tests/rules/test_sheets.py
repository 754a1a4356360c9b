"""Rules sheets: built from the table's options, printable on one A4 sheet, cards drawn in."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.helpers.sheets import A4, VERBOSE, split

import cardtable
from cardtable.errors import CardtableError, OptionError
from cardtable.games.pontinho.melds import is_meld
from cardtable.games.putto.deck import RANK_POINTS
from cardtable.i18n import LANGUAGES
from cardtable.rules import (
    CardRow,
    build_sheet,
    render_rules_html,
    render_rules_pdf,
    table_rules_html,
)

GAMES = tuple(VERBOSE)

#: Test artifacts (git-ignored): the PDFs, to look at after a run.
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "rules"


class _Text(HTMLParser):
    """The visible words of a page: text nodes and image descriptions."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._skip += 1
        for name, value in attrs:
            if name in ("alt", "aria-label") and value:
                self.nodes.append(value.strip())

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.nodes.append(" ".join(data.split()))


def visible_text(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.nodes


def html_for(game: str, lang: str, verbose: bool) -> str:
    options, players = split(VERBOSE[game]) if verbose else ({}, None)
    return render_rules_html(game, lang, options, players)


@pytest.mark.parametrize("verbose", [False, True], ids=["default", "verbose"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_pdf_fits_one_a4_sheet(game: str, lang: str, verbose: bool) -> None:
    options, players = split(VERBOSE[game]) if verbose else ({}, None)
    pdf = render_rules_pdf(game, lang, options, players)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = f"{game}-{lang}-{'verbose' if verbose else 'default'}.pdf"
    (ARTIFACTS / name).write_bytes(pdf)
    pages = PdfReader(io.BytesIO(pdf)).pages
    assert 1 <= len(pages) <= 2, f"{name}: {len(pages)} pages"
    for page in pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width, 1), round(height, 1)) == pytest.approx(A4, abs=0.5)


def test_print_css_asks_for_a4() -> None:
    assert "size: A4" in html_for("punttu", "en", False)


@pytest.mark.parametrize(
    ("game", "options", "players", "expected", "not_expected"),
    [
        ("punttu", {}, 4, "whole pack of 40 cards", "leaves the pack"),
        ("punttu", {}, 3, "1 card leaves the pack so that it shares out evenly (ace of coins)",
         "whole pack of 40"),
        ("punttu", {"trim": "twos"}, 3, "(two of coins)", "ace of coins"),
        ("punttu", {}, 6, "36 cards remain, worth 120 points", "whole pack of 40"),
        ("punttu", {"deals": 3}, 4, "A match is 3 deals", "single deal"),
        ("punttu", {"show_played": True}, 4, "stay face up", "out of sight"),
        ("pontinho", {}, 4, "king 13, queen 12, jack 11", "10 each"),
        ("pontinho", {"figure_points": "10"}, 4, "king, queen and jack 10 each", "king 13"),
        ("pontinho", {"bust": 150}, 4, "reaches 150 points", "reaches 100 points"),
        ("pontinho", {}, 4, "once per match", "No buying back"),
        ("pontinho", {"buybacks": 0}, 4, "No buying back", "once per match"),
        ("pontinho", {"buybacks": 2}, 4, "up to 2 times per match", "once per match"),
        ("pontinho", {"deals": 5}, 4, "at most 5 deals", "one player is left"),
        ("pontinho", {"rebuild_limit": 0}, 4, "the deal is void: nobody scores", "shuffled"),
        ("putto", {}, 4, "3 points per sweep", "Everyone plays alone"),
        ("putto", {}, 3, "Everyone plays alone", "Partners"),
        ("putto", {"teams": "threes"}, 6, "Two teams of three", "teams of two"),
        ("putto", {"must_capture": True}, 4, "Capturing is compulsory", "optional"),
        ("putto", {"leftover": "nobody"}, 4, "score for nobody", "last to capture"),
        ("putto", {"last_play_sweep": False}, 4, "does not count", "counts too"),
        ("putto", {"target": 500}, 4, "reaches 500 points", "everyone deals once"),
        ("putto", {"deals": 2}, 4, "A match is 2 deals;", "everyone deals once"),
    ],
)
def test_options_are_stated_as_rules(
    game: str, options: dict[str, object], players: int, expected: str, not_expected: str
) -> None:
    html = render_rules_html(game, "en", options, players)
    assert expected in html
    assert not_expected not in html


def test_putto_default_match_is_one_deal_per_seat() -> None:
    assert "A match is 4 deals, so that everyone deals once" in html_for("putto", "en", False)


def test_numbers_follow_the_language() -> None:
    html = render_rules_html("pontinho", "pt_BR", {"bust": 1000})
    assert "1.000" in html


@pytest.mark.rule("PO-12")
@pytest.mark.parametrize("four_suits", ["with_joker", "joker_fills"])
def test_pontinho_meld_examples_agree_with_the_engine(four_suits: str) -> None:
    sheet = build_sheet(cardtable.game("pontinho", four_suits=four_suits))
    examples = [
        block
        for section in sheet.sections
        for block in section.blocks
        if isinstance(block, CardRow) and block.good is not None
    ]
    assert {block.good for block in examples} == {True, False}
    for block in examples:
        assert is_meld(" ".join(block.cards), four_suits) is block.good, block.cards
    # The picture of the five-card set is there exactly when the table allows it.
    five = [block for block in examples if block.cards == ("Ks", "Kh", "Kd", "Kc", "*")]
    assert [block.good for block in five] == ([True] if four_suits == "with_joker" else [])


#: Per game, sentences the sheets must hold (issue 18: what the engine does, and which rules
#: are the project's decisions), as English msgids (with the core's numbers that fill them);
#: checked translated in every language.
SAID: dict[str, tuple[str | tuple[str, dict[str, int]], ...]] = {
    "pontinho": (
        "A sequência is three or more cards of one suit in a row. The ace counts low (A 2 3) "
        "or high (Q K A), and the longest run goes from ace to ace: A 2 3 … Q K A. Only going "
        "round the corner, as in K A 2, is not a run.",
        "A trinca is three or four cards of one rank, each of a different suit; a joker takes "
        "the place of a missing suit. All four suits together are allowed only with a joker as "
        "well: five cards.",
        "The four suits with a joker: five cards.",
        "The fourth suit joins a trinca that holds a joker: K♣ onto K♠ K♥ K♦ and a joker makes "
        "five cards.",
        "A trinca may hold all four suits when it also holds a joker, as the house rules show: "
        "five cards.",
        "The match rules above (going out of the match, buying back in, the winner) are our "
        "decision, in the common Brazilian way: the house rules leave them open.",
    ),
    "putto": (
        "Each suit runs, from the top: ace, king, queen, jack, then 7 down to 2. The order only "
        "helps to sort a hand: a card captures only cards of its own rank.",
        ("Card points: ace {ace}, three {three}, king {king}, queen {queen}, jack {jack}, the "
         "rest {rest}.", RANK_POINTS),
        "Capture piles stay face down until the deal ends (our decision: the original rules "
        "leave it open).",
    ),
    "punttu": (
        "The source speaks of 3 and 6 players; playing with 2 to 8 is our decision, with cards "
        "left out as above so that the pack shares out evenly.",
    ),
}

#: Putto's third figure in each language's sheet: the source's "dáma" (PT-1), never a knight.
QUEEN = {"en": ("queen", "knight"), "eu": ("dama", "zaldiko"), "hu": ("dáma", "lovas"),
         "pt_BR": ("dama", "cavalo")}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_sheets_say_what_the_engine_does_in_every_language(game: str, lang: str) -> None:
    from cardtable.i18n import translation

    words = " ".join(visible_text(render_rules_html(game, lang)))
    found = translation(lang)
    for said in SAID[game]:
        msgid, values = said if isinstance(said, tuple) else (said, {})
        text = found.gettext(msgid)
        assert lang == "en" or text != msgid, f"{lang}: not translated: {msgid[:40]}"
        text = text.format(**values)
        assert text in words, f"{game} in {lang}: missing {text[:60]!r}"
    if game == "pontinho":
        assert "never both ways" not in words
    if game == "putto":
        queen, knight = QUEEN[lang]
        assert queen in words and knight not in words, (queen, knight)


def test_punttu_names_the_spanish_figures_and_putto_the_italian_ones() -> None:
    """The 7-player Punttu sheet removes the sota of coins ("aces go first, then the sotas");
    Putto's card pictures are named jack, queen and king."""
    words = " ".join(visible_text(render_rules_html("punttu", "en", {}, 7)))
    assert "sota of coins" in words and "jack of coins" not in words
    assert "the aces go first, then the sotas" in words
    putto = " ".join(visible_text(render_rules_html("putto", "en")))
    assert "queen of clubs" in putto and "knight" not in putto


def test_pages_show_the_cards_with_their_names() -> None:
    html = html_for("putto", "en", False)
    assert 'alt="five of cups"' in html
    assert "data:image/svg+xml;base64," in html


def test_bad_tables_are_refused() -> None:
    with pytest.raises(OptionError, match="bust"):
        render_rules_html("pontinho", "en", {"bust": "lots"})
    with pytest.raises(CardtableError):
        render_rules_html("bridge", "en")


def test_rendering_restores_the_language() -> None:
    from cardtable.i18n import current_language

    before = current_language()
    render_rules_html("punttu", "eu")
    assert current_language() == before


def _sentences(html: str) -> set[str]:
    """Text nodes worth comparing: phrases of two words or more (names like "Punttu", card
    notation and numbers are the same in every language)."""
    return {text for text in visible_text(html) if len(re.findall(r"[^\W\d_]{2,}", text)) >= 2}


@pytest.mark.parametrize("verbose", [False, True], ids=["default", "verbose"])
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("game", GAMES)
def test_no_english_left_on_translated_pages(game: str, lang: str, verbose: bool) -> None:
    english = _sentences(html_for(game, "en", verbose))
    translated = _sentences(html_for(game, lang, verbose))
    assert translated, "the page has text"
    left = sorted(english & translated)
    assert not left, f"{game} in {lang}: English left: {left[:3]}"


def test_a_held_table_renders_the_same_page() -> None:
    table = cardtable.game("putto", 6, teams="threes")
    assert table_rules_html(table, "hu") == render_rules_html("putto", "hu", {"teams": "threes"}, 6)
