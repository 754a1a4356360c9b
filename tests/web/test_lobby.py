"""The lobby at phone and laptop sizes, the how-to-play pages, joining by code, and the
language: Accept-Language by default, then the picker's choice, remembered across visits."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect
from tests.web.conftest import LAPTOP, PHONE, screenshot


def test_lobby_offers_every_game_and_its_house_rules(new_page: Any) -> None:
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = new_page(viewport)
        page.goto("/")
        quick = page.locator("#quick")
        for game in ("Punttu", "Putto", "Pontinho"):
            expect(quick.get_by_role("button", name=f"Play {game}")).to_be_visible()
        page.select_option("#new-game", "pontinho")
        page.locator("#new-table details summary").click()
        expect(page.locator("#opt-bust")).to_have_value("100")
        expect(page.locator(".option .help").first).not_to_be_empty()
        page.fill("#new-players", "5")
        expect(page.locator("#new-table .seats select")).to_have_count(5)
        screenshot(page, f"lobby-{name}")
        assert page.js_errors == []


def test_how_to_play_and_join_by_code(new_page: Any, live: Any) -> None:
    table = live.post("/api/tables", {"game": "putto", "players": 2,
                                      "seats": [{"kind": "person"}, {"kind": "bot",
                                                                     "level": "random"}]})
    page = new_page(PHONE)
    page.goto("/")
    page.get_by_role("link", name="Putto", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("How to play Putto")
    page.go_back()
    page.fill("#join-code", table["code"].lower())
    page.click("#join button[type=submit]")
    expect(page).to_have_url(re.compile(f"/t/{table['code']}$"))
    expect(page.locator(".take-seat")).to_have_count(1)
    assert page.js_errors == []


def test_language_from_the_browser_then_from_the_picker(new_page: Any) -> None:
    page = new_page(LAPTOP, locale="hu-HU")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    expect(page.locator("#language")).to_have_value("hu")
    page.select_option("#language", "eu")
    expect(page.locator("html")).to_have_attribute("lang", "eu")
    page.goto("/how/punttu")  # another page, later: the choice is remembered
    expect(page.locator("html")).to_have_attribute("lang", "eu")
    assert page.js_errors == []
