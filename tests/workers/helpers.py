"""Tasks for the workers' tests: module-level, so that a worker process can import them."""

from __future__ import annotations

import os
import socket


def wait_for_go(port: int, seconds: float) -> int:
    """Connect to the test on ``port`` and wait (at most ``seconds``) for it to say go; the
    worker's pid. The test knows the task is running when it accepts the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as sock:
        sock.settimeout(seconds)
        if sock.recv(1) != b"g":
            raise RuntimeError("the test never said go")
    return os.getpid()


def fail(message: str) -> None:
    raise ValueError(message)
