"""Pontinho, "every click decides" (issue 16 §1): a whole deal in the browser against bots, in
which the person is never asked a question with one answer. Whenever anyone draws from the
stock the others may advance (PO-21); someone who cannot is not asked (the server passes for
them), and a draw when the discard cannot be taken is made for them too. So every state that
asks this page for a move offers at least two, and the claim prompt never shows a lone Pass.

The person draws, passes when asked to advance, and discards a card the server allows; a deal
of random bots and such a person lasts some 20 to 70 decisions.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.web.conftest import LAPTOP, PHONE
from tests.web.test_table import seated

#: Every state that asks this page for a move, and whether the deal has ended.
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
        window.__asked = { version: m.version, legal: m.legal, phase: m.view && m.view.phase };
        window.__asks.push(window.__asked);
      }
      if (m.type === 'deal_end') window.__over = true;
    });
  }
};
"""
WAIT = "window.__over || (window.__asked && window.__asked.version !== window.__answered)"


def answer(page: Any, legal: list[str]) -> None:
    """The person's move, made through the page as a person makes it."""
    if "draw" in legal:
        page.click("#draw")
    elif "pass" in legal:
        # asked to advance: it is a real question (an advance is there to choose), never a
        # lone Pass
        buttons = page.locator(".claim button")
        assert buttons.count() >= 2, page.locator(".claim").inner_text()
        expect(page.locator(".claim [id^=advance]").first).to_be_visible()
        page.click("#pass")
    else:
        discards = [text.split(" ", 1)[1] for text in legal if text.startswith("discard ")]
        assert discards, f"no move this test knows among {legal}"
        card = page.locator(f'.hand button.card[data-card="{discards[0]}"]').first
        card.click()
        page.click("#discard:not([disabled])")


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_whole_pontinho_deal_asks_only_real_decisions(new_page: Any, live: Any,
                                                         viewport: dict[str, int]) -> None:
    page = seated(new_page, live, viewport, "pontinho", players=4)
    page.add_init_script(PROBE)
    page.reload()
    for _ in range(400):
        page.wait_for_function(WAIT)
        if page.evaluate("window.__over"):
            break
        asked = page.evaluate("window.__asked")
        answer(page, asked["legal"])
        page.wait_for_function(f"window.__answered === {asked['version']}")
    else:
        pytest.fail("the deal did not end in 400 decisions")
    asks = page.evaluate("window.__asks")
    lone = [ask for ask in asks if len(ask["legal"]) < 2]
    assert not lone, f"asked a question with one answer: {json.dumps(lone)}"
    assert len(asks) >= 3  # the person did play the deal
    expect(page.locator("#continue")).to_be_visible()  # the deal-end dialog, after the deal
    assert page.js_errors == []
