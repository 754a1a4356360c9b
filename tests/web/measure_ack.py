"""Time from a click on a card to the server's acknowledgement of that move, in the browser
(issue 16 §2: motion must never delay input). Not a test: run it by hand before and after a
change to the table page and compare the medians.

    .venv/bin/python -m tests.web.measure_ack [--plays 30] [--viewport phone|laptop]

It plays Punttu deals against random bots (no bot delay) on a server of its own, clicking the
first playable card each turn; the page records ``performance.now()`` at the click (a capturing
listener, before any of the page's handlers) and at the ``ack`` message.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from tests.helpers.browser import ARGS, CHROMIUM, LAPTOP, PHONE, LiveServer

ENABLED = ".hand button.card:not([disabled])"

PROBE = """
window.__acks = [];
let clicked = null;
document.addEventListener('click', (e) => {
  if (e.target.closest && e.target.closest('.hand button.card')) clicked = performance.now();
}, true);
window.__sends = [];
const Native = window.WebSocket;
const nativeSend = Native.prototype.send;
Native.prototype.send = function (data) {
  if (clicked !== null && String(data).includes('"action"')) {
    window.__sends.push(performance.now() - clicked);
  }
  return nativeSend.call(this, data);
};
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (event) => {
      const m = JSON.parse(event.data);
      if (m.type === 'ack' && clicked !== null) {
        window.__acks.push(performance.now() - clicked);
        clicked = null;
      }
    });
  }
};
"""


def measure(plays: int, viewport: dict[str, int], sends: list[float]) -> list[float]:
    """Milliseconds from click to ack of ``plays`` moves, over as many deals as it takes."""
    times: list[float] = []
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        server = LiveServer(Path(data))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page: Any = browser.new_page(viewport=viewport, base_url=server.url)
            page.add_init_script(PROBE)
            page.goto("/")
            while len(times) < plays:
                joined = server.post("/api/play", {"game": "punttu", "name": "Ana",
                                                   "level": "random"})
                seat = json.dumps({"seat": joined["seat"], "token": joined["token"]})
                page.evaluate(f"localStorage.setItem('cardtable:seat:{joined['code']}', "
                              f"{json.dumps(seat)})")
                page.goto(f"/t/{joined['code']}")
                while len(times) < plays:
                    page.locator(f"{ENABLED}, #play-again").first.wait_for(timeout=20_000)
                    if page.locator("#play-again").count():
                        break
                    before = page.evaluate("window.__acks.length")
                    page.locator(ENABLED).first.click()
                    page.wait_for_function(f"window.__acks.length > {before}", timeout=20_000)
                    times.append(float(page.evaluate("window.__acks[window.__acks.length - 1]")))
                    sends.append(float(page.evaluate(
                        "window.__sends[window.__sends.length - 1] ?? -1")))
        finally:
            browser.close()
            server.stop()
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--plays", type=int, default=30)
    parser.add_argument("--viewport", choices=("phone", "laptop"), default="laptop")
    args = parser.parse_args()
    sends: list[float] = []
    times = measure(args.plays, PHONE if args.viewport == "phone" else LAPTOP, sends)
    print(f"click→ack over {len(times)} plays ({args.viewport}): median "
          f"{statistics.median(times):.1f} ms, p90 "
          f"{sorted(times)[int(len(times) * 0.9) - 1]:.1f} ms, max {max(times):.1f} ms; "
          f"click→send median {statistics.median(sends):.1f} ms")


if __name__ == "__main__":
    main()
