"""Players who are remembered (docs/people.md): a player from the first visit, named by a
hashed device credential in an HttpOnly cookie; seats linked to players; "My games" from the
server on every device; one seat per player per table. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import text
from tests.helpers.server import RunningServer

from cardtable.server.people.identity import COOKIE
from cardtable.server.tables.tokens import hash_token


@pytest.fixture
def server(shared_server: RunningServer) -> RunningServer:
    """One server per database for the module (``shared_server``): each test makes its own
    players and tables and reads back only those (about 15 new players in all)."""
    return shared_server


def two_person_table(http: httpx.Client) -> str:
    made = http.post("/api/tables", json={"game": "punttu", "players": 2,
                                          "seats": [{"kind": "person"}, {"kind": "person"}]})
    assert made.status_code == 201, made.text
    code: str = made.json()["code"]
    return code


def stored(server: RunningServer, sql: str, **params: Any) -> list[Any]:
    return list(server.lobby.services.writer.read(lambda db: db.execute(text(sql), params).all()))


def test_the_first_visit_makes_a_player_named_by_an_httponly_cookie(server: RunningServer) -> None:
    with server.http() as http:
        first = http.get("/api/me")
        assert first.status_code == 200, first.text
        cookie = first.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie
        assert "samesite=lax" in cookie.lower() and "secure" not in cookie.lower()  # plain HTTP
        again = http.get("/api/me")
        assert again.json()["id"] == first.json()["id"]
        assert "set-cookie" not in again.headers  # nothing to renew
        secret = http.cookies[COOKIE]
    with server.http() as stranger:
        assert stranger.get("/api/me").json()["id"] != first.json()["id"]
    me = first.json()
    assert me["colour"].startswith("#") and me["hidden"] is False
    # the database keeps the credential's hash only
    hashes = [row[0] for row in stored(server, "SELECT secret_hash FROM player_credentials")]
    assert hash_token(secret) in hashes and secret not in hashes


def test_a_forged_or_malformed_cookie_names_nobody(server: RunningServer) -> None:
    with server.http() as http:
        real = http.get("/api/me").json()["id"]
    for forged in ("x" * 43, "short", "%C3%A9" * 7 + "x"):
        with httpx.Client(base_url=server.url, cookies={COOKIE: forged}) as http:
            answer = http.get("/api/me")
            assert answer.status_code == 200 and answer.json()["id"] != real


def test_seats_are_linked_to_the_player_and_listed_on_every_device(server: RunningServer) -> None:
    with server.http() as phone:
        code = two_person_table(phone)
        joined = phone.post(f"/api/tables/{code}/join", json={"name": "Ana"})
        assert joined.status_code == 200, joined.text
        me = phone.get("/api/me").json()
        assert me["name"] == "Ana" and me["initials"] == "A"  # the name they sat down with
        secret = phone.cookies[COOKIE]
    # the same credential on a second device: the same player and games
    with httpx.Client(base_url=server.url, cookies={COOKIE: secret}) as laptop:
        games = laptop.get("/api/me/games").json()["games"]
    assert [(g["code"], g["seat"], g["game"], g["status"]) for g in games] == [
        (code, joined.json()["seat"], "punttu", "waiting")]
    with server.http() as stranger:
        assert stranger.get("/api/me/games").json()["games"] == []


def test_quick_play_links_its_seat(server: RunningServer) -> None:
    with server.http() as http:
        played = http.post("/api/play", json={"game": "putto", "level": "random", "name": "Bea"})
        assert played.status_code == 201, played.text
        games = http.get("/api/me/games").json()["games"]
    assert [(g["code"], g["seat"]) for g in games] == [(played.json()["code"], 0)]


def test_a_player_is_linked_to_one_seat_per_table_whatever_the_device(
        server: RunningServer) -> None:
    with server.http() as phone:
        code = two_person_table(phone)
        assert phone.post(f"/api/tables/{code}/join", json={"name": "Ana"}).status_code == 200
        secret = phone.cookies[COOKIE]
    with httpx.Client(base_url=server.url, cookies={COOKIE: secret}) as laptop:
        again = laptop.post(f"/api/tables/{code}/join", json={"name": "Ana"})
        # a table of people is rated: its second seat is refused (docs/ratings.md)
        assert again.status_code == 409 and again.json()["error"]["code"] == "people/already_seated"
        games = laptop.get("/api/me/games").json()["games"]
    assert [(g["code"], g["seat"]) for g in games] == [(code, 0)]
    linked = stored(server, "SELECT seat FROM player_seats WHERE table_code = :code", code=code)
    assert [row[0] for row in linked] == [0]


def test_rename_language_and_hiding(server: RunningServer) -> None:
    with server.http() as http:
        changed = http.patch("/api/me", json={"name": "  Zé Maria ", "language": "pt_BR",
                                              "hidden": True})
        assert changed.status_code == 200, changed.text
        me = http.get("/api/me").json()
        assert (me["name"], me["initials"], me["language"], me["hidden"]) == (
            "Zé Maria", "ZM", "pt_BR", True)
        for bad, code in (({"language": "xx"}, "people/bad_language"),
                          ({"name": ""}, "request/invalid"),
                          ({"colour": "#000000"}, "request/invalid")):
            refused = http.patch("/api/me", json=bad)
            assert refused.status_code == 422 and refused.json()["error"]["code"] == code
        assert http.get("/api/me").json() == me  # nothing changed
