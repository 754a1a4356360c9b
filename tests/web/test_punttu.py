"""A whole Punttu deal against bots, played by clicking; keyboard-only play of a trick."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, screenshot

ENABLED = ".hand button.card:not([disabled])"


def start_from_lobby(page: Any, game: str) -> None:
    page.goto("/")
    page.fill("#quick-name", "Ana")
    page.select_option("#quick-level", "random")
    page.click(f"#quick button[value={game}]")
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9-]+$"))


def test_a_whole_punttu_deal_by_clicking(new_page: Any) -> None:
    page = new_page(LAPTOP)
    start_from_lobby(page, "punttu")
    expect(page.locator(".felt")).to_be_visible()
    expect(page.locator(".seat.mine .hand button.card")).to_have_count(3)
    screenshot(page, "punttu-laptop")
    # colour is never the only signal: the suits must still read in greyscale
    page.add_style_tag(content="html { filter: grayscale(1); }")
    screenshot(page, "punttu-greyscale")
    page.add_style_tag(content="html { filter: none; }")
    plays = 0
    while True:
        page.locator(f"{ENABLED}, #play-again").first.wait_for()
        if page.locator("#play-again").count():
            break
        card = page.locator(ENABLED).first
        label = card.get_attribute("aria-label")
        assert label and " of " in label  # cards are named for screen readers
        card.click()
        plays += 1
        if plays == 4:
            # the move log names what I played; a finished trick is named with its winner
            expect(page.locator(".log")).to_contain_text("You played")
            expect(page.locator(".last-trick, .trick-winner").first).to_contain_text(
                re.compile(r"(Last trick|Trick to)")
            )
            screenshot(page, "punttu-later-laptop")
    # 40 cards, 4 players: ten tricks; the last card (and any lone card that must follow
    # suit) is my only choice, played for me and logged so
    assert plays < 10
    expect(page.locator(".log")).to_contain_text("your only choice, made for you")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("The match is over")
    expect(dialog.locator(".placings li")).to_have_count(4)
    expect(dialog.get_by_role("link", name="deal 1")).to_be_visible()
    screenshot(page, "punttu-match-end-laptop")
    first = page.url
    page.click("#play-again")  # a new table, same game, same bots
    expect(page).not_to_have_url(first)
    expect(page.locator(".seat.mine .hand button.card")).to_have_count(3)
    assert page.js_errors == []


def test_keyboard_only_play_of_a_trick_on_a_phone(new_page: Any) -> None:
    page = new_page(PHONE)
    start_from_lobby(page, "punttu")
    hand = page.locator(".seat.mine .hand")
    expect(hand.locator("button.card")).to_have_count(3)
    page.locator(ENABLED).first.wait_for()
    screenshot(page, "punttu-phone")
    for _ in range(2):  # two of my turns, by keys alone
        page.locator(ENABLED).first.wait_for()
        page.keyboard.press("1")  # focus my first playable card
        focused = page.evaluate("document.activeElement.dataset.card")
        assert focused
        name = page.evaluate("document.activeElement.getAttribute('aria-label')")
        page.keyboard.press("Enter")
        # the log keeps only the current and last trick (PU-20): my move is in it, by name
        expect(page.locator(".log")).to_contain_text(f"You played {name}")
    expect(page.locator(".shortcuts")).to_contain_text("Enter")
    assert page.js_errors == []
