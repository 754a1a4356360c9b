"""The coach's marks in the replay viewer (review.js): asked for, the replay lists the moves
the coach flagged, the person's own first; one click goes to the move and says, in plain words,
about how many points it lost, the better move and why, from the same sampled deals (in the
game's own facts: tests/web/test_replay_review_facts.py)."""

from __future__ import annotations

import math
import re
from typing import Any

import httpx
from playwright.sync_api import expect
from tests.helpers.browser import REVIEW_WAIT_MS, Person


def test_the_replay_marks_flagged_moves_and_shows_the_better_one(new_page: Any, live: Any) -> None:
    person = Person(live)  # always the first legal card: a careless player
    try:
        person.play_until("match_end")
    finally:
        person.close()
    page = new_page()
    person.sat_here(page)  # this browser sat at Ana's seat: the coach speaks of her moves first
    page.goto(f"/replay/{person.code}/1")
    page.click("#ask-coach")  # a review costs the server work: only when asked
    marks = page.locator("#review-marks")
    expect(marks).to_be_visible(timeout=REVIEW_WAIT_MS)
    expect(page.locator("#coach-seat option:checked")).to_have_text("Ana")
    flagged = marks.locator(".review-mark")
    data = httpx.get(f"{live.url}/api/tables/{person.code}/deals/1/review", timeout=30).json()
    wanted = [m for m in data["moves"] if m["label"] != "good"]
    mine = [m for m in wanted if m["seat"] == person.seat]
    expect(flagged).to_have_count(len(mine))
    page.select_option("#coach-seat", "all")  # everyone's, the bot's too, on asking
    expect(flagged).to_have_count(len(wanted))
    if wanted:
        move = wanted[0]
        flagged.first.click()
        expect(page.locator("#caption")).to_contain_text(f"Move {move['number']} of")
        note = page.locator("#review-note")
        expect(note.locator("strong")).to_have_text(move["label"])
        # as the page rounds (JavaScript's Math.round: a half up; Python's round(10.5) is 10)
        points = max(1, math.floor(move["loss"] + 0.5))
        expect(note).to_contain_text(f"About {points} point")
        # why, from the same sampled deals: in the game's own facts where the review chose some
        # (a trick won, the card points after it…), else how often the better move ended ahead
        if move["reason"]:
            expect(note).to_have_text(re.compile(r"Better: [^:]+\. (It|You) .+\.$"))
            expect(note).not_to_contain_text("from what was known then")
        else:
            expect(note).to_have_text(re.compile(
                rf"Better: .+: it ended ahead in {move['better_in']} of the {move['samples']} "
                rf"ways the deal could go on from what was known then, and behind in "
                rf"{move['worse_in']}\."))
        assert "CI" not in note.inner_text() and "%" not in note.inner_text()
        assert move["better_in"] + move["worse_in"] <= move["samples"]
    assert page.js_errors == []
