"""Worker processes on this machine: ``ProcessBackend``, the default ``Backend``.

Not ``concurrent.futures.ProcessPoolExecutor``: there, one worker that dies breaks the whole
executor (every pending future fails with ``BrokenProcessPool`` and it takes no more work), and
its shutdown waits for running tasks. Here each worker is one process with its own pipe, fed by
one thread of this process: a worker that dies (killed, out of memory) is replaced and the task
it held is run again on the new one, up to ``retries`` times (then its future fails with
``WorkerDied``), and the other workers never notice. ``shutdown`` terminates the workers.

Processes come from the ``forkserver`` start method, with ``cardtable.bots.tasks`` (the
bots and games) imported once in the fork server: ``fork`` is unsafe in a threaded server, and
``spawn`` would import everything again in every new worker. Workers run at a lower CPU
priority (``NICENESS``) than the server. Workers start with the first task,
so a server whose tables never think starts none. A worker ignores SIGINT (Ctrl-C is the
server's to handle) and exits when its pipe closes (the server died).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import queue
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar, cast

from cardtable.errors import CardtableError
from cardtable.i18n import _, ngettext

T = TypeVar("T")

#: How many times a task whose worker died is run again on a new worker.
RETRIES = 2
#: Seconds ``shutdown`` waits for a terminated worker (and its feeding thread) to end.
STOP_SECONDS = 5.0
#: Imported once in the fork server: what the workers run (the bots and games). Named, not
#: imported: they sit above this layer (pyproject's layers), which knows no game.
PRELOAD = ["cardtable.bots.tasks"]
#: How much lower the workers' CPU priority is than the server's: a search is batch work, and
#: the kernel then gives a core to the server's event loop (people waiting for an update) first.
NICENESS = 10


class WorkerDied(CardtableError):
    """A task's worker died ``retries + 1`` times while running it (or the backend stopped)."""


@dataclass(eq=False)
class _Task:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: Future[Any]


def _serve(conn: Connection) -> None:
    """A worker's loop: run each ``(fn, args)`` received, send back ``(ok, value)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    while True:
        try:
            message = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            fn, args = pickle.loads(message)  # in the try: a task that does not unpickle fails
            reply: tuple[bool, Any] = (True, fn(*args))
        except BaseException as error:  # the caller's to see, as a local call would raise it
            reply = (False, error)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as error:  # a result or error that does not pickle
            conn.send((False, RuntimeError(f"{type(error).__name__}: {error}")))


class _Slot:
    """One worker process and the thread that feeds it."""

    def __init__(self, backend: ProcessBackend, index: int) -> None:
        self.backend = backend
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None
        self.thread = threading.Thread(target=self._feed, name=f"cardtable-worker-{index}",
                                       daemon=True)

    def _ensure(self) -> Connection:
        with self.backend._lock:
            if self.backend._closed:
                raise WorkerDied(_("the workers have stopped"))
            if self.process is None or self.conn is None:
                ctx = self.backend._ctx
                ours, theirs = ctx.Pipe()
                process = ctx.Process(target=_serve, args=(theirs,), daemon=True,
                                      name="cardtable-worker")
                process.start()
                theirs.close()  # so that our recv sees EOF when the worker dies
                self.process, self.conn = process, ours
                self.backend.started += 1
            return self.conn

    def discard(self) -> None:
        """Forget the worker (dead, or being stopped): the next task starts a new one."""
        with self.backend._lock:
            process, conn = self.process, self.conn
            self.process = self.conn = None
        if process is not None:  # first, so that a recv waiting on its pipe sees EOF
            if process.is_alive():
                process.kill()
            process.join(STOP_SECONDS)
        if conn is not None:
            conn.close()

    def pid(self) -> int | None:
        process = self.process
        return None if process is None else process.pid

    def _feed(self) -> None:
        backend = self.backend
        while True:
            task = backend._tasks.get()
            if task is None:
                return
            if not task.future.set_running_or_notify_cancel():
                continue
            self._run(task)

    def _run(self, task: _Task) -> None:
        backend = self.backend
        deaths = 0
        while True:
            try:
                conn = self._ensure()
                if backend.on_start is not None:
                    backend.on_start(self.pid() or 0)
                conn.send((task.fn, task.args))
                ok, value = conn.recv()
            except WorkerDied as error:
                task.future.set_exception(error)
                return
            except (EOFError, OSError):
                self.discard()
                deaths += 1
                if backend._closed or deaths > backend.retries:
                    task.future.set_exception(WorkerDied(ngettext(
                        "a worker died running a task", "a worker died {n} times running a task",
                        deaths).format(n=deaths)))
                    return
                backend.replaced += 1
                continue  # the same task, on a new worker
            except Exception as error:  # the task did not pickle: nothing was sent
                task.future.set_exception(error)
                return
            if ok:
                task.future.set_result(value)
            else:
                task.future.set_exception(value)
            return


class ProcessBackend:
    """``workers`` worker processes; see the module docstring."""

    def __init__(self, workers: int, *, retries: int = RETRIES,
                 method: str = "forkserver") -> None:
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.workers = workers
        self.retries = retries
        # the stubs type get_context's value as BaseContext, which has no Process
        self._ctx = cast(ForkServerContext | SpawnContext, multiprocessing.get_context(method))
        if method == "forkserver":
            self._ctx.set_forkserver_preload(PRELOAD)
        self._tasks: queue.SimpleQueue[_Task | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._closed = False
        self._slots: list[_Slot] = []
        #: Worker processes started, and replaced after dying (for logs and tests).
        self.started = 0
        self.replaced = 0
        #: Called, in a feeding thread, with the worker's pid as it is handed a task: how the
        #: tests find the process to kill mid-search.
        self.on_start: Callable[[int], None] | None = None

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        future: Future[T] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot submit to a stopped backend")
            if not self._slots:
                self._slots = [_Slot(self, i) for i in range(self.workers)]
                for slot in self._slots:
                    slot.thread.start()
        self._tasks.put(_Task(fn, args, future))
        return future

    def pids(self) -> list[int]:
        """The running workers' process ids."""
        return [pid for slot in self._slots if (pid := slot.pid()) is not None]

    def shutdown(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
        while True:
            try:
                task = self._tasks.get_nowait()
            except queue.Empty:
                break
            if task is not None:
                task.future.cancel()
        for _slot in self._slots:
            self._tasks.put(None)
        for slot in self._slots:
            slot.discard()  # a task running there fails with WorkerDied
        for slot in self._slots:
            slot.thread.join(STOP_SECONDS)
