"""What the browser tests share: Debian's Chromium and its arguments, viewports, the live
server, screenshots, and a few ways to get a page to a table (Ana waiting at a Putto table, a
person playing a seat over the WebSocket, pages playing a match to its end).

The fixtures (the live server, the browser, fresh pages) are in ``tests/web/conftest.py``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from tests.helpers.server import RunningServer, make_config
from websockets.sync.client import connect

#: The browser the tests drive: Debian's Chromium headless shell, the browser without the parts
#: a window needs. The same pages cost about a fifth less CPU in it (the browser suite on two
#: cores: 397 s of wall time with the full browser, 328 s with the shell). A module that needs
#: what only the full browser has (a push service, for Web Push) launches ``FULL_CHROMIUM``.
CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium-headless-shell")
FULL_CHROMIUM = os.environ.get("CARDTABLE_FULL_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: Screenshots land here (git-ignored) for people to look at.
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
#: The longest any expectation waits (ms): generous, the machine is shared.
TIMEOUT = 20_000

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1366, "height": 800}


@contextmanager
def launched(executable: str) -> Iterator[Any]:
    """Debian's Chromium at ``executable`` under Playwright (never Playwright's own download);
    expectations wait up to ``TIMEOUT`` too (the machine is shared, and a loaded one is slow).
    Without it the tests are skipped with a loud reason."""
    import pytest

    if not Path(executable).exists():
        pytest.skip(
            f"!!! BROWSER TESTS SKIPPED: no Chromium at {executable}. Run `make test` as root "
            "(it installs Debian's chromium and chromium-headless-shell) or `apt-get install -y "
            "chromium chromium-headless-shell`. !!!"
        )
    sync_api = pytest.importorskip("playwright.sync_api")
    sync_api.expect.set_options(timeout=TIMEOUT)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=ARGS)
        yield browser
        browser.close()


class LiveServer(RunningServer):
    """The server tests' running app, with the browser tests' settings and a JSON ``post``."""

    def __init__(self, data_dir: Path, **settings: Any) -> None:
        """``settings``: more of the server's settings (``host``, ``public_url``…)."""
        super().__init__(make_config(data_dir, **settings))

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = httpx.post(self.url + path, json=body, timeout=20)
        assert response.status_code in (200, 201), response.text
        data: dict[str, Any] = response.json()
        return data


def seated(new_page: Any, live: Any, viewport: dict[str, int], game: str, players: int = 2,
           options: dict[str, Any] | None = None, turn_seconds: float | None = None,
           **context: Any) -> Any:
    """A page seated at a fresh table of ``game`` against random bots (seat 0, Ana); with
    ``turn_seconds``, the table's turn timer."""
    body: dict[str, Any] = {"game": game, "name": "Ana", "level": "random",
                            "players": players, "options": options or {}}
    if turn_seconds is not None:
        body["turn_seconds"] = turn_seconds
    joined = live.post("/api/play", body)
    return hold_seat(new_page(viewport, **context), joined["code"], joined)


def hold_seat(page: Any, code: str, joined: dict[str, Any]) -> Any:
    """``page`` opened at the table ``code`` holding the seat ``joined`` (its ``seat`` and
    ``token``, as ``/api/play`` or a join answers them): the token is where the page looks for
    it before the page's script reads it."""
    saved = json.dumps({"seat": joined["seat"], "token": joined["token"]})
    page.add_init_script(f"localStorage.setItem('cardtable:seat:{code}', {json.dumps(saved)});")
    page.goto(f"/t/{code}")
    page.code = code
    return page


def open_seat(new_page: Any, live: Any, viewport: dict[str, int], code: str, seat: int,
              name: str = "Ana") -> Any:
    """A page seated as ``name`` at seat ``seat`` of the table ``code`` (taken over HTTP, its
    token saved where the page looks for it), opened at the table."""
    joined = live.post(f"/api/tables/{code}/join", {"name": name, "seat": seat})
    return hold_seat(new_page(viewport), code, joined)


def assert_above_the_dock(page: Any, part: str = ".ring-centre") -> None:
    """A part of the page (the table's middle unless said) is whole on screen: inside the
    window, and above the docked hand unless it is in the dock or in a dialog laid over the
    page. For what matters at my turn (the middle, the melds), and for everything the page
    opens: a question, a hint, an error, a dialog (they opened under the dock or below the
    fold: answering meant scrolling first)."""
    found = page.evaluate("""(part) => {
      const el = document.querySelector(part);
      if (!el) return null;
      const box = el.getBoundingClientRect();
      const dock = document.querySelector('.dock');
      const over = !dock || dock.contains(el) || el.closest('.overlay');
      const floor = over ? innerHeight : Math.min(innerHeight, dock.getBoundingClientRect().top);
      return {top: box.top, bottom: box.bottom, left: box.left, right: box.right, floor,
              width: document.documentElement.clientWidth};
    }""", part)
    assert found is not None, f"nothing matches {part}"
    assert found["top"] >= 0 and found["bottom"] <= found["floor"] + 1, (part, found)
    assert found["left"] >= 0 and found["right"] <= found["width"] + 1, (part, found)


def image_width(image: Any) -> int:
    """The natural width of an ``<img>`` (a locator) once the browser is done with it, loaded
    or broken: a picture still loading has a width of 0, as a broken one has, so reading it at
    once failed now and then under load (the share box's QR code in CI)."""
    handle = image.element_handle()
    image.page.wait_for_function("(img) => img.complete", arg=handle)
    return int(handle.evaluate("(img) => img.naturalWidth"))


def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def ana_waits_at_a_putto_table(new_page: Any, *, deals: int | None = None) -> Any:
    """Ana makes a two-person Putto table in the lobby (``deals`` per match if given) and waits
    at it for a second person; her page, with the table's link as its URL."""
    from playwright.sync_api import expect

    ana = new_page(LAPTOP)
    ana.goto("/")
    ana.fill("#new-name", "Ana")
    ana.select_option("#new-game", "putto")
    ana.fill("#new-players", "2")
    ana.select_option("#seat-1", "person")
    if deals is not None:
        ana.locator("#new-table details summary").click()
        ana.fill("#opt-deals", str(deals))
    ana.click("#new-table button[type=submit]")
    expect(ana).to_have_url(re.compile(r"/t/[A-Z0-9-]+$"))
    expect(ana.locator(".waiting")).to_contain_text("Waiting for players")
    return ana


#: How long a page may wait for the coach's review of a two-seat Punttu deal (milliseconds):
#: about 3 s of CPU in the bots' pool, measured at 9-12 s of wall time on the shared 2-core
#: machine at a load of 14; the wait is for real work, so it leaves room for heavier load.
REVIEW_WAIT_MS = 120_000

#: A card the player may play now.
ENABLED = ".hand button.card:not([disabled])"


def play_first_cards_until(page: Any, stop: str, *, moves: int = 60) -> None:
    """Play the first card the page enables, again and again, until ``stop`` (a selector: a
    dialog, a button) is on the page; fails after ``moves`` cards."""
    for _ in range(moves):
        page.locator(f"{ENABLED}, {stop}").first.wait_for()
        if page.locator(stop).count():
            return
        page.locator(ENABLED).first.click()
    raise AssertionError(f"{stop} did not come within {moves} cards")
#: The friends' screenshots.
SHOTS = ARTIFACTS / "screenshots" / "friends"


def shot(page: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def play_until_over(pages: list[Any], live: Any) -> None:
    """The seat each page holds plays its first legal move over the WebSocket (``Person``, one
    thread a seat, as people play at once) until the match is over; then every page shows the
    match-end dialog. The pages look on: clicking a match's cards through two pages in turn
    cost some 20 seconds a test (whole deals clicked through a page are tests of their own)."""
    from playwright.sync_api import expect

    people = [Person.of_page(page, live) for page in pages]
    with ThreadPoolExecutor(len(people)) as pool:
        playing = [pool.submit(person.play_until, "match_end") for person in people]
        try:
            for each in playing:
                each.result()
        finally:
            for person in people:
                person.close()
    for page in pages:
        expect(page.locator("#match-end-title")).to_be_visible()


class Person:
    """The person's seat of a table (by default a two-deal, two-player Punttu table), played
    here over the WebSocket (always the first legal card); the other seats are bots.

    Where a test is about what a page shows at a moment of a match (the deal's end, the match's
    end), the person plays up to it here and the page opens there: the server tells a page that
    connects in the deal-end pause of the deal that ended, as it tells one that played it.
    Clicking a deal's 20 to 40 cards through a page cost 10 to 25 seconds a test."""

    def __init__(self, live: Any, game: str = "punttu", deals: int = 2,
                 players: int = 2, *, joined: dict[str, Any] | None = None) -> None:
        """A new table against bots, or the seat ``joined`` (``code``, ``seat``, ``token``)."""
        self.joined = joined or live.post("/api/play", {"game": game, "players": players,
                                                        "level": "random", "name": "Ana",
                                                        "options": {"deals": deals}})
        self.url = live.url.replace("http", "ws")
        self.code: str = self.joined["code"]
        self.seat: int = self.joined["seat"]
        self.token: str = self.joined["token"]
        self.connect()

    @classmethod
    def of_page(cls, page: Any, live: Any) -> Person:
        """The seat ``page`` holds at the table it shows (its token where the page keeps it)."""
        code = page.url.rsplit("/", 1)[1]
        saved = page.evaluate(f"localStorage.getItem('cardtable:seat:{code}')")
        assert saved, f"the page holds no seat at {code}"
        return cls(live, joined={"code": code, **json.loads(saved)})

    def connect(self) -> None:
        """(Again) the seat's WebSocket, greeted with its token. Away from the table for less
        than the server's grace period, the seat is still the person's: the pause waits."""
        self.connection = connect(f"{self.url}/ws/{self.code}", open_timeout=20)
        self.ws = self.connection.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": self.token}))

    def page(self, new_page: Any, viewport: dict[str, int] | None = None,
             **context: Any) -> Any:
        """A page in a fresh context holding this seat, opened at the table; the WebSocket
        played here is closed first (nothing would read what it is sent)."""
        self.close()
        return hold_seat(new_page(viewport, **context), self.code, self.joined)

    def play_until(self, kind: str) -> None:
        while True:
            message = json.loads(self.ws.recv(timeout=20))
            if message["type"] == kind:
                return
            if message["type"] == "state" and message["legal"]:
                self.ws.send(json.dumps({"type": "action", "action": message["legal"][0],
                                         "version": message["version"]}))
            pause = message.get("pause") if message["type"] == "state" else None
            if pause and message["seat"] in pause["waiting"]:  # ready for the next deal
                self.ws.send(json.dumps({"type": "continue", "deal": pause["deal"]}))

    def play_moves(self, moves: int) -> None:
        """Make ``moves`` of the seat's moves (the first legal one each time, once a state) and
        return once the last is stored (its ``ack``): a page can then make the deal's last
        moves itself, and see what its own last click brings (the end dialog, its focus)."""
        acted: set[int] = set()
        while True:
            message = json.loads(self.ws.recv(timeout=20))
            if message["type"] == "error":
                raise AssertionError(f"a move was refused: {message}")
            if message["type"] == "ack" and len(acted) == moves:
                return
            if (message["type"] == "state" and message["legal"] and len(acted) < moves
                    and message["version"] not in acted):
                acted.add(message["version"])
                self.ws.send(json.dumps({"type": "action", "action": message["legal"][0],
                                         "version": message["version"]}))

    def close(self) -> None:
        """Close the seat's WebSocket (again: nothing)."""
        self.connection.__exit__(None, None, None)

    def sat_here(self, page: Any) -> None:
        """Make ``page``'s browser the one that sat at this seat (the token it keeps)."""
        value = json.dumps({"seat": self.seat, "token": self.token})
        page.goto("/")
        page.evaluate(f"localStorage.setItem('cardtable:seat:{self.code}', {json.dumps(value)})")
