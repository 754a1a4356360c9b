"""The table's header names its rule set ("House rules: Scopa style", or "Custom" when an
option of the preset was changed), as the waiting room and the table's settings do, and its
link opens the sheet of exactly this table (its player count, options and rule set) in the
page's language; on a phone the named link fits the header in every language."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, screenshot

from cardtable.i18n import translation
from cardtable.web.language import LANGUAGES


def table_page(new_page: Any, live: Any, viewport: dict[str, int], lang: str,
               **body: Any) -> Any:
    """A page seated at a table made with ``body`` (game, players, preset, options)."""
    joined = live.post("/api/play", {"name": "Ana", "level": "random", **body})
    page = new_page(viewport)
    seat = json.dumps({"seat": joined["seat"], "token": joined["token"]})
    page.add_init_script(
        f"localStorage.setItem('cardtable:seat:{joined['code']}', {json.dumps(seat)});")
    page.goto(f"/t/{joined['code']}?lang={lang}")
    page.locator(".hand button.card").first.wait_for()
    return page


def test_the_header_names_the_rule_set_and_opens_this_tables_sheet(new_page: Any,
                                                                  live: Any) -> None:
    page = table_page(new_page, live, LAPTOP, "en", game="putto", players=6, preset="scopa",
                      options={"teams": "threes", "deals": 2})
    link = page.locator("#rules-link")
    expect(link).to_have_text("House rules: Scopa style")
    with page.context.expect_page() as opened:
        link.click()
    sheet = opened.value
    expect(sheet.locator(".house .preset")).to_contain_text("Rule set: Scopa style.")
    expect(sheet.locator("body")).to_contain_text("for 6 players")
    expect(sheet.locator("body")).to_contain_text("Two teams of three, in alternate seats")
    expect(sheet.locator("body")).to_contain_text("Capturing is compulsory")
    assert page.js_errors == []


def test_a_changed_preset_option_makes_the_header_say_custom(new_page: Any, live: Any) -> None:
    page = table_page(new_page, live, LAPTOP, "en", game="pontinho", players=3,
                      preset="common", options={"buybacks": 2})
    expect(page.locator("#rules-link")).to_have_text("House rules: Custom")
    with page.context.expect_page() as opened:
        page.locator("#rules-link").click()
    expect(opened.value.locator(".house .preset")).to_contain_text("Rule set: Custom.")
    assert page.js_errors == []


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize(("game", "preset", "options", "title"), [
    ("pontinho", "source", {}, "Original house rules"),
    ("putto", "scopa", {"must_capture": False}, "Custom"),
])
def test_the_named_link_fits_a_phones_header_in_every_language(
        new_page: Any, live: Any, lang: str, game: str, preset: str, options: dict[str, Any],
        title: str) -> None:
    page = table_page(new_page, live, PHONE, lang, game=game, preset=preset, options=options)
    gettext = translation(lang).gettext
    words = gettext("House rules: {name}").format(name=gettext(title))
    link = page.locator("#rules-link")
    expect(link).to_have_text(words)
    found = link.evaluate("""(el) => ({lines: el.getClientRects().length,
      right: el.getBoundingClientRect().right, width: document.documentElement.scrollWidth})""")
    assert found["lines"] == 1 and found["right"] <= PHONE["width"], found
    assert found["width"] <= PHONE["width"], found
    # the sheet opens in the page's language, whatever the browser's
    with page.context.expect_page() as opened:
        link.click()
    sheet = opened.value
    expect(sheet.locator(".house .preset")).to_contain_text(gettext(title))
    screenshot(page, f"house-rules-link-{game}-{lang}-phone")
    assert page.js_errors == []
