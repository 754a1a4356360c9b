"""A refused Pontinho meld is explained by the server, in the person's language, where the moves
are: the page restates no rule of its own. The rules core's sentence cites the rule (PO-13; the
id is left out for a person), and a
run the browser once wrongly refused, Q♥ K♥ A♥ (the ace high, PO-13), is laid down.

The deal is fixed (``first_deal_is``): seat 0, the browser, plays first; the server draws for it
(its only choice), and it may then meld.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP
from tests.helpers.server import first_deal_is
from tests.web.test_pontinho import select, three_people

from cardtable.art.deck import deck_cards
from cardtable.errors import MeldError, without_rule_ids
from cardtable.games.pontinho.melds.reading import make_meld
from cardtable.i18n import LANGUAGES, language

HANDS = [
    ["Qh", "Kh", "Ah", "7h", "8h", "Th", "2c", "5d", "Js"],
    ["6h", "2s", "3c", "8s", "Tc", "Ad", "3d", "5c", "8d"],
    ["9s", "2d", "4c", "6c", "Ts", "Jh", "As", "3h", "7c"],
]
TOP_OF_STOCK = ["Kd", "4s", "5s"]
GAP = "7h 8h Th"  # a run missing 9h: refused (PO-13)


def setup() -> dict[str, Any]:
    rest = [c for c in deck_cards("french") if c != "*"] * 2 + ["*"] * 4
    for card in [*sum(HANDS, []), *TOP_OF_STOCK]:
        rest.remove(card)
    return {"hands": HANDS, "stock": TOP_OF_STOCK + rest, "discard": []}


def refusal(lang: str) -> str:
    """The rules core's reason for refusing ``GAP``, in ``lang``."""
    with language(lang), pytest.raises(MeldError) as refused:
        make_meld(GAP)
    return str(refused.value)


def test_the_reason_is_translated_in_every_language() -> None:
    reasons = {lang: refusal(lang) for lang in LANGUAGES}
    assert len(set(reasons.values())) == len(LANGUAGES), reasons  # none left in English
    assert all("PO-13" in reason for reason in reasons.values())


def test_a_refused_meld_shows_the_servers_sentence_and_an_ace_high_run_is_laid_down(
    new_page: Any, live: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    first_deal_is(monkeypatch, setup(), dealer=2)
    page, bob, cy = three_people(live, new_page, LAPTOP, "?lang=pt_BR")
    try:
        expect(page.locator("#burn")).to_be_visible()  # drawn for me; now I may meld
        select(page, *GAP.split())
        page.click("#meld")
        why = page.locator(".why-not")
        # the rules core's sentence, without its rule id (those are for developers)
        expect(why).to_contain_text(without_rule_ids(refusal("pt_BR")))
        expect(page.locator(".meld")).to_have_count(0)  # refused: nothing changed
        page.click("#unselect")
        select(page, "Qh", "Kh", "Ah")
        expect(page.locator("#meld")).to_be_enabled()
        page.click("#meld")
        expect(page.locator('.meld[data-number="1"] .card')).to_have_count(3)
        expect(why).to_have_count(0)  # a new state: the old refusal is gone
    finally:
        bob.close()
        cy.close()
    assert page.js_errors == []
