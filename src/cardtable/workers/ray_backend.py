"""Ray's tasks as a ``Backend`` (``pip install 'cardtable[ray]'``): the same worker tasks as the
process backend, scheduled by Ray on this machine or on a cluster.

With ``RAY_ADDRESS`` set (``ray start --head`` elsewhere), tasks go to that cluster, whose
workers need cardtable installed; without it a local Ray is started with ``workers`` CPUs (so
at most that many tasks run at once) and stopped by ``shutdown``. A Ray already initialised in
this process is used as it is and left running. A task whose worker dies is retried by Ray
(``max_retries``), as the process backend retries it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from cardtable.errors import CardtableError
from cardtable.i18n import _

T = TypeVar("T")

#: Retries of a task whose worker died (as ``workers.process.RETRIES``).
RETRIES = 2
#: Ray's shared object store for a local Ray (bytes): views and results are small.
OBJECT_STORE_BYTES = 128 * 1024 * 1024


def _call(fn: Callable[..., Any], *args: Any) -> Any:
    return fn(*args)


class RayBackend:
    """See the module docstring."""

    def __init__(self, workers: int) -> None:
        try:
            import ray
        except ImportError:
            raise CardtableError(
                _("the ray backend needs Ray: pip install 'cardtable[ray]'")) from None
        self.workers = workers
        self.replaced = 0  # Ray retries a dead worker's task itself, uncounted here
        self._ray = ray
        self._ours = not ray.is_initialized()
        if self._ours:
            address = os.environ.get("RAY_ADDRESS") or None
            local: dict[str, Any] = {} if address else {
                "num_cpus": workers, "object_store_memory": OBJECT_STORE_BYTES}
            ray.init(address=address, include_dashboard=False, log_to_driver=False,
                     configure_logging=False, **local)
        self._remote = ray.remote(max_retries=RETRIES, num_cpus=1)(_call)

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Future[T]:
        future: Future[T] = self._remote.remote(fn, *args).future()
        return future

    def shutdown(self) -> None:
        if self._ours and self._ray.is_initialized():
            self._ray.shutdown()
