"""Browser tests: the real app under uvicorn in a thread, driven by Playwright in Debian's
Chromium (never Playwright's own download). One browser per test module; each test gets fresh
contexts, so localStorage and cookies never leak between tests. Bots move at once.

Without ``/usr/bin/chromium`` the tests are skipped with a loud reason; ``make test`` installs it
first when it runs as root (CI does). What the tests share besides these fixtures is in
``tests/helpers/browser.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.browser import ARGS, CHROMIUM, LAPTOP, TIMEOUT, LiveServer


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
