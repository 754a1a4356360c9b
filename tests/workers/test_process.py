"""The process backend (``cardtable.workers.process``): results and errors come back as a local
call's would; a worker killed in the middle of a task is replaced and the task run again on the
new one, the other workers untouched; a task that kills every worker fails after its retries;
``shutdown`` leaves no worker process behind. Every wait is bounded."""

from __future__ import annotations

import os
import queue
import signal
import socket
from collections.abc import Iterator

import pytest
from tests.workers.helpers import fail, wait_for_go

from cardtable.workers.process import ProcessBackend, WorkerDied

WAIT = 30.0


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    with socket.create_server(("127.0.0.1", 0)) as sock:
        sock.settimeout(WAIT)
        yield sock


def test_results_and_errors_come_back() -> None:
    backend = ProcessBackend(2)
    try:
        assert backend.submit(pow, 2, 10).result(WAIT) == 1024
        with pytest.raises(ValueError, match="no luck"):
            backend.submit(fail, "no luck").result(WAIT)
        assert backend.submit(pow, 3, 2).result(WAIT) == 9  # the worker lived on
        assert backend.replaced == 0
    finally:
        backend.shutdown()


def test_a_worker_killed_mid_task_is_replaced_and_the_task_run_again(
    listener: socket.socket,
) -> None:
    backend = ProcessBackend(1)
    handed: queue.Queue[int] = queue.Queue()
    backend.on_start = handed.put
    try:
        future = backend.submit(wait_for_go, listener.getsockname()[1], WAIT)
        first = handed.get(timeout=WAIT)
        running, _ = listener.accept()  # the task is running in ``first``
        running.close()
        os.kill(first, signal.SIGKILL)
        second = handed.get(timeout=WAIT)
        assert second != first
        again, _ = listener.accept()  # the same task, on the new worker
        with again:
            again.sendall(b"g")
            assert future.result(WAIT) == second
        assert backend.replaced == 1
        assert backend.submit(pow, 2, 3).result(WAIT) == 8
    finally:
        backend.shutdown()


def test_a_task_that_kills_every_worker_fails_after_its_retries() -> None:
    backend = ProcessBackend(1, retries=2)
    try:
        with pytest.raises(WorkerDied):
            backend.submit(os._exit, 3).result(WAIT)
        assert backend.started == 3  # the first worker and two replacements
        assert backend.submit(pow, 2, 2).result(WAIT) == 4  # and the next task is served
    finally:
        backend.shutdown()


def test_shutdown_ends_every_worker(listener: socket.socket) -> None:
    backend = ProcessBackend(2)
    assert backend.submit(pow, 1, 1).result(WAIT) == 1
    held = backend.submit(wait_for_go, listener.getsockname()[1], WAIT)
    running, _ = listener.accept()
    pids = backend.pids()
    assert pids
    backend.shutdown()
    running.close()
    with pytest.raises(WorkerDied):
        held.result(WAIT)
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)  # reaped: no such child any more
    with pytest.raises(RuntimeError):
        backend.submit(pow, 1, 1)
