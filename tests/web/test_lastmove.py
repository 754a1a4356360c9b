"""The last-move line on the felt (issue 16 §2): a sentence for the table's last move, and a
move the turn timer made is said to be the timer's, not the person's own."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, screenshot, seated
from tests.helpers.server import first_deal_is
from tests.putto.test_rules import setup as putto_setup
from tests.web.test_pontinho import Scripted


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


def test_a_page_that_connects_after_a_capture_words_it_in_full(
    new_page: Any, live: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page that (re)connects gets a full state: the deal's log without events, and the
    last move's events. The log's entry for that move must name the cards it took, as the felt
    does (the log read "captured with seven of coins", the felt "captured seven of cups with
    seven of coins": a flake of the whole-deal test when a bot captured as the page loaded)."""

    hands = [["Ao", "Ko", "Qo", "2o"], ["7o", "5b", "4b", "3b"]]
    first_deal_is(monkeypatch, putto_setup(2, hands, "7c"), dealer=0)
    table = live.post("/api/tables", {"game": "putto", "players": 2, "options": {"deals": 1},
                                      "seats": [{"kind": "person"}] * 2})
    code = table["code"]
    ana = live.post(f"/api/tables/{code}/join", {"name": "Ana", "seat": 0})
    page = new_page(LAPTOP)
    seat = json.dumps({"seat": ana["seat"], "token": ana["token"]})
    page.add_init_script(f"localStorage.setItem('cardtable:seat:{code}', {json.dumps(seat)});")
    bob = Scripted(live.url.replace("http", "ws") + f"/ws/{code}",
                   live.post(f"/api/tables/{code}/join", {"name": "Bob", "seat": 1})["token"])
    try:
        bob.play("capture 7o")  # Bob leads (seat 0 deals) and sweeps the seven of cups
        while True:  # stored and sent before the page connects
            message = json.loads(bob.ws.recv(timeout=20))
            if message["type"] == "state" and (message["last"] or {}).get("action") == "capture 7o":
                break
        page.goto(f"/t/{code}")  # the page's first state is a full one, after the capture
        words = "Bob captured seven of cups with seven of coins."
        expect(page.locator(".last-move")).to_have_text(words)
        expect(page.locator(".log li").last).to_have_text(words)
    finally:
        bob.close()
    assert page.js_errors == []
