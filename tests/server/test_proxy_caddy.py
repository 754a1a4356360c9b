"""cardtable behind the family host's real reverse proxy (docs/hosting.md): Debian's Caddy with
TLS from its internal CA on 127.0.0.1, serving the site deploy/cardtable.caddy ships. Two people
play a whole table over ``wss://`` through it, trusting only Caddy's root certificate (from its
data folder), and the share link carries the public ``https://`` address.

Starts a Caddy process (marked ``subprocess``); without ``caddy`` (``make caddy``) it is skipped
with a loud reason."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.helpers.server import WAIT, Client, RunningServer, make_config
from websockets.asyncio.client import connect

pytestmark = pytest.mark.subprocess

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
CADDY = shutil.which("caddy")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Proxy:
    """Caddy in front of ``upstream`` on ``https://127.0.0.1:PORT``, its state in ``folder``."""

    def __init__(self, folder: Path, port: int, upstream: str) -> None:
        self.port = port
        self.folder = folder
        config = folder / "Caddyfile"
        config.write_text(
            "{\n\tadmin off\n\tskip_install_trust\n"
            f"\thttp_port {free_port()}\n\thttps_port {port}\n"
            f"\tstorage file_system {folder / 'data'}\n}}\n\n"
            f"https://127.0.0.1:{port} {{\n\ttls internal\n"
            f"\timport {DEPLOY / 'cardtable.caddy'}\n}}\n"
        )
        environment = {**os.environ, "CARDTABLE_UPSTREAM": upstream, "HOME": str(folder),
                       "XDG_CONFIG_HOME": str(folder / "config")}
        self.log = (folder / "caddy.log").open("w")
        self.process = subprocess.Popen(
            [str(CADDY), "run", "--adapter", "caddyfile", "--config", str(config)],
            env=environment, stdout=self.log, stderr=subprocess.STDOUT,
        )

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    @property
    def root(self) -> Path:
        """The root certificate of Caddy's internal CA, which a client must trust."""
        return self.folder / "data" / "pki" / "authorities" / "local" / "root.crt"

    def trusted(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.root))

    def wait_ready(self) -> None:
        """Until the proxy answers ``/healthz`` over TLS with a certificate its CA signed."""
        deadline = time.monotonic() + WAIT
        while True:
            assert self.process.poll() is None, (self.folder / "caddy.log").read_text()
            try:
                if self.root.exists():
                    answer = httpx.get(f"{self.url}/healthz", verify=self.trusted(), timeout=2)
                    if answer.status_code == 200:
                        return
            except (httpx.HTTPError, ssl.SSLError):
                pass
            assert time.monotonic() < deadline, (self.folder / "caddy.log").read_text()
            time.sleep(0.05)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(WAIT)
        self.log.close()


@pytest.fixture(scope="module")
def behind_caddy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RunningServer, Proxy]]:
    if CADDY is None:
        pytest.skip("!!! TLS PROXY TEST SKIPPED: no caddy. Run `make caddy` (root) or "
                    "`apt-get install -y caddy`. !!!")
    folder = tmp_path_factory.mktemp("caddy")
    port = free_port()
    server = RunningServer(make_config(
        folder / "data-cardtable", public_url=f"https://127.0.0.1:{port}",
        forwarded_allow_ips="127.0.0.1"))
    proxy = Proxy(folder, port, f"127.0.0.1:{server.port}")
    try:
        proxy.wait_ready()
        yield server, proxy
    finally:
        proxy.stop()
        server.stop()


def test_the_certificate_is_caddys_own_and_nothing_else_is_trusted(
        behind_caddy: tuple[RunningServer, Proxy]) -> None:
    _, proxy = behind_caddy
    with pytest.raises(httpx.ConnectError):  # the system's trust store does not know it
        httpx.get(f"{proxy.url}/healthz", timeout=WAIT)
    answer = httpx.get(f"{proxy.url}/healthz", verify=proxy.trusted(), timeout=WAIT)
    assert answer.status_code == 200 and answer.json()["status"] == "ok"


def test_a_whole_table_over_wss_with_the_https_share_link(
        behind_caddy: tuple[RunningServer, Proxy]) -> None:
    server, proxy = behind_caddy
    with httpx.Client(base_url=proxy.url, verify=proxy.trusted(), timeout=WAIT) as http:
        made = http.post("/api/tables", json={
            "game": "punttu", "players": 2, "options": {"deals": 1},
            "seats": [{"kind": "person"}, {"kind": "person"}]})
        assert made.status_code == 201, made.text
        code = made.json()["code"]
        assert made.json()["link"] == f"{proxy.url}/t/{code}"
        assert made.json()["reach"] == "public"
        seats = []
        for seat, name in enumerate(("Ana", "Bo")):
            http.cookies.clear()  # another person: one seat per player (docs/ratings.md)
            joined = http.post(f"/api/tables/{code}/join", json={"name": name, "seat": seat})
            assert joined.status_code in (200, 201), joined.text
            assert joined.json()["link"] == f"{proxy.url}/t/{code}"
            seats.append(joined.json())
        page = http.get(f"/t/{code}")
        assert page.status_code == 200
        qr = http.get(f"/t/{code}/qr.svg")
        assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg")

    async def play(token: str) -> dict[str, Any]:
        ws = await connect(f"wss://127.0.0.1:{proxy.port}/ws/{code}", ssl=proxy.trusted(),
                           open_timeout=WAIT, max_size=2**22)
        me = Client(ws)
        await me.send({"type": "hello", "v": 1, "token": token})
        while (turn := await me.my_turn()) is not None:
            await me.act(turn["legal"][0], turn["version"])
        await me.close()
        return next(m for m in me.messages if m["type"] == "match_end")

    async def both() -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(play(seat["token"]) for seat in seats)))

    ends = asyncio.run(both())
    assert ends[0] == ends[1]
    with httpx.Client(base_url=proxy.url, verify=proxy.trusted(), timeout=WAIT) as http:
        info = http.get(f"/api/tables/{code}").json()
    assert info["status"] == "finished" and info["result"] is not None
    assert json.dumps(ends[0])  # the match's end came through the proxy whole
    assert server.lobby.get(code, archived=True).code == code


def test_the_shipped_caddyfile_is_the_site_for_the_public_domain() -> None:
    if CADDY is None:
        pytest.skip("!!! no caddy: run `make caddy` !!!")
    adapted = subprocess.run(
        [CADDY, "adapt", "--adapter", "caddyfile", "--config", str(DEPLOY / "Caddyfile")],
        env={**os.environ, "CARDTABLE_DOMAIN": "cards.example.org"}, cwd=DEPLOY,
        capture_output=True, text=True, timeout=WAIT, check=True)
    site = json.loads(adapted.stdout)["apps"]["http"]["servers"]["srv0"]
    assert site["listen"] == [":443"]
    assert site["routes"][0]["match"] == [{"host": ["cards.example.org"]}]
    assert '"dial":"cardtable:8000"' in adapted.stdout.replace(" ", "")
