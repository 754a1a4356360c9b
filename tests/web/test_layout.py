"""What looking at the screenshots found (issue 16 "Tests and review"), each with a test:
four at a table sit one on each side of the felt; eight seats' trick on a phone lies in rows of
several cards, not one card a row, and their last trick stays inside the centre; Putto's facts
on a narrow plate wrap between facts, never inside one; on a phone the middle of the table is
never hidden behind the docked hand when a turn starts.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers.browser import LAPTOP, PHONE, assert_above_the_dock, seated
from tests.helpers.server import first_deal_is
from tests.punttu.test_rules import complete_setup
from tests.web.test_table import ENABLED, no_horizontal_overflow


@pytest.mark.parametrize(("game", "next_side"), [("punttu", "right"), ("putto", "left")])
def test_four_at_a_table_sit_on_three_sides(new_page: Any, live: Any, game: str,
                                            next_side: str) -> None:
    page = seated(new_page, live, LAPTOP, game, players=4)
    page.locator(".ring .seat").first.wait_for()
    counts = [page.locator(f".ring-{side} .seat").count() for side in ("left", "top", "right")]
    assert counts == [1, 1, 1]
    # the next player (deal seat 1; I am 0) on the side play passes to, the partner across
    assert page.locator(f".ring-{next_side} .seat").get_attribute("data-seat") == "1"
    assert page.locator(".ring-top .seat").get_attribute("data-seat") == "2"


def test_eight_seats_trick_lies_in_rows_on_a_phone(new_page: Any, live: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight seats: I play fourth to the first trick (the dealer is seat 4, seat 5 leads: PU-9)
    and hold three figures, the lowest rank (PU-3), which take no trick where I do not lead
    (PU-12: the first of equal cards wins), so I never lead: the first trick shows three cards at
    my turn, and at my next the last one lies small under the trick. (With a random deal the test
    led tricks now and then and ran out of cards, waiting for a turn that did not come.)"""
    hands = [["Jo", "Qo", "Ko"]] + [[]] * 7  # the others filled from the deck
    first_deal_is(monkeypatch, complete_setup(8, hands), dealer=4)
    # without motion: the cards' boxes are measured where they lie, not while they fly in
    page = seated(new_page, live, PHONE, "punttu", players=8, reduced_motion="reduce")
    page.locator(ENABLED).first.wait_for()
    assert page.locator(".trick li").count() == 3
    tops = page.evaluate("""() => [...document.querySelectorAll('.trick li')]
      .map((li) => Math.round(li.getBoundingClientRect().top))""")
    assert len(tops) >= 3
    assert len(set(tops)) < len(tops), f"one card a row: {tops}"
    # the last trick's eight small cards stay inside the centre (they overlapped the plates)
    page.locator(ENABLED).first.click()  # a figure: it takes nothing
    page.locator(".last-trick .cards").wait_for()  # at my turn in the second trick
    inside = page.evaluate("""() => {
      const cards = document.querySelector('.last-trick .cards').getBoundingClientRect();
      const centre = document.querySelector('.ring-centre').getBoundingClientRect();
      return [cards.left >= centre.left - 1 && cards.right <= centre.right + 1,
        cards.left, cards.right, centre.left, centre.right];
    }""")
    assert inside[0], inside
    no_horizontal_overflow(page, PHONE["width"])


@pytest.mark.parametrize("teams", ["alone", "pairs", "threes"])
def test_putto_facts_wrap_between_facts_on_a_phone(new_page: Any, live: Any, teams: str) -> None:
    """Six seats on a phone: a plate's facts (alone) and a side's figures in the scoreboard
    (partners) wrap between facts, never inside one."""
    page = seated(new_page, live, PHONE, "putto", players=6, options={"teams": teams})
    page.locator(ENABLED).first.wait_for()
    page.locator(".scoreboard .figure").first.wait_for()
    broken = page.evaluate("""() => [...document.querySelectorAll(
        '.points-line.facts span, .scoreboard .who, .scoreboard .figure')]
      .filter((el) => el.getClientRects().length > 1).map((el) => el.textContent)""")
    assert broken == []


@pytest.mark.parametrize(("game", "players"), [("putto", 4), ("punttu", 8), ("pontinho", 4)])
def test_my_turn_shows_the_middle_above_the_dock_on_a_phone(new_page: Any, live: Any, game: str,
                                                            players: int) -> None:
    """On a phone the docked hand covered the lower part of Putto's table row, of an eight
    seats' trick and Pontinho's melds: at my turn the page scrolls so that what matters most is
    whole above the dock: a question in the middle (Pontinho's claim round), else the melds
    below the seats, else the middle."""
    page = seated(new_page, live, PHONE, game, players=players)
    page.locator(f"{ENABLED}, #draw").first.wait_for()
    asked = page.locator(".ring-centre [role=alertdialog]").count() > 0
    part = ".felt > .below" if game == "pontinho" and not asked else ".ring-centre"
    assert_above_the_dock(page, part)

