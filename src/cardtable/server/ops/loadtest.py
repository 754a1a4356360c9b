"""The load benchmark: real WebSocket clients, in this process, drive a server in another.

N four-seat Punttu tables, every seat a person played by a client that sends the first legal
action as soon as its state says it must decide (the closed loop: as fast as the server
answers), or after a pause of ``pace`` seconds with ±50% jitter (the open loop: each table acts
about every ``pace`` seconds, as people do; the server's capacity is then the number of tables
it holds at a given latency). Measured over a window after a warm-up:
accepted actions per second (the actor saw the next state) and the action-to-update latency
(from sending an action to receiving the state that includes it), as percentiles. Idle memory
per table is the server's resident memory grown by making and starting tables nobody plays.

By default the server is started here (``cardtable serve`` on a free port of 127.0.0.1 with a
fresh SQLite database in a temporary folder) and stopped at the end; ``url`` targets a running
one (memory is then not measured). Only loopback addresses are ever used by default.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

from cardtable.server.ops.collector import Collector
from cardtable.server.tables.status import TableStatus

SEATS = 4
#: Clients connecting at once, and how long all of them may take to be seated.
OPENING = 100
READY_SECONDS = 180.0
#: Tables being made at once before a run (thousands, one by one, took minutes).
MAKING = 16
#: Deals per match: long enough that no table ends during a run.
DEALS = 100


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    accepted: int = 0
    errors: int = 0
    measuring: bool = False
    #: Clients that have their first state: the warm-up starts once every one has.
    ready: int = 0


@dataclass(frozen=True)
class Report:
    tables: int
    seconds: float
    actions: int
    errors: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    idle_kib_per_table: float | None
    server_rss_mib: float | None
    server_cpu_s: float | None = None
    client_cpu_s: float | None = None

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "tables": self.tables,
            "seconds": round(self.seconds, 1),
            "accepted_actions": self.actions,
            "actions_per_second": round(self.per_second, 1),
            "errors": self.errors,
            "latency_ms": {"p50": round(self.p50_ms, 1), "p99": round(self.p99_ms, 1),
                           "max": round(self.max_ms, 1)},
            "idle_kib_per_table": None if self.idle_kib_per_table is None
            else round(self.idle_kib_per_table, 1),
            "server_rss_mib": None if self.server_rss_mib is None
            else round(self.server_rss_mib, 1),
            "server_cpu_s": _round(self.server_cpu_s),
            "client_cpu_s": _round(self.client_cpu_s),
            # server CPU per accepted action: what one free core could sustain is 1000 / this
            "server_cpu_ms_per_action": _round(
                1000 * self.server_cpu_s / self.actions
                if self.server_cpu_s is not None and self.actions else None, 3
            ),
        }


def _round(value: float | None, digits: int = 2) -> float | None:
    return None if value is None else round(value, digits)


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def cpu_seconds(pid: int | None) -> float | None:
    """CPU time (user + system) used so far by process ``pid`` (Linux), or by this process."""
    if pid is None:
        usage = os.times()
        return usage.user + usage.system
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int | None:
    """Resident memory of process ``pid`` (Linux), in KiB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


#: The settings of a server under load: bots move at once, and the limits for anonymous
#: clients are lifted, since every table is made from this one address (they would refuse most
#: of them). A server given with ``url`` keeps its own settings; ``benchmarks/capacity.py``
#: starts its clusters with these.
LOAD_ENV: dict[str, str] = {
    "CARDTABLE_BOT_DELAY": "0", "CARDTABLE_LOG_LEVEL": "warning",
    "CARDTABLE_GRACE_SECONDS": "3600",
    "CARDTABLE_CREATE_RATE": "1000000/minute", "CARDTABLE_JOIN_RATE": "1000000/minute",
    "CARDTABLE_MAX_WAITING_TABLES": "1000000", "CARDTABLE_MAX_WAITING_PER_ADDRESS": "1000000",
    "CARDTABLE_MAX_CONNECTIONS_PER_ADDRESS": "1000000",
    "CARDTABLE_MAX_WAITING_PER_PLAYER": "1000000",
    "CARDTABLE_MAX_CONNECTIONS_PER_PLAYER": "1000000",
}


class LocalServer:
    """``cardtable serve`` on a free loopback port with a throw-away database."""

    def __init__(self, db: str | None = None) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="cardtable-load-")
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        env = {**os.environ, **LOAD_ENV}
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from cardtable.cli import main; main()", "serve",
             "--port", str(self.port), "--data-dir", self.folder.name,
             *(["--db", db] if db else [])],
            env=env, stdout=subprocess.DEVNULL,
        )
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                raise RuntimeError("cardtable serve exited at start")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            if time.monotonic() > deadline:
                raise RuntimeError("cardtable serve did not start in 30 s")
            time.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.folder.cleanup()


def _strangers() -> CookieJar:
    """A cookie jar that keeps none: every seat the load test takes is a stranger's, as at a
    real server (one player may hold one seat at a table of people: docs/ratings.md)."""
    return CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))


async def _make_table(http: httpx.AsyncClient, started: bool = True,
                      bot_level: str | None = None) -> tuple[str, list[str]]:
    """A table of four people (``bot_level``: one person and three bots of that level)."""
    seats: list[dict[str, str]] = [{"kind": "person"}] * SEATS
    if bot_level is not None:
        seats = [{"kind": "person"}] + [{"kind": "bot", "level": bot_level}] * (SEATS - 1)
    made = await http.post("/api/tables", json={
        "game": "punttu", "options": {"deals": DEALS}, "seats": seats,
    })
    _refused(made)
    code = made.json()["code"]
    tokens = []
    people = 1 if bot_level is not None else SEATS
    for seat in range(people if started else people - 1):
        joined = await http.post(f"/api/tables/{code}/join", json={"name": f"load{seat}"})
        _refused(joined)
        tokens.append(joined.json()["token"])
    return code, tokens


def _refused(response: httpx.Response) -> None:
    """Raise, naming the server's refusal (its error code says which limit or fault it was)."""
    if response.is_error:
        raise RuntimeError(f"{response.request.method} {response.request.url.path}: "
                           f"{response.status_code} {response.text[:300]}")


async def _seat(ws_url: str, code: str, token: str, stats: Stats, pace: float = 0.0,
                opening: asyncio.Semaphore | None = None) -> None:
    """One seat's client: act on every state that lists legal actions (after ``pace`` seconds
    with jitter, if given); time the answer from sending to the state that includes it.
    ``opening``: how many clients may be connecting at once (thousands at one instant overflow
    the server's accept queue, and the refused ones wait seconds to retry)."""
    jitter = random.Random(f"{code}:{token}")
    async with opening or contextlib.nullcontext():
        ws: ClientConnection = await connect(f"{ws_url}/ws/{code}", max_size=2**22,
                                             open_timeout=120, ping_interval=None,
                                             compression=None)
    loads, dumps, clock = orjson.loads, json.dumps, time.perf_counter
    try:
        await ws.send(dumps({"type": "hello", "token": token}))
        sent: tuple[int, float] | None = None
        first = True
        async for text in ws:
            message = loads(text)
            kind = message.get("type")
            if first and kind == "state":
                first = False
                stats.ready += 1
            if kind == "error":
                stats.errors += 1
                sent = None
                await ws.send(dumps({"type": "sync"}))
                continue
            if kind != "state":
                continue
            if sent is not None and message["version"] > sent[0]:
                if stats.measuring:
                    stats.latencies.append(clock() - sent[1])
                    stats.accepted += 1
                sent = None
            pause = message.get("pause")
            if pause and message["seat"] in pause["waiting"]:
                # the deal-end pause: ready for the next deal at once
                await ws.send(dumps({"type": "continue", "deal": pause["deal"]}))
                continue
            if message["legal"] and sent is None and message["status"] == TableStatus.RUNNING:
                if pace:
                    await asyncio.sleep(pace * jitter.uniform(0.5, 1.5))
                sent = (message["version"], clock())
                await ws.send(dumps({"type": "action", "action": message["legal"][0],
                                     "version": message["version"]}))
    finally:
        await ws.close()


def _cpu_of(pids: tuple[int, ...]) -> float | None:
    """The CPU seconds used so far by every process of ``pids`` together (None: none given,
    or one cannot be read)."""
    used = [cpu_seconds(pid) for pid in pids]
    if not used or any(value is None for value in used):
        return None
    return sum(value for value in used if value is not None)


async def _idle_memory(url: str, pid: int, count: int) -> float | None:
    async with httpx.AsyncClient(base_url=url, timeout=60, cookies=_strangers()) as http:
        for _ in range(10):  # first tables load code and caches: not per-table memory
            await _make_table(http)
        before = rss_kib(pid)
        for _ in range(count):
            await _make_table(http)
        after = rss_kib(pid)
    if before is None or after is None:
        return None
    return (after - before) / count


def raise_open_files_limit() -> None:
    """Thousands of WebSockets need as many file descriptors, here and in the server started
    here (which inherits the limit): the soft limit (often 1,024) raised to the hard one."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


async def run(*, tables: int, seconds: float, warmup: float, url: str | None,
              idle_tables: int, pace: float = 0.0, db: str | None = None,
              bot_tables: int = 0, bot_level: str = "hard",
              pids: tuple[int, ...] = ()) -> Report:
    """The run; ``bot_tables`` more tables, each of one client and three ``bot_level`` bots,
    play beside the measured ones without being measured (how thinking bots slow the others).
    ``pids``: the server processes behind ``url`` whose CPU time is measured
    (the server started here is measured anyway)."""
    raise_open_files_limit()
    collector = Collector()
    server = LocalServer(db) if url is None else None
    base = url or (server.url if server else "")
    ws_url = base.replace("http://", "ws://").replace("https://", "wss://")
    try:
        stats = Stats()
        idle = (
            await _idle_memory(base, server.process.pid, idle_tables)
            if server and idle_tables else None
        )
        async with httpx.AsyncClient(base_url=base, timeout=60, cookies=_strangers()) as http:
            gate = asyncio.Semaphore(MAKING)

            async def make(level: str | None = None) -> tuple[str, list[str]]:
                async with gate:
                    return await _make_table(http, bot_level=level)

            made = await asyncio.gather(*(make() for _ in range(tables)))
            with_bots = await asyncio.gather(*(make(bot_level) for _ in range(bot_tables)))
        unmeasured = Stats()
        opening = asyncio.Semaphore(OPENING)
        tasks = [
            asyncio.create_task(_seat(ws_url, code, token, stats, pace, opening))
            for code, tokens in made
            for token in tokens
        ] + [
            asyncio.create_task(_seat(ws_url, code, token, unmeasured, pace, opening))
            for code, tokens in with_bots
            for token in tokens
        ]
        clients = sum(len(tokens) for _, tokens in made)
        deadline = time.monotonic() + READY_SECONDS
        while stats.ready < clients and time.monotonic() < deadline:
            await asyncio.sleep(0.1)  # every client seated before the warm-up starts
        # The clients' process collects its garbage as the server does: with CPython's
        # defaults, full collections over thousands of connections stopped every client for
        # 0.5-0.65 s, sixteen times in 30 s at 2,000 tables, and were counted as the server's
        # latency.
        collector.tune()
        await asyncio.sleep(warmup)
        measured = (server.process.pid,) if server else pids
        server_cpu = _cpu_of(measured)
        client_cpu = cpu_seconds(None)
        stats.measuring = True
        start = time.perf_counter()
        await asyncio.sleep(seconds)
        stats.measuring = False
        elapsed = time.perf_counter() - start
        after = _cpu_of(measured)
        server_used = after - server_cpu if after is not None and server_cpu is not None else None
        client_used = cpu_seconds(None) - client_cpu  # type: ignore[operator]
        rss = rss_kib(server.process.pid) if server else None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        latencies = stats.latencies
        return Report(
            tables=tables, seconds=elapsed, actions=stats.accepted, errors=stats.errors,
            p50_ms=1000 * _percentile(latencies, 0.50),
            p99_ms=1000 * _percentile(latencies, 0.99),
            max_ms=1000 * max(latencies, default=float("nan")),
            idle_kib_per_table=idle,
            server_rss_mib=None if rss is None else rss / 1024,
            server_cpu_s=server_used,
            client_cpu_s=client_used,
        )
    finally:
        collector.restore()
        if server is not None:
            server.stop()
