"""Staying at the table: a reload keeps the seat and the game; a spectator sees no hand and
reads the chat (escaped, shown as text); the hint names the strong bot's choice."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, TIMEOUT, ana_waits_at_a_putto_table, screenshot

ENABLED = ".hand button.card:not([disabled])"


def hand_of(page: Any) -> list[str]:
    cards = page.locator(".seat.mine .hand button.card")
    return sorted(cards.nth(i).get_attribute("data-card") for i in range(cards.count()))


def quick_play(page: Any, game: str = "punttu") -> None:
    page.goto("/")
    page.select_option("#quick-level", "random")
    page.click(f"#quick button[value={game}]")
    expect(page.locator(".felt")).to_be_visible()


def test_reload_keeps_the_seat_and_the_game(new_page: Any) -> None:
    page = new_page(LAPTOP)
    quick_play(page)
    page.locator(ENABLED).first.click()
    page.locator(ENABLED).first.wait_for()
    moves = page.locator(".log li").count()
    hand = hand_of(page)
    url = page.url
    page.reload()
    expect(page.locator(".seat.mine .hand button.card")).to_have_count(len(hand))
    assert page.url == url
    assert hand_of(page) == hand
    expect(page.locator(".log li")).to_have_count(moves)  # the deal's moves came back too
    expect(page.locator(".badge")).to_have_count(0)  # seated, not watching
    last = page.locator(".log li").last.inner_text()
    page.locator(ENABLED).first.click()  # and play goes on
    expect(page.locator(".log li").last).not_to_have_text(last)
    assert page.js_errors == []


def test_a_spectator_sees_no_hand_and_reads_the_chat(new_page: Any, live: Any) -> None:
    player = new_page(LAPTOP)
    quick_play(player)
    code = player.url.rsplit("/", 1)[1]
    watcher = new_page(PHONE)
    frames: list[str] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    watcher.goto(f"/t/{code}")
    expect(watcher.locator(".badge")).to_have_text("watching")
    expect(watcher.locator(".seat")).to_have_count(4)
    expect(watcher.locator(".hand")).to_have_count(0)
    expect(watcher.locator(".chat-form")).to_have_count(0)
    player.fill("#chat-text", "hello <b>table</b>")
    player.press("#chat-text", "Enter")
    line = watcher.locator(".chat-lines li")
    expect(line).to_contain_text("hello <b>table</b>")  # shown as text, never as markup
    expect(watcher.locator(".chat-lines b")).to_have_count(1)  # only the name is bold
    screenshot(watcher, "spectator-phone")
    hand = hand_of(player)
    for frame in frames:
        message = json.loads(frame)
        if message.get("type") == "state" and message.get("view"):
            assert "hand" not in message["view"]
            assert message["legal"] == []
    assert hand and not any(f'"{card}"' in frame for frame in frames for card in hand
                            if '"hand"' in frame)
    assert watcher.js_errors == []


def test_hint_shows_the_strong_bots_choice(new_page: Any) -> None:
    page = new_page(LAPTOP)
    quick_play(page)
    page.locator(ENABLED).first.wait_for()
    page.keyboard.press("h")
    hint = page.locator(".hint")
    expect(hint).to_contain_text("The strongest bot would play ")
    hinted = page.locator(".hand button.card.hinted")
    expect(hinted).to_have_count(1)
    screenshot(page, "hint-laptop")
    hinted.click()
    expect(page.locator(".hint")).to_have_count(0)
    assert page.js_errors == []


def test_a_turn_timer_counts_down_on_my_turn(new_page: Any) -> None:
    page = new_page(PHONE)
    page.goto("/")
    page.select_option("#new-game", "punttu")
    page.fill("#new-players", "2")
    page.select_option("#seat-1", "bot:random")
    page.locator("#new-table details summary").click()
    page.fill("#new-timer", "600")
    page.click("#new-table button[type=submit]")
    page.locator(ENABLED).first.wait_for()
    expect(page.locator(".status .timer")).to_have_text(re.compile(r"^(59\d|600) s left$"))
    assert page.js_errors == []


def test_a_lost_connection_comes_back_by_itself(new_page: Any) -> None:
    page = new_page(LAPTOP)
    routes: list[Any] = []

    def through(route: Any) -> None:  # every WebSocket passes through here, to the server
        route.connect_to_server()
        routes.append(route)

    page.route_web_socket("**/ws/*", through)
    quick_play(page)
    page.locator(ENABLED).first.wait_for()
    assert len(routes) == 1
    routes[0].close()  # the connection drops
    expect(page.locator(".felt")).to_be_visible()
    expect(page.locator(".banner")).to_have_count(0)  # back by itself
    page.locator(ENABLED).first.click()
    expect(page.locator(".log")).to_contain_text("You played")
    assert len(routes) == 2
    assert page.js_errors == []


def test_taking_the_last_seat_shows_my_hand_not_the_spectators_view(
    new_page: Any, live: Any
) -> None:
    """Sitting down in the last free seat starts the table, and the spectator's socket may see
    the running table (same state version) before the page learns it has a seat. The seat's
    own state must still replace what the spectator saw. The join's answer is held back until
    the spectator socket has seen the running table, which makes the race happen every time."""
    ana = ana_waits_at_a_putto_table(new_page)

    bea = new_page(PHONE)
    running: list[str] = []
    bea.on("websocket", lambda ws: ws.on(
        "framereceived", lambda f: running.append(str(f)) if '"running"' in str(f) else None))

    def join_late(route: Any) -> None:
        answer = route.fetch()
        for _ in range(TIMEOUT // 20):  # the spectator socket sees the started table first
            if running:
                break
            bea.wait_for_timeout(20)  # lets Playwright deliver the socket's frames
        assert running, "the spectator socket never saw the table start"
        route.fulfill(response=answer)

    bea.route("**/join", join_late)
    bea.goto(ana.url)
    bea.fill("#join-name", "Bea")
    bea.click(".take-seat")
    expect(bea.locator(".seat.mine .hand button.card")).to_have_count(4)
    expect(bea.locator(".badge")).to_have_count(0)
    assert bea.js_errors == []


def test_a_name_being_typed_survives_someone_else_sitting_down(new_page: Any, live: Any) -> None:
    """The waiting page is redrawn when anyone takes a seat; the name typed so far stays."""
    made = live.post("/api/tables", {"game": "putto", "players": 3,
                                     "seats": [{"kind": "person"}] * 3})
    bea = new_page(PHONE)
    bea.goto(f"/t/{made['code']}")
    bea.fill("#join-name", "Bea")
    live.post(f"/api/tables/{made['code']}/join", {"name": "Carl"})
    expect(bea.locator(".seat-list")).to_contain_text("Carl")  # redrawn since she typed
    expect(bea.locator("#join-name")).to_have_value("Bea")
    bea.keyboard.type("trice")  # the caret is still after what she typed, not before it
    expect(bea.locator("#join-name")).to_have_value("Beatrice")
    bea.locator(".take-seat").first.click()
    expect(bea.locator(".seat-list li").nth(1)).to_contain_text("you")  # she has her seat
    table = live.lobby.get(made["code"])
    assert [seat.name for seat in table.seats] == ["Carl", "Beatrice", None]
    assert bea.js_errors == []
