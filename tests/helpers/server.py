"""What the server tests share: a real server in a thread, real WebSocket clients, and the
few HTTP calls many tests make (quick play, a table made and joined).

``RunningServer`` runs the app under uvicorn in a thread, on a free port of 127.0.0.1, with its
own database and bots that move at once (``bot_delay=0``, ``make_config``). Clients are the
``websockets`` library's; every wait for a message is bounded (``Client.recv``), so a missing
message fails the test instead of hanging it. The fixtures that start and stop servers are in
``tests/server/conftest.py``; the browser tests' server (``tests/helpers/browser.py``) builds on
``RunningServer``.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

import cardtable.server.tables.table as table_module
from cardtable.games import match_class
from cardtable.server.app import create_app
from cardtable.server.config import ServerConfig
from cardtable.server.transport.serving import DrainingServer

#: The longest a test waits for one message before failing.
WAIT = 20.0


def first_deal_is(monkeypatch: Any, setup: dict[str, Any], dealer: int) -> None:
    """The server deals at random; for a test whose moves must be known, its match class is
    swapped (in this process, until the test ends) for one whose first deal is ``setup``, dealt
    by ``dealer``."""
    first_dealer = dealer  # the match's own ``dealer`` argument is overruled

    def fixed_match_class(game: Any) -> Any:
        real = match_class(game)

        class Fixed(real):  # type: ignore[misc, valid-type]
            def __init__(self, game: Any, *, seed: int, dealer: int) -> None:
                super().__init__(game, seed=seed, dealer=first_dealer)
                self.deals[0] = game.deal(setup=setup, dealer=first_dealer)

        return Fixed

    monkeypatch.setattr(table_module, "match_class", fixed_match_class)


class RunningServer:
    """The app under uvicorn in a thread; ``stop`` shuts it down gracefully."""

    def __init__(self, config: ServerConfig,
                 clock: Callable[[], float] | None = None) -> None:
        self.config = config
        self.app = create_app(config, **({"clock": clock} if clock is not None else {}))
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((config.host, 0))  # 127.0.0.1 unless a test listens on every interface
        self.port = sock.getsockname()[1]
        self.server = DrainingServer(
            uvicorn.Config(self.app, log_level="warning", lifespan="on", ws_max_size=65536,
                           proxy_headers=False)  # as ``cardtable serve`` runs it
        )
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [sock]}, daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + WAIT
        while not self.server.started:
            assert self.thread.is_alive(), "the server did not start"
            assert time.monotonic() < deadline, "the server did not start in time"
            time.sleep(0.01)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def lobby(self) -> Any:
        return self.app.state.lobby

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=WAIT)

    def on_loop(self, work: Callable[[], Any]) -> Any:
        """Run the coroutine ``work()`` makes on the server's own event loop (where its tables
        live) from the test's thread, and return its result: for a test that calls the lobby's
        sweep itself (the server's own sweep runs only every ``sweep_seconds``)."""
        loop = self.lobby._sweeper.get_loop()
        return asyncio.run_coroutine_threadsafe(work(), loop).result(WAIT)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "the server did not stop"


class Client:
    """One WebSocket client; ``messages`` keeps everything it received, in order."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    @classmethod
    async def open(cls, server: RunningServer, code: str, token: str | None) -> Client:
        ws = await connect(f"{server.ws_url}/ws/{code}", open_timeout=WAIT, max_size=2**22)
        client = cls(ws)
        await client.send({"type": "hello", "v": 1, **({"token": token} if token else {})})
        return client

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), WAIT)
        message: dict[str, Any] = json.loads(text)
        self.messages.append(message)
        if message.get("type") == "state":
            self.state = message
        return message

    async def until(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read messages until one satisfies ``predicate``; return it."""
        while True:
            message = await self.recv()
            if predicate(message):
                return message

    async def my_turn(self) -> dict[str, Any] | None:
        """The next state in which this client must decide; ``None`` once the match is over."""
        while True:
            message = await self.recv()
            if message["type"] == "match_end":
                return None
            if message["type"] == "state" and message["legal"]:
                return message
            pause = message.get("pause") if message["type"] == "state" else None
            if pause and message["seat"] in pause["waiting"]:
                # the deal-end pause: this client is ready for the next deal
                await self.send({"type": "continue", "deal": pause["deal"]})

    async def act(self, text: str, version: int, ref: str | None = None) -> None:
        await self.send({"type": "action", "action": text, "version": version,
                         **({"ref": ref} if ref else {})})

    async def close(self) -> None:
        await self.ws.close()


#: Limits for anonymous clients wide enough for tests that make many tables from one address
#: (the tests of the limits set their own).
ROOMY: dict[str, Any] = {
    "create_rate": "100000/minute", "join_rate": "100000/minute",
    "max_waiting_per_address": 100000, "max_waiting_tables": 100000,
    "max_connections_per_address": 100000, "max_waiting_per_player": 100000,
    "max_connections_per_player": 100000,
    "hint_burst": 100000, "hint_address_burst": 100000,
}


def make_config(tmp_path: Path, **overrides: Any) -> ServerConfig:
    """The test settings: no bot pause, roomy limits, and CPython's own collector triggers (the
    server's tuning, ``server/ops/collector.py``, starts with a full collection, which here would
    walk the whole pytest process at every start: 0.15 s of CPU each; ``test_collector.py`` and
    ``test_metrics.py`` start theirs with it on)."""
    values: dict[str, Any] = {"data_dir": tmp_path, "bot_delay": 0.0, "grace_seconds": 60.0,
                              "hint_seconds": 0.05, "gc_on_clock": False, **ROOMY}
    values.update(overrides)
    return ServerConfig(**values)


def quick_play(server: RunningServer, game: str, level: str = "random",
               **fields: Any) -> dict[str, Any]:
    with server.http() as http:
        response = http.post("/api/play", json={"game": game, "level": level, **fields})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def in_process_services(db_path: Path, **config: Any) -> tuple[Any, Any]:
    """A migrated SQLite store, its started writer and the services a ``Table`` needs, for tests
    that drive a table in-process (no HTTP, bots move at once; ``config``: other settings, and
    ``clock``: the services' clock); close the writer afterwards."""
    from cardtable.server.migrations import upgrade
    from cardtable.server.storage.db import make_engine
    from cardtable.server.storage.writer import Writer
    from cardtable.server.tables.pool import FairPool
    from cardtable.server.tables.table import Services

    engine = make_engine(f"sqlite:///{db_path}")
    upgrade(engine)
    writer = Writer(engine)
    writer.start()
    clock = config.pop("clock", None)
    settings = ServerConfig(**{"bot_delay": 0, **config})
    services = Services(config=settings, writer=writer, pool=FairPool(1, 4),
                        **({"clock": clock} if clock is not None else {}))
    return writer, services


async def rebuilt_from_start(writer: Any, services: Any, code: str, config: Any, *, seed: int,
                             dealer: int = 0, cls: Any = None) -> Any:
    """A table of ``config`` stored as started from ``seed`` (``dealer`` dealing) and rebuilt
    from storage as a ``cls`` (``Table`` unless said): a start whose cards a test knows."""
    from cardtable.server.storage import store
    from cardtable.server.storage.store import StoredEvent, StoredTable
    from cardtable.server.tables.table import Table

    cls = cls or Table
    made = Table(code=code, config=config, services=services)
    await writer.run(lambda db: store.create_table(
        db, code=code, game=config.game, players=config.players,
        config={**config.to_dict(), "options": dict(made.game.options)}))
    start = [StoredEvent(1, "start", {"seed": seed, "dealer": dealer})]
    await writer.run(lambda db: store.append_events(db, code, start, "running"))
    stored = writer.read(lambda db: store.load_table(db, code))
    assert isinstance(stored, StoredTable)
    table = cls.rebuild(stored, services)
    assert isinstance(table, cls)
    return table


def create(server: Any, game: str, seats: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    with server.http() as http:
        response = http.post("/api/tables", json={"game": game, "seats": seats, **fields})
        assert response.status_code == 201, response.text
        return dict(response.json())


def join(server: Any, code: str, name: str, seat: int | None = None) -> dict[str, Any]:
    with server.http() as http:
        response = http.post(f"/api/tables/{code}/join", json={"name": name, "seat": seat})
        assert response.status_code == 200, response.text
        return dict(response.json())


def queued(connection: Any) -> list[str]:
    """The texts waiting on a table ``Connection``'s queue, taken off it (the close marker,
    ``None``, left out): what its client would be sent next."""
    found = []
    while not connection.queue.empty():
        text = connection.queue.get_nowait()
        if text is not None:
            found.append(text)
    return found
