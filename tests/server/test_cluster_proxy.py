"""The cluster's balancer (``localcluster.nginx_conf``: ``make cluster``'s nginx and
``deploy/nginx.conf``), run here with Debian's nginx in front of real servers.

A WebSocket handshake that fails at one server (refused, cut, a 502) is retried at another,
and an application's own 503 (``lobby/full``, ``table/moved``, ``server/storage_unavailable``)
goes back to the client as it is, without taking the servers out of the balancer: with
``http_503`` among the retried answers, one 503 per server marked every server failed and
nginx answered 502 to every request, handshakes included, until they came back."""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from tests.helpers.server import RunningServer, make_config
from websockets.asyncio.client import connect

from cardtable.server.cluster.localcluster import free_port, nginx_conf

Balancer = Callable[[list[str]], str]


@pytest.fixture
def balancer(tmp_path: Path) -> Iterator[Balancer]:
    """Start nginx in front of some ``host:port`` servers; its URL."""
    program = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
    if program is None:
        pytest.skip("!!! nginx is missing (apt-get install nginx): the balancer test is "
                    "SKIPPED !!!")
    started: list[subprocess.Popen[bytes]] = []

    def start(servers: list[str]) -> str:
        folder = tmp_path / "nginx"
        (folder / "nginx-temp").mkdir(parents=True)
        (folder / "nginx-temp").chmod(0o777)  # nginx's workers run as nobody under root
        port = free_port()
        conf = folder / "nginx.conf"
        conf.write_text(nginx_conf(folder, servers, f"127.0.0.1:{port}"))
        started.append(subprocess.Popen(
            [program, "-c", str(conf), "-p", str(folder), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return f"127.0.0.1:{port}"
            except OSError:
                assert started[-1].poll() is None, (folder / "nginx-error.log").read_text()
                assert time.monotonic() < deadline, "nginx did not start in time"
                time.sleep(0.02)

    yield start
    for process in started:
        process.terminate()
        process.wait(10)


def _refused() -> str:
    """A ``host:port`` where nothing listens: a server that was just killed."""
    return f"127.0.0.1:{free_port()}"


def test_a_websocket_handshake_is_retried_at_another_server(
    tmp_path: Path, balancer: Balancer,
) -> None:
    server = RunningServer(make_config(tmp_path))
    try:
        with server.http() as http:
            made = http.post("/api/play", json={"game": "putto", "level": "random",
                                                "players": 2})
        assert made.status_code == 201, made.text
        code, token = made.json()["code"], made.json()["token"]
        front = balancer([_refused(), f"127.0.0.1:{server.port}", _refused()])

        async def handshakes() -> None:
            for _ in range(6):  # round robin: each dead server's turn comes up
                async with connect(f"ws://{front}/ws/{code}", open_timeout=20) as ws:
                    await ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
                    assert '"welcome"' in await asyncio.wait_for(ws.recv(), 20)

        asyncio.run(handshakes())
    finally:
        server.stop()


def test_an_application_503_keeps_the_servers_in_the_balancer(
    tmp_path: Path, balancer: Balancer,
) -> None:
    """Both servers answer 503 to ``/readyz`` for a moment (their writes failing); once they
    are well again, the next requests reach them (before: 502, no live upstream)."""
    servers = [RunningServer(make_config(tmp_path / str(i))) for i in range(2)]
    writers = [server.lobby.services.writer for server in servers]
    try:
        front = balancer([f"127.0.0.1:{s.port}" for s in servers])
        with httpx.Client(base_url=f"http://{front}", timeout=20) as http:
            for writer in writers:
                writer.available = False
            for _ in range(2):  # once at each server
                assert http.get("/readyz").status_code == 503
            for writer in writers:
                writer.available = True
            for _ in range(4):
                answer = http.get("/readyz")
                assert answer.status_code == 200, answer.text
    finally:
        for server in servers:
            server.stop()
