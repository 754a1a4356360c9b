"""The WebSocket protocol against a running server: whole deals of each game, and the guard's
refusals (illegal, out of turn, stale, wrong token, spectators), each leaving the table as it
was."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from tests.helpers.server import RunningServer, create, join

from cardtable.engine.record import replay

GAMES = {
    "punttu": {},
    "putto": {"deals": 1},
    "pontinho": {"deals": 1, "rebuild_limit": 0},
}


@pytest.fixture
def server(shared_server: RunningServer) -> RunningServer:
    """One server per database for the module (``shared_server``): each test plays its own
    tables; the lobby test, which lists the open tables, starts its own."""
    return shared_server


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_deal_against_bots(server: Any, client_class: Any, play_against_bots: Any,
                                   game: str) -> None:
    """A person plays a whole one-deal match against bots over the WebSocket; the deal's record
    (and the match's) replays through the engine to the same result."""
    joined = play_against_bots(server, game, options=GAMES[game])

    async def scenario() -> dict[str, Any]:
        me = await client_class.open(server, joined["code"], joined["token"])
        welcome = await me.recv()
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        versions = []
        while (turn := await me.my_turn()) is not None:
            assert turn["to_move"] == 0 and turn["seat"] == 0
            versions.append(turn["version"])
            await me.act(turn["legal"][0], turn["version"])
        end = me.messages[-1]
        assert any(m["type"] == "deal_end" for m in me.messages)
        await me.close()
        assert versions == sorted(versions) and len(set(versions)) == len(versions)
        return dict(end)

    end = asyncio.run(scenario())
    assert end["type"] == "match_end" and end["outcome"]["winners"]
    with server.http() as http:
        record = http.get(f"/api/tables/{joined['code']}/record").json()
        deal = http.get(f"/api/tables/{joined['code']}/deals/1/record").json()
    replayed = replay(record)
    assert replayed.match is not None and replayed.match.is_over
    assert list(replayed.match.totals) == end["outcome"]["points"]
    assert replay(deal).state.is_over


def test_guard_refuses_and_changes_nothing(server: Any, client_class: Any) -> None:
    """Out of turn, stale, illegal and malformed actions are refused with their codes, and the
    table's version and every view stay as they were."""
    table = create(server, "punttu", [{"kind": "person"}] * 4)
    tokens = [join(server, table["code"], f"p{seat}")["token"] for seat in range(4)]

    async def scenario() -> None:
        clients = [await client_class.open(server, table["code"], t) for t in tokens]
        states = [await c.until(lambda m: m["type"] == "state") for c in clients]
        mover = states[0]["to_move"]
        version = states[0]["version"]
        other = (mover + 1) % 4
        legal = states[mover]["legal"]
        assert legal and states[other]["legal"] == []
        hand_of_other = states[other]["view"]["hand"]
        attempts = [
            (clients[other], {"type": "action", "action": f"play {hand_of_other[0]}",
                              "version": version, "ref": "a"}, "action/not_your_turn"),
            (clients[mover], {"type": "action", "action": legal[0], "version": version - 1,
                              "ref": "b"}, "action/stale_state"),
            (clients[mover], {"type": "action", "action": "play Zz", "version": version,
                              "ref": "c"}, "action/illegal"),
            (clients[mover], {"type": "action", "action": f"play {hand_of_other[0]}",
                              "version": version, "ref": "d"}, "action/illegal"),
            (clients[mover], {"type": "action", "action": 7, "version": version, "ref": "e"},
             "protocol/bad_message"),
            (clients[mover], "not json", "protocol/bad_json"),
        ]
        for client, message, code in attempts:
            await client.send(message)
            error = await client.until(lambda m: m["type"] == "error")
            assert error["code"] == code, error
            assert error["message"]
            if isinstance(message, dict):
                assert error["ref"] == message["ref"]
        for seat, client in enumerate(clients):
            await client.send({"type": "sync"})
            again = await client.until(lambda m: m["type"] == "state")
            assert again["version"] == version
            assert again["view"] == states[seat]["view"]
            assert again["legal"] == states[seat]["legal"]
        # and the right move is accepted, by its seat
        await clients[mover].act(legal[0], version)
        moved = await clients[other].until(lambda m: m["type"] == "state")
        assert moved["version"] == version + 1
        assert moved["last"] == {"seat": mover, "action": legal[0], "by": "person"}
        for client in clients:
            await client.close()

    asyncio.run(scenario())


def test_tokens_reconnect_and_spectators(server: Any, client_class: Any,
                                         play_against_bots: Any) -> None:
    """A wrong token is refused; the right one gives the seat back with the same state; a
    spectator sees no hand, no legal actions, and cannot act."""
    joined = play_against_bots(server, "punttu")
    code = joined["code"]

    async def scenario() -> None:
        intruder = await client_class.open(server, code, "not-a-token")
        refused = await intruder.recv()
        assert refused["type"] == "error" and refused["code"] == "auth/bad_token"

        me = await client_class.open(server, code, joined["token"])
        first = await me.my_turn()
        assert first is not None
        await me.close()

        watcher = await client_class.open(server, code, None)
        welcome = await watcher.recv()
        assert welcome["type"] == "welcome" and welcome["seat"] is None
        seen = await watcher.until(lambda m: m["type"] == "state")
        assert seen["seat"] is None and seen["legal"] == []
        assert seen["view"]["seat"] is None and "hand" not in seen["view"]
        await watcher.act("play " + first["view"]["hand"][0], seen["version"], ref="w")
        error = await watcher.until(lambda m: m["type"] == "error")
        assert error["code"] == "seat/spectator"

        again = await client_class.open(server, code, joined["token"])
        back = await again.my_turn()
        assert back is not None
        assert back["version"] == first["version"]
        assert back["view"] == first["view"] and back["legal"] == first["legal"]
        await again.close()
        await watcher.close()

    asyncio.run(scenario())


def test_http_lobby(start_server: Any) -> None:
    """Creating, listing, joining, a full table, bad tables, OpenAPI and health."""
    server = start_server()
    table = create(server, "putto", [{"kind": "person"}, {"kind": "bot", "level": "easy"}],
                   players=2, public=True)
    code = table["code"]
    assert table["status"] == "waiting" and table["free_seats"] == [0]
    assert table["link"].endswith(f"/t/{code}")
    with server.http() as http:
        listed = http.get("/api/tables").json()
        assert code in [t["code"] for t in listed["tables"]]
        bad_seat = http.post(f"/api/tables/{code}/join", json={"name": "x", "seat": 1})
        assert bad_seat.status_code == 422
        assert bad_seat.json()["error"]["code"] == "table/no_such_seat"
        joined = http.post(f"/api/tables/{code}/join", json={"name": "ana"}).json()
        assert joined["seat"] == 0 and joined["table"]["status"] == "running"
        full = http.post(f"/api/tables/{code}/join", json={"name": "bo"})
        assert full.status_code == 409 and full.json()["error"]["code"] == "table/started"
        unknown = http.get("/api/tables/NOPE42")
        assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "table/not_found"
        for body in (
            {"game": "chess"},
            {"game": "punttu", "options": {"trim": "sevens"}},
            {"game": "punttu", "seats": [{"kind": "bot", "level": "medium"}] * 4},
            {"game": "punttu", "seats": [{"kind": "person"}, {"kind": "bot", "level": "genius"}]
             + [{"kind": "person"}] * 2},
        ):
            refused = http.post("/api/tables", json=body)
            assert refused.status_code == 422, body
        assert http.get("/healthz").json()["status"] == "ok"
        paths = http.get("/openapi.json").json()["paths"]
        assert {"/api/tables", "/api/play", "/api/tables/{code}/join"} <= set(paths)
        assert "cardtable" in http.get("/").text
        assert [g["game"] for g in http.get("/api/games").json()] == sorted(GAMES)
