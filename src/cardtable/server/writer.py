"""The one writer: every database write goes through it, committed in groups off the event loop.

Work submitted while a commit is running waits and is committed together in the next one
("group commit"), so a busy server makes a few large transactions instead of thousands of small
ones, and the event loop never waits on the disk (or on a remote database): ``await
writer.run(fn)`` returns once ``fn``'s changes are committed. If a group fails, each of its items
is retried alone, so one bad item (a seat taken twice) fails only its own caller.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

T = TypeVar("T")
log = logging.getLogger("cardtable.server.writer")

_Item = tuple[Callable[[Session], Any], "asyncio.Future[Any]"]

#: Most items in one transaction.
MAX_GROUP = 512


class Writer:
    def __init__(self, engine: Engine) -> None:
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-db")
        self._queue: asyncio.Queue[_Item | None] | None = None
        self._task: asyncio.Task[None] | None = None
        self.commits = 0

    def start(self) -> None:
        self._queue = asyncio.Queue()
        self._task = asyncio.get_running_loop().create_task(self._loop())

    async def run(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn(session)`` in a transaction; return its result once committed."""
        assert self._queue is not None, "the writer is not started"
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((fn, future))
        return await future

    def read(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn`` in its own session now (start-up and tests: reads only)."""
        with self.sessions() as session:
            return fn(session)

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
            outcomes = await loop.run_in_executor(self._pool, self._commit, group)
            for (_fn, future), (ok, value) in zip(group, outcomes, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    def _commit(
        self, group: list[tuple[Callable[[Session], Any], asyncio.Future[Any]]]
    ) -> list[tuple[bool, Any]]:
        try:
            with self.sessions.begin() as session:
                results = [fn(session) for fn, _future in group]
            self.commits += 1
            return [(True, r) for r in results]
        except Exception:
            if len(group) == 1:
                return [self._alone(group[0][0])]
            return [self._alone(fn) for fn, _future in group]

    def _alone(self, fn: Callable[[Session], Any]) -> tuple[bool, Any]:
        try:
            with self.sessions.begin() as session:
                result = fn(session)
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
