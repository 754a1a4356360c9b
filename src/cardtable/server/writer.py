"""The one writer: every database write goes through it, committed in groups.

Work submitted while a commit is running waits and is committed together in the next one
("group commit"), so a busy server makes a few large transactions instead of thousands of small
ones (for a server database, in a thread, so the loop never waits on the network): ``await
writer.run(fn)`` returns once ``fn``'s changes are committed. If a group fails, each of its items
is retried alone, so one bad item (a seat taken twice) fails only its own caller.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.engine import Engine

T = TypeVar("T")
log = logging.getLogger("cardtable.server.writer")

_Item = tuple[Callable[[Connection], Any], "asyncio.Future[Any]"]

#: Most items in one transaction.
MAX_GROUP = 512


class Writer:
    """``inline``: commit on the event loop's thread. The default for SQLite, whose commits
    take a fraction of a millisecond: handing each group to a thread costs more (the two
    threads pass the GIL back and forth) than it saves. A server database (PostgreSQL) gets
    the thread, so that the loop never waits on the network."""

    def __init__(self, engine: Engine, *, inline: bool | None = None) -> None:
        self.inline = engine.dialect.name == "sqlite" if inline is None else inline
        self.engine = engine
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-db")
        self._queue: asyncio.Queue[_Item | None] | None = None
        self._task: asyncio.Task[None] | None = None
        self.commits = 0

    def start(self) -> None:
        self._queue = asyncio.Queue()
        self._task = asyncio.get_running_loop().create_task(self._loop())

    async def run(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(connection)`` in a transaction; return its result once committed."""
        assert self._queue is not None, "the writer is not started"
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((fn, future))
        return await future

    def read(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` on its own connection now (start-up, lookups and tests: reads only)."""
        with self.engine.connect() as connection:
            return fn(connection)

    async def _loop(self) -> None:
        assert self._queue is not None
        loop = asyncio.get_running_loop()
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
            if self.inline:
                outcomes = self._commit(group)
                await asyncio.sleep(0)  # let the loop run between groups
            else:
                outcomes = await loop.run_in_executor(self._pool, self._commit, group)
            for (_fn, future), (ok, value) in zip(group, outcomes, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    def _commit(
        self, group: list[tuple[Callable[[Connection], Any], asyncio.Future[Any]]]
    ) -> list[tuple[bool, Any]]:
        try:
            with self.engine.begin() as connection:
                results = [fn(connection) for fn, _future in group]
            self.commits += 1
            return [(True, r) for r in results]
        except Exception:
            if len(group) == 1:
                return [self._alone(group[0][0])]
            return [self._alone(fn) for fn, _future in group]

    def _alone(self, fn: Callable[[Connection], Any]) -> tuple[bool, Any]:
        try:
            with self.engine.begin() as connection:
                result = fn(connection)
            self.commits += 1
            return (True, result)
        except Exception as error:  # handed to the caller, who decides
            return (False, error)

    async def close(self) -> None:
        """Commit everything submitted so far, then stop (graceful shutdown)."""
        if self._queue is not None and self._task is not None and not self._task.done():
            self._queue.put_nowait(None)
            await self._task
        self._pool.shutdown(wait=True)
