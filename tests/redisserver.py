"""A throwaway Redis for the tests, from Debian's ``redis-server``: on a free port of
127.0.0.1, nothing saved to disk. ``make test`` installs it when it can; without it the tests
that need Redis are skipped, loudly."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RedisServer:
    def __init__(self, folder: Path) -> None:
        program = shutil.which("redis-server")
        if program is None:
            pytest.skip("!!! redis-server is missing (apt-get install redis-server): the "
                        "cluster tests are SKIPPED !!!")
        pytest.importorskip("redis")
        self.program, self.folder = program, folder
        self.port = _free_port()
        self.start()

    def start(self) -> None:
        """Start redis-server on ``port`` (again, after ``stop``: an outage's end)."""
        self.process = subprocess.Popen(
            [self.program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                assert self.process.poll() is None, "redis-server did not start"
                assert time.monotonic() < deadline, "redis-server did not start in time"
                time.sleep(0.02)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()
