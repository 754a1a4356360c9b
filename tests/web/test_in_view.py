"""Nothing the table opens is out of sight: a question, the hint, an error opens whole on
screen, above the docked hand, at phone and laptop size (``assert_above_the_dock``). Putto's
"Capture or play?" opened behind the dock (its buttons at y 510 under a dock from 556 on a
laptop) and the hint below the fold (y 740 to 868 of an 800 px window).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import (
    LAPTOP,
    PHONE,
    Person,
    assert_above_the_dock,
    open_seat,
    screenshot,
    seated,
)
from tests.helpers.server import first_deal_is
from tests.helpers.translations import LOCALES
from tests.putto.test_rules import setup as putto_setup

from cardtable.art.deck import deck_cards
from cardtable.server.tables import hints

SIZES = pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])


def _size(viewport: dict[str, int]) -> str:
    return "laptop" if viewport is LAPTOP else "phone"


@pytest.mark.rule("PT-9")
@SIZES
def test_capture_or_play_opens_in_view(new_page: Any, live: Any,
                                       monkeypatch: pytest.MonkeyPatch,
                                       viewport: dict[str, int]) -> None:
    """Four seats (the biggest dock of a Putto table in pairs): my seven of coins can capture
    the seven of cups on the table or be laid beside it, so the table asks which."""
    hands = [["7o", "Ko", "Qo", "2o"]]
    first_deal_is(monkeypatch, putto_setup(4, hands, "7c"), dealer=3)  # I lead
    table = live.post("/api/tables", {
        "game": "putto", "players": 4, "options": {"deals": 1},
        "seats": [{"kind": "person"}, *[{"kind": "bot", "level": "random"}] * 3]})
    page = open_seat(new_page, live, viewport, table["code"], 0)
    page.locator('.hand button.card[data-card="7o"]:not([disabled])').click()
    expect(page.locator(".choice")).to_contain_text("Capture or play?")
    assert_above_the_dock(page, ".choice")
    screenshot(page, f"putto-choice-in-view-{_size(viewport)}")
    assert page.js_errors == []


@pytest.mark.parametrize("game", ["punttu", "putto", "pontinho"])
@SIZES
def test_the_hint_opens_in_view(new_page: Any, live: Any, game: str,
                                viewport: dict[str, int]) -> None:
    page = seated(new_page, live, viewport, game, players=4)
    page.locator("#hint").click()
    expect(page.locator(".hint")).to_contain_text("The strongest bot would")
    assert_above_the_dock(page, ".hint")
    screenshot(page, f"hint-in-view-{game}-{_size(viewport)}")
    assert page.js_errors == []


@SIZES
def test_the_longest_hint_opens_whole_in_view(new_page: Any, live: Any,
                                              monkeypatch: pytest.MonkeyPatch,
                                              viewport: dict[str, int]) -> None:
    """A Pontinho hint at its longest: a meld of many cards and four runners-up as long. On a
    phone it reached 464 px over 442 left above the dock (a random deal in CI drew one), its
    end under the hand; now it stays whole above the dock, what does not fit scrolled inside
    it."""
    real = hints.hint_message
    long = "meld 3h 4h 5h 6h 7h 8h 9h Th *=Jh Qh Kh"

    def longest(code: str, version: int, result: Any) -> dict[str, Any]:
        message = real(code, version, result)
        message["action"] = long
        message["iterations"] = max(message["iterations"], 1)
        message["alternatives"] = [{"action": long, "tries": 40 - n, "score": 60 - n}
                                   for n in range(hints.TOP)]
        return message

    monkeypatch.setattr(hints, "hint_message", longest)
    page = seated(new_page, live, viewport, "pontinho", players=8)
    page.locator("#hint").click()
    expect(page.locator(".hint")).to_contain_text("The strongest bot would")
    assert_above_the_dock(page, ".hint")
    screenshot(page, f"hint-longest-in-view-{_size(viewport)}")
    assert page.js_errors == []


@SIZES
def test_an_error_shows_where_the_page_is_scrolled(new_page: Any, live: Any,
                                                  viewport: dict[str, int]) -> None:
    """The chat's limit (five lines in ten seconds) answered with an error at the top of the
    page, while the person, at the chat, was scrolled to its bottom."""
    page = seated(new_page, live, viewport, "punttu")
    expect(page.locator(".hand")).to_be_visible()
    for n in range(6):
        page.fill("#chat-text", f"line {n}")
        page.press("#chat-text", "Enter")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(page.locator("#app > .error[role=alert]")).to_be_visible()
    assert_above_the_dock(page, "#app > .error[role=alert]")
    assert page.js_errors == []


def _pontinho_deal(players: int) -> dict[str, Any]:
    """A shuffled deal (seeded) whose first player is seat 0, the page, holding a run to meld
    (Q♥ K♥ A♥, PO-13)."""
    run = ["Qh", "Kh", "Ah"]
    deck = [c for c in deck_cards("french") if c != "*"] * 2 + ["*"] * 4
    for card in run:
        deck.remove(card)
    random.Random(players).shuffle(deck)
    deck = run + deck
    hands = [deck[seat * 9:(seat + 1) * 9] for seat in range(players)]
    return {"hands": hands, "stock": deck[players * 9:], "discard": []}


@pytest.mark.parametrize(("players", "lang"), [(4, "en"), (8, "en"), (4, "eu"), (4, "hu"),
                                                (4, "pt_BR")])
def test_pontinhos_dock_leaves_the_table_in_view_on_a_phone(
        new_page: Any, live: Any, monkeypatch: pytest.MonkeyPatch, players: int,
        lang: str) -> None:
    """Pontinho's dock (the discard pile, my hand, its sorter, the buttons) took 420 of a
    phone's 740 px at my turn, so that the lower seats and the melds were behind it: at most
    half the screen now, at its fullest (a drawn card beside the hand and, with two cards
    selected, five buttons: burn, meld, discard, clear, hint), in every language. A random deal
    sometimes showed this and the buttons wrapped onto three rows (383 px in CI, 394 in
    Basque)."""
    first_deal_is(monkeypatch, _pontinho_deal(players), dealer=players - 1)  # I play first
    page = seated(new_page, live, PHONE, "pontinho", players=players, locale=LOCALES[lang])
    expect(page.locator("#burn")).to_be_visible()  # drawn for me: keep or burn it
    cards = page.locator(".hand button.card")
    for n in range(2):
        cards.nth(n).click()
    expect(page.locator("#unselect")).to_be_visible()
    dock = page.evaluate("""() => {
        const dock = document.querySelector('.dock'), bar = dock.querySelector('.actions');
        return {height: dock.getBoundingClientRect().height,
                overflow: bar.scrollWidth - bar.clientWidth,
                buttons: [...bar.querySelectorAll("button")].map((b) => b.id)};
    }""")
    screenshot(page, f"pontinho-dock-{players}-{lang}-phone")
    assert len(dock["buttons"]) == 5, dock
    assert dock["height"] <= PHONE["height"] / 2, dock
    assert dock["overflow"] <= 0, dock  # no button pushed out of the row's width
    assert page.js_errors == []


@pytest.mark.parametrize(("viewport", "lang"), [(PHONE, "hu"), (LAPTOP, "en")],
                         ids=["phone-hu", "laptop-en"])
def test_the_end_of_a_deal_opens_whole_in_view(new_page: Any, live: Any,
                                               viewport: dict[str, int], lang: str) -> None:
    """The deal's end dialog (its points, the Continue button) is laid over the page, whole in
    the window wherever the page was scrolled; a long one scrolls inside itself. (The deal is
    played over the WebSocket; the page opens in the pause.)"""
    person = Person(live)
    person.play_until("deal_end")
    page = person.page(new_page, viewport, locale=LOCALES[lang])
    page.locator("[role=dialog]").wait_for()
    assert_above_the_dock(page, "[role=dialog]")
    continue_button = page.locator("#continue")
    continue_button.scroll_into_view_if_needed()
    assert_above_the_dock(page, "#continue")
    screenshot(page, f"deal-end-in-view-{_size(viewport)}-{lang}")
    assert page.js_errors == []
