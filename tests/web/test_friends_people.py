"""Friends, presence and invitations in the browser (docs/people.md "Friends"), in two and
three browser contexts at phone and laptop size: a friend link opened on a phone; a request
from a shared table accepted on "My friends"; a friend seen online at their table, invited,
taken to the table on accepting; an invitation declined."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, shot
from tests.web.test_friends import sit

TWO_PEOPLE_AND_A_BOT = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}]


def table(live: Any) -> str:
    made = live.post("/api/tables", {"game": "punttu", "players": 3, "options": {"deals": 1},
                                     "seats": TWO_PEOPLE_AND_A_BOT})
    return str(made["code"])


def friend_link(page: Any) -> str:
    page.goto("/mine")
    page.click(".make-friend-link")
    link = page.locator("#friend-link")
    expect(link).to_contain_text("/f#")
    expect(page.locator("#friend-link-box")).to_be_in_viewport(ratio=1)
    return str(link.text_content())


def befriend_by_link(maker: Any, friend: Any) -> None:
    friend.goto(friend_link(maker))
    friend.click("#befriend")
    expect(friend.locator("#befriended")).to_be_visible()


def name(page: Any, who: str) -> None:
    answer = page.request.patch("/api/me", data={"name": who})
    assert answer.ok, answer.text()


def test_a_friend_link_opened_on_a_phone_makes_two_friends(new_page: Any) -> None:
    ana, bo = new_page(LAPTOP), new_page(PHONE)
    name(ana, "Ana")
    name(bo, "Bo")
    link = friend_link(ana)
    shot(ana, "friend-link-laptop")
    bo.goto(link)
    expect(bo.locator("h1")).to_have_text("Become friends")
    shot(bo, "friend-link-page-phone")
    bo.click("#befriend")
    expect(bo.locator("#befriended")).to_have_text("You and Ana are friends now.")
    assert "#" not in bo.url  # the used secret left the address bar
    ana.reload()
    expect(ana.locator(".friends.mine .friend")).to_contain_text("Bo")
    # used: a second opening says so, and makes nobody a friend
    cy = new_page(PHONE)
    cy.goto(link)
    cy.click("#befriend")
    expect(cy.locator(".error")).to_contain_text("cannot be used")
    assert not ana.js_errors and not bo.js_errors and not cy.js_errors


def test_a_request_from_a_shared_table_is_accepted_on_my_friends(new_page: Any,
                                                                  live: Any) -> None:
    code = table(live)
    ana, bo = new_page(PHONE), new_page(LAPTOP)
    sit(ana, code, "Ana", 0)
    sit(bo, code, "Bo", 1)
    ana.goto("/mine")
    met = ana.locator(".friends.met .friend", has_text="Bo")
    met.locator(".ask-friend").click()
    expect(ana.locator(".friends.asked .friend")).to_contain_text("Bo")
    bo.goto("/mine")
    asking = bo.locator(".friends.asking .friend", has_text="Ana")
    shot(bo, "friend-request-laptop")
    asking.locator(".accept-friend").click()
    expect(bo.locator(".friends.mine .friend")).to_contain_text("Ana")
    ana.reload()
    expect(ana.locator(".friends.mine .friend")).to_contain_text("Bo")
    shot(ana, "my-friends-phone")


def test_a_friend_online_is_invited_and_taken_to_the_seat(new_page: Any, live: Any) -> None:
    """Three contexts: Ana invites Bo (who accepts and is seated) and Cy (who declines)."""
    code = table(live)
    ana, bo, cy = new_page(LAPTOP), new_page(PHONE), new_page(PHONE)
    for page, who in ((ana, "Ana"), (bo, "Bo"), (cy, "Cy")):
        name(page, who)
    befriend_by_link(ana, bo)
    befriend_by_link(ana, cy)
    sit(ana, code, "Ana", 0)
    bo.goto("/")  # Bo's lobby asks for invitations: he is online
    ana.goto("/mine")
    row = ana.locator(".friends.mine .friend", has_text="Bo")
    expect(row.locator(".presence")).to_have_text("online")
    row.locator(".invite-friend").click()
    expect(ana.locator(".friends-message")).to_have_text("Bo is invited.")
    ana.locator(".friends.mine .friend", has_text="Cy").locator(".invite-friend").click()
    expect(ana.locator(".friends-message")).to_have_text("Cy is invited.")
    shot(ana, "invite-laptop")
    bo.reload()
    invitation = bo.locator(".invitation")
    expect(invitation).to_contain_text("Ana invites you to a table of Punttu (3 players).")
    expect(invitation.locator("a")).to_have_attribute(
        "href", re.compile(r"/rules/punttu\?.*deals=1"))
    shot(bo, "invitation-phone")
    invitation.locator(".accept-invitation").click()
    expect(bo).to_have_url(re.compile(f"/t/{code}$"))
    bo.fill("#join-name", "Bo")
    bo.locator(".take-seat").first.click()
    expect(bo.locator(".felt")).to_be_visible()
    cy.goto("/mine")
    cy.locator(".invitation .decline-invitation").click()
    expect(cy.locator("#invitations")).to_be_hidden()
    cy.reload()
    expect(cy.locator(".friends.mine .friend")).to_contain_text("Ana")
    expect(cy.locator(".invitation")).to_have_count(0)
    # Ana now sees Bo online at her table, with a link to watch it
    ana.reload()
    bo_row = ana.locator(".friends.mine .friend", has_text="Bo")
    expect(bo_row.locator(".presence")).to_contain_text("at a table of Punttu")
    expect(bo_row.locator(".watch-friend")).to_have_attribute("href", f"/t/{code}")
    for page in (ana, bo, cy):
        assert not page.js_errors, page.js_errors
