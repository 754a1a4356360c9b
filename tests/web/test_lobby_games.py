"""The lobby tells a newcomer what the games are, and names its house-rule presets (issue 33
§6, §7): each game's card (its cards, what it is, how many play it, how to play it, up front) at
phone and laptop size in every language; choosing a rule set
sets its options and changing one says "custom"; the table made keeps the rule set, shows it
and its rules sheet names it; Putto's form defaults follow the player count as its help says."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, image_width, screenshot

from cardtable.games import descriptors
from cardtable.i18n import translation
from cardtable.web.language import LANGUAGES

SIZES = {"phone": PHONE, "laptop": LAPTOP}


def no_overflow(page: Any, selector: str) -> None:
    """Nothing in ``selector`` reaches past the page's width (nothing cut at the right)."""
    found = page.evaluate("""(selector) => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll(selector + ' *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1)
        .map((el) => el.tagName + '.' + el.className);
      return { width, scroll: document.documentElement.scrollWidth, wide };
    }""", selector)
    assert found["scroll"] <= found["width"] + 1 and not found["wide"], found


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("size", list(SIZES))
def test_each_game_says_what_it_is_with_its_cards_and_how_to_play(
    new_page: Any, lang: str, size: str
) -> None:
    gettext = translation(lang).gettext
    page = new_page(SIZES[size])
    page.goto(f"/?lang={lang}")
    for game in descriptors():
        card = page.locator(f"#about-{game.name}")
        expect(card).to_be_visible()
        expect(card.locator("h3")).to_have_text(gettext(game.title))
        expect(card.locator(".about")).to_have_text(gettext(game.summary))
        counts = game.game_class.player_counts()
        expect(card.locator(".counts")).to_contain_text(str(counts[0]))
        expect(card.locator(".counts")).to_contain_text(str(counts[-1]))
        pictures = card.locator(".showcase img")
        expect(pictures).to_have_count(len(game.showcase))
        for i in range(len(game.showcase)):  # every picture drawn, none broken
            assert image_width(pictures.nth(i)) > 0
        how = card.locator("a.how")
        expect(how).to_have_attribute("href", f"/how/{game.name}")
        expect(how).to_be_visible()
        # up front: the link comes before the picture and the text in the card
        assert how.evaluate("(a) => a.compareDocumentPosition(a.closest('article')"
                            ".querySelector('.showcase')) & Node.DOCUMENT_POSITION_FOLLOWING")
        expect(card.get_by_role("button")).to_be_visible()
    no_overflow(page, "main")
    screenshot(page, f"lobby-games-{lang}-{size}")
    assert page.js_errors == []


def test_choosing_a_rule_set_sets_its_options_and_changing_one_says_custom(
    new_page: Any, live: Any
) -> None:
    page = new_page(LAPTOP)
    page.goto("/")
    page.fill("#new-name", "Ana")
    page.select_option("#new-game", "putto")
    expect(page.locator("#new-preset")).to_have_value("source")
    expect(page.locator("#new-preset option:checked")).to_have_text("Hungarian table")
    page.locator("#new-table details summary").click()
    page.select_option("#new-preset", "scopa")
    expect(page.locator("#opt-must_capture")).to_be_checked()
    expect(page.locator("#opt-last_play_sweep")).not_to_be_checked()
    expect(page.locator("#new-preset-note")).to_contain_text("Closer to Scopa")
    expect(page.locator("#new-rules")).to_have_attribute("href", re.compile("must_capture=true"))
    page.locator("#opt-last_play_sweep").check()  # one of the preset's options changed
    expect(page.locator("#new-preset")).to_have_value("custom")
    expect(page.locator("#new-preset option:checked")).to_have_text("Custom")
    page.locator("#opt-last_play_sweep").uncheck()  # back to the preset's own options
    expect(page.locator("#new-preset")).to_have_value("scopa")
    page.fill("#opt-deals", "2")  # not a preset's option: the rule set stays
    expect(page.locator("#new-preset")).to_have_value("scopa")
    page.fill("#new-players", "2")
    for seat in range(2):
        page.select_option(f"#seat-{seat}", "person")
    screenshot(page, "lobby-rule-set-laptop")
    page.click("#new-table button[type=submit]")
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9-]+$"))
    code = page.url.rsplit("/", 1)[1]
    table = httpx.get(f"{live.url}/api/tables/{code}", timeout=20).json()
    assert table["preset"] == "scopa"
    assert table["options"]["must_capture"] is True and table["options"]["deals"] == 2
    rules = page.locator(".house-rules")
    expect(rules.locator(".rule-set-line")).to_contain_text("Rule set: Scopa style")
    screenshot(page, "waiting-rule-set-laptop")
    with page.context.expect_page() as opened:
        rules.get_by_role("link", name="The rules of this table").click()
    sheet = opened.value
    expect(sheet.locator(".house .preset")).to_contain_text("Rule set: Scopa style.")
    assert page.js_errors == []


def test_the_sheet_of_a_table_names_its_rule_set_in_its_language(new_page: Any,
                                                                 live: Any) -> None:
    made = live.post("/api/tables", {"game": "pontinho", "preset": "common",
                                     "options": {"bust": 150}})
    assert made["preset"] == "common"
    gettext = translation("pt_BR").gettext
    page = new_page(PHONE)
    page.goto(f"/t/{made['code']}/rules?lang=pt_BR")
    expect(page.locator(".house .preset")).to_contain_text(gettext("Common Brazilian rules"))
    custom = live.post("/api/tables", {"game": "pontinho", "preset": "common",
                                       "options": {"buybacks": 2}})
    page.goto(f"/t/{custom['code']}/rules?lang=hu")
    expect(page.locator(".house .preset")).to_contain_text(
        translation("hu").gettext("Custom"))
    page.goto("/rules/putto?preset=scopa")
    expect(page.locator(".house .preset")).to_contain_text("Scopa style")
    expect(page.locator(".house")).to_contain_text("must capture")
    page.goto("/rules/putto?preset=scopone")
    expect(page.locator(".error")).to_contain_text("unknown preset 'scopone'")
    assert page.js_errors == []


def test_putto_friends_form_defaults_follow_the_player_count(new_page: Any) -> None:
    """The help says pairs are the default at 4 or 6 players and a match has one deal per
    seat: the form showed "everyone alone" at four and four deals at six."""
    page = new_page(PHONE)
    page.goto("/")
    page.select_option("#new-game", "putto")
    page.locator("#new-table details summary").click()
    expect(page.locator("#new-players")).to_have_value("4")
    expect(page.locator("#opt-teams")).to_have_value("pairs")
    expect(page.locator("#opt-deals")).to_have_value("4")
    page.fill("#new-players", "6")
    expect(page.locator("#opt-teams")).to_have_value("pairs")
    expect(page.locator("#opt-deals")).to_have_value("6")
    page.fill("#new-players", "3")
    expect(page.locator("#opt-teams")).to_have_value("alone")
    expect(page.locator("#opt-deals")).to_have_value("3")
    page.select_option("#opt-teams", "alone")  # chosen by hand: a new count leaves it be
    page.fill("#new-players", "4")
    expect(page.locator("#opt-teams")).to_have_value("alone")
    expect(page.locator("#opt-deals")).to_have_value("4")
    no_overflow(page, "main")
    screenshot(page, "lobby-putto-form-phone")
    assert page.js_errors == []


def test_a_running_tables_settings_name_its_rule_set(new_page: Any, live: Any) -> None:
    joined = live.post("/api/play", {"game": "punttu", "name": "Ana", "level": "random",
                                     "players": 3, "preset": "briscola"})
    assert joined["table"]["preset"] == "briscola"
    page = new_page(PHONE)
    seat = json.dumps({"seat": joined["seat"], "token": joined["token"]})
    page.add_init_script(
        f"localStorage.setItem('cardtable:seat:{joined['code']}', {json.dumps(seat)});")
    page.goto(f"/t/{joined['code']}?lang=eu")
    settings = page.locator("details.settings")
    settings.locator("summary").click()
    expect(settings.locator(".rule-set-line")).to_contain_text(
        translation("eu").gettext("Briscola trim"))
    no_overflow(page, "details.settings")
    screenshot(page, "table-settings-rule-set-eu-phone")
    assert page.js_errors == []
