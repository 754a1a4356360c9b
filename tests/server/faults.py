"""Real faults for the server's tests: another process holding the SQLite database's write lock,
a disk that fills up (a small tmpfs), and the check that nothing unstored was ever shown.

No mocks: the lock is taken by a separate Python process through SQLite itself, and the full
disk is a real filesystem with no space left. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import shutil
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cardtable.server.storage import store
from cardtable.server.tables.scheduling import Scheduler
from cardtable.server.tables.table import Table

#: The longest a fault helper waits for its process.
WAIT = 20.0

_HOLDER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], timeout=20, isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
connection.execute("ROLLBACK")
connection.close()
"""


class HeldLock:
    """Another process holding the write lock of the SQLite database at ``path`` (as a backup
    tool or a second program would), from ``hold`` until ``release``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.process: subprocess.Popen[str] | None = None

    def hold(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _HOLDER, str(self.path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.strip() == "locked", line

    def release(self) -> None:
        if self.process is None:
            return
        assert self.process.stdin is not None
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        self.process.wait(WAIT)
        self.process = None

    def __enter__(self) -> HeldLock:
        self.hold()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.release()


class HeldBotMoves:
    """Bots' moves held at their pause (``Scheduler.paced``, patched in this process, so in the
    servers the test runs in threads) from ``hold`` until ``let_go``: a test puts a fault in
    place between a person's move and the bot's answer to it, whatever the machine's load,
    instead of giving the bot a long delay and hoping the fault comes first."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._mutex = threading.Lock()
        self._held = False
        self._waiting: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []
        gate = self
        paced = Scheduler.paced

        async def held_paced(scheduler: Scheduler, seconds: float) -> None:
            await gate._passed()
            await paced(scheduler, seconds)

        monkeypatch.setattr(Scheduler, "paced", held_paced)

    async def _passed(self) -> None:
        with self._mutex:
            if not self._held:
                return
            loop = asyncio.get_running_loop()
            waiting: asyncio.Future[None] = loop.create_future()
            self._waiting.append((loop, waiting))
        await waiting

    def hold(self) -> None:
        with self._mutex:
            self._held = True

    def let_go(self) -> None:
        with self._mutex:
            self._held = False
            waiting, self._waiting = self._waiting, []
        for loop, future in waiting:
            loop.call_soon_threadsafe(lambda f=future: f.done() or f.set_result(None))


class SmallDisk:
    """A tmpfs of a few MiB mounted at ``path`` (root only): ``fill`` leaves no space,
    ``free`` gives it back. ``remount_read_only`` makes it a read-only filesystem."""

    def __init__(self, path: Path, size_kib: int = 8192) -> None:
        self.path = path
        self.size_kib = size_kib
        self.filler = path / "filler"

    def mount(self) -> None:
        self.path.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={self.size_kib}k", "tmpfs", str(self.path)],
            capture_output=True, text=True,
        )
        if done.returncode != 0:
            pytest.skip(f"!!! cannot mount a small filesystem (needs root): {done.stderr}")

    def fill(self) -> None:
        """Write until the filesystem has no byte left (unbuffered, so nothing is pending)."""
        handle = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            for size in (65536, 4096, 512, 1):
                chunk = b"\0" * size
                try:
                    while True:
                        os.write(handle, chunk)
                except OSError:
                    continue
        finally:
            os.close(handle)

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)

    def remount_read_only(self) -> None:
        subprocess.run(["mount", "-o", "remount,ro", str(self.path)], check=True)

    def unmount(self) -> None:
        subprocess.run(["umount", "-l", str(self.path)], capture_output=True)


@contextmanager
def small_disk(base: Path, size_kib: int = 8192) -> Iterator[SmallDisk]:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("!!! the disk-full tests need root (to mount a small tmpfs): SKIPPED")
    disk = SmallDisk(base / f"disk-{uuid.uuid4().hex[:8]}", size_kib)
    disk.mount()
    try:
        yield disk
    finally:
        disk.unmount()


def eventually(condition: Callable[[], bool], within: float = WAIT) -> None:
    """Wait until ``condition()`` holds (checked every 50 ms), failing after ``within`` s."""
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.05)


def damage(db_url: str, code: str) -> None:
    """Append a stored action the engine refuses to table ``code`` (as a hand edit of the
    database might): the table can no longer be rebuilt from its events. Server stopped."""
    from cardtable.server.storage.db import make_engine

    engine = make_engine(db_url)
    with engine.begin() as db:
        stored = store.load_table(db, code)
        assert stored is not None
        store.append_events(db, code, [store.StoredEvent(
            len(stored.events) + 1, "action", {"seat": 0, "text": "fly away", "by": "person"})])
    engine.dispose()


def shown_states(clients: list[Any], code: str) -> list[dict[str, Any]]:
    return [m for c in clients for m in c.messages
            if m.get("type") == "state" and m.get("table") == code and "view" in m]


def assert_only_stored_was_shown(server: Any, code: str, clients: list[Any]) -> int:
    """Every state any client was sent is exactly what the stored events up to its version
    rebuild (so nothing unstored was ever shown); returns how many states were checked."""
    services = server.lobby.services
    stored = services.writer.read(lambda db: store.load_table(db, code))
    assert stored is not None
    seqs = [e.seq for e in stored.events]
    assert seqs == list(range(1, len(seqs) + 1)), "the stored events have a gap"
    rebuilt: dict[int, Table] = {}
    states = shown_states(clients, code)
    for message in states:
        version = message["version"]
        assert version <= len(seqs), f"state {version} was shown but never stored"
        table = rebuilt.get(version)
        if table is None:
            upto = dataclasses.replace(stored, events=stored.events[:version], status="running")
            table = rebuilt[version] = Table.rebuild(upto, services)
        expected = table.messages.state_message(message["seat"])
        assert message["view"] == expected["view"], f"state {version} differs from storage"
        assert message["legal"] == expected["legal"]
    return len(states)
