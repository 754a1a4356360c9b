"""No page scrolls sideways on a 360 px phone, in any of the four languages, and no seat's name,
"to play" mark or fact is cut short. The lobby and the daily deal were 385 to 433 px wide (the
language picker beside the links), Basque Putto 365 px (its "Harrapatuak: 0" beside a side
seat), and side seats cut names ("2 b…", "Robô…").
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers.browser import PHONE, seated
from tests.helpers.translations import LOCALES

LANGUAGES = ["en", "pt_BR", "eu", "hu"]

#: What a page is wider than the phone by, and which of its parts stick out.
WIDTH = """() => ({
  width: document.documentElement.scrollWidth,
  out: [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
    .slice(0, 5).map((el) => `${el.tagName}.${el.className}#${el.id}`),
})"""
#: The seats' names and facts whose text does not fit their box (an ellipsis, or cut off).
CUT = """() => [...document.querySelectorAll('.seat .name, .seat .points-line, .seat .facts span')]
  .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent)"""


def assert_fits(page: Any, what: str = "the table") -> None:
    found = page.evaluate(WIDTH)
    assert found["width"] <= PHONE["width"] and not found["out"], (what, found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_pages_fit_a_phone(new_page: Any, live: Any, lang: str) -> None:
    page = new_page(PHONE)  # one page goes through them all, as a person would
    for path in ("/", "/daily", "/mine", "/signin", "/ratings/punttu"):
        page.goto(f"{path}?lang={lang}")
        page.locator("#language").wait_for()  # the page is drawn (its nav comes last)
        assert_fits(page, path)
    assert page.js_errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "players"), [("putto", 4), ("putto", 6), ("punttu", 8),
                                               ("pontinho", 8)])
def test_a_table_fits_a_phone_with_every_name_whole(new_page: Any, live: Any, lang: str,
                                                    game: str, players: int) -> None:
    page = seated(new_page, live, PHONE, game, players=players, locale=LOCALES[lang])
    page.locator(".hand button.card").first.wait_for()
    assert_fits(page)
    assert page.evaluate(CUT) == []
    assert page.js_errors == []
