"""Ratings in the browser (docs/ratings.md): after a match of people, the lobby shows the player's
rating in the chosen game in words, and the game's leaderboard lists the players; at phone and
laptop size, in view, with no sideways scrolling at 360 px in any language and no serious axe
finding."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, shot
from tests.server.test_ratings import joined, made, play_match
from tests.web.test_axe import violations
from tests.web.test_phone_width import LANGUAGES, assert_fits

from cardtable.server.people.identity import COOKIE


def rated_pair(live: Any, names: tuple[str, str]) -> list[str]:
    """Two people play a two-seat Punttu table to its end; their device credentials."""
    with httpx.Client(base_url=live.url, timeout=20) as one, \
            httpx.Client(base_url=live.url, timeout=20) as two:
        code = made(one)
        seats = [joined(one, code, names[0]), joined(two, code, names[1])]
        # in a thread of its own: Playwright's sync API holds this thread's event loop
        with ThreadPoolExecutor(1) as thread:
            thread.submit(play_match, live, [seat["token"] for seat in seats], code).result()
        return [one.cookies[COOKIE], two.cookies[COOKIE]]


def as_player(new_page: Any, live: Any, viewport: dict[str, int], secret: str,
              **options: Any) -> Any:
    page = new_page(viewport, **options)
    page.context.add_cookies([{"name": COOKIE, "value": secret, "url": live.url}])
    return page


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_lobby_shows_the_players_rating_and_the_leaderboard_lists_them(
        new_page: Any, live: Any, viewport: dict[str, int]) -> None:
    size = viewport["width"]
    secrets = rated_pair(live, (f"Ana{size}", f"Bea{size}"))
    page = as_player(new_page, live, viewport, secrets[0], bypass_csp=True)  # axe is injected
    page.goto("/")
    page.select_option("#new-game", "punttu")
    words = page.locator("#my-rating-words")
    # one match: the rating is still settling
    expect(words).to_have_text(re.compile(r"^about 1,\d{3}, still settling after 1 match$"))
    page.locator("#my-rating").scroll_into_view_if_needed()
    expect(page.locator("#my-rating")).to_be_in_viewport(ratio=1)
    if size == PHONE["width"]:
        assert_fits(page)
    shot(page, f"ratings-lobby-{size}")
    # another game: not rated yet
    page.select_option("#new-game", "putto")
    expect(words).to_have_text("not rated yet: matches at tables of people only are rated.")
    expect(page.locator("#leaderboard-link")).to_have_attribute("href", "/ratings/putto")
    page.select_option("#new-game", "punttu")
    page.click("#leaderboard-link")
    expect(page).to_have_url(re.compile(r"/ratings/punttu$"))
    expect(page.locator("h1")).to_have_text("Leaderboard: Punttu")
    rows = page.locator("#leaderboard tbody tr")
    expect(rows.filter(has_text=f"Ana{size}")).to_have_count(1)
    expect(rows.filter(has_text=f"Bea{size}")).to_have_count(1)
    expect(rows.first).to_contain_text(re.compile(r"about 1,\d{3}, still settling after \d+ match"))
    expect(page.locator("#leaderboard")).to_be_in_viewport()
    if size == PHONE["width"]:
        assert_fits(page)
    shot(page, f"ratings-leaderboard-{size}")
    assert violations(page) == []
    page.goto("/ratings/pontinho")
    expect(page.locator("#nobody")).to_have_text("Nobody is rated in this game yet.")
    assert page.js_errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rating_line_and_the_leaderboard_fit_a_phone(new_page: Any, live: Any,
                                                          lang: str) -> None:
    secrets = rated_pair(live, ("Ana Maria Nogueira da Silva", "Bea"))
    page = as_player(new_page, live, PHONE, secrets[0])
    page.goto(f"/?lang={lang}")
    page.select_option("#new-game", "punttu")
    expect(page.locator("#my-rating-words")).to_have_text(re.compile(r"1[.,\s\u00a0]?\d{3}"))
    assert_fits(page)
    page.goto(f"/ratings/punttu?lang={lang}")
    expect(page.locator("#leaderboard tbody tr").first).to_be_visible()
    assert_fits(page)
    assert page.js_errors == []


def test_an_unknown_games_leaderboard_page_is_not_found(live: Any) -> None:
    answer = httpx.get(f"{live.url}/ratings/chess", timeout=20)
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "http/not_found"
