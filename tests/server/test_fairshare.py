"""A fair share per person, not per address: a full lobby makes room for a newcomer from the
player (else address) holding the most waiting tables; a player's waiting tables and
connections are capped over every address they use, and an address's only as a backstop (a
family behind one router); bots-only tables nobody watches expire quickly; the
hard bots serve attended tables first (test_pool); WebSockets are capped per address and per
seat, with documented close codes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
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


def _refused(caps: ConnectionCaps, client: Client) -> tuple[str, int] | None:
    refusal = caps.enter(client)
    return None if refusal is None else (refusal.code, refusal.details["limit"])


def test_the_connections_of_a_client_are_counted_and_capped() -> None:
    caps = ConnectionCaps(per_player=100, per_address=2)  # no player: the address's cap
    ana, bea = Client("10.0.0.1"), Client("10.0.0.2")
    assert _refused(caps, ana) is None and _refused(caps, ana) is None
    assert _refused(caps, ana) == ("connection/too_many", 2)  # over: nothing counted
    assert caps.open(ana) == 2 and _refused(caps, bea) is None
    caps.leave(ana)
    assert _refused(caps, ana) is None


def test_a_players_connections_are_capped_across_their_addresses() -> None:
    caps = ConnectionCaps(per_player=2, per_address=100)
    assert _refused(caps, Client("10.0.0.1", player="p1")) is None
    assert _refused(caps, Client("10.0.0.2", player="p1")) is None  # another address
    assert _refused(caps, Client("10.0.0.3", player="p1")) == ("connection/too_many_yours", 2)
    assert _refused(caps, Client("10.0.0.1", player="p2")) is None  # someone else there


def test_a_family_behind_one_address_shares_its_backstop_not_one_persons_cap() -> None:
    """Three players behind one router: each has their own share, more than one person's in
    all, and the address's cap still bounds them (a script minting players gets no more)."""
    caps = ConnectionCaps(per_player=2, per_address=5)
    home = [Client("10.9.9.9", player=p) for p in ("mum", "dad", "kid")]
    for person in home[:2]:
        assert _refused(caps, person) is None and _refused(caps, person) is None
    assert _refused(caps, home[2]) is None  # 5 from one address: more than one person's 2
    assert _refused(caps, home[2]) == ("connection/too_many", 5)
    assert _refused(caps, Client("10.9.9.9")) == ("connection/too_many", 5)
    caps.leave(home[0])
    assert _refused(caps, home[2]) is None


def _in_lobby(tmp_path: Path, play: Callable[[Lobby], Awaitable[None]], **settings: Any) -> None:
    """``play`` against a lobby of its own (in process, on SQLite), closed after."""

    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db", **settings)
        lobby = Lobby(services)
        try:
            await play(lobby)
        finally:
            await lobby.close()
            await writer.close()

    asyncio.run(scenario())


def test_a_player_holds_their_share_of_waiting_tables_over_every_address(
    tmp_path: Path,
) -> None:
    async def play(lobby: Lobby) -> None:
        await lobby.create(people(2), "10.0.0.1", player="p1")
        await lobby.create(people(2), "10.0.0.2", player="p1")
        with pytest.raises(ServerError) as yours:
            await lobby.create(people(2), "10.0.0.3", player="p1")
        assert yours.value.code == "lobby/too_many_yours" and yours.value.details["limit"] == 2
        anonymous = [await lobby.create(people(2), "10.0.0.4") for _ in range(5)]
        with pytest.raises(ServerError) as address:  # no player: its address, the address's cap
            await lobby.create(people(2), "10.0.0.4")
        assert address.value.code == "lobby/too_many_yours"
        assert address.value.details["limit"] == 5
        assert all(t.status == "waiting" for t in anonymous)

    _in_lobby(tmp_path, play, max_waiting_per_player=2, max_waiting_per_address=5)


def test_a_family_behind_one_address_each_gets_their_waiting_tables(tmp_path: Path) -> None:
    async def play(lobby: Lobby) -> None:
        for player in ("mum", "mum", "dad", "dad", "kid"):
            await lobby.create(people(2), "10.9.9.9", player=player)  # 5: beyond one's 2
        for player in ("kid", "gran", None):
            with pytest.raises(ServerError) as here:
                await lobby.create(people(2), "10.9.9.9", player=player)
            assert here.value.code == "lobby/too_many_here", player
            assert here.value.details["limit"] == 5
        await lobby.create(people(2), "10.0.0.2", player="kid")  # from elsewhere: their own

    _in_lobby(tmp_path, play, max_waiting_per_player=2, max_waiting_per_address=5)


def test_a_full_lobby_makes_room_from_the_player_holding_the_most(tmp_path: Path) -> None:
    """A player spreading their waiting tables over addresses is still the heaviest holder."""
    clock = Clock()

    async def play(lobby: Lobby) -> None:
        flood = []
        for address in ("10.6.6.1", "10.6.6.2", "10.6.6.3"):
            flood.append(await lobby.create(people(2), address, player="p1"))
            clock.now += 1
        other = await lobby.create(people(2), "10.0.0.2", player="p2")
        mine = await lobby.create(people(2), "10.6.6.1", player="p3")  # p1's first address
        assert flood[0].status == "expired"
        assert {flood[1].code, flood[2].code, other.code, mine.code} <= set(lobby.tables)

    _in_lobby(tmp_path, play, clock=clock, max_waiting_tables=4, max_waiting_per_player=3,
              max_waiting_per_address=3)


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


def test_the_lobby_counts_the_player_of_the_cookie_over_their_addresses(
    start_sqlite_server: Any,
) -> None:
    """Over HTTP: one player's second waiting table from another address is refused; someone
    else from that address (no cookie) still gets theirs; and one WebSocket of the player's is
    their share of connections, from any address."""
    server: RunningServer = start_sqlite_server(
        forwarded_allow_ips="127.0.0.1", max_waiting_per_player=1, max_waiting_per_address=5,
        max_connections_per_player=1, max_connections_per_address=5)
    friends = {"game": "punttu", "players": 2, "options": {},
               "seats": [{"kind": "person"}, {"kind": "person"}]}
    with server.http() as http:
        assert http.get("/api/me").status_code == 200  # the player's cookie, set
        cookie = http.cookies.get("cardtable_player")
        assert cookie
        made = http.post("/api/tables", json=friends, headers={"X-Forwarded-For": "10.0.0.1"})
        assert made.status_code == 201, made.text
        refused = http.post("/api/tables", json=friends,
                            headers={"X-Forwarded-For": "10.0.0.2"})
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"]["code"] == "lobby/too_many_yours"
    with server.http() as stranger:
        other = stranger.post("/api/tables", json=friends,
                              headers={"X-Forwarded-For": "10.0.0.2"})
        assert other.status_code == 201, other.text
    code = made.json()["code"]

    async def scenario() -> None:
        url = f"{server.ws_url}/ws/{code}"
        kept = await connect(url, additional_headers={"Cookie": f"cardtable_player={cookie}"})
        await kept.send(json.dumps({"type": "hello", "v": 1}))
        await asyncio.wait_for(kept.recv(), WAIT)
        refused = await connect(url, additional_headers={"Cookie": f"cardtable_player={cookie}"})
        answer = json.loads(await asyncio.wait_for(refused.recv(), WAIT))
        assert answer["code"] == "connection/too_many_yours", answer
        await asyncio.wait_for(refused.wait_closed(), WAIT)
        assert refused.close_code == CLOSE_TOO_MANY
        anonymous = await connect(url)  # someone else at the same address
        await anonymous.send(json.dumps({"type": "hello", "v": 1}))
        assert json.loads(await asyncio.wait_for(anonymous.recv(), WAIT))["type"] != "error"
        for ws in (kept, anonymous):
            await ws.close()

    asyncio.run(scenario())
