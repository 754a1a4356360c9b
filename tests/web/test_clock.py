"""The game clock in the browser (``js/clock.js``, docs/clock.md): the lobby's choice of a
profile reaches the table, the waiting room shows the profile's figures before anyone sits,
each person's plate shows their time, and under a tenth of the bank my own plate turns red and
says so. The page's clock is Playwright's (``page.clock``): no test waits for time to pass."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, screenshot


def test_the_lobby_makes_a_table_with_the_chosen_clock(new_page: Any, live: Any) -> None:
    page = new_page(PHONE)
    page.goto("/")
    page.select_option("#new-game", "punttu")
    page.locator("#new-table details summary").click()
    expect(page.locator("#new-clock option[value=slow]")).to_have_text(
        "Slow clock: 30 min each, +30 s a move")
    page.select_option("#new-clock", "slow")
    page.click("#new-table button[type=submit]")
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9]+$"))
    code = page.url.rsplit("/", 1)[1]
    assert live.lobby.tables[code].config.clock == "slow"
    mine = page.locator(".seat.mine .chip.clock")
    expect(mine).to_have_text(re.compile(r"^(30:00|29:\d\d)$"))
    expect(page.locator(".seat:not(.mine) .chip.clock")).to_have_count(0)  # bots: no clock
    expect(page.locator(".status .timer")).to_have_count(0)  # the clock is shown, not seconds
    screenshot(page, "clock-table-phone")
    assert page.js_errors == []


def test_the_waiting_room_shows_the_profile_before_anyone_sits(new_page: Any, live: Any) -> None:
    table = live.post("/api/tables", {"game": "punttu", "players": 2, "clock": "day",
                                      "seats": [{"kind": "person"}, {"kind": "person"}]})
    for name, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        page = new_page(viewport)
        page.goto(f"/t/{table['code']}")
        expect(page.locator(".clock-profile")).to_have_text(
            "Turn-based: a day a move: 2 days each, +1 day a move")
        screenshot(page, f"clock-waiting-{name}")
        assert page.js_errors == []


def test_my_plate_warns_when_a_tenth_of_my_bank_is_left(new_page: Any, live: Any) -> None:
    joined = live.post("/api/play", {"game": "putto", "name": "Ana", "level": "random",
                                     "players": 2, "clock": "fast"})
    page = new_page(LAPTOP)
    page.clock.install(time=time.time())
    saved = json.dumps({"seat": joined["seat"], "token": joined["token"]})
    page.add_init_script(
        f"localStorage.setItem('cardtable:seat:{joined['code']}', {json.dumps(saved)});")
    page.goto(f"/t/{joined['code']}")
    counting = page.locator(".seat.mine .chip.clock.counting")
    expect(counting).to_have_text(re.compile(r"^(3:00|2:5\d)$"))  # my turn: 3 min, counting
    expect(counting).not_to_have_class(re.compile(r"\blow\b"))
    page.clock.run_for(165_000)  # 2 min 45 s later on the page's clock: 15 s of 180 left
    expect(counting).to_have_class(re.compile(r"\blow\b"))
    expect(counting).to_have_text(re.compile(r"^0:1\d · little time left$"))
    screenshot(page, "clock-low-laptop")
    assert page.js_errors == []


def _turn_based_table(live: Any) -> tuple[str, int]:
    """A turn-based Pontinho table for two, both seats taken; its code and the seat to move."""
    table = live.post("/api/tables", {"game": "pontinho", "players": 2, "clock": "day",
                                      "seats": [{"kind": "person"}, {"kind": "person"}]})
    for seat, name in enumerate(("Ana", "Bea")):
        live.post(f"/api/tables/{table['code']}/join", {"name": name, "seat": seat})
    with httpx.Client(base_url=live.url) as http:
        info = http.get(f"/api/tables/{table['code']}").json()
    assert info["status"] == "running" and info["clock_left"] is not None
    return table["code"], int(info["to_move"])


def test_my_games_lists_the_tables_where_it_is_my_turn_first(new_page: Any, live: Any) -> None:
    waiting_for_me, mover = _turn_based_table(live)
    waiting_for_them, other = _turn_based_table(live)
    now = int(time.time() * 1000)
    mine = [  # newest first: the table where it is not my turn is the newer one
        {"code": waiting_for_them, "seat": 1 - other, "at": now},
        {"code": waiting_for_me, "seat": mover, "at": now - 1000},
    ]
    page = new_page(PHONE)
    page.add_init_script(f"localStorage.setItem('cardtable:mine', {json.dumps(json.dumps(mine))});")
    page.goto("/mine")
    games = page.locator(".my-game")
    expect(games).to_have_count(2)
    expect(games.first).to_have_class(re.compile(r"\bmy-turn\b"))
    first, second = games.first, games.nth(1)
    expect(first.get_by_role("link", name="Your turn: back to the table")).to_have_attribute(
        "href", f"/t/{waiting_for_me}")
    expect(first.locator(".chip.clock")).to_have_text(
        re.compile(r"^(2 days 00:00|1 day 23:\d\d)$"))
    expect(second.get_by_role("link", name="Still being played: back to the table")
           ).to_have_attribute("href", f"/t/{waiting_for_them}")
    screenshot(page, "clock-my-games-phone")
    assert page.js_errors == []
