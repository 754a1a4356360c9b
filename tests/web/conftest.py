"""Browser tests: the real app under uvicorn in a thread, driven by Playwright in Debian's
Chromium (never Playwright's own download). One browser per test module; each test gets fresh
contexts, so localStorage and cookies never leak between tests. Bots move at once.

Without ``/usr/bin/chromium`` the tests are skipped with a loud reason; ``make test`` installs it
first when it runs as root (CI does).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from cardtable.server.app import create_app
from cardtable.server.config import ServerConfig

CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
#: Screenshots land here (git-ignored) for people to look at.
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
#: The longest any expectation waits (ms): generous, the machine is shared.
TIMEOUT = 20_000

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1366, "height": 800}


class LiveServer:
    def __init__(self, data_dir: Path) -> None:
        config = ServerConfig(data_dir=data_dir, bot_delay=0.0, grace_seconds=60.0,
                              hint_seconds=0.05)
        self.app = create_app(config)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [sock]}, daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert self.thread.is_alive(), "the server did not start"
            assert time.monotonic() < deadline, "the server did not start in time"
            time.sleep(0.01)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def lobby(self) -> Any:
        return self.app.state.lobby

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = httpx.post(self.url + path, json=body, timeout=20)
        assert response.status_code in (200, 201), response.text
        data: dict[str, Any] = response.json()
        return data

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)


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
