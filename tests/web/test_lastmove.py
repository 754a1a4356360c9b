"""The last-move line on the felt (issue 16 §2): a sentence for the table's last move, and a
move the turn timer made is said to be the timer's, not the person's own."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, screenshot, seated


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_timer_move_is_the_timers(new_page: Any, live: Any, viewport: dict[str, int]) -> None:
    size = "laptop" if viewport is LAPTOP else "phone"
    page = seated(new_page, live, viewport, "putto", turn_seconds=0.5)
    line = page.locator(".last-move")
    # I never click: the timer plays for me, and the log says so (the bot answers at once,
    # so the line soon shows the bot's move, in the same words)
    expect(line).to_contain_text(re.compile(r"(laid .+ on the table|captured .+ with .+)\."))
    expect(page.locator(".log")).to_contain_text("time ran out: played by the timer")
    screenshot(page, f"last-move-timer-{size}")
    assert page.js_errors == []


def test_a_bots_move_is_a_sentence_with_a_capital(new_page: Any, live: Any) -> None:
    """A bot is "bot 2 (random)" inside a sentence, but a sentence it starts begins with a
    capital, on the felt and in the log alike (it read "bot 2 (random) played ace of coins.")."""
    page = seated(new_page, live, LAPTOP, "punttu")
    line = page.locator(".last-move")
    mine = page.locator(".hand button.card:not([disabled])")
    # the bot moves first or answers mine (after a trick I win, I lead again: play once more)
    for _ in range(6):
        expect(mine.first).to_be_visible()
        before = line.text_content() if line.count() else ""  # no line before any move
        if "(random)" in (before or ""):
            break
        mine.first.click()
        expect(line).not_to_have_text(before or "")
    bots_line = re.compile(r"^Bot 2 \(random\) played .+\.$")
    expect(line).to_have_text(bots_line)
    expect(page.locator(".log li").filter(has_text="(random) played").first).to_have_text(bots_line)
    assert page.js_errors == []
