"""The installable app in Chromium (docs/notifications.md, "An installable app"): the manifest
is fetched and valid with the project's icons, the service worker controls the page, a reload
while offline shows the offline page (in the page's language), which comes back by itself once
the network does, and an upgrade (a new static version) drops the old cache on activation."""

from __future__ import annotations

import struct
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE
from tests.web.test_axe import violations

from cardtable.web import pwa

CACHES = "caches.keys()"


def controlled(new_page: Any, viewport: dict[str, int] = LAPTOP) -> Any:
    """The lobby, controlled by the service worker (the first load installs it; it claims the
    page when it activates). The page's policy allows no eval, which the waits need."""
    page = new_page(viewport, bypass_csp=True, service_workers="allow")
    page.goto("/")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    return page


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_fetched_and_valid_with_the_projects_icons(new_page: Any) -> None:
    page = new_page(LAPTOP)
    page.goto("/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    answer = page.request.get(href)
    assert answer.ok and answer.headers["content-type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["name"] == "cardtable" and manifest["scope"] == "/"
    sizes = {}
    for icon in manifest["icons"]:
        got = page.request.get(icon["src"])
        assert got.ok and got.headers["content-type"].startswith(icon["type"])
        if icon["type"] == "image/png":
            sizes[icon["sizes"]] = png_size(got.body())
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}  # what an install needs
    assert page.js_errors == []


def test_offline_the_page_says_so_and_comes_back_by_itself(new_page: Any) -> None:
    page = controlled(new_page)
    assert page.evaluate(CACHES) == [f"cardtable-{pwa.STATIC_VERSION}"]
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_have_text("You are offline")
    page.context.set_offline(False)
    expect(page.locator("#language")).to_be_visible()  # the lobby again, reloaded by itself
    assert page.js_errors == []


def test_an_upgrade_drops_the_old_cache(new_page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    page = controlled(new_page)
    old = f"cardtable-{pwa.STATIC_VERSION}"
    assert page.evaluate(CACHES) == [old]
    monkeypatch.setattr(pwa, "STATIC_VERSION", "9.9.9-upgraded")  # a new server's client
    page.evaluate("navigator.serviceWorker.getRegistration().then((reg) => reg.update())")
    page.wait_for_function("caches.keys().then((k) => k.join() === 'cardtable-9.9.9-upgraded')")
    page.reload()  # the page runs on the new version's files
    expect(page.locator("#language")).to_be_visible()
    assert page.js_errors == []


HEADINGS = {"en": "You are offline", "pt_BR": "Você está sem conexão",
            "eu": "Konexiorik gabe zaude", "hu": "Nincs internetkapcsolat"}


@pytest.mark.parametrize("lang", sorted(HEADINGS))
def test_the_offline_page_is_translated_fits_a_phone_and_passes_axe(new_page: Any,
                                                                     lang: str) -> None:
    page = new_page(PHONE, bypass_csp=True)  # axe is injected as a script tag
    page.goto(f"/offline?lang={lang}")
    expect(page.locator("h1")).to_have_text(HEADINGS[lang])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert violations(page) == []
    assert page.js_errors == []
