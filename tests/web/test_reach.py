"""The share link reaches the friends it is for (issue 31 §1), in Chromium at phone and laptop
size: the configured public address when there is one; the machine's network address when the
server listens on every interface (and a browser opening that link reaches the table); on
127.0.0.1 the page says plainly that the link works on this computer only, and how to open the
server to others. The QR code always carries the same link as the page; the share box passes
the axe scan."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, TIMEOUT, LiveServer, shot
from tests.helpers.translations import LOCALES, assert_translated
from tests.web.test_axe import violations

from cardtable.server.features.homenet import home_address
from cardtable.web.friends import qr_svg
from cardtable.web.language import LANGUAGES

PUBLIC = "https://cards.example"
SIZES = [pytest.param(PHONE, id="phone"), pytest.param(LAPTOP, id="laptop")]


@pytest.fixture(scope="module")
def public(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("public"), public_url=PUBLIC + "/")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def everywhere(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("everywhere"), host="0.0.0.0")
    yield server
    server.stop()


def waiting_page(browser: Any, server: LiveServer, viewport: dict[str, int]) -> tuple[Any, str]:
    """A fresh page at a new two-person Putto table of ``server``, opened on 127.0.0.1 as the
    host's own browser does; the page and the table's code."""
    table = server.post("/api/tables", {"game": "putto", "players": 2,
                                        "seats": [{"kind": "person"}, {"kind": "person"}]})
    context = browser.new_context(viewport=viewport, base_url=server.url, bypass_csp=True,
                                  service_workers="block")  # axe is a script; as new_page
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(f"/t/{table['code']}")
    return page, table["code"]


def assert_whole_width(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def assert_qr_carries(server: LiveServer, code: str, link: str) -> None:
    svg = httpx.get(f"{server.url}/t/{code}/qr.svg", timeout=20).content
    assert svg == qr_svg(link)


@pytest.mark.parametrize("viewport", SIZES)
def test_a_public_address_goes_in_the_link(browser: Any, public: LiveServer,
                                           viewport: dict[str, int]) -> None:
    page, code = waiting_page(browser, public, viewport)
    expect(page.locator("#share-link")).to_have_text(f"{PUBLIC}/t/{code}")
    expect(page.locator("#share-link")).to_have_attribute("href", f"{PUBLIC}/t/{code}")
    expect(page.locator("#share-reach")).to_have_text(
        "Anyone with the link can join: send it, or let them scan the code.")
    assert_qr_carries(public, code, f"{PUBLIC}/t/{code}")
    assert_whole_width(page)
    assert violations(page) == []
    shot(page, f"reach-public-{'phone' if viewport is PHONE else 'laptop'}")
    page.context.close()


@pytest.mark.parametrize("viewport", SIZES)
def test_on_every_interface_the_network_address_goes_in_the_link(
        browser: Any, everywhere: LiveServer, viewport: dict[str, int]) -> None:
    address = home_address()
    if address is None:
        pytest.skip("!!! this machine has no network address: the network case is untested !!!")
    page, code = waiting_page(browser, everywhere, viewport)
    expected = f"http://{address}:{everywhere.port}/t/{code}"
    expect(page.locator("#share-link")).to_have_text(expected)
    expect(page.locator("#share-reach")).to_have_text(
        "Friends on your network can scan the code with a phone.")
    assert_qr_carries(everywhere, code, expected)
    assert_whole_width(page)
    shot(page, f"reach-network-{'phone' if viewport is PHONE else 'laptop'}")
    # a friend's browser opens the link itself: the table, with its seats free to take
    friend = browser.new_context(viewport=viewport)
    friend.set_default_timeout(TIMEOUT)
    theirs = friend.new_page()
    theirs.goto(expected)
    expect(theirs.locator(".take-seat").first).to_be_visible()
    friend.close()
    page.context.close()


@pytest.mark.parametrize("viewport", SIZES)
def test_on_this_computer_only_the_page_says_so(browser: Any, live: LiveServer,
                                                viewport: dict[str, int]) -> None:
    page, code = waiting_page(browser, live, viewport)
    expect(page.locator("#share-link")).to_have_text(f"{live.url}/t/{code}")
    reach = page.locator("#share-reach")
    expect(reach).to_contain_text("This link works on this computer only.")
    expect(reach).to_contain_text("--host 0.0.0.0")
    expect(reach).to_contain_text("--public-url")
    assert_qr_carries(live, code, f"{live.url}/t/{code}")
    assert_whole_width(page)
    assert violations(page) == []
    shot(page, f"reach-local-{'phone' if viewport is PHONE else 'laptop'}")
    page.context.close()


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_warning_in_every_language(new_page: Any, live: LiveServer, lang: str) -> None:
    """The waiting page with its warning: nothing English left, whole at 360 px."""
    table = live.post("/api/tables", {"game": "putto", "players": 2,
                                      "seats": [{"kind": "person"}, {"kind": "person"}]})
    page = new_page(PHONE, locale=LOCALES[lang])
    page.goto(f"/t/{table['code']}")
    warning = page.locator("#share-reach strong")
    expect(warning).to_be_visible()
    if lang != "en":
        expect(warning).not_to_have_text("This link works on this computer only.")
    expect(page.locator("#share-reach code")).to_have_text(["--host 0.0.0.0", "--public-url"])
    expect(page.locator("#share-reach")).to_contain_text("--host 0.0.0.0")
    assert_translated(page, lang, "the share box on this computer only")
    assert_whole_width(page)
    shot(page, f"{lang}-reach-local-phone")
