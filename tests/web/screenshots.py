"""Screenshots of every game at phone (360x740) and laptop (1366x800) size, at the start, in
mid-deal, at a deal's end and at the match's end, and of the largest tables (eight seats of
Punttu, six of Putto, eight of Pontinho) on a phone, to look at (issue 16, "Tests and
review"). Not a test: run it by hand.

    .venv/bin/python -m tests.web.screenshots [--games punttu,putto,pontinho] [--out DIR]
        [--no-large]

Each table is a two-deal match against random bots (four seats, or the largest); the person
plays as the whole-deal tests do (tests/web/players.py). Into artifacts/screenshots/
(git-ignored) unless ``--out`` says where.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright
from tests.helpers.browser import ARGS, ARTIFACTS, CHROMIUM, LAPTOP, PHONE, LiveServer
from tests.web.players import PENDING, PROBE, answer

PLAYERS = {"punttu": 4, "putto": 4, "pontinho": 4}
LARGEST = {"punttu": 8, "putto": 6, "pontinho": 8}
#: Something for the person to do: a move to make, a deal or a match ended.
WAIT = f"document.querySelector('#play-again, #continue') || ({PENDING})"


def shoot(page: Any, out: Path, name: str) -> None:
    """The window as a person sees it, once the motion has settled: from the page's top (a
    click scrolls its card into view), then as the page scrolls on the person's turn to show
    the middle of the table above the docked hand (it does so on a resize too)."""
    page.evaluate("window.scrollTo(0, 0); window.dispatchEvent(new Event('resize'))")
    page.wait_for_function("document.getAnimations().length === 0", timeout=10_000)
    page.screenshot(path=str(out / f"{name}.png"))


def play(browser: Any, server: LiveServer, out: Path, game: str, players: int, size: str,
         viewport: dict[str, int], shots: tuple[str, ...]) -> None:
    joined = server.post("/api/play", {"game": game, "name": "Ana", "level": "random",
                                       "players": players, "options": {"deals": 2}})
    page = browser.new_page(viewport=viewport, base_url=server.url,
                            bypass_csp=True)  # WAIT is a string predicate: eval, which CSP forbids
    page.add_init_script(PROBE)
    page.goto("/")
    seat = json.dumps({"seat": joined["seat"], "token": joined["token"]})
    page.evaluate(f"localStorage.setItem('cardtable:seat:{joined['code']}', {json.dumps(seat)})")
    page.goto(f"/t/{joined['code']}")
    prefix = f"{game}-{players}p-{size}"
    page.wait_for_function(WAIT, timeout=30_000)
    if "start" in shots:
        shoot(page, out, f"{prefix}-1-start")
    moves = 0
    mid_shot = dealt_end = False
    for _ in range(600):
        page.wait_for_function(WAIT, timeout=30_000)
        if not dealt_end and page.evaluate("window.__over"):
            # the deal is over: its dialog opens once the last trick has been seen (a
            # decision between deals waits in it too)
            page.locator("#continue, #play-again").first.wait_for(timeout=30_000)
        if page.locator("#play-again").count():
            if "match-end" in shots:
                shoot(page, out, f"{prefix}-4-match-end")
            break
        if page.locator("#continue").count():
            if not dealt_end and "deal-end" in shots:
                shoot(page, out, f"{prefix}-3-deal-end")
            dealt_end = True
            page.click("#continue")
            continue
        if moves == 6 and "mid" in shots and not mid_shot:  # asked my seventh move
            shoot(page, out, f"{prefix}-2-mid-deal")
            mid_shot = True
            if not {"deal-end", "match-end"} & set(shots):
                break
        asked = page.evaluate("window.__asked")
        try:
            answer(page, asked["legal"])
        except PlaywrightError:  # the page moved on under the click (a timer, a forced move)
            continue
        moves += 1
    page.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="punttu,putto,pontinho")
    parser.add_argument("--out", type=Path, default=ARTIFACTS / "screenshots")
    parser.add_argument("--no-large", action="store_true", help="skip the largest tables")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    every = ("start", "mid", "deal-end", "match-end")
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        server = LiveServer(Path(data))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for game in args.games.split(","):
                for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
                    play(browser, server, out, game, PLAYERS[game], size, viewport, every)
                    print(game, size, "done", flush=True)
                if not args.no_large:
                    play(browser, server, out, game, LARGEST[game], "phone", PHONE,
                         ("start", "mid"))
                    print(game, LARGEST[game], "seats on a phone done", flush=True)
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
