"""The local cluster under fire (``make test-cluster``): tables of all three games are played
through the balancer by real WebSocket clients, one server process is SIGKILLed mid-deal and
then another; every table must resume, every accepted action be kept, no client be shown a
state that is not stored, and every client carry on after reconnecting by itself.

Run by ``make test-cluster`` (``.ci/run`` calls it after ``make test``), not by the main suite:
it starts PostgreSQL, Redis, three servers and nginx of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardtable.server.cluster.localcluster import LocalCluster

#: How soon the tables of a killed process are taken over (its lease lapses).
LEASE_SECONDS = 2
#: The longest the run may take; each phase's goal is reached well before.
DEADLINE = 240.0


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    # not under pytest's tmp folder: its parents are root's own (0700), closed to ``postgres``
    folder = Path(tempfile.mkdtemp(prefix="cardtable-cluster-"))
    running = LocalCluster(folder=folder, servers=3, port=0,
                           extra_env={"CARDTABLE_BOT_DELAY": "0.05",
                                      "CARDTABLE_LEASE_SECONDS": str(LEASE_SECONDS),
                                      "CARDTABLE_GRACE_SECONDS": "60",
                                      "CARDTABLE_CREATE_RATE": "1000/minute",
                                      "CARDTABLE_JOIN_RATE": "1000/minute"})
    from cardtable.server.cluster.localcluster import free_port

    running.port = free_port()
    try:
        running.start()
        yield running
    finally:
        running.stop()
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Player:
    """One person at a table, playing its first legal action whenever asked, reconnecting
    through the balancer whenever its connection drops."""

    url: str
    code: str
    token: str
    shown: list[int] = field(default_factory=list)
    accepted: list[int] = field(default_factory=list)
    reconnects: int = 0
    accepted_after_reconnect: int = 0
    over: bool = False

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set() and not self.over:
            with contextlib.suppress(ConnectionClosed, OSError, InvalidStatus, TimeoutError):
                await self._session(stop)
            if not stop.is_set() and not self.over:
                self.reconnects += 1
                await asyncio.sleep(0.2)

    async def _session(self, stop: asyncio.Event) -> None:
        async with connect(f"{self.url}/ws/{self.code}", open_timeout=10,
                           max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1, "token": self.token}))
            acted = -1
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), 1.0)
                except TimeoutError:
                    continue
                message = json.loads(text)
                kind = message["type"]
                if kind == "state":
                    self.shown.append(message["version"])
                    pause = message.get("pause")
                    if pause and message["seat"] in pause["waiting"]:
                        await ws.send(json.dumps({"type": "continue", "deal": pause["deal"]}))
                    if message["legal"] and message["version"] > acted:
                        acted = message["version"]
                        await ws.send(json.dumps({"type": "action", "ref": "m",
                                                  "action": message["legal"][0],
                                                  "version": message["version"]}))
                elif kind == "ack":
                    self.accepted.append(message["version"])
                    if self.reconnects:
                        self.accepted_after_reconnect += 1
                elif kind == "match_end":
                    self.over = True
                    return


def _owners(cluster: LocalCluster) -> dict[str, int]:
    """Table code → the index of the server process owning it."""
    pids = {cluster.server_pid(i): i for i in range(cluster.servers)}
    with psycopg.connect(f"host=127.0.0.1 port={cluster.pg_port} user=postgres "
                         "dbname=cardtable") as db:
        # live: taken lately, or its owner's heartbeat is fresh (server/cluster/leases.py)
        now = time.time()
        rows = db.execute("SELECT l.code, s.pid FROM table_leases l JOIN servers s "
                          "ON s.id = l.owner WHERE l.expires_at > %s OR s.seen_at >= %s",
                          (now, now - LEASE_SECONDS)).fetchall()
    return {code: pids[pid] for code, pid in rows if pid in pids}


def _stored_versions(cluster: LocalCluster, code: str) -> set[int]:
    with psycopg.connect(f"host=127.0.0.1 port={cluster.pg_port} user=postgres "
                         "dbname=cardtable") as db:
        rows = db.execute("SELECT seq FROM events WHERE table_code = %s", (code,)).fetchall()
    return {int(row[0]) for row in rows}


def _unfinished(cluster: LocalCluster, codes: list[str]) -> set[str]:
    with psycopg.connect(f"host=127.0.0.1 port={cluster.pg_port} user=postgres "
                         "dbname=cardtable") as db:
        rows = db.execute("SELECT code FROM tables WHERE code = ANY(%s) "
                          "AND status IN ('waiting', 'running')", (codes,)).fetchall()
    return {str(row[0]) for row in rows}


def _tables(cluster: LocalCluster) -> list[Player]:
    players = []
    with httpx.Client(base_url=cluster.url, timeout=30) as http:
        for game, players_count in (("punttu", 2), ("pontinho", 3), ("putto", 2),
                                    ("punttu", 4), ("pontinho", 2), ("putto", 4)):
            made = http.post("/api/play", json={"game": game, "level": "random",
                                                "players": players_count,
                                                "continue_seconds": 1})
            assert made.status_code == 201, made.text
            data = made.json()
            players.append(Player(cluster.url.replace("http", "ws"), data["code"],
                                  data["token"]))
        # a table of two people, each joining through the balancer (any process)
        made = http.post("/api/tables", json={"game": "putto", "players": 2, "options": {},
                                              "seats": [{"kind": "person"}] * 2,
                                              "continue_seconds": 1})
        assert made.status_code == 201, made.text
        code = made.json()["code"]
        for seat in (0, 1):
            http.cookies.clear()  # another person: one seat per player (docs/ratings.md)
            joined = http.post(f"/api/tables/{code}/join", json={"seat": seat,
                                                                "name": f"p{seat}"})
            assert joined.status_code == 200, joined.text
            players.append(Player(cluster.url.replace("http", "ws"), code,
                                  joined.json()["token"]))
    return players


async def _until(predicate: Any, what: str, deadline: float) -> None:
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


def test_tables_survive_two_killed_processes(cluster: LocalCluster) -> None:
    players = _tables(cluster)
    deadline = time.monotonic() + DEADLINE

    def moves() -> int:
        return sum(len(p.accepted) for p in players)

    async def scenario() -> list[int]:
        stop = asyncio.Event()
        tasks = [asyncio.create_task(p.run(stop)) for p in players]
        killed: list[int] = []
        try:
            await _until(lambda: moves() >= 40, "the first moves", deadline)
            for _round in range(2):
                owners = _owners(cluster)
                alive = [i for i in range(cluster.servers) if i not in killed]
                # kill the process owning the most tables (mid-deal: moves are flowing)
                victim = max(alive, key=lambda i: sum(1 for o in owners.values() if o == i))
                cluster.kill_server(victim)
                killed.append(victim)
                before = {p.code: len(p.accepted) for p in players}
                # every table still playing moves on after the kill
                await _until(lambda b=before: all(  # type: ignore[misc]
                    p.over or len(p.accepted) >= b[p.code] + 3 for p in players),
                    "every table to resume", deadline)
        finally:
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
        return killed

    killed = asyncio.run(scenario())
    assert len(killed) == 2
    print(f"killed servers {killed}; moves {moves()}; reconnects "
          f"{[p.reconnects for p in players]}; moves after reconnecting "
          f"{[p.accepted_after_reconnect for p in players]}")
    for player in players:
        stored = _stored_versions(cluster, player.code)
        assert set(player.accepted) <= stored, "an accepted action was lost"
        assert set(player.shown) <= stored | {0}, "a client was shown a state not stored"
    reconnected = [p for p in players if p.reconnects]
    assert reconnected, "no client lost its connection: the kills did not hit"
    for player in reconnected:
        assert player.over or player.accepted_after_reconnect > 0, \
            f"table {player.code}: its client did not carry on after reconnecting"
    # the survivor plays every unfinished table
    owners = _owners(cluster)
    survivor = next(i for i in range(cluster.servers) if i not in killed)
    # by the stored status, not the clients': a match may end as the clients stop listening
    # (its match_end unread), and a finished table's lease is released (no owner) by design
    unfinished = _unfinished(cluster, [p.code for p in players])
    assert {owners.get(code) for code in unfinished} <= {survivor}
