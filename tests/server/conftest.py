"""Fixtures of the server tests: servers started on each database (SQLite, and a fresh database
of the test PostgreSQL cluster, ``tests/pg.py``) and stopped afterwards. What the tests share
besides fixtures (the running server, clients, quick play) is in ``tests/helpers/server.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.server import Client, RunningServer, make_config, quick_play
from tests.pg import pg_cluster, pg_url  # noqa: F401  (fixtures for the PostgreSQL tests)


def _server_starter(tmp_path: Path, db: str) -> tuple[Callable[..., RunningServer],
                                                     list[RunningServer]]:
    running: list[RunningServer] = []

    def start(clock: Callable[[], float] | None = None, **overrides: Any) -> RunningServer:
        """A server with the settings ``overrides``; ``clock``: its time (the real one else)."""
        server = RunningServer(make_config(tmp_path, **({"db": db} if db else {}), **overrides),
                               clock)
        running.append(server)
        return server

    return start, running


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str:
    """The server tests run on both databases: ``""`` (SQLite in the test's folder) or the URL
    of a fresh database on the test PostgreSQL cluster (``tests/pg.py``)."""
    if request.param == "sqlite":
        return ""
    cluster = request.getfixturevalue("pg_cluster")
    url: str = cluster.new_database()
    return url


@pytest.fixture
def start_server(tmp_path: Path, database: str) -> Iterator[Callable[..., RunningServer]]:
    """Start servers on this test's database (again after a stop, for restart tests)."""
    start, running = _server_starter(tmp_path, database)
    yield start
    for server in running:
        if server.thread.is_alive():
            server.stop()


@pytest.fixture
def start_sqlite_server(tmp_path: Path) -> Iterator[Callable[..., RunningServer]]:
    """``start_server`` on SQLite only (for faults that only SQLite has: a file lock)."""
    start, running = _server_starter(tmp_path, "")
    yield start
    for server in running:
        if server.thread.is_alive():
            server.stop()


@pytest.fixture
def server(start_server: Callable[..., RunningServer]) -> RunningServer:
    return start_server()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def shared_server(request: pytest.FixtureRequest,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """One server on each database for those tests of a module that each make their own
    tables and players and read back only those, with the test settings (``make_config``):
    starting and stopping a server for each cost about half a second, more under load. Kept
    off it: tests that change settings, restart or break the server, count rows of a whole
    table, or use up a per-address rate limit (``people/limits.py``'s are not settings: a
    module's tests together stay under them, e.g. under 30 new players a minute)."""
    folder = tmp_path_factory.mktemp("shared")
    url = request.getfixturevalue("pg_cluster").new_database() if request.param != "sqlite" else ""
    server = RunningServer(make_config(folder, **({"db": url} if url else {})))
    yield server
    server.stop()


@pytest.fixture
def client_class() -> type[Client]:
    return Client


@pytest.fixture
def play_against_bots() -> Callable[..., dict[str, Any]]:
    return quick_play
