"""The bounded, fair pool that runs the work that thinks long: the hard bots' moves
(``bots.SLOW_LEVELS``) and hints, of every table.

A plain thread pool serves its jobs in the order they came, so one client's 40 self-playing
hard-bot tables keep its threads busy and everyone else's bots wait behind them (observed: 7×
slower). Here each job joins the FIFO queue of its *lane* — the address that made its table
(``assign``), else the table itself (tables rebuilt after a restart, whose maker is not stored)
— and ``workers`` threads serve the lanes round robin, one job at a time. So a job waits for at
most one job of each other busy lane, however many jobs those lanes hold: a table (or a client)
with many queued jobs delays another's single job by at most one job's time per worker.

A table may have at most ``per_table`` bounded jobs (hints) queued; one more is refused
(``server/busy``). A table's bot moves are not bounded here: the table schedules one at a time.
A job whose caller stops waiting (a cancelled task) is dropped if it has not started.

Threads now (the search releases no GIL, so this shares the time fairly rather than adding
any); processes come in a later issue behind the same ``run``.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cardtable.server.errors import ServerError

T = TypeVar("T")


@dataclass(eq=False)
class _Job:
    table: str
    work: Callable[[], Any]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    bounded: bool
    cancelled: bool = field(default=False)
    queued_at: float = field(default_factory=time.perf_counter)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class FairPool:
    """See the module docstring."""

    def __init__(self, workers: int, per_table: int, name: str = "cardtable-bot") -> None:
        self.per_table = per_table
        self._lanes: OrderedDict[str, deque[_Job]] = OrderedDict()
        self._owners: dict[str, str] = {}
        self._bounded: dict[str, int] = {}
        self._ready = threading.Condition()
        self._closed = False
        #: Called with each job's wait for a worker, in seconds (the metrics), in its thread.
        self.on_wait: Callable[[float], None] | None = None
        self._threads = [
            threading.Thread(target=self._serve, name=f"{name}-{i}", daemon=True)
            for i in range(workers)
        ]
        for thread in self._threads:
            thread.start()

    # -- owners --------------------------------------------------------------------------------

    def assign(self, table: str, owner: str) -> None:
        """Put ``table``'s jobs in ``owner``'s lane (the address that made it)."""
        with self._ready:
            self._owners[table] = owner

    def forget(self, table: str) -> None:
        """The table left memory (finished or expired)."""
        with self._ready:
            self._owners.pop(table, None)

    def depth(self) -> int:
        """Jobs waiting for a worker, every lane together (the metrics)."""
        with self._ready:
            return sum(len(jobs) for jobs in self._lanes.values())

    def queued(self, table: str) -> int:
        """How many of ``table``'s bounded jobs wait (for tests and logs)."""
        with self._ready:
            return self._bounded.get(table, 0)

    # -- running -------------------------------------------------------------------------------

    async def run(
        self, table: str, work: Callable[..., T], *args: Any, bounded: bool = False
    ) -> T:
        """``work(*args)`` in a worker thread, in ``table``'s fair turn; its result (or error).
        ``bounded``: refused with ``server/busy`` when the table has ``per_table`` such jobs
        waiting."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        job = _Job(table, (lambda: work(*args)), loop, future, bounded)
        with self._ready:
            if self._closed:
                raise ServerError("server/shutting_down")
            if bounded:
                if self._bounded.get(table, 0) >= self.per_table:
                    raise ServerError("server/busy")
                self._bounded[table] = self._bounded.get(table, 0) + 1
            lane = self._owners.get(table, table)
            self._lanes.setdefault(lane, deque()).append(job)
            self._ready.notify()
        try:
            return await future
        except asyncio.CancelledError:
            with self._ready:
                job.cancelled = True
            raise

    def _next(self) -> _Job | None:
        """The first job of the first lane (which then goes to the back); ``None``: closed."""
        with self._ready:
            while True:
                while not self._lanes and not self._closed:
                    self._ready.wait()
                if self._closed:
                    return None
                lane, jobs = next(iter(self._lanes.items()))
                job = jobs.popleft()
                if jobs:
                    self._lanes.move_to_end(lane)
                else:
                    del self._lanes[lane]
                if job.bounded:
                    self._bounded[job.table] -= 1
                    if not self._bounded[job.table]:
                        del self._bounded[job.table]
                if not job.cancelled:
                    return job

    def _serve(self) -> None:
        while True:
            job = self._next()
            if job is None:
                return
            if self.on_wait is not None:
                self.on_wait(time.perf_counter() - job.queued_at)
            result: Any = None
            error: BaseException | None = None
            try:
                result = job.work()
            except BaseException as raised:  # handed to the waiting task, which decides
                error = raised
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                job.loop.call_soon_threadsafe(_settle, job.future, result, error)

    def shutdown(self) -> None:
        """Stop taking jobs; waiting ones are cancelled, running ones finish unobserved."""
        with self._ready:
            self._closed = True
            jobs = [job for lane in self._lanes.values() for job in lane]
            self._lanes.clear()
            self._bounded.clear()
            self._ready.notify_all()
        for job in jobs:
            with contextlib.suppress(RuntimeError):
                job.loop.call_soon_threadsafe(job.future.cancel)
