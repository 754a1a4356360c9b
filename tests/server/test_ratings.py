"""Ratings for people through the server (docs/ratings.md): a match of people played to its end
is rated; one player cannot hold two seats at a rated table from two devices; the leaderboard
leaves hidden profiles out and their rating is answered as an unknown player's; bad input gets
a clear code and changes nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from sqlalchemy import text
from tests.helpers.server import Client, RunningServer

from cardtable.server.people.identity import COOKIE

PEOPLE_ONLY = [{"kind": "person"}, {"kind": "person"}]


def made(http: httpx.Client, seats: list[dict[str, Any]] = PEOPLE_ONLY) -> str:
    answer = http.post("/api/tables", json={"game": "punttu", "players": len(seats),
                                            "seats": seats})
    assert answer.status_code == 201, answer.text
    code: str = answer.json()["code"]
    return code


def joined(http: httpx.Client, code: str, name: str) -> dict[str, Any]:
    answer = http.post(f"/api/tables/{code}/join", json={"name": name})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def count(server: RunningServer, sql: str) -> int:
    return int(server.lobby.services.writer.read(lambda db: db.execute(text(sql)).scalar()))


async def play_out(client: Client) -> None:
    """This seat's first legal move each turn, until the match ends."""
    while (turn := await client.my_turn()) is not None:
        await client.act(turn["legal"][0], turn["version"])


def play_match(server: RunningServer, tokens: list[str], code: str) -> dict[str, Any]:
    """Play the table to its end; its ``match_end`` message."""
    async def run() -> dict[str, Any]:
        clients = [await Client.open(server, code, token) for token in tokens]
        await asyncio.gather(*(play_out(client) for client in clients))
        for client in clients:
            await client.close()
        return clients[0].messages[-1]

    return asyncio.run(run())


def test_a_match_of_people_is_rated_when_it_ends(server: RunningServer) -> None:
    with server.http() as ana, server.http() as bea:
        code = made(ana)
        seats = [joined(ana, code, "Ana"), joined(bea, code, "Bea")]
        assert ana.get("/api/me/ratings").json() == {"ratings": []}
        end = play_match(server, [seat["token"] for seat in seats], code)
        mine = ana.get("/api/me/ratings").json()["ratings"]
        theirs = bea.get("/api/me/ratings").json()["ratings"]
    assert [(r["game"], r["matches"]) for r in mine + theirs] == [("punttu", 1)] * 2
    assert count(server, "SELECT count(*) FROM rated_matches") == 1
    # both started at 25: the winner's seat above, the loser's below, a tie leaves them equal
    by_seat = {seats[0]["seat"]: mine[0]["mu"], seats[1]["seat"]: theirs[0]["mu"]}
    winners = end["outcome"]["winners"]
    assert end["type"] == "match_end"
    if len(winners) == 2:
        assert by_seat[0] == by_seat[1]
    else:
        loser = 1 - winners[0]
        assert by_seat[winners[0]] > 25 > by_seat[loser]


def rated_match(server: RunningServer, ana: httpx.Client, bea: httpx.Client) -> list[str]:
    """Ana and Bea play a rated match to its end; their player ids."""
    code = made(ana)
    seats = [joined(ana, code, "Ana"), joined(bea, code, "Bea")]
    play_match(server, [seat["token"] for seat in seats], code)
    return [ana.get("/api/me").json()["id"], bea.get("/api/me").json()["id"]]


def test_the_profile_shows_the_ratings_and_a_deleted_account_leaves_the_board(
        server: RunningServer) -> None:
    with server.http() as ana, server.http() as bea:
        ids = rated_match(server, ana, bea)
        profile = ana.get(f"/api/players/{ids[1]}").json()
        assert profile["ratings"] == bea.get("/api/me/ratings").json()["ratings"]
        assert [r["game"] for r in profile["ratings"]] == ["punttu"]
        assert bea.delete("/api/me").status_code == 204
        board = ana.get("/api/ratings/punttu").json()["players"]
        assert [p["id"] for p in board] == [ids[0]]
    assert count(server, "SELECT count(*) FROM ratings") == 1


def test_a_match_with_a_bot_is_not_rated(server: RunningServer) -> None:
    with server.http() as ana:
        played = ana.post("/api/play", json={"game": "punttu", "level": "random",
                                             "name": "Ana"}).json()
        play_match(server, [played["token"]], played["code"])
        assert ana.get("/api/me/ratings").json() == {"ratings": []}
    assert count(server, "SELECT count(*) FROM rated_matches") == 0


def test_one_player_signed_in_on_two_devices_holds_one_seat_of_a_rated_table(
        server: RunningServer) -> None:
    with server.http() as phone, server.http() as laptop:
        code = made(phone)
        joined(phone, code, "Ana")
        link = phone.post("/api/me/link").json()["link"]
        signed = laptop.post("/api/signin", json={"secret": link.split("#", 1)[1]})
        assert signed.status_code == 200, signed.text
        assert laptop.cookies[COOKIE] != phone.cookies[COOKIE]  # its own device credential
        again = laptop.post(f"/api/tables/{code}/join", json={"name": "Ana again"})
        assert again.status_code == 409
        assert again.json()["error"]["code"] == "people/already_seated"
        table = laptop.get(f"/api/tables/{code}").json()
    assert table["status"] == "waiting"  # nothing changed: the seat is still free
    assert count(server, "SELECT count(*) FROM seats") == 1
    # at a table with a bot (never rated) the second device still takes a seat, unlinked
    with server.http() as phone:
        code = made(phone, [{"kind": "person"}, {"kind": "person"},
                            {"kind": "bot", "level": "random"}])
        joined(phone, code, "Ana")
        with httpx.Client(base_url=server.url,
                          cookies={COOKIE: phone.cookies[COOKIE]}) as tablet:
            assert tablet.post(f"/api/tables/{code}/join",
                               json={"name": "Ana"}).status_code == 200


def test_hidden_players_are_left_off_the_leaderboard_and_their_rating_is_not_found(
        server: RunningServer) -> None:
    with server.http() as ana, server.http() as bea:
        ids = rated_match(server, ana, bea)
        board = ana.get("/api/ratings/punttu").json()
        assert board["game"] == "punttu"
        assert sorted(p["id"] for p in board["players"]) == sorted(ids)
        assert {p["name"] for p in board["players"]} == {"Ana", "Bea"}
        ordinals = [p["rating"]["ordinal"] for p in board["players"]]
        assert ordinals == sorted(ordinals, reverse=True)
        shown = ana.get(f"/api/ratings/punttu/{ids[1]}")
        assert shown.status_code == 200 and shown.json()["matches"] == 1
        assert bea.patch("/api/me", json={"hidden": True}).status_code == 200
        assert [p["id"] for p in ana.get("/api/ratings/punttu").json()["players"]] == [ids[0]]
        hidden = ana.get(f"/api/ratings/punttu/{ids[1]}")
        unknown = ana.get("/api/ratings/punttu/nobody-at-all")
        assert hidden.status_code == unknown.status_code == 404
        assert hidden.json()["error"]["code"] == unknown.json()["error"]["code"] == (
            "people/unknown")
        # their own ratings stay theirs
        assert bea.get("/api/me/ratings").json()["ratings"][0]["matches"] == 1


def test_bad_input_gets_a_clear_code_and_changes_nothing(server: RunningServer) -> None:
    with server.http() as http:
        before = count(server, "SELECT count(*) FROM players")
        for path, status, code in (
            ("/api/ratings/chess", 404, "ratings/unknown_game"),
            ("/api/ratings/chess/someone", 404, "ratings/unknown_game"),
            ("/api/ratings/punttu/" + "x" * 25, 422, "request/invalid"),
            ("/api/ratings/" + "p" * 41, 422, "request/invalid"),
            ("/api/ratings/punttu?limit=0", 422, "request/invalid"),
            ("/api/ratings/punttu?limit=101", 422, "request/invalid"),
            ("/api/ratings/punttu?limit=many", 422, "request/invalid"),
        ):
            answer = http.get(path)
            assert answer.status_code == status, (path, answer.text)
            assert answer.json()["error"]["code"] == code, path
        # a new player's rating, and asking makes no player
        assert http.get("/api/me/ratings").json() == {"ratings": []}
        assert count(server, "SELECT count(*) FROM players") == before
        assert count(server, "SELECT count(*) FROM ratings") == 0
