"""Profiles and deleting an account in the browser (docs/people.md): a player's profile shows
their matches per game and size, their recent matches with replays and the head-to-head
against the person looking; the owner deletes their account through a dialog that opens whole
in view, after which their seat reads "a former player" in the other player's replay. At phone
and laptop size, every language at 360 px, and axe.

The match itself is played over HTTP and WebSocket by the two players' own clients (their
cookies are then handed to the browsers): a browser plays nothing faster.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, shot
from tests.helpers.server import Client
from tests.helpers.translations import assert_translated
from tests.server.test_people_profile import play_a_match
from tests.web.test_axe import violations
from tests.web.test_people_signin import LANGUAGES, no_sideways_scroll

from cardtable.server.people.identity import COOKIE


def finished_match(live: Any) -> tuple[str, dict[str, str], dict[str, str]]:
    """A finished Ana–Bea match: its code, and Ana's and Bea's (id, cookie)."""
    with live.http() as ana, live.http() as bea, ThreadPoolExecutor(1) as thread:
        # in a thread of its own: Playwright's loop runs in this one
        code = thread.submit(play_a_match, live, Client, ana, bea).result()
        people = [{"id": c.get("/api/me").json()["id"], "cookie": c.cookies[COOKIE]}
                  for c in (ana, bea)]
    return code, people[0], people[1]


@pytest.fixture(scope="module")
def match(live: Any) -> tuple[str, dict[str, str], dict[str, str]]:
    """One match for the tests that only look at it (a match is seconds of play)."""
    return finished_match(live)


@pytest.fixture
def own_match(live: Any) -> tuple[str, dict[str, str], dict[str, str]]:
    """A match of its own, for a test that deletes one of its players."""
    return finished_match(live)


def as_player(new_page: Any, live: Any, viewport: dict[str, int], who: dict[str, str],
              **options: Any) -> Any:
    page = new_page(viewport, **options)
    page.context.add_cookies([{"name": COOKIE, "value": who["cookie"], "url": live.url}])
    return page


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_profile_shows_the_matches_and_the_head_to_head(
        new_page: Any, live: Any, match: Any, viewport: dict[str, int]) -> None:
    code, ana, bea = match
    page = as_player(new_page, live, viewport, bea)
    page.goto(f"/p/{ana['id']}")
    expect(page.locator("h1")).to_have_text("Ana")
    expect(page.locator(".profile-totals tbody tr")).to_have_count(1)
    expect(page.locator(".profile-totals tbody td").first).to_have_text("Punttu")
    expect(page.locator(".head-to-head")).to_contain_text("Matches together")
    expect(page.locator("#delete-account")).to_have_count(0)  # not Bea's to delete
    no_sideways_scroll(page)
    shot(page, f"profile-{viewport['width']}")
    page.locator(f"a[href='/replay/{code}/1']").click()
    expect(page).to_have_url(re.compile(f"/replay/{code}/1$"))
    expect(page.locator("main")).to_contain_text("Ana")
    assert not page.js_errors


def test_deleting_an_account_asks_first_and_leaves_a_former_player(
        new_page: Any, live: Any, own_match: Any) -> None:
    """At phone size; the dialog is looked at in both sizes (the window made larger)."""
    code, ana, bea = own_match
    page = as_player(new_page, live, PHONE, ana)
    page.goto("/mine")
    page.click("#my-profile")
    expect(page).to_have_url(re.compile(f"/p/{ana['id']}$"))
    page.click("#delete-account")
    dialog = page.get_by_role("dialog")
    expect(page.locator("#keep-account")).to_be_focused()
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        expect(dialog).to_be_in_viewport(ratio=1)
        no_sideways_scroll(page)
        shot(page, f"profile-delete-{size['width']}")
    page.click("#keep-account")  # changed their mind: nothing happens
    expect(dialog).to_have_count(0)
    with live.http() as check:
        assert check.get(f"/api/players/{ana['id']}").status_code == 200
    page.click("#delete-account")
    page.click("#confirm-delete")
    expect(page.locator("h1")).to_have_text("Your account is deleted.")
    expect(dialog).to_have_count(0)
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        shot(page, f"profile-deleted-{size['width']}")
    other = as_player(new_page, live, LAPTOP, bea)
    other.goto(f"/replay/{code}/1")
    expect(other.locator("main")).to_contain_text("A former player")
    expect(other.locator("main")).not_to_contain_text("Ana")
    other.goto(f"/p/{ana['id']}")
    expect(other.get_by_role("alert")).to_have_text("there is no such player")
    assert not page.js_errors and not other.js_errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_profile_and_its_dialog_fit_a_phone_in_every_language(
        new_page: Any, live: Any, match: Any, lang: str) -> None:
    _code, ana, bea = match
    page = as_player(new_page, live, PHONE, bea)
    page.goto(f"/p/{ana['id']}?lang={lang}")
    expect(page.locator(".head-to-head")).to_be_visible()
    no_sideways_scroll(page)
    assert_translated(page, lang, "a profile with its head-to-head")
    page = as_player(new_page, live, PHONE, ana)
    page.goto(f"/p/{ana['id']}?lang={lang}")
    page.click("#delete-account")
    expect(page.get_by_role("dialog")).to_be_in_viewport(ratio=1)
    no_sideways_scroll(page)
    assert_translated(page, lang, "one's own profile and the delete dialog")
    page.goto(f"/signin?lang={lang}")
    expect(page.locator("h1")).to_be_visible()
    assert_translated(page, lang, "the sign-in page without a link")


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_no_serious_axe_finding_on_the_profile(new_page: Any, live: Any, match: Any,
                                               viewport: dict[str, int]) -> None:
    _code, ana, _bea = match
    page = as_player(new_page, live, viewport, ana, bypass_csp=True)  # axe is a script
    page.goto(f"/p/{ana['id']}")
    expect(page.locator(".profile-totals")).to_be_visible()
    assert violations(page) == []
    page.click("#delete-account")
    expect(page.get_by_role("dialog")).to_be_visible()
    assert violations(page) == []
    unknown = new_page(viewport, bypass_csp=True)
    unknown.goto("/p/" + "Z" * 16)
    expect(unknown.get_by_role("alert")).to_be_visible()
    assert violations(unknown) == []
