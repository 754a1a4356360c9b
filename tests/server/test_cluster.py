"""Several server processes on one PostgreSQL, their messages over Redis
(``server/cluster/cluster.py``).

Two servers of one cluster run here in threads of the test process (each its own event loop,
its own connections to PostgreSQL and Redis): a table is owned by one of them, and people
connected to either play it. Killing a process with SIGKILL is ``make test-cluster``'s part
(tests/cluster/), through a balancer and real processes.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from sqlalchemy import text
from tests.helpers.server import Client, RunningServer, make_config
from tests.pg import Cluster as PgCluster
from tests.redisserver import RedisServer, redis_server  # noqa: F401 (a fixture)
from websockets.exceptions import ConnectionClosed

from cardtable.server.cluster import bus, leases
from cardtable.server.cluster.leases import LeaseLost
from cardtable.server.migrations import upgrade
from cardtable.server.storage import store
from cardtable.server.storage.db import make_engine
from cardtable.server.storage.store import StoredEvent


@pytest.fixture
def start_node(tmp_path: Path, pg_cluster: PgCluster,
               redis_server: RedisServer) -> Iterator[Callable[..., RunningServer]]:  # noqa: F811
    """Servers of one cluster: one fresh database, one Redis."""
    url = pg_cluster.new_database()
    running: list[RunningServer] = []

    def start(**overrides: Any) -> RunningServer:
        config = make_config(tmp_path, db=url, redis_url=redis_server.url, lease_seconds=2.0,
                             **overrides)
        server = RunningServer(config)
        running.append(server)
        return server

    yield start
    for server in running:
        if server.thread.is_alive():
            server.stop()


def _two_people_table(server: RunningServer, game: str = "punttu") -> str:
    with server.http() as http:
        made = http.post("/api/tables", json={
            "game": game, "players": 2, "options": {},
            "seats": [{"kind": "person"}, {"kind": "person"}]})
    assert made.status_code == 201, made.text
    return str(made.json()["code"])


def _join(server: RunningServer, code: str, seat: int, name: str) -> dict[str, Any]:
    with server.http() as http:
        joined = http.post(f"/api/tables/{code}/join", json={"seat": seat, "name": name})
    assert joined.status_code == 200, joined.text
    data: dict[str, Any] = joined.json()
    return data


async def _play_until(clients: list[Client], moves: int) -> list[int]:
    """Each client plays its first legal action whenever it is asked to, until ``moves``
    actions were accepted in all; the versions accepted (from the ``ack`` messages)."""
    accepted: list[int] = []

    async def play(client: Client) -> None:
        acted = -1
        while len(accepted) < moves:
            state = client.state
            if state is not None and state["legal"] and state["version"] > acted:
                acted = state["version"]
                await client.act(state["legal"][0], state["version"], ref="m")
            try:
                message = await asyncio.wait_for(client.recv(), 0.5)
            except TimeoutError:
                continue  # the other client's turn
            if message["type"] == "ack":
                accepted.append(message["version"])
            elif message["type"] == "error":
                assert message["code"] == "action/stale_state", message

    await asyncio.gather(*(play(client) for client in clients))
    return accepted


def test_people_connected_to_different_processes_play_one_table(
    start_node: Callable[..., RunningServer],
) -> None:
    first, second = start_node(), start_node()
    code = _two_people_table(first)
    seat0 = _join(first, code, 0, "Ane")
    seat1 = _join(second, code, 1, "Bea")  # taken by the owner (first) for the second
    assert seat1["seat"] == 1
    assert code in first.lobby.tables and code not in second.lobby.tables

    async def scenario() -> None:
        ane = await Client.open(first, code, seat0["token"])
        bea = await Client.open(second, code, seat1["token"])  # relayed to the owner
        try:
            for client in (ane, bea):
                await client.until(lambda m: m["type"] == "state" and m.get("view"))
            accepted = await _play_until([ane, bea], 6)
            for client in (ane, bea):  # each saw every move, made through either process
                while client.state is None or client.state["version"] < max(accepted):
                    await client.recv()
                seen = {m["version"] for m in client.messages if m["type"] == "state"}
                assert set(accepted) <= seen
            # the owner knows both people are connected: nobody plays for either
            seats = first.lobby.tables[code].seats
            assert all(s.connections for s in seats)
        finally:
            await ane.close()
            await bea.close()

    asyncio.run(scenario())
    assert code not in second.lobby.tables  # the relay never played the table


def test_a_stopping_process_hands_its_tables_over(
    start_node: Callable[..., RunningServer],
) -> None:
    first, second = start_node(), start_node()
    with first.http() as http:
        played = http.post("/api/play", json={"game": "putto", "level": "random",
                                              "players": 2})
    assert played.status_code == 201, played.text
    code, token = played.json()["code"], played.json()["token"]

    async def scenario() -> None:
        client = await Client.open(first, code, token)
        await client.until(lambda m: m["type"] == "state" and m.get("view"))
        await _play_until([client], 2)
        version = client.state["version"] if client.state else 0
        # SIGTERM's path: drain, then stop (serving.py); the client reconnects the moment it
        # is told to, while the first process is still shutting down
        stopping = asyncio.create_task(asyncio.to_thread(first.stop))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await client.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        # the lease was given up before the client was told to go: no process holds it now
        engine = make_engine(first.config.db_url)
        with engine.connect() as db:
            assert leases.owners(db, [code], now=time.time(), seconds=5.0) == {}
        engine.dispose()
        again = await Client.open(second, code, token)  # the client reconnects anywhere
        try:
            state = await again.until(lambda m: m["type"] == "state" and m.get("view"))
            assert state["version"] >= version  # nothing accepted was lost
            # one reconnection: the lease was already free, so the table is served here,
            # not relayed to the process that is leaving (which would close it once more)
            assert code in second.lobby.tables
            await _play_until([again], 2)
        finally:
            await again.close()
        await stopping

    asyncio.run(scenario())


def _beat(db: Any, process: str, now: float) -> dict[str, int]:
    """``process``'s heartbeat (its ``servers`` row made on first use, as ``serve`` makes it)."""
    db.execute(text("INSERT INTO servers (id, host, pid, started_at) VALUES (:id, 'test', 0, "
                    "now()) ON CONFLICT (id) DO NOTHING"), {"id": process})
    leases.beat(db, process, now=now)
    return leases.held(db, process)


def test_a_write_with_a_moved_lease_is_refused(pg_url: str) -> None:
    engine = make_engine(pg_url)
    upgrade(engine)
    with engine.begin() as db:
        store.create_table(db, code="FENCE1", game="punttu", players=2, config={})
        _beat(db, "old", now=100.0)
        old = leases.acquire(db, "FENCE1", "old", now=100.0, seconds=5.0)
        assert old == 1
        assert leases.acquire(db, "FENCE1", "new", now=101.0, seconds=5.0) is None  # live
        new = leases.acquire(db, "FENCE1", "new", now=106.0, seconds=5.0)  # "old" is quiet
        assert new == 2
    with pytest.raises(LeaseLost), engine.begin() as db:
        store.append_events(db, "FENCE1", [StoredEvent(1, "start", {})], token=old)
    with engine.begin() as db:
        store.append_events(db, "FENCE1", [StoredEvent(1, "start", {})], token=new)
        count = db.execute(text("SELECT count(*) FROM events WHERE table_code='FENCE1'"))
        assert count.scalar() == 1  # only the owner's write
        assert _beat(db, "old", now=107.0) == {}
        assert _beat(db, "new", now=107.0) == {"FENCE1": 2}
    engine.dispose()


def test_a_lease_lives_while_its_owner_beats_and_the_beat_rewrites_no_lease(pg_url: str) -> None:
    """A lease outlives its ``expires_at`` while its owner's heartbeat (one ``servers`` row)
    is fresh, and lapses ``lease_seconds`` after the last beat; the beat leaves every lease row
    as it was (PostgreSQL's ``xmin`` names the transaction that last wrote a row)."""
    engine = make_engine(pg_url)
    upgrade(engine)
    codes = [f"BEAT{n}" for n in range(3)]
    with engine.begin() as db:
        _beat(db, "a", now=100.0)
        for code in codes:
            store.create_table(db, code=code, game="punttu", players=2, config={})
            assert leases.acquire(db, code, "a", now=100.0, seconds=5.0) == 1
    written = "SELECT code, xmin::text FROM table_leases WHERE code LIKE 'BEAT%' ORDER BY code"
    with engine.connect() as db:
        before = db.execute(text(written)).all()
    for now in (104.0, 108.0, 112.0):
        with engine.begin() as db:
            assert _beat(db, "a", now=now) == dict.fromkeys(codes, 1)
    with engine.begin() as db:
        assert db.execute(text(written)).all() == before  # no lease row was written
        # long past expires_at (105), still live: "a" beat at 112
        assert leases.owners(db, codes, now=116.0, seconds=5.0) == dict.fromkeys(codes, "a")
        assert leases.acquire(db, "BEAT0", "b", now=116.0, seconds=5.0) is None
        assert not set(codes) & set(leases.claimable(db, now=116.0, seconds=5.0, limit=1000))
        # 5 s after the last beat, all of them lapse at once
        assert set(codes) <= set(leases.claimable(db, now=117.5, seconds=5.0, limit=1000))
        assert leases.acquire(db, "BEAT0", "b", now=117.5, seconds=5.0) == 2
    engine.dispose()


def test_a_new_table_is_leased_when_it_is_stored(
    start_node: Callable[..., RunningServer],
) -> None:
    """A table is never stored without its lease: in between, another process's look for
    tables to take over (``leases.claimable``) would take the fresh table, and its maker's
    lease would fail (an HTTP 500 seen with two processes making 2,000 tables). Each commit
    of the making process is followed here by that look."""
    server = start_node()
    writer = server.app.state.lobby.services.writer
    committed = writer.run
    claimable_after_commits: list[str] = []

    async def run_then_look(work: Any) -> Any:
        result = await committed(work)
        claimable_after_commits.extend(await writer.query(
            lambda db: leases.claimable(db, time.time(), 5.0, 100)))
        return result

    writer.run = run_then_look
    code = _two_people_table(server)
    assert server.app.state.cluster.tokens.get(code) is not None
    assert claimable_after_commits == []


def test_every_process_lists_every_open_table(
    start_node: Callable[..., RunningServer],
) -> None:
    first, second = start_node(), start_node()
    with first.http() as http:
        made = http.post("/api/tables", json={"game": "punttu", "players": 2, "options": {},
                                              "seats": [{"kind": "person"}] * 2,
                                              "public": True})
        hidden = http.post("/api/tables", json={"game": "putto", "players": 2, "options": {},
                                                "seats": [{"kind": "person"}] * 2})
    assert made.status_code == hidden.status_code == 201
    for server in (first, second):
        with server.http() as http:
            page = http.get("/api/tables").json()
        assert [t["code"] for t in page["tables"]] == [made.json()["code"]]
        assert page["total"] == 1
        assert page["tables"][0]["free_seats"] == [0, 1]


def _make(server: RunningServer) -> Any:
    with server.http() as http:
        return http.post("/api/tables", json={"game": "punttu", "players": 2, "options": {},
                                              "seats": [{"kind": "person"}] * 2})


def test_the_waiting_caps_count_every_process(
    start_node: Callable[..., RunningServer],
) -> None:
    """A client the balancer spreads over two processes has one share of waiting tables, not
    one per process; a table that started waits no more and frees its place (``caps.py``)."""
    first = start_node(max_waiting_per_address=2)
    second = start_node(max_waiting_per_address=2)
    made = [_make(first), _make(second)]
    assert [m.status_code for m in made] == [201, 201]
    refused = _make(second)
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"]["code"] == "lobby/too_many_yours"
    code = made[0].json()["code"]  # one of them starts (both seats taken)
    _join(first, code, 0, "Ana")
    _join(second, code, 1, "Bea")
    assert _make(second).status_code == 201


def test_the_cluster_holds_at_most_max_waiting_tables(
    start_node: Callable[..., RunningServer],
) -> None:
    first = start_node(max_waiting_tables=2)
    second = start_node(max_waiting_tables=2)
    assert [_make(first).status_code, _make(second).status_code] == [201, 201]
    full = _make(first)
    assert full.status_code == 503
    assert full.json()["error"]["code"] == "lobby/full"


def test_the_rate_limits_count_every_process(
    start_node: Callable[..., RunningServer],
) -> None:
    """In a cluster the rate counters live in its Redis: one budget per client address."""
    first = start_node(create_rate="3/minute", max_waiting_per_address=10)
    second = start_node(create_rate="3/minute", max_waiting_per_address=10)
    assert [_make(server).status_code for server in (first, second, first)] == [201] * 3
    refused = _make(second)
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "rate/limited"
    assert int(refused.headers["Retry-After"]) >= 1


def test_a_table_leased_during_the_renewals_read_is_not_lost(
    start_node: Callable[..., RunningServer], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A renewal reads the leases this process holds, in a reader thread; a table made while
    that read runs is leased after its snapshot. It must not be dropped as lost (it was: a 503
    ``table/moved`` on its first join, seen with two processes making 2,000 tables)."""
    server = start_node()
    cluster = server.app.state.cluster
    lost: list[str] = []
    monkeypatch.setattr(cluster, "lost", lost.append)
    reads: list[list[str]] = []
    read = leases.held

    def held_then_a_new_lease(db: Any, owner: str) -> dict[str, int]:
        answer = read(db, owner)
        reads.append(list(lost))  # what the renewals had found lost before this read
        if len(reads) == 1:
            cluster.tokens.setdefault("LATE01", 7)  # leased just after the read's snapshot
        return answer

    monkeypatch.setattr(leases, "held", held_then_a_new_lease)
    deadline = time.monotonic() + 10
    while len(reads) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(reads) >= 2, "no renewal ran"
    assert "LATE01" not in reads[1]


def test_a_lease_is_lost_only_if_known_before_the_read() -> None:
    from cardtable.server.cluster.cluster import lost_leases

    known = {"KEPT01": 1, "MOVED1": 2, "GONE01": 3, "DONE01": 4}
    now = {"KEPT01": 1, "MOVED1": 2, "GONE01": 3, "LATE01": 5}  # DONE01 let go, LATE01 new
    held = {"KEPT01": 1, "MOVED1": 9}
    assert lost_leases(known, now, held) == ["MOVED1", "GONE01"]


@pytest.fixture
def quick_bus(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bus checked four times as often and a question to it given up after 1 s instead of
    2 (``bus.py``'s ``CHECK_SECONDS``, ``ASK_SECONDS``; the servers run in this process): an
    outage is found in under 1.5 s instead of 3, still far above a local Redis's answer."""
    monkeypatch.setattr(bus, "CHECK_SECONDS", 0.25)
    monkeypatch.setattr(bus, "ASK_SECONDS", 1.0)


def test_a_stalled_redis_closes_a_new_connection_with_try_again(
    start_node: Callable[..., RunningServer], redis_server: RedisServer,  # noqa: F811
    quick_bus: None,
) -> None:
    """Redis stopped with SIGSTOP (a stall, not a refusal): a person connecting to the process
    that does not own the table is told ``server/bus_unavailable`` in their language and the
    connection closes with 1013, instead of hanging or closing without a code."""
    import os
    import signal

    import websockets

    owner, other = start_node(), start_node()
    code = _two_people_table(owner)

    async def run() -> tuple[dict[str, Any], int | None]:
        async with websockets.connect(f"{other.ws_url}/ws/{code}",
                                      additional_headers={"Accept-Language": "pt-BR"}) as ws:
            refusal = json.loads(await asyncio.wait_for(ws.recv(), 20))
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 20)
            return refusal, ws.close_code

    os.kill(redis_server.process.pid, signal.SIGSTOP)
    try:
        refusal, close_code = asyncio.run(run())
    finally:
        os.kill(redis_server.process.pid, signal.SIGCONT)
    assert refusal["code"] == "server/bus_unavailable", refusal
    assert refusal["message"].startswith("os servidores"), refusal
    assert close_code == 1013


# -- the bus away: nobody connected is replaced by a stand-in --------------------------------------

#: The grace period of the outage tests: each outage lasts three of them. While the bus is
#: away no grace period ends in a stand-in however short it is (``busstate.py``), so a short
#: one shows that as well as a long one.
GRACE = 0.5


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis of the test's own, to stop, restart or stall without the others noticing."""
    import os
    import signal

    folder = tmp_path / "redis"
    folder.mkdir()
    server = RedisServer(folder)
    yield server
    if server.process.poll() is None:
        os.kill(server.process.pid, signal.SIGCONT)
        server.stop()


@pytest.mark.parametrize("outage", ["stopped", "stalled"])
def test_a_person_relayed_through_a_bus_outage_is_told_and_never_replaced(
    tmp_path: Path, pg_cluster: PgCluster, own_redis: RedisServer, outage: str,
    quick_bus: None,
) -> None:
    """Redis stopped (or stalled with SIGSTOP) for three grace periods while Bea plays through
    the process that does not own her table: she is told ``server/bus_unavailable`` in her
    language with a 1013 close, the owner keeps her seat as connected all along (no stand-in),
    and once Redis is back she reconnects through the same process and plays on."""
    import os
    import signal

    url = pg_cluster.new_database()
    nodes = [RunningServer(make_config(tmp_path, db=url, redis_url=own_redis.url,
                                       lease_seconds=2.0, grace_seconds=GRACE))
             for _ in range(2)]
    owner, other = nodes
    try:
        code = _two_people_table(owner)
        seat0, seat1 = _join(owner, code, 0, "Ane"), _join(other, code, 1, "Bea")
        seats = owner.lobby.tables[code].seats
        away: list[bool] = []

        async def watch(seconds: float) -> None:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                away.append(seats[1].away)
                await asyncio.sleep(0.05)

        async def scenario() -> None:
            ane = await Client.open(owner, code, seat0["token"])
            bea = Client(await websockets.connect(f"{other.ws_url}/ws/{code}?lang=pt_BR"))
            await bea.send({"type": "hello", "v": 1, "token": seat1["token"]})
            for client in (ane, bea):
                await client.until(lambda m: m["type"] == "state" and m.get("view"))
            if outage == "stopped":
                own_redis.stop()
            else:
                os.kill(own_redis.process.pid, signal.SIGSTOP)
            told = await bea.until(lambda m: m["type"] == "error")
            assert told["code"] == "server/bus_unavailable", told
            assert told["message"].startswith("os servidores"), told
            with pytest.raises(ConnectionClosed):
                await bea.recv()
            assert bea.ws.close_code == 1013
            await watch(3 * GRACE)  # a stand-in would have come after one
            assert seats[1].connections, "the owner no longer counts Bea as connected"
            if outage == "stopped":
                own_redis.start()
            else:
                os.kill(own_redis.process.pid, signal.SIGCONT)
            while any(node.lobby.services.bus.down for node in nodes):
                await watch(0.1)
            again = await Client.open(other, code, seat1["token"])
            try:
                await again.until(lambda m: m["type"] == "state" and m.get("view"))
                await watch(GRACE)  # the old relayed client is dropped; Bea's new one stays
                assert len(await _play_until([ane, again], 2)) >= 2
            finally:
                await ane.close()
                await again.close()

        asyncio.run(scenario())
        assert away and not any(away), "a stand-in took Bea's seat while she was connected"
    finally:
        for node in nodes:
            node.stop()
