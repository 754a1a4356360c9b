"""Limits for anonymous clients (issue 14 §5; ``docs/protocol.md``, "Limits for anonymous
clients"): rate limits on making tables and taking seats, caps on waiting tables, the expiry
sweep (driven by the services' clock, no sleeps), the paginated open list of public tables,
chat and hint limits per seat and per address, and one rule for a person who never connects."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.server import RunningServer, in_process_services
from websockets.asyncio.client import connect

from cardtable.server.lobby.lobby import Lobby
from cardtable.server.storage import store
from cardtable.server.tables.table import Connection, SeatPlan, Table, TableConfig
from cardtable.server.transport.errors import ServerError

#: The longest a test waits for something the event loop does by itself.
WAIT = 20.0

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


class Clock:
    """The services' clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def people(n: int, game: str = "punttu", **options: Any) -> TableConfig:
    return TableConfig(game=game, players=n, options=options,
                       seats=tuple(SeatPlan(kind="person") for _ in range(n)))


async def until(condition: Callable[[], bool]) -> None:
    """Let the loop run until ``condition()`` holds (bounded)."""
    async with asyncio.timeout(WAIT):
        while not condition():
            await asyncio.sleep(0.01)


# -- rate limits and caps over HTTP ----------------------------------------------------------------


def test_making_tables_is_rate_limited_per_address(start_server: Any) -> None:
    server: RunningServer = start_server(create_rate="3/minute")
    with server.http() as http:
        made = [http.post("/api/tables", json={"game": "punttu"}) for _ in range(2)]
        made.append(http.post("/api/play", json={"game": "punttu"}))  # counts as well
        assert [r.status_code for r in made] == [201, 201, 201]
        refused = http.post("/api/tables", json={"game": "punttu"})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate/limited"
        assert refused.json()["error"]["message"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert http.post("/api/play", json={"game": "punttu"}).status_code == 429
    assert len(server.lobby.tables) == 3  # nothing was made for the refused requests


def test_taking_seats_is_rate_limited_per_address(start_server: Any) -> None:
    server: RunningServer = start_server(join_rate="2/minute")
    with server.http() as http:
        code = http.post("/api/tables", json={"game": "punttu", "players": 4,
                                              "seats": [{"kind": "person"}] * 4}).json()["code"]
        for seat in (0, 1):
            http.cookies.clear()  # another person: one seat per player (docs/ratings.md)
            joined = http.post(f"/api/tables/{code}/join", json={"name": "a", "seat": seat})
            assert joined.status_code == 200
        http.cookies.clear()
        refused = http.post(f"/api/tables/{code}/join", json={"name": "c", "seat": 2})
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate/limited"
        assert int(refused.headers["Retry-After"]) >= 1
    assert server.lobby.tables[code].free_seats() == [2, 3]


@pytest.mark.parametrize("trusted", [False, True])
def test_x_forwarded_for_names_the_client_only_from_a_trusted_proxy(
    start_server: Any, trusted: bool
) -> None:
    server: RunningServer = start_server(create_rate="1/minute",
                                         forwarded_allow_ips="127.0.0.1" if trusted else "")
    with server.http() as http:
        first = http.post("/api/tables", json={"game": "punttu"},
                          headers={"X-Forwarded-For": "203.0.113.1"})
        second = http.post("/api/tables", json={"game": "punttu"},
                           headers={"X-Forwarded-For": "203.0.113.2"})
    assert first.status_code == 201
    # trusted: two clients behind the proxy; else one client (the peer) claiming two addresses
    assert second.status_code == (201 if trusted else 429)


def test_waiting_tables_are_capped_per_address(start_server: Any) -> None:
    server: RunningServer = start_server(max_waiting_per_address=2)
    with server.http() as http:
        for _ in range(2):
            assert http.post("/api/tables", json={"game": "punttu"}).status_code == 201
        refused = http.post("/api/tables", json={"game": "punttu"})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "lobby/too_many_yours"
        assert "2" in refused.json()["error"]["message"]
        # a game against bots starts at once: it never waits, so it is not capped
        assert http.post("/api/play", json={"game": "punttu"}).status_code == 201


def test_waiting_tables_are_capped_on_the_server(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db", max_waiting_tables=3,
                                               max_waiting_per_address=2)
        lobby = Lobby(services)
        # one each: no address holds more than a newcomer's fair share (test_fairshare)
        for address in ("10.0.0.1", "10.0.0.2", "10.0.0.4"):
            await lobby.create(people(2), address)
        with pytest.raises(ServerError) as refused:
            await lobby.create(people(2), "10.0.0.3")
        assert refused.value.code == "lobby/full"
        solo = lobby.quick_config("punttu", 2, "random", {})
        table = await lobby.create(solo, "10.0.0.3", waits=False)  # /api/play: not capped
        await lobby.join(table.code, 0, "me")
        await lobby.close()
        await writer.close()

    asyncio.run(scenario())


# -- the open list ---------------------------------------------------------------------------------


def test_the_open_list_is_paginated_and_lists_only_public_tables(start_server: Any) -> None:
    server: RunningServer = start_server(page_size=2, max_page_size=3)
    with server.http() as http:
        public = sorted(
            http.post("/api/tables", json={"game": "punttu", "public": True}).json()["code"]
            for _ in range(4)
        )
        private = http.post("/api/tables", json={"game": "punttu"}).json()["code"]
        friends = http.post("/api/tables", json={
            "game": "punttu", "players": 2, "seats": TWO_PEOPLE, "public": False,
        }).json()["code"]
        solo = http.post("/api/play", json={"game": "punttu"}).json()["code"]
        first = http.get("/api/tables").json()
        assert first["total"] == 5 and first["limit"] == 2 and first["offset"] == 0
        assert [t["code"] for t in first["tables"]] == public[:2]
        rest = http.get("/api/tables", params={"limit": 100, "offset": 2}).json()
        assert rest["limit"] == 3  # the server's maximum page size
        assert [t["code"] for t in rest["tables"]] == [*public[2:], solo]
        assert rest["tables"][-1]["status"] == "running"  # a game against bots, to watch
        assert http.get("/api/tables", params={"offset": 99}).json()["tables"] == []
        assert http.get("/api/tables", params={"limit": 0}).status_code == 422
        assert http.get("/api/tables", params={"offset": -1}).status_code == 422
        for code in (private, friends):  # unlisted, still found by their link
            assert http.get(f"/api/tables/{code}").status_code == 200


def test_a_public_table_stays_public_after_a_restart(start_server: Any) -> None:
    server: RunningServer = start_server()
    with server.http() as http:
        listed = http.post("/api/tables", json={"game": "punttu", "public": True}).json()["code"]
        http.post("/api/tables", json={"game": "punttu"})
    server.stop()
    again: RunningServer = start_server()
    with again.http() as http:
        page = http.get("/api/tables").json()
    assert [t["code"] for t in page["tables"]] == [listed] and page["total"] == 1


# -- expiry ----------------------------------------------------------------------------------------


def test_a_waiting_table_nobody_is_at_expires(tmp_path: Path) -> None:
    clock = Clock()

    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db", clock=clock,
                                               waiting_minutes=30)
        lobby = Lobby(services)
        table = await lobby.create(people(2), "10.0.0.1")
        await lobby.join(table.code, 0, "ana")
        clock.now += 29 * 60
        assert await lobby.sweep() == []
        clock.now += 60
        assert await lobby.sweep() == [table.code]
        assert table.code not in lobby.tables and lobby.open_tables(10) == ([], 0)
        stored = writer.read(lambda db: store.load_table(db, table.code))
        assert stored is not None and stored.status == "expired"
        assert [s.seat for s in stored.seats] == [0]  # kept as it was
        with pytest.raises(ServerError) as gone:
            lobby.get(table.code)
        assert gone.value.code == "table/expired"
        assert lobby.get(table.code, archived=True).status == "expired"
        # a new server does not bring it back, and it no longer counts toward the caps
        again = Lobby(services)
        assert again.rebuild() == 0
        await lobby.close()
        await writer.close()

    asyncio.run(scenario())


def test_a_connected_person_keeps_a_waiting_table(tmp_path: Path) -> None:
    clock = Clock()

    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db", clock=clock)
        lobby = Lobby(services)
        table = await lobby.create(people(3), "10.0.0.1")
        await lobby.join(table.code, 0, "ana")
        await lobby.join(table.code, 1, "bea")  # never connects
        ana = Connection(0, "en")
        await table.presence.attach(ana)
        clock.now += 31 * 60
        assert await lobby.sweep() == []
        assert table.status == "waiting" and lobby.tables[table.code] is table
        # bea's seat, whose person never came, is free again; ana's is kept
        assert table.free_seats() == [1, 2] and table.seats[0].name == "ana"
        stored = writer.read(lambda db: store.load_table(db, table.code))
        assert stored is not None and [s.seat for s in stored.seats] == [0]
        await lobby.join(table.code, 1, "cai")  # taken again by someone else
        await lobby.close()
        await writer.close()

    asyncio.run(scenario())


def test_an_abandoned_running_table_expires(tmp_path: Path) -> None:
    clock = Clock()

    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db", clock=clock,
                                               waiting_minutes=30, abandoned_hours=6)
        lobby = Lobby(services)
        table = await lobby.create(people(2), "10.0.0.1")
        await lobby.join(table.code, 0, "ana")
        await lobby.join(table.code, 1, "bea")
        assert table.status == "running"
        clock.now += 60 * 60  # a waiting table would have expired by now
        assert await lobby.sweep() == []
        clock.now += 5 * 3600
        assert await lobby.sweep() == [table.code]
        assert table.code not in lobby.tables and table.code not in lobby.graces
        assert all(s.grace is None or s.grace.done() for s in table.seats)
        await asyncio.sleep(0)
        pending = table.scheduler.pending
        assert pending is None or pending.done()  # no bot or timer left
        stored = writer.read(lambda db: store.load_table(db, table.code))
        assert stored is not None and stored.status == "expired"
        assert [e.kind for e in stored.events][:2] == ["start", "deal"]  # its events kept
        await lobby.close()
        await writer.close()

    asyncio.run(scenario())


def test_an_expired_table_says_so_over_http_and_the_websocket(start_sqlite_server: Any) -> None:
    server: RunningServer = start_sqlite_server()
    with server.http() as http:
        made = http.post("/api/tables", json={"game": "punttu", "public": True}).json()
    server.stop()

    async def expire() -> None:  # what the sweep of the stopped server would have done
        clock = Clock()
        writer, services = in_process_services(server.config.data_dir / "cardtable.db",
                                               clock=clock)
        lobby = Lobby(services)
        assert lobby.rebuild() == 1
        await lobby.load_noted()
        clock.now += 31 * 60
        assert await lobby.sweep() == [made["code"]]
        await writer.close()

    asyncio.run(expire())
    again: RunningServer = start_sqlite_server()
    with again.http() as http:
        gone = http.get(f"/api/tables/{made['code']}")
        assert gone.status_code == 410 and gone.json()["error"]["code"] == "table/expired"
        assert http.get("/api/tables").json()["total"] == 0
        joined = http.post(f"/api/tables/{made['code']}/join", json={"name": "x"})
        assert joined.status_code == 410

    async def watch() -> None:
        async with connect(f"{again.ws_url}/ws/{made['code']}", open_timeout=WAIT) as ws:
            refusal = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
        assert refusal["type"] == "error" and refusal["code"] == "table/expired"

    asyncio.run(watch())


# -- a person who never connects -------------------------------------------------------------------


def test_a_person_who_never_connects_gets_a_stand_in_at_the_start_and_after_a_restart(
    tmp_path: Path,
) -> None:
    """The rule: once the table runs, a person's seat with no connection gets the grace period,
    then a stand-in bot — whether they never connected since the start or since a restart."""

    async def scenario() -> None:
        # the stand-ins wait a little before each move, so the long match is far from over
        writer, services = in_process_services(tmp_path / "t.db", grace_seconds=0,
                                               bot_delay=0.02)
        lobby = Lobby(services)
        table = await lobby.create(people(2, deals=20), "10.0.0.1")
        await lobby.join(table.code, 0, "ana")
        await lobby.join(table.code, 1, "bea")  # the table starts: nobody has connected
        assert table.status == "running" and table.state.last is None
        await until(lambda: all(s.away for s in table.seats))
        await until(lambda: table.state.last is not None)  # the stand-ins play
        assert table.state.last is not None and table.state.last["by"] == "away"
        await lobby.close()
        # after a restart: the same rule for the same seats
        again = Lobby(services)
        assert again.rebuild() == 1
        await again.load_noted()  # (grace 0: the seats may be away at once, as the rule says)
        rebuilt = again.tables[table.code]
        again.resume()
        await until(lambda: all(s.away for s in rebuilt.seats))
        moved = rebuilt.version
        await until(lambda: rebuilt.version > moved)
        assert rebuilt.state.last is not None and rebuilt.state.last["by"] == "away"
        await again.close()
        await writer.close()

    asyncio.run(scenario())


def test_the_grace_at_the_start_is_fresh_for_a_seat_left_while_waiting(tmp_path: Path) -> None:
    """A person who left while the table waited is not played for at once when it starts:
    their seat gets the whole grace period then, as after a restart."""

    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db", grace_seconds=3600)
        lobby = Lobby(services)
        table = await lobby.create(people(2), "10.0.0.1")
        await lobby.join(table.code, 0, "ana")
        ana = Connection(0, "en")
        await table.presence.attach(ana)
        await table.presence.detach(ana)
        table.seats[0].away = True  # as if her grace had run out while the table waited
        await lobby.join(table.code, 1, "bea")
        assert table.status == "running"
        assert not any(s.away for s in table.seats)
        loop = asyncio.get_running_loop()
        assert lobby.graces[table.code].when() - loop.time() > 3500  # the whole grace
        await lobby.close()
        # after a restart the same: the whole grace for each, nobody away yet
        again = Lobby(services)
        again.rebuild()
        await again.load_noted()
        again.resume()
        rebuilt = again.tables[table.code]
        assert not any(s.away for s in rebuilt.seats)
        assert again.graces[table.code].when() - loop.time() > 3500
        await again.close()
        await writer.close()

    asyncio.run(scenario())


def test_a_waiting_seat_is_freed_the_same_way_after_a_restart(tmp_path: Path) -> None:
    clock = Clock()

    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db", clock=clock,
                                               grace_seconds=0)
        lobby = Lobby(services)
        table = await lobby.create(people(3), "10.0.0.1")
        await lobby.join(table.code, 0, "ana")
        await lobby.join(table.code, 1, "bea")
        await lobby.close()
        again = Lobby(services)
        again.rebuild()
        await again.load_noted()
        again.resume()
        rebuilt = again.tables[table.code]
        await asyncio.sleep(0)
        assert not any(s.away for s in rebuilt.seats)  # no stand-in is promised before the start
        ana = Connection(0, "en")
        await rebuilt.presence.attach(ana)
        clock.now += 31 * 60
        assert await again.sweep() == []
        assert rebuilt.free_seats() == [1, 2]
        await again.close()
        await writer.close()

    asyncio.run(scenario())


# -- chat and hints: per seat and per address ------------------------------------------------------


async def _two_people_table(tmp_path: Path, **config: Any) -> tuple[Any, Lobby, Table]:
    writer, services = in_process_services(tmp_path / "t.db", **config)
    lobby = Lobby(services)
    table = await lobby.create(people(2), "10.0.0.1")
    await lobby.join(table.code, 0, "ana")
    await lobby.join(table.code, 1, "bea")
    return writer, lobby, table


def test_chat_is_limited_per_seat_whatever_its_connections(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, lobby, table = await _two_people_table(tmp_path, chat_burst=2,
                                                       chat_address_burst=100)
        tab1, tab2 = Connection(0, "en", "10.0.0.1"), Connection(0, "en", "10.0.0.2")
        other = Connection(1, "en", "10.0.0.3")
        for connection in (tab1, tab2, other):
            await table.presence.attach(connection)
        await table.talk.chat(tab1, "one")
        await table.talk.chat(tab2, "two")
        with pytest.raises(ServerError) as refused:
            await table.talk.chat(tab1, "three")  # another tab of the same seat: the same budget
        assert refused.value.code == "chat/rate_limited"
        await table.talk.chat(other, "hello")  # another seat has its own
        await lobby.close()
        await writer.close()

    asyncio.run(scenario())


def test_chat_is_limited_per_address_across_seats(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, lobby, table = await _two_people_table(tmp_path, chat_burst=5,
                                                       chat_address_burst=3)
        ana, bea = Connection(0, "en", "10.0.0.9"), Connection(1, "en", "10.0.0.9")
        for connection in (ana, bea):
            await table.presence.attach(connection)
        await table.talk.chat(ana, "1")
        await table.talk.chat(ana, "2")
        await table.talk.chat(bea, "3")
        with pytest.raises(ServerError) as refused:
            await table.talk.chat(bea, "4")
        assert refused.value.code == "chat/rate_limited"
        await lobby.close()
        await writer.close()

    asyncio.run(scenario())


def test_hints_are_limited_per_seat_and_per_address(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, lobby, table = await _two_people_table(tmp_path, hint_burst=1,
                                                       hint_address_burst=100, hint_seconds=0.01)
        mover, _phase = table.mover()
        assert mover is not None
        hint = await table.talk.hint(mover, table.version, "10.0.0.1")
        assert hint["type"] == "hint"
        with pytest.raises(ServerError) as refused:
            await table.talk.hint(mover, table.version, "10.0.0.2")  # another tab, another address
        assert refused.value.code == "hint/rate_limited"
        await lobby.close()
        await writer.close()

        writer, lobby, table = await _two_people_table(tmp_path / "b", hint_burst=100,
                                                       hint_address_burst=2, hint_seconds=0.01)
        mover, _phase = table.mover()
        assert mover is not None
        for _ in range(2):
            await table.talk.hint(mover, table.version, "10.0.0.1")
        with pytest.raises(ServerError) as refused:
            await table.talk.hint(mover, table.version, "10.0.0.1")
        assert refused.value.code == "hint/rate_limited"
        await lobby.close()
        await writer.close()

    (tmp_path / "b").mkdir()
    asyncio.run(scenario())


def test_a_refused_hint_does_not_count(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, lobby, table = await _two_people_table(tmp_path, hint_burst=1, hint_seconds=0.01)
        mover, _phase = table.mover()
        assert mover is not None
        with pytest.raises(ServerError) as stale:
            await table.talk.hint(mover, table.version - 1, "10.0.0.1")
        assert stale.value.code == "action/stale_state"
        assert (await table.talk.hint(mover, table.version, "10.0.0.1"))["type"] == "hint"
        await lobby.close()
        await writer.close()

    asyncio.run(scenario())


def test_limits_are_settings(tmp_path: Path) -> None:
    from cardtable.errors import CardtableError
    from cardtable.server.config import ServerConfig

    config = ServerConfig.from_env({"CARDTABLE_CREATE_RATE": "2/second",
                                    "CARDTABLE_MAX_WAITING_TABLES": "7",
                                    "CARDTABLE_WAITING_MINUTES": "1.5",
                                    "CARDTABLE_RATE_STORAGE": "memory://"})
    assert config.create_rate == "2/second" and config.max_waiting_tables == 7
    assert config.waiting_minutes == 1.5
    with pytest.raises(CardtableError, match="create_rate"):
        ServerConfig.from_env({"CARDTABLE_CREATE_RATE": "lots"})
    with pytest.raises(CardtableError, match="max_page_size"):
        ServerConfig.from_env({"CARDTABLE_PAGE_SIZE": "500"})
