"""The table's redraw builds again only what changed (table/keep.js): across moves the parts
that show the same stay the same elements, the person's own state of the page survives (the
chat text being typed, a panel opened or closed), and a sent move redraws nothing before the
server answers (the ack waits for the frame after a click: it must cost nothing).
"""

from __future__ import annotations

from typing import Any

from tests.helpers.browser import LAPTOP, seated
from tests.web.test_table import ENABLED

MARK = """() => {
  for (const selector of ['.table-head h1', '.side', '.felt', '.dock', '.ring .seat']) {
    document.querySelector(selector).__kept = selector;
  }
}"""
KEPT = """() => ['.table-head h1', '.side', '.felt', '.dock', '.ring .seat']
  .filter((selector) => document.querySelector(selector).__kept === selector)"""


def test_a_move_keeps_what_did_not_change(new_page: Any, live: Any) -> None:
    page = seated(new_page, live, LAPTOP, "punttu", players=2)
    page.locator(ENABLED).first.wait_for()
    page.fill("#chat-text", "half a sent")
    page.locator(".settings summary").click()  # opened (it starts closed)
    page.locator(".side details:has(.log) summary").click()  # closed (it starts open)
    page.evaluate(MARK)
    page.evaluate("document.querySelector('.seat.mine .hand').__kept = 'hand'")
    page.locator(ENABLED).first.click()
    # my move, the bot's answer, then my turn again (a hand drawn anew, with cards to play):
    # several redraws
    page.wait_for_function("""() => document.querySelector('.seat.mine .hand').__kept !== 'hand'
      && document.querySelector('.hand button.card:not([disabled])')""")
    assert page.evaluate(KEPT) == ['.table-head h1', '.side', '.felt', '.dock', '.ring .seat']
    assert page.input_value("#chat-text") == "half a sent"
    assert page.evaluate("document.querySelector('.settings').open") is True
    assert page.evaluate("document.querySelector('.side details:has(.log)').open") is False
    assert page.js_errors == []


#: Records every change to the page from a click on a card until the first frame after it or
#: the first message from the server, whichever comes first (the socket's first listener).
WATCH = """
window.__changes = null;
let observer = null;
let seen = [];
const note = (records) => {
  seen = seen.concat(records.map((r) => r.type === 'attributes'
    ? `${r.target.tagName}.${r.attributeName}` : r.type));
};
const stop = () => {
  if (!observer) return;
  note(observer.takeRecords());
  window.__changes = seen;
  observer.disconnect();
  observer = null;
};
document.addEventListener('click', (event) => {
  if (!event.target.closest('.hand button.card')) return;
  seen = [];
  observer = new MutationObserver(note);
  observer.observe(document.getElementById('app'), { subtree: true, childList: true,
    attributes: true, characterData: true });
}, true);
// in the bubbling phase, after the card's own handler: its frame's callbacks run first
document.addEventListener('click', () => requestAnimationFrame(() => stop()));
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) { super(...args); this.addEventListener('message', () => stop()); }
};
"""


def test_a_sent_move_redraws_nothing_before_the_answer(new_page: Any, live: Any) -> None:
    """Between the click and the server's answer the page only makes the dock inert: the
    browser handles no message before the frame after a click is painted, so whatever that
    frame redraws delays the ack (a redraw there cost 10-20 ms of click→ack)."""
    page = seated(new_page, live, LAPTOP, "punttu", players=2)
    page.add_init_script(WATCH)
    page.reload()
    page.locator(ENABLED).first.click()
    page.wait_for_function("window.__changes !== null")
    changes = page.evaluate("window.__changes")
    assert changes, "the dock was not made inert"
    assert set(changes) == {"BUTTON.disabled"}, changes
