"""Being told it is my turn in the page (docs/notifications.md): the browser's permission is
asked only when the person ticks "Tell me when it is my turn" (never unasked), a notification
says "Your turn" while the tab is hidden (not while it is seen), and ticking the box registers
the service worker at the site's root. The page's ``Notification`` is wrapped (an init script)
only to count what it was asked; the permission itself is Chromium's, granted to the context."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, seated

MINE = ".hand button.card:not([disabled])"

#: Counts permission requests and notifications shown, and lets the test hide the tab.
WATCH = """
(() => {
  window.__asked = 0; window.__shown = []; window.__hidden = false;
  const Real = window.Notification;
  class Watched extends Real {
    constructor(title, options) { super(title, options); window.__shown.push(title); }
    static requestPermission() { window.__asked += 1; return Real.requestPermission(); }
    static get permission() { return Real.permission; }
  }
  window.Notification = Watched;
  Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
})();
"""


def watched_table(new_page: Any, live: Any, *, allow: bool) -> Any:
    # the page's policy allows no eval: the waits on a string predicate need it bypassed
    page = seated(new_page, live, LAPTOP, "punttu", bypass_csp=True)
    page.context.add_init_script(WATCH)
    if allow:
        page.context.grant_permissions(["notifications"], origin=live.url)
    page.reload()
    expect(page.locator(MINE).first).to_be_visible()
    return page


def test_nothing_is_asked_until_the_box_is_ticked(new_page: Any, live: Any) -> None:
    page = watched_table(new_page, live, allow=True)
    page.locator(MINE).first.click()  # play on: the turn comes back, the tab is seen
    expect(page.locator(MINE).first).to_be_visible()
    page.locator("details.settings summary").click()
    box = page.locator("#set-notify")
    expect(box).not_to_be_checked()
    assert page.evaluate("window.__asked") == 0 and page.evaluate("window.__shown") == []
    box.check()
    page.wait_for_function("localStorage.getItem('cardtable:notify') === '1'")
    expect(box).to_be_checked()
    assert page.evaluate("window.__asked") == 1
    scope = page.evaluate("""navigator.serviceWorker.ready.then((reg) => reg.scope)""")
    assert scope == f"{live.url}/"
    assert page.js_errors == []


def test_a_hidden_tab_is_told_and_a_seen_one_is_not(new_page: Any, live: Any) -> None:
    page = watched_table(new_page, live, allow=True)
    page.locator("details.settings summary").click()
    page.locator("#set-notify").check()
    page.wait_for_function("localStorage.getItem('cardtable:notify') === '1'")
    page.locator(MINE).first.click()  # seen: the title and sound say it
    expect(page.locator(MINE).first).to_be_visible()
    assert page.evaluate("window.__shown") == []
    page.evaluate("window.__hidden = true")
    page.locator(MINE).first.click()  # the bot answers at once: my turn again, tab hidden
    page.wait_for_function("window.__shown.length === 1")
    assert page.evaluate("window.__shown") == ["Your turn"]
    assert page.js_errors == []


def test_a_refusal_leaves_the_box_unticked(new_page: Any, live: Any) -> None:
    page = watched_table(new_page, live, allow=False)
    page.locator("details.settings summary").click()
    box = page.locator("#set-notify")
    box.click()  # headless Chromium answers the question "denied" or "default": not granted
    page.wait_for_function("window.__asked === 1")
    expect(box).not_to_be_checked()
    assert page.evaluate("localStorage.getItem('cardtable:notify')") in ("", None)
    assert page.js_errors == []
