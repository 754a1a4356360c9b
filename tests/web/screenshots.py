"""Screenshots of every game at phone (360x740) and laptop (1366x800) size, at the start, in
mid-deal, at a deal's end and at the match's end, into artifacts/screenshots/ (git-ignored), to
look at (issue 16, "Tests and review"). Not a test: run it by hand.

    .venv/bin/python -m tests.web.screenshots [--games punttu,putto,pontinho]

Each game is a two-deal match against random bots; the script makes the first legal choice at
every decision (Pontinho: draw, then discard the first card; pass when asked to advance).
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

OUT = ARTIFACTS / "screenshots"
PLAYERS = {"punttu": 4, "putto": 4, "pontinho": 4}
ASK = ("#play-again, #continue, #draw:not([disabled]), #pass, [id^=decide-], "
       ".hand button.card:not([disabled])")


def step(page: Any, game: str) -> str:
    """One decision of mine; what the page showed: 'match', 'deal' or 'move'."""
    page.locator(ASK).first.wait_for(timeout=30_000)
    if page.locator("#play-again").count():
        return "match"
    if page.locator("#continue").count():
        return "deal"
    for selector in ("[id^=decide-]", "#draw:not([disabled])", "#pass"):
        if page.locator(selector).count():
            page.locator(selector).first.click()
            return "move"
    page.locator(".hand button.card:not([disabled])").first.click()
    if game == "pontinho":
        discard = page.locator("#discard:not([disabled])")
        if discard.count():
            discard.click()
        else:
            page.locator("#unselect").click()
    choice = page.locator(".choice button.big")
    if choice.count():
        choice.first.click()
    return "move"


def shoot(page: Any, name: str) -> None:
    page.wait_for_timeout(400)  # motion settles
    page.screenshot(path=str(OUT / f"{name}.png"))


def play(browser: Any, server: LiveServer, game: str, size: str, viewport: dict[str, int]) -> None:
    joined = server.post("/api/play", {"game": game, "name": "Ana", "level": "random",
                                       "players": PLAYERS[game], "options": {"deals": 2}})
    page = browser.new_page(viewport=viewport, base_url=server.url)
    page.goto("/")
    seat = json.dumps({"seat": joined["seat"], "token": joined["token"]})
    page.evaluate(f"localStorage.setItem('cardtable:seat:{joined['code']}', {json.dumps(seat)})")
    page.goto(f"/t/{joined['code']}")
    page.locator(ASK).first.wait_for(timeout=30_000)
    shoot(page, f"{game}-{size}-1-start")
    moves = 0
    dealt_end = False
    for _ in range(400):
        try:
            seen = step(page, game)
        except PlaywrightError:  # a redraw replaced the button between finding and clicking
            continue
        if seen == "move":
            moves += 1
            if moves == 4:
                shoot(page, f"{game}-{size}-2-mid-deal")
        elif seen == "deal":
            if not dealt_end:
                shoot(page, f"{game}-{size}-3-deal-end")
                dealt_end = True
            page.click("#continue")
        else:
            shoot(page, f"{game}-{size}-4-match-end")
            break
    page.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="punttu,putto,pontinho")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        server = LiveServer(Path(data))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for game in args.games.split(","):
                for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
                    play(browser, server, game, size, viewport)
                    print(game, size, "done")
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
