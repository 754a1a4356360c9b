"""Where long work runs: the searches of the server's bots and hints, and the arena's deals.

One interface, ``Backend`` — ``submit(fn, *args)`` returns a ``concurrent.futures.Future`` —
with three implementations, so that the server and the arena never name a pool:

- ``process`` (the default): worker processes on this machine (``workers.process``), each
  replaced if it dies, the task it held retried;
- ``ray``: Ray's tasks (``workers.ray_backend``; ``pip install 'cardtable[ray]'``), on this
  machine or on the cluster ``RAY_ADDRESS`` names;
- ``thread``: threads of this process (the tests' fake-free fast path: the same code, no
  processes started; searches then share this process's GIL).

``fn`` and ``args`` must pickle for ``process`` and ``ray`` (module-level functions, views,
actions, games: never a ``State``, so hidden information stays in the server).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

from cardtable.errors import CardtableError
from cardtable.i18n import _

T = TypeVar("T")

#: The backends' names, as ``--backend`` and ``bot_backend`` take them.
BACKENDS = ("process", "ray", "thread")


class Backend(Protocol):
    """Runs ``fn(*args)`` somewhere and hands back its future (result or exception)."""

    workers: int
    #: Workers that died running a task and were replaced (0 where the backend does not know).
    replaced: int

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]: ...

    def shutdown(self) -> None:
        """Stop: queued tasks are cancelled, running ones abandoned; returns promptly."""


class ThreadBackend:
    """``workers`` threads of this process."""

    def __init__(self, workers: int, name: str = "cardtable-worker") -> None:
        self.workers = workers
        self.replaced = 0
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix=name)

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        return self._pool.submit(fn, *args)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def check_backend(kind: str) -> None:
    """Refuse a backend name that is not one of ``BACKENDS``, naming them."""
    if kind not in BACKENDS:
        raise CardtableError(
            _("unknown backend {name!r}; choose one of: {names}").format(
                name=kind, names=", ".join(BACKENDS))
        )


def make_backend(kind: str, workers: int) -> Backend:
    """The backend called ``kind`` (one of ``BACKENDS``) with ``workers`` workers."""
    check_backend(kind)
    if kind == "process":
        from cardtable.workers.process import ProcessBackend

        return ProcessBackend(workers)
    if kind == "ray":
        from cardtable.workers.ray_backend import RayBackend

        return RayBackend(workers)
    return ThreadBackend(workers)
