"""The bounded, fair queue in front of the workers that run the work that thinks long: the
hard bots' moves (``bots.SLOW_LEVELS``) and hints, of every table.

A plain pool serves its jobs in the order they came, so one client's 40 self-playing hard-bot
tables keep its workers busy and everyone else's bots wait behind them (observed: 7× slower).
Here each job joins the FIFO queue of its *lane* — the address that made its table
(``assign``), else the table itself (tables rebuilt after a restart, whose maker is not stored)
— and at most ``workers`` jobs run at once, taken from the lanes round robin. So a job waits for
at most one job of each other busy lane, however many jobs those lanes hold: a table (or a
client) with many queued jobs delays another's single job by at most one job's time per worker.

Attended first: a table with no person connected (no seat's page, no spectator) is nobody's
wait, so its jobs queue apart, in lanes served only when no attended table's job waits
(``attended``, asked as each job is queued: the lobby answers from the table's connections).
Twenty addresses' self-playing hard-bot tables then take bot time only when nobody watching a
table wants it (observed before: another player's hard bot took 47 s a move, not 1.2 s).

A table may have at most ``per_table`` bounded jobs (hints) queued; one more is refused
(``server/busy``). A table's bot moves are not bounded here: the table schedules one at a time.
A job whose caller stops waiting (a cancelled task) is dropped if it has not started.

Where a job runs is the ``backend``'s business (``cardtable.workers``): worker processes by
default (``bot_backend``), so that a search never holds this process's GIL while other tables
wait for their updates (six tables of thinking bots in this process had raised everyone's p99
from 20 to 350 ms); the pool only ever hands the backend ``max_workers`` jobs, so the fairness is
decided here and the backend's own queue stays empty. Jobs for a process backend must pickle:
module-level functions, views and actions (``bots.tasks``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import CancelledError as FutureCancelled
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cardtable.server.transport.errors import ServerError
from cardtable.workers import Backend, ThreadBackend

T = TypeVar("T")


@dataclass(eq=False)
class _Job:
    table: str
    work: Callable[..., Any]
    args: tuple[Any, ...]
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
    """See the module docstring. ``backend``: where the jobs run (default: ``workers``
    threads of this process, as the tests use it); the pool shuts it down with itself."""

    def __init__(self, workers: int, per_table: int, name: str = "cardtable-bot",
                 backend: Backend | None = None) -> None:
        self.per_table = per_table
        self.backend: Backend = backend if backend is not None else ThreadBackend(workers, name)
        self.max_workers = min(workers, self.backend.workers)
        self._lanes: OrderedDict[str, deque[_Job]] = OrderedDict()
        #: The lanes of tables nobody is connected to, served after every attended one.
        self._idle_lanes: OrderedDict[str, deque[_Job]] = OrderedDict()
        #: Whether someone is connected to a table (None: every table counts as attended).
        self.attended: Callable[[str], bool] | None = None
        self._owners: dict[str, str] = {}
        self._bounded: dict[str, int] = {}
        self._lock = threading.Lock()
        self._running = 0
        self._closed = False
        #: Called with each job's wait for a worker, in seconds (the metrics), in any thread.
        self.on_wait: Callable[[float], None] | None = None

    # -- owners --------------------------------------------------------------------------------

    def assign(self, table: str, owner: str) -> None:
        """Put ``table``'s jobs in ``owner``'s lane (the address that made it)."""
        with self._lock:
            self._owners[table] = owner

    def forget(self, table: str) -> None:
        """The table left memory (finished or expired)."""
        with self._lock:
            self._owners.pop(table, None)

    def depth(self) -> int:
        """Jobs waiting for a worker, every lane together (the metrics)."""
        with self._lock:
            return sum(len(jobs) for lanes in (self._lanes, self._idle_lanes)
                       for jobs in lanes.values())

    def queued(self, table: str) -> int:
        """How many of ``table``'s bounded jobs wait (for tests and logs)."""
        with self._lock:
            return self._bounded.get(table, 0)

    # -- running -------------------------------------------------------------------------------

    async def run(
        self, table: str, work: Callable[..., T], *args: Any, bounded: bool = False
    ) -> T:
        """``work(*args)`` on the backend, in ``table``'s fair turn; its result (or error).
        ``bounded``: refused with ``server/busy`` when the table has ``per_table`` such jobs
        waiting."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        job = _Job(table, work, args, loop, future, bounded)
        lanes = (self._idle_lanes if self.attended is not None and not self.attended(table)
                 else self._lanes)
        with self._lock:
            if self._closed:
                raise ServerError("server/shutting_down")
            if bounded:
                if self._bounded.get(table, 0) >= self.per_table:
                    raise ServerError("server/busy")
                self._bounded[table] = self._bounded.get(table, 0) + 1
            lane = self._owners.get(table, table)
            lanes.setdefault(lane, deque()).append(job)
        self._dispatch()
        try:
            return await future
        except asyncio.CancelledError:
            with self._lock:
                job.cancelled = True
            raise

    def _take(self) -> _Job | None:
        """The first job of the first lane (which then goes to the back), counted as running;
        ``None``: every worker is busy, or nothing waits. Called with the lock held."""
        while self._running < self.max_workers and not self._closed:
            lanes = self._lanes or self._idle_lanes  # attended tables first
            if not lanes:
                return None
            lane, jobs = next(iter(lanes.items()))
            job = jobs.popleft()
            if jobs:
                lanes.move_to_end(lane)
            else:
                del lanes[lane]
            if job.bounded:
                self._bounded[job.table] -= 1
                if not self._bounded[job.table]:
                    del self._bounded[job.table]
            if not job.cancelled:
                self._running += 1
                return job
        return None

    def _dispatch(self) -> None:
        """Hand the backend jobs while workers are free (from the loop, or from a backend's
        thread as a job ends)."""
        while True:
            with self._lock:
                job = self._take()
            if job is None:
                return
            if self.on_wait is not None:
                self.on_wait(time.perf_counter() - job.queued_at)
            try:
                done = self.backend.submit(job.work, *job.args)
            except BaseException as error:  # the backend stopped: the caller is told
                self._finish(job, None, error)
                continue
            done.add_done_callback(functools.partial(self._ended, job))

    def _ended(self, job: _Job, ended: Future[Any]) -> None:
        result: Any
        error: BaseException | None
        try:
            result, error = ended.result(), None
        except FutureCancelled:
            result, error = None, asyncio.CancelledError()
        except BaseException as raised:  # handed to the waiting task, which decides
            result, error = None, raised
        self._finish(job, result, error)
        self._dispatch()

    def _finish(self, job: _Job, result: Any, error: BaseException | None) -> None:
        with self._lock:
            self._running -= 1
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
            job.loop.call_soon_threadsafe(_settle, job.future, result, error)

    def shutdown(self) -> None:
        """Stop taking jobs; waiting ones are cancelled, running ones abandoned (the
        backend's workers are stopped)."""
        with self._lock:
            self._closed = True
            jobs = [job for lanes in (self._lanes, self._idle_lanes)
                    for lane in lanes.values() for job in lane]
            self._lanes.clear()
            self._idle_lanes.clear()
            self._bounded.clear()
        for job in jobs:
            with contextlib.suppress(RuntimeError):
                job.loop.call_soon_threadsafe(job.future.cancel)
        self.backend.shutdown()
