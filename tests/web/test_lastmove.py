"""The last-move line on the felt (issue 16 §2): a sentence for the table's last move, and a
move the turn timer made is said to be the timer's, not the person's own."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, screenshot


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_timer_move_is_the_timers(new_page: Any, live: Any, viewport: dict[str, int]) -> None:
    size = "laptop" if viewport is LAPTOP else "phone"
    joined = live.post("/api/play", {"game": "putto", "players": 2, "name": "Ana",
                                     "level": "random", "turn_seconds": 0.5})
    page = new_page(viewport)
    seat = json.dumps({"seat": joined["seat"], "token": joined["token"]})
    page.add_init_script(
        f"localStorage.setItem('cardtable:seat:{joined['code']}', {json.dumps(seat)});")
    page.goto(f"/t/{joined['code']}")
    line = page.locator(".last-move")
    # I never click: the timer plays for me, and the log says so (the bot answers at once,
    # so the line soon shows the bot's move, in the same words)
    expect(line).to_contain_text(re.compile(r"(laid .+ on the table|captured .+ with .+)\."))
    expect(page.locator(".log")).to_contain_text("time ran out: played by the timer")
    screenshot(page, f"last-move-timer-{size}")
    assert page.js_errors == []
