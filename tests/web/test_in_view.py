"""Nothing the table opens is out of sight: a question, the hint, an error opens whole on
screen, above the docked hand, at phone and laptop size (``assert_above_the_dock``). Putto's
"Capture or play?" opened behind the dock (its buttons at y 510 under a dock from 556 on a
laptop) and the hint below the fold (y 740 to 868 of an 800 px window).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, assert_above_the_dock, screenshot, seated
from tests.helpers.server import first_deal_is
from tests.putto.test_rules import setup as putto_setup

SIZES = pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])


def _size(viewport: dict[str, int]) -> str:
    return "laptop" if viewport is LAPTOP else "phone"


@pytest.mark.rule("PT-9")
@SIZES
def test_capture_or_play_opens_in_view(new_page: Any, live: Any,
                                       monkeypatch: pytest.MonkeyPatch,
                                       viewport: dict[str, int]) -> None:
    """Four seats (the biggest dock of a Putto table in pairs): my seven of coins can capture
    the seven of cups on the table or be laid beside it, so the table asks which."""
    hands = [["7o", "Ko", "Qo", "2o"]]
    first_deal_is(monkeypatch, putto_setup(4, hands, "7c"), dealer=3)  # I lead
    table = live.post("/api/tables", {
        "game": "putto", "players": 4, "options": {"deals": 1},
        "seats": [{"kind": "person"}, *[{"kind": "bot", "level": "random"}] * 3]})
    code = table["code"]
    ana = live.post(f"/api/tables/{code}/join", {"name": "Ana", "seat": 0})
    page = new_page(viewport)
    seat = json.dumps({"seat": ana["seat"], "token": ana["token"]})
    page.add_init_script(f"localStorage.setItem('cardtable:seat:{code}', {json.dumps(seat)});")
    page.goto(f"/t/{code}")
    page.locator('.hand button.card[data-card="7o"]:not([disabled])').click()
    expect(page.locator(".choice")).to_contain_text("Capture or play?")
    assert_above_the_dock(page, ".choice")
    screenshot(page, f"putto-choice-in-view-{_size(viewport)}")
    assert page.js_errors == []


@pytest.mark.parametrize("game", ["punttu", "putto", "pontinho"])
@SIZES
def test_the_hint_opens_in_view(new_page: Any, live: Any, game: str,
                                viewport: dict[str, int]) -> None:
    page = seated(new_page, live, viewport, game, players=4)
    page.locator("#hint").click()
    expect(page.locator(".hint")).to_contain_text("The strongest bot would")
    assert_above_the_dock(page, ".hint")
    screenshot(page, f"hint-in-view-{game}-{_size(viewport)}")
    assert page.js_errors == []
