"""The browser client in every language (issue 8): the lobby, a table being played against
bots, a table waiting for players and the rules pages, with no English left on them; numbers
and plural forms as each language writes them; and every rules page printed by Chromium at
100% on at most two A4 pages.

A text leaks when it is an English msgid of the catalogs whose translation into the page's
language differs, either exactly or, for a msgid with placeholders, with the placeholders
filled in. Screenshots go to ``artifacts/screenshots/`` and the printed PDFs to
``artifacts/print/`` (git-ignored), to look at.
"""

from __future__ import annotations

import io
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader
from tests.helpers.browser import ARTIFACTS, LAPTOP, LiveServer, Person
from tests.helpers.sheets import A4, VERBOSE, split
from tests.helpers.translations import LOCALES, assert_translated, leaks, page_in, seated_page

from cardtable.web.language import LANGUAGES

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
GAMES = tuple(VERBOSE)
SCREENSHOTS = ARTIFACTS / "screenshots"
PRINTS = ARTIFACTS / "print"


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


# -- the checker itself ------------------------------------------------------------------------


def test_the_checker_finds_english_and_only_english() -> None:
    assert leaks(["Make the table", "Asztal létrehozása"], "hu") == ["Make the table"]
    # a msgid with placeholders, filled in, is English too; its translation is not
    assert leaks(["Table ABC123", "Seat 3", "Ennek az asztalnak a szabályai"], "hu") == [
        "Seat 3", "Table ABC123"]
    # names, numbers, card notation and words that are the same in the language pass
    assert leaks(["Punttu", "Pontinho", "cardtable", "Magyar", "7c", "1 000", "K 13, Q 12, J 11"],
                 "hu") == []
    assert leaks(["Total"], "pt_BR") == []  # "Total" is Portuguese as well


# -- the pages ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_lobby_in_every_language(new_page: Any, live: LiveServer, lang: str) -> None:
    # an open table, so that the lobby lists one (its bot seats named by level)
    live.post("/api/tables", {"game": "putto", "players": 3, "public": True, "seats": [
        {"kind": "person"}, {"kind": "bot", "level": "easy"}, {"kind": "person"}]})
    page = page_in(new_page, lang)
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", lang.replace("_", "-"))
    expect(page.locator(".tables li").first).to_be_visible()
    page.locator("#new-table details summary").click()
    for game in GAMES:  # every game's house rules, each by its label
        page.select_option("#new-game", game)
        expect(page.locator(f"#new-rules[href^='/rules/{game}?']")).to_be_attached()
        expect(page.locator(".option-label").first).to_be_visible()
        assert_translated(page, lang, f"lobby ({game} house rules)")
    shot(page, f"{lang}-lobby")
    for game in GAMES:  # the short how-to pages, each with its way to the full rules
        page.goto(f"/how/{game}")
        expect(page.locator(f"main a[href='/rules/{game}']")).to_be_visible()
        assert_translated(page, lang, f"how to play {game}")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_table_being_played_in_every_language(
    new_page: Any, live: LiveServer, lang: str, game: str
) -> None:
    joined = live.post("/api/play", {"game": game, "name": "Ana", "level": "random"})
    page = seated_page(new_page, lang, joined)
    hand = page.locator(".seat.mine .hand button.card")
    expect(hand.first).to_be_visible()
    log = page.locator(".log li")
    if game == "pontinho":
        # bots move at once: either someone moved already, or it is my turn to draw
        expect(page.locator(".log li, #draw").first).to_be_visible()
        if not log.count():
            page.click("#draw")
    else:
        expect(page.locator(".log li, .hand button.card:not([disabled])").first).to_be_visible()
        if not log.count():
            page.locator(".hand button.card:not([disabled])").first.click()
            choice = page.locator(".choice button.big")
            if game == "putto" and choice.count():
                choice.first.click()
    expect(log.first).to_be_visible()
    hint = page.locator("#hint")
    if hint.count():  # my turn: the strongest bot's hint, with its numbers and plural
        hint.click()
        expect(page.locator(".hint")).to_be_visible()
    expect(page.locator("#rules-link")).to_have_attribute(
        "href", f"/t/{joined['code']}/rules?lang={lang}")
    assert_translated(page, lang, f"{game} table")
    shot(page, f"{lang}-table-{game}")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_finished_match_and_its_replay_in_every_language(
    new_page: Any, live: LiveServer, lang: str
) -> None:
    # a one-deal match whose person never comes: the turn timer lets a bot play for them
    joined = live.post("/api/play", {"game": "putto", "players": 2, "level": "random",
                                      "name": "Ana", "options": {"deals": 1},
                                      "turn_seconds": 0.01})
    page = seated_page(new_page, lang, joined)
    dialog = page.get_by_role("dialog")
    expect(dialog.locator("#match-end-title")).to_be_visible()
    expect(dialog.locator(".placings li")).to_have_count(2)
    assert_translated(page, lang, "match end")
    shot(page, f"{lang}-match-end")
    page.goto(f"/replay/{joined['code']}/1")
    expect(page.locator("#caption")).not_to_be_empty()
    page.click("#forward")
    expect(page.locator("#back")).to_be_enabled()
    assert_translated(page, lang, "replay")
    shot(page, f"{lang}-replay")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_end_of_a_deal_in_every_language(new_page: Any, live: LiveServer, lang: str) -> None:
    """A two-deal Punttu match against a random bot, played to the end of its first deal (over
    the WebSocket: the page opens in the pause): the deal-end dialog (points, the breakdown,
    replay and record links) in the page's language."""
    person = Person(live)
    person.play_until("deal_end")
    page = person.page(new_page, LAPTOP, locale=LOCALES[lang])
    expect(page.locator("#deal-end-title")).to_be_visible()
    assert_translated(page, lang, "deal end")
    shot(page, f"{lang}-deal-end")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_waiting_table_shows_its_house_rules(
    new_page: Any, live: LiveServer, lang: str
) -> None:
    table = live.post("/api/tables", {
        "game": "pontinho", "players": 3, "options": {"bust": 1000, "figure_points": "10"},
        "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "hard"}]})
    page = page_in(new_page, lang)
    page.goto(f"/t/{table['code']}")
    expect(page.locator(".take-seat")).to_have_count(2)
    rules = page.locator(".house-rules")
    expect(rules.locator("dt")).to_have_count(6)  # every Pontinho option, four_suits too
    # a number as the language writes it; a choice by its label, not its value
    bust = {"en": "1,000", "pt_BR": "1.000", "eu": "1.000", "hu": "1000"}[lang]
    expect(rules).to_contain_text(bust)
    expect(rules.locator("dd").first).not_to_have_text("10")
    expect(rules.get_by_role("link")).to_have_attribute("href", f"/t/{table['code']}/rules")
    assert_translated(page, lang, "waiting table")
    shot(page, f"{lang}-waiting")


def test_plural_forms_and_numbers_follow_the_page_language(new_page: Any) -> None:
    expected = {
        # pt_BR has three forms: 0 and 1, multiples of a million, and the rest
        "pt_BR": ["Vaza para Ana (vale 0).", "Vaza para Ana (vale 1).",
                  "Vaza para Ana (2 pontos).", "Vaza para Ana (1.000.000 pontos)."],
        "en": ["Trick to Ana (0 points).", "Trick to Ana (1 point).",
               "Trick to Ana (2 points).", "Trick to Ana (1,000,000 points)."],
        "hu": ["Ana viszi az ütést (0 pont).", "Ana viszi az ütést (1 pont).",
               "Ana viszi az ütést (2 pont).", "Ana viszi az ütést (1\u00a0000\u00a0000 pont)."],
    }
    for lang, texts in expected.items():
        page = page_in(new_page, lang)
        page.goto("/")
        expect(page.locator("#quick")).to_be_visible()  # the lobby loaded its strings
        got = page.evaluate("""async () => {
          const i18n = await import('/static/js/i18n.js');
          return [0, 1, 2, 1000000].map((n) => i18n.tn('Trick to {name} ({points} point).',
            'Trick to {name} ({points} points).', n, { name: 'Ana', points: n }));
        }""")
        assert got == texts, lang


# -- rules pages, on screen and printed --------------------------------------------------------


def print_to_pdf(page: Any, name: str) -> None:
    """Chromium's print of the page at 100% on A4: at most two pages, each A4, with nothing of
    the screen-only navigation on them."""
    page.emulate_media(media="print")
    expect(page.locator("nav.links"), f"{name}: the links would be printed").to_be_hidden()
    pdf = page.pdf(format="A4", scale=1, prefer_css_page_size=True, print_background=True)
    page.emulate_media(media="null")  # back to what the page asks for
    PRINTS.mkdir(parents=True, exist_ok=True)
    (PRINTS / f"{name}.pdf").write_bytes(pdf)
    pages = PdfReader(io.BytesIO(pdf)).pages
    assert 1 <= len(pages) <= 2, f"{name}: {len(pages)} pages"
    for sheet in pages:
        size = (float(sheet.mediabox.width), float(sheet.mediabox.height))
        assert size == pytest.approx(A4, abs=1), f"{name}: {size}"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_rules_pages_read_and_print_in_every_language(
    new_page: Any, live: LiveServer, lang: str
) -> None:
    """Each game's rules with the default options and with the wordiest ones (VERBOSE of the
    rules sheet tests): translated on screen, and printed on one A4 sheet."""
    page = page_in(new_page, lang)
    for game in GAMES:
        options, players = split(VERBOSE[game])
        verbose = urlencode({"players": players, **{k: str(v) for k, v in options.items()}})
        for kind, address in (("default", f"/rules/{game}"),
                              ("verbose", f"/rules/{game}?{verbose}")):
            page.goto(address)
            expect(page.locator("html")).to_have_attribute("lang", lang.replace("_", "-"))
            expect(page.locator("nav.links a[href='/']")).to_be_visible()
            expect(page.locator("figure.cards img").first).to_be_visible()
            assert_translated(page, lang, f"{game} rules ({kind})")
            if kind == "default":
                shot(page, f"{lang}-rules-{game}")
            print_to_pdf(page, f"{game}-{lang}-{kind}")
