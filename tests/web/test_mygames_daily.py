"""The remembered nickname, "My games" of this browser, and the daily deal played in the
browser with its board (issue 16 §5, issue 19 §4)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, play_until_over, shot
from tests.helpers.translations import page_in

from cardtable.web.language import LANGUAGES, translation

#: The daily page's rule, as written in the client's strings (translated in each catalog).
RULE = ("You play each daily deal once. Its replays, and everything else that shows its "
        "cards, open when its day is over (UTC).")


def test_the_nickname_is_remembered_and_my_games_lists_the_match(new_page: Any, live: Any) -> None:
    page = new_page(PHONE)
    page.goto("/")
    expect(page.locator("#quick-name")).to_have_value(re.compile(r"^Guest \d{3}$"))
    page.fill("#quick-name", "Zoé")
    page.select_option("#quick-level", "random")
    page.click("#quick button[value=punttu]")
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9-]+$"))
    code = page.url.rsplit("/", 1)[1]
    play_until_over([page], live)
    page.goto("/")
    expect(page.locator("#quick-name")).to_have_value("Zoé")  # used for every new table
    expect(page.locator("#new-name")).to_have_value("Zoé")
    page.get_by_role("link", name="My games").click()
    expect(page).to_have_url(re.compile(r"/mine$"))
    game = page.locator(".my-game")
    expect(game).to_have_count(1)
    expect(game).to_contain_text("Punttu")
    expect(game.locator(".badge")).to_have_text(re.compile(r"^(won|lost)$"))
    expect(game.get_by_role("link", name="deal 1")).to_have_attribute("href", f"/replay/{code}/1")
    shot(page, "my-games-phone")
    page.set_viewport_size(LAPTOP)
    shot(page, "my-games-laptop")
    assert not page.js_errors


def test_the_daily_deal_in_the_browser_and_its_board(new_page: Any, live: Any) -> None:
    page = new_page(LAPTOP)
    page.goto("/daily?game=punttu&players=2")
    expect(page.locator("h1")).to_have_text("The daily deal")
    expect(page.locator("#daily-play")).to_be_visible()
    expect(page.locator(".panel")).to_contain_text("played today's deal yet")
    shot(page, "daily-before-laptop")
    page.set_viewport_size(PHONE)
    shot(page, "daily-before-phone")
    page.set_viewport_size(LAPTOP)
    page.click("#daily-play")
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9-]+$"))
    expect(page.locator("#hint")).to_have_count(0)  # no hints at the daily deal
    play_until_over([page], live)
    expect(page.locator("#play-again")).to_have_count(0)  # today's deal is played once
    page.click("#daily-board")
    expect(page).to_have_url(re.compile(r"/daily\?game=punttu&players=2$"))
    board = page.locator(".daily-board")
    expect(board.locator("tbody tr")).to_have_count(1)
    expect(board.locator("tbody tr")).to_contain_text("(you)")
    expect(board.locator(".references")).not_to_contain_text("being worked out", timeout=60_000)
    expect(board.locator(".references")).to_contain_text("the hard bot from the same seat")
    shot(page, "daily-board-laptop")
    page.set_viewport_size(PHONE)
    shot(page, "daily-board-phone")
    expect(board.locator("tbody tr")).to_contain_text("(unverified)")  # no identities yet
    expect(board.get_by_role("link", name="Replay this deal")).to_have_count(0)  # sealed today
    assert not page.js_errors


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_daily_page_says_its_rule_whole_in_view(new_page: Any, lang: str,
                                                    viewport: dict[str, int]) -> None:
    page = page_in(new_page, lang)
    page.set_viewport_size(viewport)
    page.goto("/daily?game=punttu&players=2")
    rule = page.locator("#daily-rule")
    expect(rule).to_have_text(translation(lang).gettext(RULE))
    box = rule.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
    shot(page, f"{lang}-daily-rule-{viewport['width']}")
    assert not page.js_errors
