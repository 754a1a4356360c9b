"""The deal-end pause in the browser (issue 16 §2): the last trick stays in view, the deal-end
dialog opens, and the next deal is dealt only once the person pressed Continue."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, Person, play_first_cards_until, screenshot


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_next_deal_waits_for_continue(
    new_page: Any, live: Any, viewport: dict[str, int]
) -> None:
    size = "laptop" if viewport is LAPTOP else "phone"
    person = Person(live)
    person.play_moves(18)  # over the WebSocket; the page plays the last two of Ana's 20 cards
    page = person.page(new_page, viewport)
    dialog = page.get_by_role("dialog")
    play_first_cards_until(page, "[role=dialog]", moves=3)
    expect(dialog).to_contain_text("Deal 1 is over")
    # the bots wait too: deal 2 is not being played behind the dialog
    expect(page.locator(".table-head .deal")).to_have_text("Deal 1")
    expect(page.locator(".status")).to_contain_text("Press Continue")
    expect(page.locator("#continue")).to_be_focused()
    screenshot(page, f"pause-dialog-{size}")
    page.click("#continue")
    expect(dialog).to_have_count(0)
    expect(page.locator(".table-head .deal")).to_have_text("Deal 2")
    expect(page.locator(".seat.mine .hand button.card")).to_have_count(3)
    screenshot(page, f"pause-next-deal-{size}")
    assert page.js_errors == []
