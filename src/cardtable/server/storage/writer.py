"""The one writer: every database write goes through it, committed in groups; the event loop
never waits on the database.

Work submitted while a commit is running waits and is committed together in the next one
("group commit"), so a busy server makes a few large transactions instead of thousands of small
ones: ``await writer.run(fn)`` returns once ``fn``'s changes are committed. A database that is
slow, locked by another process or away makes only the writes wait, while other tables, pings,
chat and the lobby keep answering (``query`` runs reads in a small pool of threads):

- PostgreSQL (a server over the network): each group is committed in a thread of its own.
- SQLite (a local file, the default): each group is committed on the loop, *without waiting*:
  the writer's own connections have no busy timeout (another process's lock fails the attempt
  at once, and the retry below waits with ``asyncio.sleep``), and no automatic WAL checkpoint
  (whose fsync would block; ``checkpoint_seconds`` runs one in a reader thread instead). What is
  left on the loop is SQLite's own work on the page cache, a fraction of a millisecond per
  group. Measured (``cardtable loadtest --tables 200 --seconds 20``, same machine and minute):
  commits in a thread made 1,191 actions/s (p50 149 ms, p99 523 ms; 2,256/s with a 0.2 ms GIL
  switch interval), because the thread waited for the GIL at each of its SQLite calls; on the
  loop, 2,983 actions/s (p50 64 ms, p99 119 ms).

Faults: a group that fails for a reason that may pass (``OperationalError``: the database is
locked, the disk is full, the file cannot be written, the server went away) is retried (what is
not settled yet) with exponential backoff until ``retry_seconds`` after its oldest write was
asked for; then each of its callers gets ``StorageUnavailable``. So no write waits longer than
``retry_seconds`` (counted from the group's first try, a write queued behind a group that was
retrying waited out that group's time and then its own: 9–10 s for a setting of 5).
Meanwhile ``available`` is false and the listeners are told (the
lobby tells everyone at every table); the first commit that succeeds makes it true again — and
while it is false the writer itself tries a write that changes nothing (``PROBE``) every second
or so, so that readiness and the "back again" news never wait for someone's next move. Any other
failure (a seat taken twice) splits the group and retries each item alone, so one bad item fails
only its own caller. Never is a caller told "committed" for work that was not.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

T = TypeVar("T")
log = logging.getLogger("cardtable.server.storage.writer")

#: A write, its caller's future, and when it was asked for (``time.monotonic``).
_Item = tuple[Callable[[Connection], Any], "asyncio.Future[Any]", float]

#: Most items in one transaction.
MAX_GROUP = 512
#: Most writes waiting for the writer; beyond it a write is refused at once (back-pressure).
MAX_PENDING = 20_000
#: The probe: a real write (a row updated to itself) on a table every schema has.
PROBE = "UPDATE alembic_version SET version_num = version_num"
#: Seconds between two probes while the database is unavailable.
PROBE_SECONDS = 1.0
#: Seconds between two WAL checkpoints of a SQLite database (in a reader thread).
CHECKPOINT_SECONDS = 2.0
#: First and longest pause between two attempts of a failed group (seconds).
FIRST_BACKOFF = 0.05
MAX_BACKOFF = 2.0


class StorageUnavailable(Exception):
    """The database could not take (or give back) the work: nothing of it was committed."""


def is_transient(error: BaseException, dbapi: Any = None) -> bool:
    """Whether ``error`` may pass by itself (locked, disk full, read-only, connection lost).
    ``dbapi``: the driver module, whose own errors count too (the events' hot path runs on the
    driver's cursor, ``store.append_events``, so its errors arrive unwrapped)."""
    if isinstance(error, OperationalError | InterfaceError):
        return True
    if dbapi is not None and isinstance(error, dbapi.OperationalError | dbapi.InterfaceError):
        return True
    return isinstance(error, DBAPIError) and bool(error.connection_invalidated)


class _Transient(Exception):
    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause


class Writer:
    """See the module docstring. ``retry_seconds``: how long a failed group is retried."""

    def __init__(
        self, engine: Engine, *, retry_seconds: float = 5.0, max_pending: int = MAX_PENDING,
        inline: bool | None = None,
        batch: Callable[[Connection], AbstractContextManager[object]] = contextlib.nullcontext,
    ) -> None:
        self.engine = engine
        #: Opened around each group's work inside its transaction (the store's
        #: ``events_written_together``: the group's event rows in one statement).
        self.batch = batch
        #: Commit on the loop (SQLite) or in the writer's thread (see the module docstring).
        self.inline = engine.dialect.name == "sqlite" if inline is None else inline
        #: The engine writes go through: for SQLite on the loop, one that never waits.
        self.write_engine = _never_waiting(engine) if self.inline else _unpinged(engine)
        self.retry_seconds = retry_seconds
        self.max_pending = max_pending
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-db")
        self._readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="cardtable-dbread")
        self._queue: asyncio.Queue[_Item | None] | None = None
        self._task: asyncio.Task[None] | None = None
        self._probe: asyncio.Task[None] | None = None
        self._checkpoints: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closing = threading.Event()
        self.commits = 0
        #: False from a failed attempt until the next successful commit.
        self.available = True
        #: Called on the loop with the new ``available`` whenever it changes.
        self.listeners: list[Callable[[bool], None]] = []
        #: Called with each group commit's duration in seconds (the metrics).
        self.on_commit: Callable[[float], None] | None = None
        #: Run first in each write transaction (a single server's ``ServerLock.fence``): an
        #: exception from it refuses the group, and every write after it (``stop_writing``).
        self.fence: Callable[[Connection], None] | None = None
        #: Why this process may no longer write to the database at all (``None``: it may).
        self.stopped: str | None = None

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._queue = asyncio.Queue()
        self._task = self._loop.create_task(self._run_loop())
        if self.inline and self.write_engine is not self.engine:
            self._checkpoints = self._loop.create_task(self._checkpoint_forever())

    async def run(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(connection)`` in a transaction; return its result once committed.
        Raises ``StorageUnavailable`` if it could not be committed (nothing of it was)."""
        assert self._queue is not None, "the writer is not started"
        if self.stopped is not None:
            raise StorageUnavailable(self.stopped)
        if self._queue.qsize() >= self.max_pending or self._closing.is_set():
            raise StorageUnavailable("too many writes are waiting")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((fn, future, time.monotonic()))
        return await future

    def stop_writing(self, reason: str) -> None:
        """Refuse every write from now on: another process owns the database."""
        if self.stopped is None:
            log.error("writes stopped for good", extra={"reason": reason})
        self.stopped = reason

    def read(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` on its own connection now, in this thread (start-up, tests, and the
        HTTP routes that FastAPI already runs in threads). ``StorageUnavailable`` on failure."""
        try:
            with self.engine.connect() as connection:
                return fn(connection)
        except (OperationalError, InterfaceError) as error:
            raise StorageUnavailable(str(error)) from error

    async def query(self, fn: Callable[[Connection], T]) -> T:
        """``read(fn)`` in a reader thread: the loop never waits on the database."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._readers, self.read, fn)

    # -- committing --------------------------------------------------------------------------------

    async def _run_loop(self) -> None:
        assert self._queue is not None
        closing = False
        while not closing:
            item = await self._queue.get()
            group = []
            while item is not None:
                group.append(item)
                if len(group) >= MAX_GROUP or self._queue.empty():
                    break
                item = self._queue.get_nowait()
            closing = item is None
            if not group:
                continue
            began = time.perf_counter()
            outcomes = await self._commit(group)
            if self.on_commit is not None:
                self.on_commit(time.perf_counter() - began)
            for (_fn, future, _asked), (ok, value) in zip(group, outcomes, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)
            if self.inline:
                await asyncio.sleep(0)  # let the loop run between two groups

    async def _commit(self, group: list[_Item]) -> list[tuple[bool, Any]]:
        """The group committed, retried while the database is away. Items already settled
        (committed alone, or refused) are never run again."""
        loop = asyncio.get_running_loop()
        outcomes: list[tuple[bool, Any] | None] = [None] * len(group)
        deadline = min(asked for _fn, _future, asked in group) + self.retry_seconds
        pause = FIRST_BACKOFF
        while True:
            pending = [i for i, outcome in enumerate(outcomes) if outcome is None]
            if not pending:
                self._set_available(True)
                return [outcome for outcome in outcomes if outcome is not None]
            if self.inline:
                error = self._attempt_pending(group, pending, outcomes)
            else:
                error = await loop.run_in_executor(
                    self._pool, self._attempt_pending, group, pending, outcomes)
            if error is None:
                continue
            self._set_available(False)
            left = deadline - time.monotonic()
            if left <= 0 or self._closing.is_set():
                log.error("database unavailable; writes refused",
                          extra={"writes": len(pending), "error": str(error)})
                failure = StorageUnavailable(str(error))
                return [outcome or (False, failure) for outcome in outcomes]
            log.warning("database unavailable; retrying",
                        extra={"writes": len(pending), "error": str(error)})
            await asyncio.sleep(min(pause, left))
            pause = min(pause * 2, MAX_BACKOFF)

    def _attempt_pending(
        self, group: list[_Item], pending: list[int], outcomes: list[tuple[bool, Any] | None]
    ) -> BaseException | None:
        """One try of the ``pending`` items; the database's own failure, if it failed."""
        try:
            self._attempt(group, pending, outcomes)
        except _Transient as error:
            return error.cause
        return None

    def _attempt(
        self, group: list[_Item], pending: list[int], outcomes: list[tuple[bool, Any] | None]
    ) -> None:
        """One try of the ``pending`` items: in one transaction, else (a failure that will not
        pass by itself, such as a seat taken twice) each alone. Raises ``_Transient`` if the
        database itself failed; ``outcomes`` keeps what was settled before that."""
        try:
            with self.write_engine.begin() as connection, self.batch(connection):
                if not self._fenced(connection, pending, outcomes):
                    return
                results = [group[i][0](connection) for i in pending]
        except Exception as error:
            if is_transient(error, self.engine.dialect.loaded_dbapi):
                raise _Transient(error) from error
            if len(pending) == 1:
                outcomes[pending[0]] = (False, error)
                return
            for i in pending:
                self._attempt(group, [i], outcomes)
            return
        self.commits += 1
        for i, result in zip(pending, results, strict=True):
            outcomes[i] = (True, result)

    def _fenced(self, connection: Connection, pending: list[int],
                outcomes: list[tuple[bool, Any] | None]) -> bool:
        """Run the fence; when it refuses, settle ``pending`` as refused, stop writing for
        good, and answer ``False``. (A transient failure of the fence is raised as is.)"""
        if self.stopped is None:
            if self.fence is None:
                return True
            try:
                self.fence(connection)
                return True
            except Exception as error:
                if is_transient(error, self.engine.dialect.loaded_dbapi):
                    raise
                self.stop_writing(str(error))
        failure = StorageUnavailable(self.stopped or "")
        for i in pending:
            outcomes[i] = (False, failure)
        return False

    async def _checkpoint_forever(self) -> None:
        """SQLite's WAL folded back into the database file now and then, in a reader thread
        (the writer's connections never checkpoint: its fsync would block the loop)."""
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            with contextlib.suppress(Exception):  # busy or away: the next one will do it
                await self.query(lambda db: db.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)"))

    def _set_available(self, available: bool) -> None:
        """(On the loop.)"""
        if available == self.available:
            return
        self.available = available
        self._tell(available)

    def _tell(self, available: bool) -> None:
        log.warning("database %s", "available again" if available else "unavailable")
        if not available and (self._probe is None or self._probe.done()) and \
                not self._closing.is_set():
            self._probe = asyncio.get_running_loop().create_task(self._probe_until_available())
        for listener in list(self.listeners):
            try:
                listener(available)
            except Exception:
                log.exception("a storage listener failed")

    async def _probe_until_available(self) -> None:
        """While ``available`` is false, a write that changes nothing, through the queue like
        any other: the first that commits makes ``available`` true again."""
        while not self.available and not self._closing.is_set():
            await asyncio.sleep(PROBE_SECONDS)
            if self.available or self._closing.is_set():
                return
            try:
                await self.run(lambda db: db.exec_driver_sql(PROBE))
            except Exception as error:  # StorageUnavailable, or a database in a bad state
                log.debug("storage probe failed", extra={"error": str(error)})

    async def close(self) -> None:
        """Commit everything submitted so far, then stop (graceful shutdown). Writes still
        being retried are given up (their callers get ``StorageUnavailable``)."""
        if self._queue is not None and self._task is not None and not self._task.done():
            self._queue.put_nowait(None)
            loop = asyncio.get_running_loop()
            # a database that is away gets the retry window, not forever
            closer = loop.call_later(self.retry_seconds, self._closing.set)
            try:
                await self._task
            finally:
                closer.cancel()
        self._closing.set()
        for task in (self._probe, self._checkpoints):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._pool.shutdown(wait=True)
        if self.write_engine is not self.engine:
            self.write_engine.dispose()
        self._readers.shutdown(wait=True)


def _never_waiting(engine: Engine) -> Engine:
    """A second engine on ``engine``'s SQLite database for the writer on the loop: no busy
    timeout (a lock held elsewhere fails at once; the writer retries with ``asyncio.sleep``)
    and no automatic checkpoint (``_checkpoint_forever``). An in-memory database keeps the one
    engine (a second would be another database)."""
    from cardtable.server.storage.db import make_engine

    database = engine.url.database or ""
    if database in ("", ":memory:") or "mode=memory" in database:
        return engine
    return make_engine(engine.url.render_as_string(hide_password=False), busy_seconds=0,
                       autocheckpoint=False, pre_ping=False)


def _unpinged(engine: Engine) -> Engine:
    """The writer's engine on a server database (PostgreSQL): ``engine``'s, without the ping
    before each use (``db.make_engine``); the writer's retries replace a stale connection."""
    from cardtable.server.storage.db import make_engine

    return make_engine(engine.url.render_as_string(hide_password=False), pre_ping=False)
