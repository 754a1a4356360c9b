"""The coach's marks in the replay viewer (review.js): asked for, the replay lists the moves
the coach flagged; one click goes to the move and says what was lost and the better move."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect
from tests.helpers.browser import Person


def test_the_replay_marks_flagged_moves_and_shows_the_better_one(new_page: Any, live: Any) -> None:
    person = Person(live)  # always the first legal card: a careless player
    try:
        person.play_until("match_end")
    finally:
        person.close()
    page = new_page()
    page.goto(f"/replay/{person.code}/1")
    page.click("#ask-coach")  # a review costs the server work: only when asked
    marks = page.locator("#review-marks")
    expect(marks).to_be_visible(timeout=30_000)
    flagged = marks.locator(".review-mark")
    data = httpx.get(f"{live.url}/api/tables/{person.code}/deals/1/review", timeout=30).json()
    wanted = [m for m in data["moves"] if m["label"] != "good"]
    expect(flagged).to_have_count(len(wanted))
    if wanted:
        flagged.first.click()
        expect(page.locator("#caption")).to_contain_text(f"Move {wanted[0]['number']} of")
        expect(page.locator("#review-note")).to_contain_text("better:")
        expect(page.locator("#review-note strong")).to_have_text(wanted[0]["label"])
    assert page.js_errors == []
