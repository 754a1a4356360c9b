"""Persistence that loses nothing: a table stopped mid-deal — gracefully, or with SIGKILL — is
rebuilt from its events when the server starts again and goes on exactly where it was."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from cardtable.engine.record import replay
from cardtable.server.migrations import upgrade
from cardtable.server.storage.db import Base, make_engine

MOVES_BEFORE_STOP = 3


async def play_some(client_class: Any, server: Any, joined: dict[str, Any], moves: int
                    ) -> dict[str, Any]:
    """Play ``moves`` of our moves; return the last state seen (our turn again)."""
    me = await client_class.open(server, joined["code"], joined["token"])
    turn = await me.my_turn()
    for _ in range(moves):
        assert turn is not None
        await me.act(turn["legal"][-1], turn["version"])
        turn = await me.my_turn()
    assert turn is not None
    await me.close()
    return dict(turn)


async def play_to_end(client_class: Any, server: Any, joined: dict[str, Any],
                      before: dict[str, Any]) -> dict[str, Any]:
    """Reconnect: the state is the one seen before the stop; then play the match out."""
    me = await client_class.open(server, joined["code"], joined["token"])
    turn = await me.my_turn()
    assert turn is not None
    assert turn["version"] == before["version"]
    assert turn["view"] == before["view"] and turn["legal"] == before["legal"]
    while turn is not None:
        await me.act(turn["legal"][0], turn["version"])
        turn = await me.my_turn()
    await me.close()
    return dict(me.messages[-1])


def check_record(url: str, code: str, end: dict[str, Any], moves: int) -> None:
    with httpx.Client(base_url=url) as http:
        record = http.get(f"/api/tables/{code}/record").json()
    replayed = replay(record)
    assert replayed.match is not None and replayed.match.is_over
    assert list(replayed.match.totals) == end["outcome"]["points"]
    assert sum(len(deal["actions"]) for deal in record["deals"]) > moves


def test_graceful_restart_mid_deal(start_server: Any, client_class: Any,
                                   play_against_bots: Any) -> None:
    server = start_server()
    joined = play_against_bots(server, "putto", options={"deals": 1})
    before = asyncio.run(play_some(client_class, server, joined, MOVES_BEFORE_STOP))
    server.stop()
    again = start_server()
    end = asyncio.run(play_to_end(client_class, again, joined, before))
    assert end["type"] == "match_end"
    check_record(again.url, joined["code"], end, MOVES_BEFORE_STOP)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Process:
    """``cardtable serve`` as a separate process (so that it can be killed)."""

    def __init__(self, data: Path, port: int) -> None:
        env = {**os.environ, "CARDTABLE_BOT_DELAY": "0", "CARDTABLE_LOG_LEVEL": "info"}
        self.port = port
        self.log = data / f"server-{port}.log"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-c", "from cardtable.cli import main; main()", "serve",
                 "--port", str(port), "--data-dir", str(data)],
                env=env, stdout=subprocess.DEVNULL, stderr=log,
            )
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "cardtable serve did not start"
            time.sleep(0.05)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=20)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(20)

    def terminate(self) -> str:
        """Stop with SIGTERM; the log, which ends with the graceful shutdown's lines."""
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(20)
        return self.log.read_text()


def test_sigkill_mid_deal_loses_nothing(tmp_path: Path, client_class: Any,
                                        play_against_bots: Any) -> None:
    """Killed with SIGKILL mid-deal: every state a player was shown was stored before it was
    sent, so after a restart the table is at that same state and the match plays on."""
    first = Process(tmp_path, free_port())
    try:
        joined = play_against_bots(first, "punttu")
        before = asyncio.run(play_some(client_class, first, joined, MOVES_BEFORE_STOP))
    finally:
        first.kill()
    second = Process(tmp_path, free_port())
    try:
        end = asyncio.run(play_to_end(client_class, second, joined, before))
        assert end["type"] == "match_end"
        check_record(second.url, joined["code"], end, MOVES_BEFORE_STOP)
    finally:
        log = second.terminate()
        assert '"message": "server stopped"' in log, log  # SIGTERM: a graceful shutdown
        assert "Traceback" not in log


def test_models_match_the_migrations(tmp_path: Path) -> None:
    """The database Alembic makes is the one the models describe."""
    engine = make_engine(f"sqlite:///{tmp_path / 'm.db'}")
    upgrade(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []
