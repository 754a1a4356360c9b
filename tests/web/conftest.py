"""Browser tests: the real app under uvicorn in a thread, driven by Playwright in Debian's
Chromium headless shell (never Playwright's own download; the full Chromium where a module needs
it). One browser per test module; each test gets fresh contexts, so localStorage and cookies
never leak between tests. Bots move at once.

Without Debian's ``chromium-headless-shell`` (and ``chromium``) the tests are skipped with a loud
reason; ``make test`` installs them first when it runs as root (CI does). What the tests share
besides these fixtures is in ``tests/helpers/browser.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.helpers.browser import CHROMIUM, LAPTOP, TIMEOUT, LiveServer, launched


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("web-data"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The headless shell (``CHROMIUM``); a module that needs the full browser overrides this
    fixture with ``launched(FULL_CHROMIUM)``."""
    with launched(CHROMIUM) as browser:
        yield browser


@pytest.fixture
def new_page(browser: Any, live: LiveServer) -> Iterator[Any]:
    """``new_page(viewport=…, **context options)``: a page in a fresh context (own storage, no
    service worker unless ``service_workers="allow"``), closed afterwards."""
    contexts: list[Any] = []

    def make(viewport: dict[str, int] | None = None, **options: Any) -> Any:
        # The service worker, once registered, fetches every asset of the site for its cache:
        # some seventy requests to the test server and half a second of CPU in each fresh
        # context. Only the tests of what it does (test_pwa*.py) let it register.
        options.setdefault("service_workers", "block")
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
