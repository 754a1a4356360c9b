"""What tells a player where the game stands without reading the felt (issue 16 §2, §3): "● Your
turn" in the tab's title at my turn, a mute switch this browser remembers, and the running
scoreboard above the felt during a deal."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, seated

MINE = ".hand button.card:not([disabled])"


def test_my_turn_is_in_the_tab_title(new_page: Any, live: Any) -> None:
    page = seated(new_page, live, LAPTOP, "punttu")
    expect(page.locator(MINE).first).to_be_visible()
    assert page.title().startswith("● Your turn · ")
    page.locator(MINE).first.click()
    # the random bot answers at once, so it is soon my turn again: the mark is back, once
    expect(page.locator(MINE).first).to_be_visible()
    assert page.title().count("●") == 1
    assert page.js_errors == []


def test_the_mute_switch_is_remembered(new_page: Any, live: Any) -> None:
    page = seated(new_page, live, LAPTOP, "putto")
    switch = page.locator("#mute")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(switch).to_have_text("Sound off")
    page.reload()
    expect(page.locator("#mute")).to_have_attribute("aria-pressed", "true")
    assert page.js_errors == []


def test_the_scoreboard_stays_on_the_felt_during_a_deal(new_page: Any, live: Any) -> None:
    page = seated(new_page, live, LAPTOP, "punttu")
    board = page.locator(".scoreboard")
    expect(board.locator(".score")).to_have_count(2)
    expect(board.locator(".score.mine")).to_contain_text("You")  # a label: a capital first
    for _ in range(3):  # still there after moves, not only between deals
        page.locator(MINE).first.click()
        expect(page.locator(MINE).first).to_be_visible()
        expect(board.locator(".score")).to_have_count(2)
    assert page.js_errors == []
