"""Quick match (docs/people.md "Quick match"): people waiting for the same game and size are
seated at one table; one alone gets bots once their chosen wait is over (the matchmaker's
clock is injected: no test waits); a ticket can be given up, and one nobody polls expires."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.helpers.server import in_process_services

from cardtable.server.lobby.lobby import Lobby
from cardtable.server.lobby.quickmatch import IDLE_SECONDS, Matchmaker


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(server: Any) -> Clock:
    clock = Clock()
    server.app.state.quickmatch = Matchmaker(server.lobby, clock=clock)
    return clock


def _enter(http: httpx.Client, name: str, wait: int = 60, players: int = 2) -> dict[str, Any]:
    answer = http.post("/api/quickmatch", json={"game": "punttu", "players": players,
                                                "wait_seconds": wait, "name": name})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_two_people_are_matched_into_one_table(server: Any, clock: Clock) -> None:
    """Two browsers (two players by their cookies) asking for a two-seat Punttu table share
    one: each gets their own seat and token, linked to their player."""
    with server.http() as ana, server.http() as bo:
        first = _enter(ana, "ana")
        assert first["status"] == "waiting" and first["waiting"] == 1
        assert first["seconds_left"] == 60
        second = _enter(bo, "bo")
        assert second["status"] == "seated"
        polled = ana.get(f"/api/quickmatch/{first['ticket']}").json()
        assert polled["status"] == "seated"
        one, two = polled["seated"], second["seated"]
        assert one["code"] == two["code"] and {one["seat"], two["seat"]} == {0, 1}
        assert one["token"] != two["token"]
        table = ana.get(f"/api/tables/{one['code']}").json()
        assert table["status"] == "running"
        assert sorted(s["name"] for s in table["seats"]) == ["ana", "bo"]
        assert all(s["kind"] == "person" for s in table["seats"])
        mine = ana.get("/api/me/games").json()
        assert one["code"] in str(mine)


def test_one_alone_gets_bots_after_the_wait(server: Any, clock: Clock) -> None:
    with server.http() as http:
        ticket = _enter(http, "ana", wait=30, players=3)
        clock.now += 15  # polled now and then, as the page does (or the ticket expires)
        assert http.get(f"/api/quickmatch/{ticket['ticket']}").json()["status"] == "waiting"
        clock.now += 14
        waiting = http.get(f"/api/quickmatch/{ticket['ticket']}").json()
        assert waiting["status"] == "waiting" and waiting["seconds_left"] == 1
        clock.now += 1
        seated = http.get(f"/api/quickmatch/{ticket['ticket']}").json()
        assert seated["status"] == "seated"
        table = seated["seated"]["table"]
        assert table["status"] == "running"
        assert [s["kind"] for s in table["seats"]] == ["person", "bot", "bot"]
        assert table["seats"][1]["level"] == "medium"


def test_no_wait_is_bots_at_once_and_other_sizes_are_not_matched(
        server: Any, clock: Clock) -> None:
    with server.http() as ana, server.http() as bo:
        three = _enter(ana, "ana", wait=60, players=3)
        alone = _enter(bo, "bo", wait=0, players=2)
        assert alone["status"] == "seated"
        assert ana.get(f"/api/quickmatch/{three['ticket']}").json()["status"] == "waiting"


def test_a_ticket_given_up_leaves_the_queue(server: Any, clock: Clock) -> None:
    with server.http() as ana, server.http() as bo:
        ticket = _enter(ana, "ana")
        assert ana.delete(f"/api/quickmatch/{ticket['ticket']}").status_code == 204
        gone = ana.get(f"/api/quickmatch/{ticket['ticket']}")
        assert gone.status_code == 404
        assert gone.json()["error"]["code"] == "quickmatch/unknown"
        assert ana.delete(f"/api/quickmatch/{ticket['ticket']}").status_code == 404
        assert _enter(bo, "bo")["status"] == "waiting"  # nobody left to be matched with


def test_a_ticket_nobody_polls_expires(server: Any, clock: Clock) -> None:
    with server.http() as ana, server.http() as bo:
        ticket = _enter(ana, "ana")
        clock.now += IDLE_SECONDS
        other = _enter(bo, "bo")
        assert other["status"] == "waiting" and other["waiting"] == 1
        assert ana.get(f"/api/quickmatch/{ticket['ticket']}").status_code == 404


def test_one_player_is_never_matched_with_themselves(server: Any, clock: Clock) -> None:
    """A second ticket of the same player takes the place of the first."""
    with server.http() as ana:
        first = _enter(ana, "ana")
        second = _enter(ana, "ana")
        assert second["status"] == "waiting" and second["waiting"] == 1
        assert ana.get(f"/api/quickmatch/{first['ticket']}").status_code == 404


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"game": "chess", "players": 2, "wait_seconds": 30}, 422, "table/bad_config"),
    ({"game": "punttu", "players": 99, "wait_seconds": 30}, 422, "request/invalid"),
    ({"game": "punttu", "players": 2, "wait_seconds": 45}, 422, "request/invalid"),
    ({"game": "punttu", "players": 2, "wait_seconds": 30, "extra": 1}, 422, "request/invalid"),
])
def test_bad_input_is_refused_and_changes_nothing(
        server: Any, clock: Clock, body: dict[str, Any], status: int, code: str) -> None:
    with server.http() as http:
        answer = http.post("/api/quickmatch", json=body)
        assert answer.status_code == status and answer.json()["error"]["code"] == code
    assert server.app.state.quickmatch.tickets == {}


def test_polls_at_once_seat_the_same_people_once(tmp_path: Path) -> None:
    """A new ticket and a poll arriving together (each may seat the queue) make one table."""
    clock = Clock()

    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db", clock=clock)
        lobby = Lobby(services)
        matchmaker = Matchmaker(lobby, clock=clock)
        ana = await matchmaker.enter("punttu", 2, 60, "ana", "10.0.0.1", None)
        bo, _ = await asyncio.gather(
            matchmaker.enter("punttu", 2, 60, "bo", "10.0.0.2", None), matchmaker.poll(ana.id))
        assert ana.code == bo.code and {ana.seat, bo.seat} == {0, 1}
        assert len(lobby.tables) == 1
        await lobby.close()
        await writer.close()

    asyncio.run(scenario())


def test_tickets_are_rate_limited_as_making_a_table(start_server: Any) -> None:
    """A new ticket counts against ``create_rate``; the refused one joins no queue."""
    server = start_server(create_rate="2/minute")
    with server.http() as http:
        for _ in range(2):
            assert http.post("/api/quickmatch", json={"game": "punttu", "players": 3}
                             ).status_code == 201
        refused = http.post("/api/quickmatch", json={"game": "punttu", "players": 4})
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate/limited"
        assert refused.headers["Retry-After"]
        assert http.post("/api/play", json={"game": "punttu"}).status_code == 429  # one budget
    assert [t.players for t in server.app.state.quickmatch.tickets.values()] == [3]
