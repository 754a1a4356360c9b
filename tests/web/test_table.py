"""The table of issue 16 §3–§7 in Chromium at phone and laptop size: seats around the felt in
play order (eight on a phone, no horizontal scrolling, no name broken letter by letter), whole
deals against bots where the only clicks are real decisions, the memory rule with and without
``show_played`` (PU-20, PU-21), reduced motion, the hand's arrangement across a reload, the
felt and the log in one wording, Punttu's last trick on one row and Putto's deal end at 360 px.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, Person, screenshot, seated

ENABLED = ".hand button.card:not([disabled])"

#: Counts calls of Element.animate (motion.js), to tell motion from none.
COUNT_ANIMATIONS = """
window.__animations = 0;
const native = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animations += 1;
  return native.apply(this, args);
};
"""


def no_horizontal_overflow(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def names_on_one_line(page: Any) -> None:
    tall = page.evaluate("""() => [...document.querySelectorAll('.seat .name')].filter((el) => {
      const size = parseFloat(getComputedStyle(el).fontSize);
      return el.getBoundingClientRect().height > size * 1.9;
    }).map((el) => el.textContent)""")
    assert tall == []


def my_turn(page: Any, decided: list[str]) -> bool:
    """Wait until the page asks me something or the deal or match is over; answer a real
    decision (the first card) and return True, or return False at a deal's or match's end.
    The page must never ask for a click that decides nothing (issue 16 §1)."""
    page.locator(f"{ENABLED}, #play-again, #continue").first.wait_for()
    if page.locator("#play-again, #continue").count():
        return False
    # the felt's last-move line and the log's last entry are one sentence (issue 16 §7)
    if page.locator(".last-move").count() and page.locator(".log li").count():
        assert page.locator(".last-move").inner_text() == page.locator(".log li").last.inner_text()
    cards = page.locator(ENABLED)
    count = cards.count()
    cards.first.click()
    choice = page.locator(".choice button.big")  # Putto: capture with it, or play it?
    if count == 1:  # one card, so it must be a choice between capturing and playing it
        assert choice.count() == 2, "the page waited on a one-choice decision"
    if choice.count():
        choice.first.click()
    decided.append(str(count))
    expect(page.locator(".choice")).to_have_count(0)
    return True


@pytest.mark.parametrize("game", ["punttu", "putto"])
def test_a_whole_deal_where_every_click_decides(new_page: Any, live: Any, game: str) -> None:
    """One deal at phone and laptop size in turn (the window changes size before each of my
    turns, as a phone turned on its side does): each click a decision, nothing wider than the
    window. A deal at each size apart cost twice the time and showed nothing more."""
    sizes = [PHONE, LAPTOP]
    page = seated(new_page, live, PHONE, game, players=4 if game == "punttu" else 2,
                  options={"deals": 1})
    decided: list[str] = []
    while my_turn(page, decided):
        assert len(decided) < 40
        no_horizontal_overflow(page, sizes[(len(decided) - 1) % 2]["width"])
        page.set_viewport_size(sizes[len(decided) % 2])
    assert len(decided) >= 2  # a turn at each size
    expect(page.get_by_role("dialog")).to_contain_text("The match is over")
    expect(page.locator(".placings li")).to_have_count(4 if game == "punttu" else 2)
    assert page.locator(".placings li").first.get_attribute("value") == "1"
    for size in sizes:
        page.set_viewport_size(size)
        no_horizontal_overflow(page, size["width"])
    assert page.js_errors == []


@pytest.mark.parametrize(("game", "next_side"), [("punttu", "right"), ("putto", "left")])
def test_eight_seats_around_the_felt_on_a_phone(new_page: Any, live: Any, game: str,
                                                next_side: str) -> None:
    players = 8 if game == "punttu" else 6
    page = seated(new_page, live, PHONE, game, players=players)
    expect(page.locator(".seat")).to_have_count(players)
    expect(page.locator(".seat.mine")).to_be_visible()
    no_horizontal_overflow(page, PHONE["width"])
    names_on_one_line(page)
    # play order with the direction shown: the next player (deal seat 1; I am 0) sits at the
    # bottom of the side that play passes to (Punttu to the right, Putto to the left)
    assert page.locator(f".ring-{next_side} .seat").last.get_attribute("data-seat") == "1"
    expect(page.locator(".chip.dealer")).to_have_count(1)
    first = "B2" if next_side == "left" else "B7"  # the top of the left column
    expect(page.locator(".others .avatar").first).to_have_text(first)
    expect(page.locator(".chip.level").first).to_have_text("random")
    if game == "punttu":
        expect(page.locator(".scoreboard .score")).to_have_count(players)
    else:  # six play as three pairs (PT-4): partners marked
        expect(page.locator(".chip.team").first).to_be_visible()
    screenshot(page, f"{game}-{players}-seats-phone")
    assert page.js_errors == []


@pytest.mark.parametrize("show_played", [False, True])
def test_the_memory_rule_with_and_without_show_played(new_page: Any, live: Any,
                                                      show_played: bool) -> None:
    page = seated(new_page, live, LAPTOP, "punttu", options={"show_played": show_played})
    decided: list[str] = []
    for _ in range(4):  # two players: four of my cards are four tricks
        assert my_turn(page, decided)
    page.locator(f"{ENABLED}, #play-again").first.wait_for()
    log = page.locator(".log li")
    if show_played:  # PU-21: every played card, and every move in the log
        assert page.locator(".played .card").count() >= 6
        assert log.count() >= 7
        expect(page.locator(".memory-note")).to_have_count(0)
    else:  # PU-20: the current and the last trick only, on the felt and in the log
        expect(page.locator(".played")).to_have_count(0)
        assert log.count() <= 4
        expect(page.locator(".memory-note")).to_be_visible()
    assert page.js_errors == []


def test_reduced_motion_moves_nothing_and_motion_does(new_page: Any, live: Any) -> None:
    counts = {}
    for motion in ("reduce", "no-preference"):
        page = seated(new_page, live, PHONE, "punttu", players=3, reduced_motion=motion)
        page.add_init_script(COUNT_ANIMATIONS)
        page.reload()
        decided: list[str] = []
        for _ in range(2):
            assert my_turn(page, decided)
        page.locator(f"{ENABLED}, #play-again").first.wait_for()
        counts[motion] = page.evaluate("window.__animations")
        assert page.js_errors == []
    assert counts["reduce"] == 0
    assert counts["no-preference"] > 0


def test_the_hand_arrangement_survives_a_reload(new_page: Any, live: Any) -> None:
    page = seated(new_page, live, PHONE, "pontinho")
    hand = page.locator(".seat.mine .hand button.card")
    expect(hand.first).to_be_visible()
    page.click("#sort-rank")
    order = [hand.nth(i).get_attribute("data-card") for i in range(hand.count())]
    page.reload()
    expect(hand.first).to_be_visible()
    assert [hand.nth(i).get_attribute("data-card") for i in range(hand.count())] == order
    # the discard pile and my hand share the screen: docked at the bottom
    box = page.locator(".dock").bounding_box()
    assert box and box["y"] + box["height"] <= PHONE["height"] + 1
    assert page.js_errors == []


def test_punttus_last_trick_stays_on_one_row_on_a_phone(new_page: Any, live: Any) -> None:
    page = seated(new_page, live, PHONE, "punttu", players=5)
    decided: list[str] = []
    while not page.locator(".last-trick .cards").count():
        assert my_turn(page, decided)
        assert len(decided) < 8
    tops = page.evaluate("[...document.querySelectorAll('.last-trick .card')]"
                         ".map((c) => c.getBoundingClientRect().top)")
    assert len(tops) == 5 and len(set(tops)) == 1
    screenshot(page, "punttu-last-trick-phone")


def test_putto_deal_end_fits_a_phone(new_page: Any, live: Any) -> None:
    person = Person(live, game="putto")  # the deal played over the WebSocket: the page opens
    person.play_until("deal_end")        # in the pause after it
    page = person.page(new_page, PHONE)
    dialog = page.locator(".dialog")
    expect(dialog.locator("table.breakdown")).to_be_visible()
    screenshot(page, "putto-deal-end-phone")
    no_horizontal_overflow(page, PHONE["width"])
    box = dialog.bounding_box()
    table = dialog.locator("table.breakdown").bounding_box()
    assert box and table and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert table["x"] + table["width"] <= box["x"] + box["width"]
    assert page.js_errors == []
