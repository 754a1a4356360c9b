"""The replay viewer: step through a finished deal forwards and backwards, every hand shown,
and download its record (which ``cardtable replay`` accepts)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, Person, screenshot

from cardtable.engine.record import replay


def test_a_page_opened_during_the_pause_shows_the_deal_end(new_page: Any, live: Any) -> None:
    """The deal-end dialog opens on the server's ``deal_end``: a page that arrives after the
    deal ended (a reload, a late watcher) is sent it again, so it shows the summary too."""
    person = Person(live)
    try:
        person.play_until("deal_end")  # the table now waits for Ana's Continue
        page = new_page(LAPTOP)
        page.goto(f"/t/{person.code}")
        dialog = page.get_by_role("dialog")
        expect(dialog).to_contain_text("Deal 1 is over")
        rows = dialog.locator("table.points tbody tr td:first-child")
        expect(rows).to_have_text(["Ana", "Bot 2 (random)"])  # a label: a capital first
        # nobody waits for a watcher: their dialog closes, and tells the server nothing
        dialog.get_by_role("button", name="Close").click()
        expect(dialog).to_have_count(0)
        expect(page.locator(".error")).to_have_count(0)
    finally:
        person.close()


def test_step_through_a_finished_deal(new_page: Any, live: Any, tmp_path: Path) -> None:
    person = Person(live)
    code = person.code
    page = new_page(LAPTOP, accept_downloads=True)
    page.goto(f"/t/{code}")  # watching, from the start
    expect(page.locator(".badge")).to_have_text("watching")
    try:
        person.play_until("deal_end")
        dialog = page.get_by_role("dialog")
        expect(dialog).to_contain_text("Deal 1 is over")
        expect(dialog.locator("table.points tbody tr")).to_have_count(2)
        screenshot(page, "deal-end-laptop")
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
        person.play_until("match_end")
    finally:
        person.close()
    expect(page.get_by_role("dialog")).to_contain_text("The match is over")
    page.get_by_role("link", name="deal 1").click()
    expect(page.locator("#caption")).to_contain_text("The deal as dealt")
    expect(page.locator(".seat")).to_have_count(2)
    expect(page.locator(".seat").first.locator(".hand .card")).to_have_count(3)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#caption")).to_contain_text("Move 1 of 40")
    expect(page.locator(".trick li")).to_have_count(1)
    page.click("#forward")
    expect(page.locator("#caption")).to_contain_text("Move 2 of 40")
    page.click("#back")
    page.click("#back")
    expect(page.locator("#caption")).to_contain_text("The deal as dealt")
    expect(page.locator("#back")).to_be_disabled()
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#caption")).to_contain_text("Move 2 of 40")
    expect(page.locator(".trick-winner")).to_contain_text("Trick to")  # shown, then taken
    page.click("#end")
    expect(page.locator("#caption")).to_contain_text("Move 40 of 40")
    page.get_by_role("link", name="Next deal").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("deal 2")
    page.get_by_role("link", name="Previous deal").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("deal 1")
    screenshot(page, "replay-laptop")
    with page.expect_download() as info:
        page.click("#download")
    path = tmp_path / "deal.json"
    info.value.save_as(path)
    replayed = replay(json.loads(path.read_text()))
    assert replayed.state.is_over
    phone = new_page(PHONE)
    phone.goto(f"/replay/{code}/1")
    expect(phone.locator("#caption")).to_be_visible()
    screenshot(phone, "replay-phone")
    assert page.js_errors == [] and phone.js_errors == []


def test_the_replay_reads_like_the_table(new_page: Any, live: Any) -> None:
    """Nothing but the replay before the coach is asked (no stray "null"); each caption says
    the move as the table does (a capture names the card played and the cards it took); the
    seats sit around the centre as at the table, the person's own below it; the end shows the
    final score."""
    person = Person(live, game="putto", deals=1)
    try:
        person.play_until("match_end")
    finally:
        person.close()
    data = httpx.get(f"{live.url}/api/tables/{person.code}/deals/1/replay", timeout=30).json()
    steps = data["steps"]
    actions = [step["action"] or "" for step in steps]
    capture = next(i for i, action in enumerate(actions) if action.startswith("capture"))
    taken = next(e for e in steps[capture]["events"] if e["kind"] == "capture")["taken"]
    page = new_page(LAPTOP)
    person.sat_here(page)
    page.goto(f"/replay/{person.code}/1")
    expect(page.locator("#ask-coach")).to_be_visible()
    assert "null" not in page.locator("#app").inner_text()
    # Ana's seat below the centre, the bot's across the felt, as at the table
    expect(page.locator(".replay-felt .replay-mine .seat")).to_have_attribute("aria-label", "Ana")
    expect(page.locator(".replay-felt .ring-top .seat")).to_have_count(1)
    page.locator("#scrub").fill(str(capture + 1))
    who = "Ana" if steps[capture]["to_move"] == person.seat else r"Bot \d \(random\)"
    cards = r"[^,]+" + r", [^,]+" * (len(taken) - 1)  # every card taken, named
    expect(page.locator("#caption")).to_have_text(
        re.compile(rf"Move {capture + 1} of {len(steps) - 1}: {who} captured {cards} with .+\.$"))
    expect(page.locator("#final-score")).to_have_count(0)  # only at the end
    page.click("#end")
    outcome = data["outcome"]
    final = page.locator("#final-score")
    expect(final).to_contain_text("Final score:")
    for side, points in zip(outcome["sides"], outcome["points"], strict=True):
        star = " ★" if set(side) & set(outcome["winners"]) else ""
        name = "Ana" if person.seat in side else f"Bot {side[0] + 1} (random)"
        expect(final).to_contain_text(f"{name} {points}{star}")
    screenshot(page, "replay-putto-laptop")
    assert page.js_errors == []


def test_partners_captures_are_said_once_by_side_in_the_replay(new_page: Any, live: Any) -> None:
    """Putto's partners pool their captures (PT-3): the replay says each side's count once,
    beside the partners' names, as the table's scoreboard does, and no partner's seat repeats
    it as though it were theirs."""
    person = Person(live, game="putto", deals=1, players=4)
    try:
        person.play_until("match_end")
    finally:
        person.close()
    data = httpx.get(f"{live.url}/api/tables/{person.code}/deals/1/replay", timeout=30).json()
    view = data["steps"][-1]["view"]
    page = new_page(LAPTOP)
    page.goto(f"/replay/{person.code}/1")
    page.click("#end")
    scores = page.locator(".replay-felt .scoreboard .score")
    expect(scores).to_have_count(2)
    for text, sweeps, captured in zip(scores.all_inner_texts(), view["sweeps"], view["captured"],
                                      strict=True):
        assert re.fullmatch(rf".+ \+ .+: Sweeps {sweeps} · captured {captured}", text), text
    expect(page.locator(".replay-felt .seat")).to_have_count(4)
    expect(page.locator(".replay-felt .seat .facts")).to_have_count(0)
    assert page.js_errors == []
