"""How the browser tests' person plays a whole deal through the page, as a person would: a
probe (an init script) notes every state that asks the page for a move, and ``answer`` makes
one of the offered moves with the page's own cards and buttons. Used by the whole-deal tests
and by the screenshots script.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

#: Every state that asks this page for a move, and whether a deal has ended.
PROBE = """
window.__asks = [];
window.__asked = null;
window.__answered = null;
window.__over = false;
const Native = window.WebSocket;
const nativeSend = Native.prototype.send;
Native.prototype.send = function (data) {
  const m = JSON.parse(data);
  if (m.type === 'action') window.__answered = m.version;
  return nativeSend.call(this, data);
};
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (event) => {
      const m = JSON.parse(event.data);
      if (m.type === 'state' && (m.legal || []).length) {
        window.__asked = { version: m.version, legal: m.legal,
          phase: m.phase === 'deal' && m.view ? m.view.phase : m.phase };
        window.__asks.push(window.__asked);
      }
      if (m.type === 'deal_end') window.__over = true;
    });
  }
};
"""
#: True once the page asks a move it has not answered (or a deal has ended).
PENDING = "window.__asked && window.__asked.version !== window.__answered"


def answer(page: Any, legal: list[str]) -> None:
    """One of ``legal``, made through the page. Pontinho: draw, pass when asked to advance (the
    prompt must offer an advance too: never a lone Pass), else discard a card the server
    allows. Punttu and Putto: the first legal card (Putto's question answered alike). A
    decision between deals: its first button."""
    decide = page.locator("[id^=decide-]")
    if decide.count():
        decide.first.click()
    elif "draw" in legal:
        page.click("#draw")
    elif "pass" in legal:
        buttons = page.locator(".claim button")
        assert buttons.count() >= 2, page.locator(".claim").inner_text()
        expect(page.locator(".claim [id^=advance]").first).to_be_visible()
        page.click("#pass")
    elif any(text.startswith("discard ") for text in legal):
        card = next(text for text in legal if text.startswith("discard ")).split(" ", 1)[1]
        page.locator(f'.hand button.card[data-card="{card}"]').first.click()
        page.click("#discard:not([disabled])")
    else:
        verb, card = legal[0].split(" ", 1)
        page.locator(f'.hand button.card[data-card="{card}"]').first.click()
        choice = page.locator(f"#choose-{verb}")
        if choice.count():
            choice.click()
