"""Friends in the browser (issue 16 §5): the share link with its QR code and "Copy the link"
saying it copied; a rematch between two people in two browser contexts that keeps both in
their seats; leaving a table."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, image_width, play_until_over, shot


def sit(page: Any, code: str, name: str, seat: int) -> None:
    """Take a seat and return once the server has linked it to the player: a friend request
    or invitation made at once relies on that seat (made before it, it was refused as
    `friends/not_met`, and the person stayed under "people you met")."""
    page.goto(f"/t/{code}")
    page.fill("#join-name", name)
    with page.expect_response(lambda response: response.url.endswith(f"/api/tables/{code}/join")
                              and response.request.method == "POST") as joined:
        page.locator(".take-seat").nth(seat if seat == 0 else 0).click()
    assert joined.value.ok, joined.value.text()


def test_a_rematch_with_two_people_keeps_their_seats(new_page: Any, live: Any) -> None:
    table = live.post("/api/tables", {"game": "punttu", "players": 2, "options": {"deals": 1},
                                      "seats": [{"kind": "person"}, {"kind": "person"}]})
    code = table["code"]
    ana, bo = new_page(LAPTOP), new_page(PHONE)
    sit(ana, code, "Ana", 0)
    expect(ana.locator(".seat-list")).to_contain_text("you")
    shot(ana, "waiting-share-laptop")
    sit(bo, code, "Bo", 1)
    expect(ana.locator(".felt")).to_be_visible()
    expect(bo.locator(".felt")).to_be_visible()
    play_until_over([ana, bo], live)
    expect(ana.locator("#play-again")).to_have_text("Play again with everyone")
    ana.click("#play-again")
    expect(bo.locator(".rematch-status")).to_contain_text("Ready to play again: Ana")
    expect(ana.locator(".rematch-status")).to_contain_text("Waiting for Bo to accept")
    expect(bo.locator("#play-again")).to_have_text("Accept the rematch")
    shot(bo, "rematch-offered-phone")
    shot(ana, "rematch-waiting-laptop")
    bo.set_viewport_size(LAPTOP)
    shot(bo, "rematch-offered-laptop")
    ana.set_viewport_size(PHONE)
    shot(ana, "rematch-waiting-phone")
    bo.click("#play-again")
    expect(ana).not_to_have_url(re.compile(f"/t/{code}$"))
    expect(bo).not_to_have_url(re.compile(f"/t/{code}$"))
    assert ana.url == bo.url
    fresh = ana.url.rsplit("/", 1)[1]
    info = httpx.get(f"{live.url}/api/tables/{fresh}").json()
    assert [(s["kind"], s["name"]) for s in info["seats"]] == [("person", "Ana"),
                                                              ("person", "Bo")]
    assert info["status"] == "running" and info["options"]["deals"] == 1
    for page in (ana, bo):  # each is seated again (no "watching"), with a hand of their own
        expect(page.locator(".seat.mine .hand")).to_be_visible()
        expect(page.locator(".table-head .badge")).to_have_count(0)
    assert not ana.js_errors and not bo.js_errors


def test_the_share_link_its_qr_code_and_copy(new_page: Any, live: Any) -> None:
    table = live.post("/api/tables", {"game": "putto", "players": 2,
                                      "seats": [{"kind": "person"}, {"kind": "person"}]})
    page = new_page(PHONE, permissions=["clipboard-read", "clipboard-write"])
    page.goto(f"/t/{table['code']}")
    link = page.locator("#share-link")
    expect(link).to_have_text(f"{live.url}/t/{table['code']}")
    qr = page.locator("img.qr")
    expect(qr).to_be_visible()
    assert image_width(qr) > 50
    page.locator(".waiting #copy-link").click()
    expect(page.locator(".waiting #copy-link")).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == f"{live.url}/t/{table['code']}"
    shot(page, "waiting-share-phone")


def test_leaving_a_solo_table_goes_back_to_the_lobby(new_page: Any, live: Any) -> None:
    joined = live.post("/api/play", {"game": "punttu", "name": "Ana", "level": "random"})
    page = new_page(PHONE)
    page.goto("/")
    page.evaluate("([c, s, t]) => localStorage.setItem('cardtable:seat:' + c,"
                  " JSON.stringify({seat: s, token: t}))",
                  [joined["code"], joined["seat"], joined["token"]])
    page.goto(f"/t/{joined['code']}")
    expect(page.locator(".seat.mine .hand")).to_be_visible()
    page.click("#leave")
    expect(page.locator(".confirm-leave")).to_contain_text("The table closes")
    shot(page, "leave-confirm-phone")
    page.set_viewport_size(LAPTOP)
    shot(page, "leave-confirm-laptop")
    page.click("#leave-yes")
    expect(page).to_have_url(re.compile(r"/$"))
    assert httpx.get(f"{live.url}/api/tables/{joined['code']}").status_code == 410
