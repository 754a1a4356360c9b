"""Players in the browser (docs/people.md): "My games" comes from the server, and a one-time
sign-in link carries a player to a second device, whose own games join theirs; at phone and
laptop size, with no sideways scrolling at 360 px in any language and no serious axe finding."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, shot
from tests.web.test_axe import violations

LANGUAGES = ("en", "pt_BR", "eu", "hu")


def quick(page: Any, name: str) -> str:
    page.goto("/")
    page.fill("#quick-name", name)
    page.select_option("#quick-level", "random")
    page.click("#quick button[value=punttu]")
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9-]+$"))
    return str(page.url.rsplit("/", 1)[1])


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url}: {width} px wide"


def both_list(phone: Any, laptop: Any, first: str, second: str) -> None:
    """Each device's "My games" lists both tables: the one played on each device."""
    for device in (phone, laptop):
        device.goto("/mine")
        expect(device.locator(".my-game")).to_have_count(2)
        links = device.locator(".my-game a").evaluate_all("(as) => as.map((a) => a.href)")
        assert any(first in href for href in links) and any(second in href for href in links)


def test_a_sign_in_link_carries_the_player_to_a_second_device(new_page: Any) -> None:
    """A phone makes the link, a laptop signs in with it; each page is looked at in both sizes
    (a window made smaller or larger), so that one run covers both."""
    phone = new_page(PHONE)
    first = quick(phone, "Ana")
    laptop = new_page(LAPTOP)  # another device: its own storage and cookies
    second = quick(laptop, "Guest")
    phone.goto("/mine")
    phone.click("#make-link")
    link = phone.locator("#signin-link")
    expect(link).to_have_text(re.compile(r"/signin#[A-Za-z0-9_-]{43}$"))
    expect(phone.locator("#signin-box img.qr")).to_be_visible()
    for size in (PHONE, LAPTOP):
        phone.set_viewport_size(size)
        expect(phone.locator("#signin-box")).to_be_in_viewport(ratio=1)
        no_sideways_scroll(phone)
        shot(phone, f"signin-link-{size['width']}")
    address = link.inner_text()
    laptop.goto(address)
    for size in (PHONE, LAPTOP):
        laptop.set_viewport_size(size)
        expect(laptop.locator("#signin")).to_be_in_viewport(ratio=1)
    laptop.click("#signin")
    expect(laptop.get_by_role("status")).to_have_text("You are signed in as Ana.")
    assert "#" not in laptop.url  # the used secret left the address bar
    for size in (PHONE, LAPTOP):
        laptop.set_viewport_size(size)
        shot(laptop, f"signin-done-{size['width']}")
    both_list(phone, laptop, first, second)
    # the link worked once: a third device gets the same refusal as for any bad link
    third = new_page(PHONE)
    third.goto(address)
    third.click("#signin")
    expect(third.get_by_role("alert")).to_contain_text("cannot be used")
    assert not phone.js_errors and not laptop.js_errors and not third.js_errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pages_fit_a_phone_in_every_language(new_page: Any, lang: str) -> None:
    page = new_page(PHONE)
    quick(page, "Ana")
    page.goto(f"/mine?lang={lang}")
    page.click("#make-link")
    expect(page.locator("#signin-link")).to_be_visible()
    no_sideways_scroll(page)
    page.goto(f"/signin?lang={lang}#{'x' * 43}")
    expect(page.locator("#signin")).to_be_visible()
    no_sideways_scroll(page)
    page.goto(f"/signin?lang={lang}")
    expect(page.locator("h1")).to_be_visible()
    no_sideways_scroll(page)


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_no_serious_axe_finding_on_the_players_pages(new_page: Any,
                                                      viewport: dict[str, int]) -> None:
    page = new_page(viewport, bypass_csp=True)  # axe is injected as a script
    quick(page, "Ana")
    page.goto("/mine")
    page.click("#make-link")
    expect(page.locator("#signin-box img.qr")).to_be_visible()
    assert violations(page) == []
    page.goto(f"/signin#{'x' * 43}")
    expect(page.locator("#signin")).to_be_visible()
    assert violations(page) == []
