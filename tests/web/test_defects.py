"""Defects of the table page seen in issue 16 §7, each fixed and kept fixed here: the match-end
dialog takes the focus and keeps Tab inside it, a one-deal match shows no empty "Deal 1 is
over" heading, and no card can be played while the connection is being re-established."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, Person, screenshot

ENABLED = ".hand button.card:not([disabled])"


def _seated(new_page: Any, live: Any, viewport: dict[str, int], **fields: Any) -> Any:
    joined = live.post("/api/play", {"game": "punttu", "name": "Ana", "level": "random",
                                     **fields})
    page = new_page(viewport)
    seat = json.dumps({"seat": joined["seat"], "token": joined["token"]})
    page.add_init_script(
        f"localStorage.setItem('cardtable:seat:{joined['code']}', {json.dumps(seat)});")
    page.code = joined["code"]
    return page


def test_the_match_end_dialog_holds_the_focus(new_page: Any, live: Any) -> None:
    person = Person(live, deals=1)
    person.play_moves(18)  # over the WebSocket; the page plays the last two of Ana's 20 cards
    page = person.page(new_page, LAPTOP)
    for _ in range(3):
        page.locator(f"{ENABLED}, #play-again").first.wait_for()
        if page.locator("#play-again").count():
            break
        page.locator(ENABLED).first.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("The match is over")
    expect(dialog).not_to_contain_text("Deal 1 is over")  # one deal: no heading of its own
    expect(page.locator("#play-again")).to_be_focused()
    inside = "() => Boolean(document.activeElement.closest('[role=dialog]'))"
    for _ in range(12):  # round and round: Tab never leaves the modal
        page.keyboard.press("Tab")
        assert page.evaluate(inside)
    for _ in range(3):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(inside)
    screenshot(page, "match-end-focus-laptop")
    assert page.js_errors == []


def test_no_card_is_playable_while_reconnecting(new_page: Any, live: Any) -> None:
    page = _seated(new_page, live, PHONE)
    sockets: list[Any] = []
    cut = {"off": False}

    def route(ws: Any) -> None:
        sockets.append(ws)
        if not cut["off"]:
            ws.connect_to_server()  # else: the socket opens and nobody ever answers

    page.route_web_socket(re.compile(r"/ws/"), route)
    page.goto(f"/t/{page.code}")
    expect(page.locator(ENABLED).first).to_be_visible()  # my turn
    cut["off"] = True
    sockets[-1].close()
    expect(page.locator(".banner")).to_contain_text("reconnecting")
    expect(page.locator(".hand button.card").first).to_be_visible()
    expect(page.locator(ENABLED)).to_have_count(0)
    screenshot(page, "reconnecting-phone")
    assert page.js_errors == []
