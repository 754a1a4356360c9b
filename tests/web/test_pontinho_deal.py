"""Pontinho, "every click decides" (issue 16 §1): a whole deal in the browser against bots, in
which the person is never asked a question with one answer. Whenever anyone draws from the
stock the others may advance (PO-21); someone who cannot is not asked (the server passes for
them), and a draw when the discard cannot be taken is made for them too. So every state that
asks this page for a move offers at least two, and the claim prompt never shows a lone Pass.

The person draws, passes when asked to advance, and discards a card the server allows. The deal
and the bots' seed are fixed: the person is asked 23 times (15 discards, 6 claims passed, 2 draws
chosen over taking the discard), and the server draws for them 13 times. With a random deal and
bots the same test was asked 18 to 190 times (ten seconds to minutes). The window is a phone's and
a laptop's in turn, a size for each decision (the page answers at both; a whole deal at each size
cost twice the time and showed nothing more).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, seated
from tests.helpers.server import first_deal_is
from tests.web.players import PENDING, PROBE, answer

from cardtable.art.deck import deck_cards
from cardtable.server.tables import tablestate
from cardtable.server.tables.bots import BotSeats

WAIT = f"window.__over || ({PENDING})"
#: The deal's shuffle and the bots' seed (a deal of 23 questions; see the module docstring).
SEED = 0


def shuffled_deal(seed: int, players: int) -> dict[str, Any]:
    """Two French decks and four jokers (PO-1), shuffled with ``seed`` and dealt 9 a hand."""
    deck = [card for card in deck_cards("french") if card != "*"] * 2 + ["*"] * 4
    random.Random(seed).shuffle(deck)
    return {"hands": [deck[seat * 9:(seat + 1) * 9] for seat in range(players)],
            "stock": deck[players * 9:], "discard": []}


@pytest.mark.slow
def test_a_whole_pontinho_deal_asks_only_real_decisions(new_page: Any, live: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    first_deal_is(monkeypatch, shuffled_deal(SEED, 4), dealer=3)  # the person plays first
    monkeypatch.setattr(tablestate, "BotSeats", lambda _random_seed: BotSeats(SEED))
    # string predicates (WAIT) are evaluated, which the page's Content-Security-Policy forbids;
    # the questions asked, not the cards' flight, are the subject (test_table.py plays with it)
    sizes = [PHONE, LAPTOP]
    page = seated(new_page, live, PHONE, "pontinho", players=4, bypass_csp=True,
                  reduced_motion="reduce")
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
    asked = Counter("claim" if "pass" in ask["legal"] else "draw" if "draw" in ask["legal"]
                    else "discard" for ask in asks)
    assert asked == {"discard": 15, "claim": 6, "draw": 2}  # the fixed deal, as played
    expect(page.locator("#continue")).to_be_visible()  # the deal-end dialog, after the deal
    assert page.js_errors == []
