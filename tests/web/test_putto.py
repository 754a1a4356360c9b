"""Two browser contexts (two people, each with their own storage) play a Putto deal against each
other: one makes the table in the lobby, the other joins from the link."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, ana_waits_at_a_putto_table, screenshot

ENABLED = ".hand button.card:not([disabled])"


def _until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    """Wait for a condition on the server's side (bounded), as ``expect`` does on the page's."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the server did not take the move in time"
        time.sleep(0.01)


def test_two_people_play_a_putto_deal(new_page: Any, live: Any) -> None:
    ana = ana_waits_at_a_putto_table(new_page, deals=1)
    link = ana.url

    bea = new_page(PHONE)
    bea.goto(link)
    bea.fill("#join-name", "Bea")
    bea.click(".take-seat")
    for page in (ana, bea):
        expect(page.locator(".felt")).to_be_visible()
        expect(page.locator(".seat.mine .hand button.card")).to_have_count(4)
    expect(ana.locator(".others")).to_contain_text("Bea")
    expect(bea.locator(".others")).to_contain_text("Ana")

    code = link.rsplit("/", 1)[1]
    table = live.lobby.get(code)
    pages = {0: ana, 1: bea}
    chose = played = 0
    while True:
        mover, phase = table.mover()  # read only: whose page should offer cards now
        if phase == "over":
            break
        if table.state.forced_move() is not None:  # the mover's only card: played for them
            version = table.version
            _until(lambda v=version: table.version > v or table.state.forced_move() is None)
            continue
        page = pages[mover]
        card = page.locator(ENABLED).first
        card.wait_for()
        if table.mover()[0] != mover:
            continue
        version = table.version
        card.click()
        choice = page.locator(".choice")
        if choice.count():  # both capture and play are legal: the table asks which
            if not chose:
                screenshot(page, "putto-choice-" + ("laptop" if page is ana else "phone"))
            expect(choice.get_by_role("button", name=re.compile("^Capture with"))).to_be_visible()
            choice.locator("#choose-capture").click()
            chose += 1
        expect(page.locator(ENABLED)).to_have_count(0)
        _until(lambda v=version: table.version > v)  # the server took it: who is next is known
        played += 1
        assert played < 60
    for page in (ana, bea):
        dialog = page.get_by_role("dialog")
        expect(dialog).to_contain_text("The match is over")
    expect(ana.get_by_role("dialog").locator("table.breakdown")).to_contain_text("Card points")
    # every part of a side's points is shown, so that the sum can be checked (PT-16): card
    # points, sweeps, primiera, total (it showed card points and sweeps, not the primiera)
    rows = ana.get_by_role("dialog").locator("table.breakdown tbody tr").evaluate_all(
        "(rows) => rows.map((r) => [...r.cells].slice(1).map((c) => parseInt(c.textContent, 10)))")
    assert rows and all(card + sweeps + primiera == total
                        for card, sweeps, primiera, total in rows), rows
    leftover = table.match.deals[0].outcome.details["leftover"]
    if leftover:  # PT-15: where they went is said
        expect(ana.get_by_role("dialog").locator(".leftover")).to_contain_text(
            "left on the table")
    screenshot(bea, "putto-match-end-phone")
    screenshot(ana, "putto-match-end-laptop")
    # every card of both hands was played, some (a last card) for their player
    assert len(table.match.deals[0].history) >= 18 and played >= 10
    assert ana.js_errors == [] and bea.js_errors == []


def test_a_four_seat_putto_table_in_pairs(new_page: Any) -> None:
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = new_page(viewport)
        page.goto("/")
        page.select_option("#quick-level", "random")
        page.click("#quick button[value=putto]")
        expect(page.locator(".seat")).to_have_count(4)
        expect(page.locator(".seat.mine")).to_contain_text("team 1")
        expect(page.locator(".others .seat").nth(1)).to_contain_text("team 1")  # across from me
        expect(page.locator(".direction")).to_contain_text("left")
        page.locator(ENABLED).first.wait_for()
        screenshot(page, f"putto-pairs-{name}")
        assert page.js_errors == []
