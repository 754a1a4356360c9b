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

#: Counts permission requests, notifications shown and the turns that came (a state with moves
#: to make after one without, as the server sent them; ``__mine``: the version of the last state
#: with moves to make), and lets the test hide the tab.
WATCH = """
(() => {
  window.__asked = 0; window.__shown = []; window.__hidden = false;
  window.__turns = 0; window.__mine = 0;
  const RealSocket = window.WebSocket;
  window.WebSocket = class extends RealSocket {
    constructor(...args) {
      super(...args);
      let mine = false;
      this.addEventListener('message', (event) => {
        const message = JSON.parse(event.data);
        if (message.type !== 'state') return;
        const now = (message.legal || []).length > 0;
        if (now && !mine) window.__turns += 1;
        if (now) window.__mine = message.version;
        window.__legal = (message.legal || []).map((action) => action.split(' ').pop());
        mine = now;
      });
    }
  };
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


def play_until_my_turn_again(page: Any) -> None:
    """Play cards until the turn leaves me and comes back. A trick I win has me lead at once:
    no turn comes back then (I just moved), and the page tells nothing. Each card is clicked on
    the hand of the last state (a move from the hand before would be refused as stale)."""
    for _ in range(10):
        turns, version = page.evaluate("[window.__turns, window.__mine]")
        page.locator(MINE).first.click()
        page.wait_for_function(f"window.__turns > {turns} || window.__mine > {version}")
        page.wait_for_function(SHOWS_MY_MOVES, arg=MINE)
        if page.evaluate("window.__turns") > turns:
            return
    raise AssertionError("the turn never left me in ten moves")


#: The hand on screen offers exactly the cards the server's last state says I may play (the
#: page draws a state after its motion: until then the cards of the hand before are shown).
SHOWS_MY_MOVES = """(mine) => {
  const shown = [...document.querySelectorAll(mine)].map((button) => button.dataset.card);
  return shown.length > 0 && shown.length === window.__legal.length
    && shown.every((card) => window.__legal.includes(card));
}"""


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
    play_until_my_turn_again(page)  # seen: the title and sound say it
    assert page.evaluate("window.__shown") == []
    page.evaluate("window.__hidden = true")
    play_until_my_turn_again(page)  # the bot answers: my turn again, with the tab hidden
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
