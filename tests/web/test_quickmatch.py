"""Quick match in the browser (docs/people.md "Quick match"): two people in two browsers ask
to play Punttu with people, one on a phone and one on a laptop; the first waits (the waiting
box in view, how many wait and the seconds left), gives up, asks again, and both are seated
at one table when the second asks; the waiting box fits a phone in every language."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, screenshot
from tests.web.test_axe import violations
from tests.web.test_phone_width import LANGUAGES, assert_fits

#: The waiting box's box, and whether it lies whole inside the window.
IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def _ask(page: Any, name: str) -> None:
    page.goto("/")
    page.fill("#quick-name", name)
    page.select_option("#match-game", "punttu")
    page.select_option("#match-players", "2")
    page.select_option("#match-wait", "120")
    page.click("#match-start")


def test_two_browsers_are_matched_into_one_table(new_page: Any) -> None:
    ana = new_page(PHONE)
    _ask(ana, "ana")
    box = ana.locator("#match-waiting")
    expect(box).to_be_visible()
    expect(ana.locator("#match-status")).to_contain_text("1 person waiting")
    expect(ana.locator("#match-status")).to_contain_text(re.compile(r"bots in 1[12]\d s"))
    assert box.evaluate(IN_VIEW)
    screenshot(ana, "quickmatch-waiting-phone")
    ana.click("#match-cancel")
    expect(box).to_be_hidden()
    _ask(ana, "ana")
    expect(box).to_be_visible()
    expect(ana.locator("#match-status")).to_contain_text("1 person waiting")  # the first left

    bo = new_page(LAPTOP)
    _ask(bo, "bo")
    expect(bo).to_have_url(re.compile(r"/t/[A-Z0-9]+$"))
    expect(ana).to_have_url(bo.url)  # the next poll seats ana at the same table
    for page in (ana, bo):
        expect(page.locator(".hand button.card").first).to_be_visible()
        assert page.js_errors == []


def test_the_waiting_box_opens_in_view_on_a_laptop(new_page: Any) -> None:
    """In view, and no accessibility violation while waiting (axe is injected as a script tag:
    this context bypasses the pages' Content-Security-Policy)."""
    page = new_page(LAPTOP, bypass_csp=True)
    _ask(page, "cy")
    box = page.locator("#match-waiting")
    expect(box).to_be_visible()
    assert box.evaluate(IN_VIEW)
    assert violations(page) == []
    screenshot(page, "quickmatch-waiting-laptop")
    page.click("#match-cancel")
    expect(box).to_be_hidden()
    assert page.js_errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_waiting_fits_a_phone_in_every_language(new_page: Any, lang: str) -> None:
    page = new_page(PHONE)
    page.goto(f"/?lang={lang}")
    page.locator("#language").wait_for()
    page.select_option("#match-players", "7")  # nobody else waits for seven: it stays waiting
    page.click("#match-start")
    box = page.locator("#match-waiting")
    expect(box).to_be_visible()
    assert box.evaluate(IN_VIEW)
    assert_fits(page)
    page.click("#match-cancel")
    expect(box).to_be_hidden()
    assert page.js_errors == []
