"""An accessibility scan with axe-core (issue 16, "Tests and review") of the lobby, a table of
each game, a replay and a rules page, at phone and laptop size: no serious or critical
violation. axe-core comes from npm, pinned in tests/web/axe/package.json (``make axe``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
ENABLED = ".hand button.card:not([disabled])"


def violations(page: Any) -> list[str]:
    if not AXE.exists():
        pytest.skip(f"!!! ACCESSIBILITY SCAN SKIPPED: no {AXE}; run `make axe` (npm) !!!")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
        .map((v) => `${v.id}: ${v.help} (${
          v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')})`);
    }""")
    return list(found)


def seat(page: Any, live: Any, game: str, players: int) -> str:
    joined = live.post("/api/play", {"game": game, "name": "Ana", "level": "random",
                                     "players": players})
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
    # a finished deal's replay: a two-seat Punttu deal played to its end
    code = seat(page, live, "punttu", 2)
    for _ in range(30):
        page.locator(f"{ENABLED}, #play-again").first.wait_for()
        if page.locator("#play-again").count():
            break
        page.locator(ENABLED).first.click()
    found["match end"] = violations(page)
    page.goto(f"/replay/{code}/1")
    expect(page.locator("#scrub")).to_be_visible()
    found["replay"] = violations(page)
    page.goto("/rules/putto?players=4")
    found["rules"] = violations(page)
    page.goto(f"/t/{code}/rules")
    found["table rules"] = violations(page)
    assert {name: v for name, v in found.items() if v} == {}
    assert page.js_errors == []
