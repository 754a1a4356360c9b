"""Passkeys in the browser (docs/people.md "Passkeys"), with Chromium's virtual authenticator:
a player adds a passkey on one device and signs in with it on another, whose own games join
theirs; at phone and laptop size.

Each "device" is a browser context with an authenticator of its own; the passkey made on the
first is carried to the second as a real roaming credential would be (the authenticator's
``getCredentials``/``addCredential``), so the second device signs a challenge of its own with
the private key the server never saw. Passkeys belong to a host name, never to a numeric
address, so these pages are opened at ``localhost``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, TIMEOUT, shot
from tests.web.test_people_signin import both_list, no_sideways_scroll, quick


def device(browser: Any, live: Any, viewport: dict[str, int]) -> tuple[Any, Any, str]:
    """A page in a context of its own at ``localhost``, with a virtual platform authenticator
    that keeps discoverable credentials and verifies its user: (page, CDP session, id)."""
    context = browser.new_context(viewport=viewport, service_workers="block",  # as new_page
                                  base_url=live.url.replace("127.0.0.1", "localhost"))
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True,
        "automaticPresenceSimulation": True}})
    return page, cdp, made["authenticatorId"]


@pytest.fixture
def devices(browser: Any, live: Any) -> Any:
    made: list[Any] = []

    def make(viewport: dict[str, int]) -> tuple[Any, Any, str]:
        page, cdp, authenticator = device(browser, live, viewport)
        made.append(page.context)
        return page, cdp, authenticator

    yield make
    for context in made:
        context.close()


def test_a_passkey_made_on_one_device_signs_the_player_in_on_another(devices: Any) -> None:
    """A phone makes the passkey, a laptop signs in with it; each page is looked at in both
    sizes (a window made smaller or larger), so that one run covers both."""
    phone, phone_cdp, phone_key = devices(PHONE)
    first = quick(phone, "Ana")
    phone.goto("/mine")
    phone.click("#add-passkey")
    expect(phone.locator("#add-passkey-status")).to_have_text(re.compile("Passkey added"))
    for size in (PHONE, LAPTOP):
        phone.set_viewport_size(size)
        no_sideways_scroll(phone)
        shot(phone, f"passkey-added-{size['width']}")
    held = phone_cdp.send("WebAuthn.getCredentials", {"authenticatorId": phone_key})
    assert len(held["credentials"]) == 1 and held["credentials"][0]["isResidentCredential"]

    laptop, laptop_cdp, laptop_key = devices(LAPTOP)
    second = quick(laptop, "Guest")  # the laptop's own first-visit player
    laptop_cdp.send("WebAuthn.addCredential", {"authenticatorId": laptop_key,
                                               "credential": held["credentials"][0]})
    laptop.goto("/signin")
    button = laptop.locator("#passkey-signin")
    for size in (PHONE, LAPTOP):
        laptop.set_viewport_size(size)
        expect(button).to_be_in_viewport(ratio=1)
        no_sideways_scroll(laptop)
    button.click()
    expect(laptop.locator("#passkey-signin-status")).to_have_text("You are signed in as Ana.")
    for size in (PHONE, LAPTOP):
        laptop.set_viewport_size(size)
        shot(laptop, f"passkey-signin-{size['width']}")
    both_list(phone, laptop, first, second)
    ids = {page.evaluate("fetch('/api/me').then((r) => r.json()).then((me) => me.id)")
           for page in (phone, laptop)}
    assert len(ids) == 1
    assert not phone.js_errors and not laptop.js_errors


def test_a_device_without_the_passkey_is_not_signed_in(devices: Any) -> None:
    page, _cdp, _key = devices(PHONE)
    quick(page, "Bea")
    before = page.evaluate("fetch('/api/me').then((r) => r.json()).then((me) => me.id)")
    page.goto("/signin")
    page.click("#passkey-signin")  # an authenticator with no passkey for this site
    expect(page.locator("#passkey-signin-status")).to_contain_text("No passkey was used")
    after = page.evaluate("fetch('/api/me').then((r) => r.json()).then((me) => me.id)")
    assert after == before


def test_a_numeric_address_says_passkeys_need_a_name(new_page: Any) -> None:
    page = new_page(PHONE)  # the suite's pages are at 127.0.0.1
    page.goto("/signin")
    expect(page.locator("main")).to_contain_text("Passkeys cannot be used at this address")
    expect(page.locator("#passkey-signin")).to_have_count(0)
