"""Pontinho, "every click decides" (issue 16 §1): a whole deal in the browser against bots, in
which the person is never asked a question with one answer. Whenever anyone draws from the
stock the others may advance (PO-21); someone who cannot is not asked (the server passes for
them), and a draw when the discard cannot be taken is made for them too. So every state that
asks this page for a move offers at least two, and the claim prompt never shows a lone Pass.

The person draws, passes when asked to advance, and discards a card the server allows; a deal
of random bots and such a person lasts some 20 to 70 decisions. The window is a phone's and a
laptop's in turn, a size for each decision (the page answers at both; a whole deal at each size
cost twice the time and showed nothing more).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, seated
from tests.web.players import PENDING, PROBE, answer

WAIT = f"window.__over || ({PENDING})"


@pytest.mark.slow
def test_a_whole_pontinho_deal_asks_only_real_decisions(new_page: Any, live: Any) -> None:
    # string predicates (WAIT) are evaluated, which the page's Content-Security-Policy forbids
    sizes = [PHONE, LAPTOP]
    page = seated(new_page, live, PHONE, "pontinho", players=4, bypass_csp=True)
    page.add_init_script(PROBE)
    page.reload()
    for decision in range(400):
        page.wait_for_function(WAIT)
        if page.evaluate("window.__over"):
            break
        page.set_viewport_size(sizes[decision % 2])
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
