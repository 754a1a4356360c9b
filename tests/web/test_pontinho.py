"""A Pontinho deal from a fixed setup: the person (in the browser) advances in the claim round,
takes the discard into a meld, melds, lays off on a numbered meld and goes out. The two other
seats are people too, played by this test over the WebSocket, so every move is known.

The server deals at random; for this test its match class is swapped (in this process) for one
whose first deal is the setup below, with seat 2 dealing, so the browser's seat 0 plays first.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, assert_above_the_dock, screenshot
from tests.helpers.server import first_deal_is
from websockets.sync.client import connect

from cardtable.art.deck import deck_cards

HANDS = [
    ["4h", "5h", "7h", "9c", "9d", "Kc", "Qd", "Jd", "2s"],
    ["6h", "2c", "3c", "8s", "Tc", "Ah", "3d", "5c", "8d"],
    ["9s", "2d", "4c", "6c", "Ts", "Jh", "As", "3h", "7c"],
]
TOP_OF_STOCK = ["Kd", "4s", "5d"]


def setup() -> dict[str, Any]:
    rest = [c for c in deck_cards("french") if c != "*"] * 2 + ["*"] * 4
    for card in [*sum(HANDS, []), *TOP_OF_STOCK]:
        rest.remove(card)
    return {"hands": HANDS, "stock": TOP_OF_STOCK + rest, "discard": []}


@pytest.fixture
def fixed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    first_deal_is(monkeypatch, setup(), dealer=2)


class Scripted:
    """A seat played by the test: waits for a state offering ``text``, then sends it."""

    def __init__(self, ws_url: str, token: str) -> None:
        self._connection = connect(ws_url, open_timeout=20)
        self.ws = self._connection.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))

    def play(self, text: str) -> None:
        """Play ``text`` when offered; a move that is the seat's only choice is not offered
        but made by the server (``forced``): then this only waits for it to be announced."""
        while True:
            message = json.loads(self.ws.recv(timeout=20))
            if message["type"] == "error":
                raise AssertionError(message)
            if message["type"] == "state" and message.get("forced") == text:
                return
            if message["type"] == "state" and text in message.get("legal", []):
                self.ws.send(json.dumps({"type": "action", "action": text,
                                         "version": message["version"]}))
                return

    def continue_deal(self, deal: int) -> None:
        self.ws.send(json.dumps({"type": "continue", "deal": deal}))

    def close(self) -> None:
        self._connection.__exit__(None, None, None)


def three_people(live: Any, new_page: Any, viewport: dict[str, int],
                 query: str = "") -> tuple[Any, Scripted, Scripted]:
    """A one-deal Pontinho table of three people: Ana in the browser at seat 0 (the page's
    address ends with ``query``), Bob and Cy played by the test over the WebSocket."""
    table = live.post("/api/tables", {
        "game": "pontinho", "players": 3, "options": {"deals": 1},
        "seats": [{"kind": "person"}] * 3,
    })
    code = table["code"]
    ws_url = live.url.replace("http", "ws") + f"/ws/{code}"
    join = f"/api/tables/{code}/join"
    bob = Scripted(ws_url, live.post(join, {"name": "Bob", "seat": 1})["token"])
    cy = Scripted(ws_url, live.post(join, {"name": "Cy", "seat": 2})["token"])
    page = new_page(viewport)
    page.goto(f"/t/{code}{query}")
    page.fill("#join-name", "Ana")
    page.click(".take-seat")
    return page, bob, cy


def select(page: Any, *cards: str) -> None:
    for card in cards:
        page.locator(f'.hand button.card[data-card="{card}"][aria-pressed="false"]').first.click()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_advance_take_meld_lay_off_and_go_out(
    new_page: Any, live: Any, fixed_deal: None, viewport: dict[str, int]
) -> None:
    size = "laptop" if viewport is LAPTOP else "phone"
    page, bob, cy = three_people(live, new_page, viewport)
    try:
        # my first turn: nothing to take, so the server draws for me (my only choice), and
        # as the first player I may burn the card; I keep it and discard Kc
        expect(page.locator("#burn")).to_be_visible()
        expect(page.locator("#draw")).to_have_count(0)
        expect(page.locator(".log")).to_contain_text("your only choice, made for you")
        expect(page.locator(".drawn button.card")).to_have_attribute("data-card", "Kd")
        page.click("#sort-suit")
        first = page.locator(".hand button.card").first
        card = first.get_attribute("data-card")
        first.focus()
        page.keyboard.press("Shift+ArrowRight")  # arranged by keys too
        expect(page.locator(".hand button.card").nth(1)).to_have_attribute("data-card", card)
        expect(page.locator(".hand button.card").nth(1)).to_be_focused()
        select(page, "Kc")
        screenshot(page, f"pontinho-first-turn-{size}")
        page.click("#discard")
        bob.play("draw")
        cy.play("pass")  # the claim round on my Kc: Cy is asked
        bob.play("discard 6h")
        cy.play("draw")
        # the claim round on Bob's 6h: I am asked, and advance with 4h 5h
        claim = page.get_by_role("alertdialog")
        expect(claim).to_contain_text("Advance with six of hearts?")
        expect(page.locator("#pass")).to_be_enabled()
        expect(page.locator("#advance")).to_be_disabled()
        if viewport is PHONE:
            # in a centre a third of the screen wide the question is short (it took 155 px
            # here and 240 at four players, and ran under the docked hand, which can take 415
            # of a phone's 740 px): the question stays whole above the dock at my turn
            assert page.locator(".claim").bounding_box()["height"] <= 100
            assert_above_the_dock(page, ".claim")
        select(page, "4h", "5h")
        screenshot(page, f"pontinho-claim-{size}")
        page.click("#advance")
        mine = page.locator('.meld-group', has=page.locator('.meld[data-number="1"]'))
        expect(mine.locator("h3")).to_have_text("You")  # melds are grouped under their owner
        # the last move, on the felt: what was taken from where, and the meld
        expect(page.locator(".last-move")).to_have_text(
            "You advanced: took six of hearts from the discard pile and melded four of hearts, "
            "five of hearts, six of hearts.")
        cy.play("discard 9s")
        expect(page.locator(".last-move")).to_have_text("Cy discarded nine of spades.")
        # my turn: take the 9s into a meld with 9c 9d
        expect(page.locator("#take")).to_be_disabled()
        # as my turn starts, the melds below the seats are shown whole above the docked hand
        # (only the middle was: on a phone the melds were behind the hand)
        assert_above_the_dock(page, ".melds")
        select(page, "9c", "9d")
        page.click("#take")
        expect(page.locator('.meld[data-number="2"] .card')).to_have_count(3)
        expect(page.locator(".last-move")).to_contain_text(
            "You took nine of spades from the discard pile and melded")
        select(page, "Jd", "Qd", "Kd")
        page.click("#meld")
        expect(page.locator('.meld[data-number="3"]')).to_be_visible()
        select(page, "7h")
        expect(page.locator("#layoff-1")).to_be_enabled()  # 7h extends the run 4h 5h 6h
        page.click("#layoff-1")
        expect(page.locator('.meld[data-number="1"] .card')).to_have_count(4)
        screenshot(page, f"pontinho-melds-{size}")
        # my last card, 2s, can only be discarded: the server does it, I go out, the
        # one-deal match ends
        expect(page.locator(".log")).to_contain_text("discard")
        dialog = page.get_by_role("dialog")
        expect(dialog).to_contain_text("The match is over")
        expect(dialog).to_contain_text("Winner: You")  # a name standing alone, as in the placings
        expect(dialog.locator(".breakdown-hands")).to_contain_text("went out")
        screenshot(page, f"pontinho-end-{size}")
        log = page.locator(".log")
        # worded as the felt's last-move line words it (issue 16 §7: one wording, not two)
        for text in ("You advanced: took", "You took", "You laid off"):
            expect(log).to_contain_text(text)
    finally:
        bob.close()
        cy.close()
    assert page.js_errors == []


BUST_HANDS = [
    ["Kh", "Kd", "Qh", "Qd", "Jh", "Jd", "Ah", "Ad", "Ks"],
    ["2c", "3c", "4c", "5d", "5h", "5s", "8s", "9s", "Ts"],
    ["2d", "3d", "4d", "6c", "6s", "7c", "7s", "2h", "3h"],
    ["2s", "3s", "4s", "6d", "6h", "7h", "8c", "8d", "2c"],
]


def bust_setup() -> dict[str, Any]:
    rest = [c for c in deck_cards("french") if c != "*"] * 2 + ["*"] * 4
    for card in [*sum(BUST_HANDS, []), "Qs", "7d"]:
        rest.remove(card)
    return {"hands": BUST_HANDS, "stock": ["Qs", "7d", *rest], "discard": []}


def test_a_bust_person_chooses_to_buy_back_in(
    new_page: Any, live: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob goes out at once; the person's hand is worth more than the bust line (50), so
    before the next deal the table asks them to buy back in or stay out."""

    first_deal_is(monkeypatch, bust_setup(), dealer=3)
    table = live.post("/api/tables", {
        "game": "pontinho", "players": 4, "options": {"bust": 50, "buybacks": 1},
        "seats": [{"kind": "person"}] * 4,
    })
    code = table["code"]
    ws_url = live.url.replace("http", "ws") + f"/ws/{code}"
    join = f"/api/tables/{code}/join"
    others = [Scripted(ws_url, live.post(join, {"name": name, "seat": seat})["token"])
              for seat, name in ((1, "Bob"), (2, "Cy"), (3, "Di"))]
    bob, cy, di = others
    page = new_page(PHONE)
    page.goto(f"/t/{code}")
    page.fill("#join-name", "Ana")
    page.click(".take-seat")
    try:
        expect(page.locator("#burn")).to_be_visible()  # drawn for me: my only choice
        select(page, "Qs")
        page.click("#discard")
        bob.play("draw")
        cy.play("pass")
        di.play("pass")
        for meld in ("meld 2c 3c 4c", "meld 5s 5h 5d", "meld 8s 9s Ts", "discard 7d"):
            bob.play(meld)
        dialog = page.get_by_role("dialog")
        expect(dialog).to_contain_text("Deal 1 is over")
        expect(dialog.locator(".decision")).to_contain_text("Decide before the next deal")
        screenshot(page, "pontinho-buyback-phone")
        for other in others:  # ready for the next deal; the person's decision is theirs
            other.continue_deal(1)
        dialog.get_by_role("button", name="buy back in").click()
        expect(page.locator(".table-head .deal")).to_have_text("Deal 2")
        expect(page.locator(".seat.mine .hand button.card")).to_have_count(9)  # back in
    finally:
        for other in others:
            other.close()
    assert page.js_errors == []
