"""An accessibility scan with axe-core of the lobby, a table of each game, a replay and a rules
page, and of the states and dialogs a player meets (a hint, a deal's end, the match's end, the
replay with the coach's marks), at phone and laptop size: no moderate, serious or critical
violation. axe-core comes from npm, pinned in tests/web/axe/package.json (``make axe``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import (
    ENABLED,
    LAPTOP,
    PHONE,
    REVIEW_WAIT_MS,
    Person,
    hold_seat,
)

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def violations(page: Any) -> list[str]:
    if not AXE.exists():
        pytest.skip(f"!!! ACCESSIBILITY SCAN SKIPPED: no {AXE}; run `make axe` (npm) !!!")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.filter((v) => ['moderate', 'serious', 'critical'].includes(v.impact))
        .map((v) => `${v.id}: ${v.help} (${
          v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')})`);
    }""")
    return list(found)


def seat(page: Any, live: Any, game: str, players: int, deals: int | None = None) -> str:
    options = {} if deals is None else {"deals": deals}
    joined = live.post("/api/play", {"game": game, "name": "Ana", "level": "random",
                                     "players": players, "options": options})
    value = json.dumps({"seat": joined["seat"], "token": joined["token"]})
    page.goto("/")
    page.evaluate(f"localStorage.setItem('cardtable:seat:{joined['code']}', {json.dumps(value)})")
    page.goto(f"/t/{joined['code']}")
    return str(joined["code"])


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_no_serious_violation_on_any_page(new_page: Any, live: Any,
                                          viewport: dict[str, int]) -> None:
    # axe is injected as a script tag, which the pages' Content-Security-Policy (no script but
    # the server's own files) would block: this context alone bypasses it
    page = new_page(viewport, bypass_csp=True)
    found: dict[str, list[str]] = {}
    page.goto("/")
    expect(page.locator("#quick")).to_be_visible()
    found["lobby"] = violations(page)
    for game, players in (("punttu", 4), ("putto", 4), ("pontinho", 3)):
        code = seat(page, live, game, players)
        expect(page.locator(".felt")).to_be_visible()
        page.locator(f"{ENABLED}, #draw, .actions button").first.wait_for()
        found[game] = violations(page)
    # a finished deal's replay: a one-deal, two-seat Punttu match played to its end (over the
    # WebSocket; the page opens on the finished match)
    person = Person(live, deals=1)
    person.play_until("match_end")
    person.close()
    code = person.code
    hold_seat(page, code, person.joined)
    expect(page.locator("#play-again")).to_be_visible()
    found["match end"] = violations(page)
    page.goto(f"/replay/{code}/1")
    expect(page.locator("#scrub")).to_be_visible()
    found["replay"] = violations(page)
    page.goto("/mine")  # this browser's player and its own profile
    page.click("#my-profile")
    expect(page.locator("#delete-account")).to_be_visible()
    found["profile"] = violations(page)
    page.goto("/rules/putto?players=4")
    found["rules"] = violations(page)
    page.goto(f"/t/{code}/rules")
    found["table rules"] = violations(page)
    bad = {name: v for name, v in found.items() if v}
    assert bad == {}, json.dumps(bad, indent=1)
    assert page.js_errors == []


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_no_violation_in_the_states_and_dialogs_of_a_match(new_page: Any, live: Any,
                                                           viewport: dict[str, int]) -> None:
    """A two-deal Punttu match at two seats, scanned at each state a player meets: the hint
    explained, the deal's end dialog, the match's end dialog, and the replay with the coach's
    marks and a marked move's note. The person plays the deals over the WebSocket, the page
    opens in the pause after the first and looks on while the second is played."""
    found: dict[str, list[str]] = {}
    person = Person(live)
    code = person.code
    person.play_until("deal_end")
    page = person.page(new_page, viewport, bypass_csp=True)  # axe is injected as a script
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Deal 1 is over")
    found["deal end"] = violations(page)
    dialog.locator("#continue").click()
    page.locator(ENABLED).first.wait_for()
    page.click("#hint")
    expect(page.locator(".hint")).to_be_visible(timeout=30_000)
    found["hint"] = violations(page)
    person.connect()
    person.play_until("match_end")
    person.close()
    expect(dialog).to_contain_text("The match is over")
    found["match end"] = violations(page)
    page.goto(f"/replay/{code}/1")
    page.click("#ask-coach")
    expect(page.locator("#review-marks")).to_be_visible(timeout=REVIEW_WAIT_MS)
    page.select_option("#coach-seat", "all")
    marks = page.locator(".review-mark")
    if marks.count():
        marks.first.click()
        expect(page.locator("#review-note strong")).to_be_visible()
    found["replay with the coach"] = violations(page)
    bad = {name: v for name, v in found.items() if v}
    assert bad == {}, json.dumps(bad, indent=1)
    assert page.js_errors == []
