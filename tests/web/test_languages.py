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
import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urlencode

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect
from pypdf import PdfReader
from tests.rules.test_sheets import A4, VERBOSE, split
from tests.web.conftest import ARTIFACTS, LAPTOP, LiveServer

from cardtable.i18n import DOMAIN, LOCALE_DIR
from cardtable.web.language import LANGUAGES

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
GAMES = tuple(VERBOSE)
#: Browser locales, so that each page picks its language from Accept-Language.
LOCALES = {"en": "en-GB", "pt_BR": "pt-BR", "eu": "eu-ES", "hu": "hu-HU"}
#: Texts that are the same in every language: the brand and the picker's language names.
PROPER = {"cardtable", *LANGUAGES.values()}
SCREENSHOTS = ARTIFACTS / "screenshots"
PRINTS = ARTIFACTS / "print"

#: Every text node of the page (script and style aside) and every attribute a person may hear
#: or see: title, aria-label, placeholder, alt; whitespace collapsed.
TEXTS_JS = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript')) continue;
    const text = node.textContent.replace(/\\s+/g, ' ').trim();
    if (text) found.push(text);
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      const value = (el.getAttribute(name) || '').replace(/\\s+/g, ' ').trim();
      if (value) found.push(value);
    }
  }
  return found;
}"""

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True)
class English:
    """What English left in a page of one language looks like."""

    exact: frozenset[str]  # msgids translated differently
    pattern: re.Pattern[str]  # the same with placeholders, filled in (one alternation)
    translations: frozenset[str]  # the language's own texts (never a leak)


def _forms(ident: str | tuple[str, ...], string: str | tuple[str, ...]) -> list[tuple[str, str]]:
    """(English, translation) pairs of one catalog entry, plural forms included."""
    if isinstance(ident, tuple):
        strings = string if isinstance(string, tuple) else (string,)
        return [(english, form) for english in ident for form in strings]
    return [(ident, string if isinstance(string, str) else "")]


@cache
def english_in(lang: str) -> English:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as source:
        catalog = read_po(source, locale=lang)
    exact: set[str] = set()
    patterns: list[str] = []
    translations: set[str] = set()
    for message in catalog:
        if not message.id or not message.string:
            continue
        pairs = _forms(message.id, message.string)
        translations.update(" ".join(form.split()) for _english, form in pairs)
        for english, form in pairs:
            text = " ".join(english.split())
            if " ".join(form.split()) == text or text in PROPER:
                continue
            literal = PLACEHOLDER.sub(" ", text)
            if not re.search(r"[^\W\d_]{3,}", literal):
                continue  # nothing but placeholders, numbers and signs: the same everywhere
            exact.add(text)
            if PLACEHOLDER.search(text):
                parts = PLACEHOLDER.split(text)
                patterns.append(".+?".join(re.escape(part) for part in parts))
    pattern = re.compile("|".join(f"(?:{p})" for p in sorted(set(patterns))) or "(?!)")
    return English(frozenset(exact), pattern, frozenset(translations))


def leaks(texts: list[str], lang: str) -> list[str]:
    """The texts of a page in ``lang`` that are English left untranslated."""
    english = english_in(lang)
    found = []
    for text in texts:
        if text in english.translations or text in PROPER:
            continue
        if text in english.exact or english.pattern.fullmatch(text):
            found.append(text)
    return sorted(set(found))


def assert_translated(page: Any, lang: str, where: str) -> None:
    texts = page.evaluate(TEXTS_JS)
    assert texts, f"{where}: no text at all"
    if lang != "en":
        left = leaks(texts, lang)
        assert not left, f"{where} in {lang}: English left untranslated: {left}"
    assert page.js_errors == [], f"{where} in {lang}: {page.js_errors}"


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def page_in(new_page: Any, lang: str, **options: Any) -> Any:
    page = new_page(LAPTOP, locale=LOCALES[lang], **options)
    return page


def seated_page(new_page: Any, lang: str, joined: dict[str, Any]) -> Any:
    """A page in ``lang`` at the table ``joined`` (``/api/play``'s answer), holding its seat:
    the seat token is in localStorage before the page's script reads it."""
    page = page_in(new_page, lang)
    seat = json.dumps({"seat": joined["seat"], "token": joined["token"]})
    page.add_init_script(
        f"localStorage.setItem('cardtable:seat:{joined['code']}', {json.dumps(seat)});")
    page.goto(f"/t/{joined['code']}")
    return page


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
    expect(page.locator("#rules-link")).to_have_attribute("href", f"/t/{joined['code']}/rules")
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
    """A two-deal Punttu match against a random bot, played to the end of its first deal: the
    deal-end dialog (points, the breakdown, replay and record links) in the page's language."""
    joined = live.post("/api/play", {"game": "punttu", "players": 2, "name": "Ana",
                                      "level": "random", "options": {"deals": 2}})
    page = seated_page(new_page, lang, joined)
    title = page.locator("#deal-end-title")
    playable = page.locator(".hand button.card:not([disabled])")
    for _card in range(20):  # Punttu at two: 20 cards each
        expect(playable.first.or_(title)).to_be_visible()
        if title.is_visible():
            break
        playable.first.click()
    expect(title).to_be_visible()
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
