"""A fair share per client, not per address: a full lobby makes room for a newcomer from the
address holding the most waiting tables; bots-only tables nobody watches expire quickly; the
hard bots serve attended tables first (test_pool); WebSockets are capped per address and per
seat, with documented close codes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.server import RunningServer, in_process_services, quick_play
from tests.server.test_limits import Clock, people
from websockets.asyncio.client import connect

from cardtable.server.lobby.connlimit import CLOSE_TOO_MANY, ConnectionCaps
from cardtable.server.lobby.lobby import Lobby, expiry
from cardtable.server.lobby.who import Client
from cardtable.server.transport.errors import ServerError

WAIT = 20.0


def test_a_full_lobby_makes_room_from_the_address_holding_the_most(tmp_path: Path) -> None:
    clock = Clock()

    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db", clock=clock,
                                               max_waiting_tables=4, max_waiting_per_address=3)
        lobby = Lobby(services)
        flood = []
        for _ in range(3):
            flood.append(await lobby.create(people(2), "10.6.6.6"))
            clock.now += 1
        other = await lobby.create(people(2), "10.0.0.2")
        # full: the newcomer gets a table, the flooding address's oldest gives way
        mine = await lobby.create(people(2), "10.0.0.3")
        assert flood[0].code not in lobby.tables and flood[0].status == "expired"
        assert {flood[1].code, flood[2].code, other.code, mine.code} <= set(lobby.tables)
        clock.now += 1
        fourth = await lobby.create(people(2), "10.0.0.4")  # 2 against 0: one more gives way
        assert flood[1].status == "expired" and fourth.code in lobby.tables
        # now every address holds one: no fair room is left, and nothing changes
        with pytest.raises(ServerError) as full:
            await lobby.create(people(2), "10.0.0.5")
        assert full.value.code == "lobby/full"
        assert len([t for t in lobby.tables.values() if t.status == "waiting"]) == 4
        await lobby.close()
        await writer.close()

    asyncio.run(scenario())


def test_an_attended_waiting_table_is_never_given_up(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db", max_waiting_tables=2,
                                               max_waiting_per_address=5)
        lobby = Lobby(services)
        a = await lobby.create(people(2), "10.6.6.6")
        b = await lobby.create(people(2), "10.6.6.6")
        for table in (a, b):
            table.spectators.add(object())  # someone is looking at each
        with pytest.raises(ServerError) as full:
            await lobby.create(people(2), "10.0.0.2")
        assert full.value.code == "lobby/full"
        assert a.status == b.status == "waiting"
        for table in (a, b):
            table.spectators.clear()
        await lobby.close()
        await writer.close()

    asyncio.run(scenario())


def test_a_bots_only_table_nobody_watches_expires_in_minutes_not_hours() -> None:
    assert expiry.idle_limit("running", 30, 6, unattended_minutes=5) == 5 * 60
    assert expiry.idle_limit("running", 30, 6) == 6 * 3600  # a table with people's seats
    assert expiry.idle_limit("waiting", 30, 6, unattended_minutes=5) == 30 * 60
    assert expiry.idle_limit("running", 30, 0.05, unattended_minutes=5) == 0.05 * 3600


def test_the_connections_of_a_client_are_counted_and_capped() -> None:
    caps = ConnectionCaps(2)
    ana, bea = Client("10.0.0.1"), Client("10.0.0.2")
    assert caps.enter(ana) and caps.enter(ana)
    assert not caps.enter(ana)  # over: nothing counted
    assert caps.open(ana) == 2 and caps.enter(bea)
    caps.leave(ana)
    assert caps.enter(ana)
    # once a player is verified, their connections are counted by player, not address
    assert caps.enter(Client("10.0.0.1", player="p1"))


def test_websockets_over_the_address_cap_are_closed_with_their_code(
    start_sqlite_server: Any
) -> None:
    server: RunningServer = start_sqlite_server(max_connections_per_address=3)
    joined = quick_play(server, "punttu")

    async def scenario() -> None:
        url = f"{server.ws_url}/ws/{joined['code']}"
        kept = [await connect(url) for _ in range(3)]
        for ws in kept:
            await ws.send(json.dumps({"type": "hello", "v": 1}))
            await asyncio.wait_for(ws.recv(), WAIT)  # watching
        refused = await connect(url)
        answer = json.loads(await asyncio.wait_for(refused.recv(), WAIT))
        assert answer["type"] == "error" and answer["code"] == "connection/too_many"
        await asyncio.wait_for(refused.wait_closed(), WAIT)
        assert refused.close_code == CLOSE_TOO_MANY
        await kept[0].close()  # one closes: once the server has seen it, one more may open
        async with asyncio.timeout(WAIT):
            while server.lobby.connection_caps.open(Client("127.0.0.1")) > 2:
                await asyncio.sleep(0.01)
        again = await connect(url)
        await again.send(json.dumps({"type": "hello", "v": 1}))
        assert json.loads(await asyncio.wait_for(again.recv(), WAIT))["type"] != "error"
        for ws in (again, *kept[1:]):
            await ws.close()

    asyncio.run(scenario())


def test_a_seat_token_holds_a_bounded_number_of_connections(start_sqlite_server: Any) -> None:
    server: RunningServer = start_sqlite_server(max_connections_per_seat=2)
    joined = quick_play(server, "punttu")

    async def scenario() -> None:
        url = f"{server.ws_url}/ws/{joined['code']}"
        hello = json.dumps({"type": "hello", "v": 1, "token": joined["token"]})
        kept = []
        for _ in range(2):
            ws = await connect(url)
            await ws.send(hello)
            assert json.loads(await asyncio.wait_for(ws.recv(), WAIT))["type"] != "error"
            kept.append(ws)
        extra = await connect(url)
        await extra.send(hello)
        answer = json.loads(await asyncio.wait_for(extra.recv(), WAIT))  # before any state
        assert answer["type"] == "error" and answer["code"] == "connection/seat_full"
        await asyncio.wait_for(extra.wait_closed(), WAIT)
        assert extra.close_code == 4401
        for ws in kept:
            await ws.close()

    asyncio.run(scenario())
