"""Time from the click that makes a move to the server's acknowledgement of that move, in the
browser (issue 16 §2: motion must never delay input). Not a test: run it by hand before and
after a change to the table page and compare the medians.

    .venv/bin/python -m tests.web.measure_ack [--game punttu|putto|pontinho|all] [--plays 30]
        [--viewport phone|laptop]

It plays deals against random bots (no bot delay) on a server of its own. Punttu: the first
playable card each turn; Putto: the same, and "capture" when the card asks; Pontinho: draw,
then select the first card and discard it (pass when asked to advance). The page records
``performance.now()`` at every click (a capturing listener, before any of the page's handlers),
takes the last click before a move is sent as that move's click, and the ``ack`` message as its
end. A selection (a Pontinho card lifted) is a click that sends nothing: it is not counted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright
from tests.helpers.browser import ARGS, CHROMIUM, LAPTOP, PHONE, LiveServer

GAMES = ("punttu", "putto", "pontinho")
CARD = ".hand button.card:not([disabled])"
ASK = f"#play-again, #continue, [id^=decide-], #draw:not([disabled]), #pass, {CARD}"

PROBE = """
window.__acks = [];
window.__sends = [];
let clicked = null;  // the last click, until a move is sent
let moved = null;    // the click of the move sent, until its ack
document.addEventListener('click', () => { clicked = performance.now(); }, true);
const Native = window.WebSocket;
const nativeSend = Native.prototype.send;
Native.prototype.send = function (data) {
  if (clicked !== null && String(data).includes('"action"')) {
    moved = clicked;
    clicked = null;
    window.__sends.push(performance.now() - moved);
  }
  return nativeSend.call(this, data);
};
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (event) => {
      const m = JSON.parse(event.data);
      if (m.type === 'ack' && moved !== null) {
        window.__acks.push(performance.now() - moved);
        moved = null;
      } else if (m.type === 'error' && moved !== null) {
        window.__refused = (window.__refused || 0) + 1;  // a stale move: no ack to time
        moved = null;
      }
    });
  }
};
"""


def decide(page: Any, game: str) -> str:
    """One decision of mine: 'match' at the match's end, else 'move' (or 'none' if the page
    moved on under the click)."""
    page.locator(ASK).first.wait_for(timeout=20_000)
    if page.locator("#play-again").count():
        return "match"
    for selector in ("#continue", "[id^=decide-]", "#draw:not([disabled])", "#pass"):
        if page.locator(selector).count():
            page.locator(selector).first.click(timeout=2_000)
            return "move"
    page.locator(CARD).first.click(timeout=2_000)
    if game == "pontinho":
        discard = page.locator("#discard:not([disabled])")
        if discard.count():
            discard.click(timeout=2_000)
        else:
            page.locator("#unselect").click(timeout=2_000)
    elif game == "putto":
        choice = page.locator("#choose-capture")
        if choice.count():
            choice.click(timeout=2_000)
    return "move"


def measure(game: str, plays: int, viewport: dict[str, int]) -> tuple[list[float], list[float]]:
    """Milliseconds from click to ack, and from click to send, of ``plays`` moves of ``game``
    over as many deals as it takes."""
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        server = LiveServer(Path(data))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page: Any = browser.new_page(viewport=viewport, base_url=server.url)
            page.add_init_script(PROBE)
            page.goto("/")
            times: list[float] = []
            sends: list[float] = []
            while len(times) < plays:
                joined = server.post("/api/play", {"game": game, "name": "Ana",
                                                   "level": "random"})
                seat = json.dumps({"seat": joined["seat"], "token": joined["token"]})
                page.evaluate(f"localStorage.setItem('cardtable:seat:{joined['code']}', "
                              f"{json.dumps(seat)})")
                page.goto(f"/t/{joined['code']}")  # the probe starts anew with the page
                while len(times) + page.evaluate("window.__acks.length") < plays:
                    try:
                        if decide(page, game) == "match":
                            break
                    except PlaywrightError:  # a redraw replaced the control under the click
                        continue
                page.wait_for_function("window.__acks.length + (window.__refused || 0)"
                                       " >= window.__sends.length", timeout=20_000)
                times += [float(x) for x in page.evaluate("window.__acks")]
                sends += [float(x) for x in page.evaluate("window.__sends")]
        finally:
            browser.close()
            server.stop()
    return times[:plays], sends


def p90(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.9) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=(*GAMES, "all"), default="all")
    parser.add_argument("--plays", type=int, default=30)
    parser.add_argument("--viewport", choices=("phone", "laptop"), default="laptop")
    args = parser.parse_args()
    for game in GAMES if args.game == "all" else (args.game,):
        times, sends = measure(game, args.plays, PHONE if args.viewport == "phone" else LAPTOP)
        print(f"{game}: click→ack over {len(times)} moves ({args.viewport}): median "
              f"{statistics.median(times):.1f} ms, p90 {p90(times):.1f} ms, "
              f"max {max(times):.1f} ms; click→send median {statistics.median(sends):.1f} ms",
              flush=True)


if __name__ == "__main__":
    main()
