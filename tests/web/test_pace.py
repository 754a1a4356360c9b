"""The table at card-table pace in the browser: a Pontinho claim round's passes are one line of
the log, with the advance that ended it; the bots' speed is a setting the page remembers and
tells the server on every connection.

Every seat but the browser's is a person played by this test over the WebSocket from a fixed
deal (tests/web/test_pontinho.py's ``Scripted``), so no move waits on a bot's pacing: nothing
here depends on how loaded the machine is, only on the order of the moves.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, seated
from tests.helpers.server import first_deal_is
from tests.web.test_pontinho import HANDS, TOP_OF_STOCK, Scripted, select

from cardtable.art.deck import deck_cards

#: Di, the fourth seat: nothing to advance with on Ana's Kc nor on Bob's 6h.
DI = ["2h", "3s", "8c", "Td", "Ad", "Qs", "Jc", "4d", "7s"]


def setup() -> dict[str, Any]:
    rest = [c for c in deck_cards("french") if c != "*"] * 2 + ["*"] * 4
    for card in [*sum(HANDS, []), *DI, *TOP_OF_STOCK]:
        rest.remove(card)
    return {"hands": [*HANDS, DI], "stock": TOP_OF_STOCK + rest, "discard": []}


@pytest.mark.rule("PO-21")
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_claim_round_is_one_line(new_page: Any, live: Any, monkeypatch: pytest.MonkeyPatch,
                                     viewport: dict[str, int]) -> None:
    first_deal_is(monkeypatch, setup(), dealer=3)  # Ana, seat 0, plays first
    table = live.post("/api/tables", {"game": "pontinho", "players": 4, "options": {"deals": 1},
                                      "seats": [{"kind": "person"}] * 4})
    code = table["code"]
    ws_url = live.url.replace("http", "ws") + f"/ws/{code}"
    join = f"/api/tables/{code}/join"
    bob, cy, di = (Scripted(ws_url, live.post(join, {"name": name, "seat": seat})["token"])
                   for seat, name in ((1, "Bob"), (2, "Cy"), (3, "Di")))
    page = new_page(viewport)
    page.goto(f"/t/{code}")
    page.fill("#join-name", "Ana")
    page.click(".take-seat")
    try:
        expect(page.locator("#burn")).to_be_visible()  # the server drew for me
        select(page, "Kc")
        page.click("#discard")
        bob.play("draw")
        cy.play("pass")  # the claim round on my Kc: neither can advance
        di.play("pass")
        bob.play("discard 6h")
        cy.play("draw")
        di.play("pass")  # the claim round on Bob's 6h: Di passes, then I advance
        expect(page.get_by_role("alertdialog")).to_contain_text("Advance with six of hearts?")
        select(page, "4h", "5h")
        page.click("#advance")
        lines = page.locator(".log li")
        expect(lines.filter(has_text="passed")).to_have_text([
            "Cy and Di passed.",
            "Di passed. You advanced: took six of hearts from the discard pile and melded four "
            "of hearts, five of hearts, six of hearts.",
        ])
        expect(lines.filter(has_text="Bob")).to_have_text([
            "Bob drew from the stock.", "Bob discarded six of hearts."])
    finally:
        for seat in (bob, cy, di):
            seat.close()
    assert page.js_errors == []


#: Notes every message the page sends on its WebSocket (``window.__sent``).
RECORD_SENT = """
window.__sent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.__sent.push(JSON.parse(data));
  return send.call(this, data);
};
"""
SPEEDS_SENT = "window.__sent.filter((m) => m.type === 'speed').map((m) => m.speed)"


def test_the_bot_speed_is_remembered_and_sent(new_page: Any, live: Any) -> None:
    page = seated(new_page, live, LAPTOP, "punttu", bypass_csp=True)  # string predicates
    page.add_init_script(RECORD_SENT)
    page.reload()
    expect(page.locator(".hand")).to_be_visible()  # connected and welcomed
    assert page.evaluate(SPEEDS_SENT) == []  # nobody chose: the table's own pace
    page.locator("details.settings summary").click()
    expect(page.locator("#set-speed")).to_have_value("normal")
    page.select_option("#set-speed", "fast")
    page.wait_for_function(f"{SPEEDS_SENT}.join() === 'fast'")
    page.reload()  # a new connection: told again, and the setting shows what was chosen
    page.wait_for_function(f"{SPEEDS_SENT}.join() === 'fast'")
    page.locator("details.settings summary").click()
    expect(page.locator("#set-speed")).to_have_value("fast")
    assert page.js_errors == []
