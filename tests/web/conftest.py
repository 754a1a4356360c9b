"""Browser tests: the real app under uvicorn in a thread, driven by Playwright in Debian's
Chromium (never Playwright's own download). One browser per test module; each test gets fresh
contexts, so localStorage and cookies never leak between tests. Bots move at once.

Without ``/usr/bin/chromium`` the tests are skipped with a loud reason; ``make test`` installs it
first when it runs as root (CI does).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.conftest import ROOMY, RunningServer

from cardtable.server.config import ServerConfig

CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
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


class LiveServer(RunningServer):
    """The server tests' running app, with the browser tests' settings and a JSON ``post``."""

    def __init__(self, data_dir: Path) -> None:
        super().__init__(
            ServerConfig(data_dir=data_dir, bot_delay=0.0, grace_seconds=60.0, hint_seconds=0.05,
                         **ROOMY)
        )

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = httpx.post(self.url + path, json=body, timeout=20)
        assert response.status_code in (200, 201), response.text
        data: dict[str, Any] = response.json()
        return data


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("web-data"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright; expectations wait up to ``TIMEOUT`` too (the
    machine is shared, and a loaded one is slow)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(
            f"!!! BROWSER TESTS SKIPPED: no Chromium at {CHROMIUM}. Run `make test` as root "
            "(it installs Debian's chromium) or `apt-get install -y chromium`. !!!"
        )
    sync_api = pytest.importorskip("playwright.sync_api")
    sync_api.expect.set_options(timeout=TIMEOUT)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser: Any, live: LiveServer) -> Iterator[Any]:
    """``new_page(viewport=…)``: a page in a fresh context (own storage), closed afterwards."""
    contexts: list[Any] = []

    def make(viewport: dict[str, int] | None = None, **options: Any) -> Any:
        context = browser.new_context(viewport=viewport or LAPTOP, base_url=live.url, **options)
        context.set_default_timeout(TIMEOUT)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.js_errors = errors
        return page

    yield make
    for context in contexts:
        context.close()


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

