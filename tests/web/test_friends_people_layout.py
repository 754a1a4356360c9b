"""The friends' parts of a page at their fullest — an invitation, a friend online at a table,
a request, someone met, a friend link — fit a 360 px phone in all four languages and pass the
axe scan at phone and laptop size (as tests/web/test_phone_width.py and test_axe.py hold the
other pages)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, shot
from tests.web.test_axe import violations
from tests.web.test_friends import sit
from tests.web.test_friends_people import befriend_by_link, name, table
from tests.web.test_phone_width import LANGUAGES, assert_fits


def everything_at_once(new_page: Any, live: Any, viewport: dict[str, int], **options: Any) -> Any:
    """Ana's page, with a friend (Bo, at a table, who invited her), a request (Cy) and a
    player met (Di)."""
    ana = new_page(viewport, **options)
    bo, cy, di = new_page(PHONE), new_page(PHONE), new_page(PHONE)
    for page, who in ((ana, "Ana Maria da Conceição"), (bo, "Bartholomew Longname"),
                      (cy, "Cy"), (di, "Di")):
        name(page, who)
    befriend_by_link(bo, ana)
    code, shared = table(live), table(live)
    sit(bo, code, "Bo", 0)
    invited = bo.request.post("/api/me/invitations", data={"friend": ana_id(ana), "table": code})
    assert invited.ok, invited.text()
    sit(ana, shared, "Ana", 0)
    sit(cy, shared, "Cy", 1)
    asked = cy.request.post("/api/me/friends", data={"player": ana_id(ana)})
    assert asked.ok, asked.text()
    other = table(live)
    sit(ana, other, "Ana", 0)
    sit(di, other, "Di", 1)
    bo.goto("/")  # online
    ana.goto("/mine")
    return ana


def ana_id(page: Any) -> str:
    return str(page.request.get("/api/me").json()["id"])


def drawn(page: Any) -> None:
    expect(page.locator(".invitation")).to_be_visible()
    expect(page.locator(".friends.met .friend")).to_have_count(1)
    page.click(".make-friend-link")
    expect(page.locator("#friend-link")).to_be_visible()


def scanned(ana: Any) -> dict[str, list[str]]:
    """The axe scan's findings on Ana's friends (drawn at their fullest) and a friend link."""
    ana.goto("/mine")
    drawn(ana)
    found = {"my friends": violations(ana)}
    ana.goto("/f#not-a-real-secret")
    ana.locator("#befriend").wait_for()
    found["friend link"] = violations(ana)
    return found


def test_the_friends_panel_and_an_invitation_fit_a_phone_in_every_language(
        new_page: Any, live: Any) -> None:
    """... and pass the axe scan at phone size (one set-up of four people for both: it takes
    seconds)."""
    ana = everything_at_once(new_page, live, PHONE, bypass_csp=True)  # axe: an injected script
    for lang in LANGUAGES:
        ana.goto(f"/mine?lang={lang}")
        drawn(ana)
        expect(ana.locator(".friends.mine .presence.online")).to_be_visible()
        assert_fits(ana)
        shot(ana, f"my-friends-full-{lang}-phone")
        ana.goto(f"/f?lang={lang}#not-a-real-secret")
        ana.locator("#befriend").wait_for()
        assert_fits(ana)
    assert scanned(ana) == {"my friends": [], "friend link": []}
    assert ana.js_errors == []


def test_no_serious_violation_on_the_friends_pages_at_laptop_size(new_page: Any,
                                                                 live: Any) -> None:
    ana = everything_at_once(new_page, live, LAPTOP, bypass_csp=True)
    assert scanned(ana) == {"my friends": [], "friend link": []}
