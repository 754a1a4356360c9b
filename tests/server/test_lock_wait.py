"""The SQLite lock wait is what the docs say: a write is refused at most ``retry_seconds``
after it was asked for, even when it queued behind a group that was already retrying (it used
to wait out that group's time and then its own: 9–10 s for a setting of 5)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

from sqlalchemy import text

from cardtable.server.migrations import upgrade
from cardtable.server.storage.db import make_engine
from cardtable.server.storage.writer import StorageUnavailable, Writer

RETRY = 1.0


def test_no_write_waits_longer_than_retry_seconds_on_a_locked_file(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)

    async def scenario() -> list[float]:
        writer = Writer(engine, retry_seconds=RETRY)
        writer.start()
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")  # another process holds the file's lock
        first_retrying = asyncio.Event()

        async def write(after_first: bool) -> float:
            if after_first:
                await first_retrying.wait()  # queued while the first group retries
            asked = time.monotonic()
            try:
                await writer.run(lambda db: db.execute(text("UPDATE tables SET status = 'x'")))
            except StorageUnavailable:
                return time.monotonic() - asked
            raise AssertionError("a write went through a locked file")

        writer.listeners.append(lambda available: first_retrying.set())
        waits = await asyncio.gather(write(False), write(True))
        other.execute("ROLLBACK")
        other.close()
        await writer.close()
        return waits

    waits = asyncio.run(scenario())
    assert all(wait <= RETRY + 0.5 for wait in waits), waits  # one attempt's slack
