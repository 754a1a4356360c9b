"""Being told it is my turn in the page (docs/notifications.md): the browser's permission is
asked only when the person ticks "Tell me when it is my turn" (never unasked), a notification
says "Your turn" while the tab is hidden (not while it is seen), and ticking the box registers
the service worker at the site's root. The page's ``Notification`` is wrapped (an init script)
only to count what it was asked; the permission itself is Chromium's, granted to the context."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from playwright.sync_api import expect
from sqlalchemy import text
from tests.helpers.browser import FULL_CHROMIUM, LAPTOP, launched, seated
from tests.helpers.pushservice import b64

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


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The full Chromium: a push subscription needs its push service, which the headless shell
    the other browser tests drive does not have."""
    with launched(FULL_CHROMIUM) as browser:
        yield browser


def watched_table(new_page: Any, live: Any, *, allow: bool) -> Any:
    # the page's policy allows no eval: the waits on a string predicate need it bypassed; the
    # service worker shows the notifications and holds the push subscription
    page = seated(new_page, live, LAPTOP, "punttu", bypass_csp=True, service_workers="allow")
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


def _fake_push_keys() -> dict[str, str]:
    """A browser's push keys as ``PushSubscription.toJSON`` gives them: a real P-256 point (the
    server checks it) and a 16-byte secret."""
    key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"p256dh": b64(key), "auth": b64(os.urandom(16))}


def test_each_kind_of_push_can_be_turned_off_for_this_browser(new_page: Any, live: Any) -> None:
    """Under "Tell me when it is my turn", a box per kind of push; unticking one sends this
    browser's subscription again with that kind off (headless Chromium has no push service:
    the page's ``pushManager`` answers with a subscription made here)."""
    endpoint = f"https://push.example/{os.urandom(6).hex()}"
    page = watched_table(new_page, live, allow=True)
    fake = {"endpoint": endpoint, "keys": _fake_push_keys()}
    page.evaluate("""(fake) => {
      const sub = { endpoint: fake.endpoint, toJSON: () => fake, unsubscribe: async () => true };
      PushManager.prototype.subscribe = async () => sub;
      PushManager.prototype.getSubscription = async () => sub;
    }""", fake)
    page.locator("details.settings summary").click()
    expect(page.locator("#set-push-turn")).to_have_count(0)  # not before notifications are on
    page.locator("#set-notify").check()

    def stored() -> list[Any]:
        return list(live.lobby.services.writer.read(lambda db: db.execute(text(
            "SELECT turn, invite, match_over FROM push_subscriptions WHERE endpoint = :e"),
            {"e": endpoint}).all()))

    for kind in ("turn", "invite", "match_over"):
        expect(page.locator(f"#set-push-{kind}")).to_be_checked()
    page.wait_for_function("window.__asked === 1")
    _eventually(lambda: stored() == [(True, True, True)])
    page.locator("#set-push-invite").uncheck()
    _eventually(lambda: stored() == [(True, False, True)])
    expect(page.locator("#set-push-invite")).not_to_be_checked()
    assert page.evaluate("localStorage.getItem('cardtable:push-kinds')") == (
        '{"turn":true,"invite":false,"match_over":true}')
    page.reload()  # kept for this browser
    page.locator("details.settings summary").click()
    expect(page.locator("#set-push-invite")).not_to_be_checked()
    expect(page.locator("#set-push-turn")).to_be_checked()
    assert page.js_errors == []


def _eventually(check: Any) -> None:
    deadline = time.monotonic() + 20
    while not check():
        assert time.monotonic() < deadline, "the subscription was not stored in time"
        time.sleep(0.05)
