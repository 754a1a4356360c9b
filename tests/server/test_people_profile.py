"""Profiles and deleting an account (docs/people.md "Profiles", "Deleting an account"), over
HTTP and WebSocket on SQLite and PostgreSQL: a finished match between two players counts in
both profiles and in their head-to-head; a hidden profile answers exactly like an unknown id to
anyone but its owner; deleting an account leaves every game as it was but the name, which
becomes "a former player" (translated), and the replay of the match identical."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from tests.helpers.server import RunningServer, create
from tests.server.test_friends import _play_out

from cardtable.engine.record import replay
from cardtable.server.storage import archive
from cardtable.server.storage.db import make_engine


@pytest.fixture
def server(shared_server: RunningServer) -> RunningServer:
    """One server per database for the module (``shared_server``): each test makes its own
    players and matches and reads back only those. Tests that use up the profile rate, count
    every player, find seats by a name other tests use too, or archive every old table start
    their own."""
    return shared_server


def sit(http: httpx.Client, code: str, name: str, seat: int) -> str:
    joined = http.post(f"/api/tables/{code}/join", json={"name": name, "seat": seat})
    assert joined.status_code == 200, joined.text
    token: str = joined.json()["token"]
    return token


def play_a_match(server: RunningServer, client_class: Any, ana: httpx.Client,
                 bea: httpx.Client) -> str:
    """Ana and Bea play a one-deal Punttu match to its end; its code."""
    code: str = create(server, "punttu", [{"kind": "person"}] * 2, options={"deals": 1})["code"]
    tokens = [sit(ana, code, "Ana", 0), sit(bea, code, "Bea", 1)]

    async def scenario() -> None:
        clients = [await client_class.open(server, code, token) for token in tokens]
        await _play_out(clients)
        for client in clients:
            await client.close()

    asyncio.run(scenario())
    assert ana.get(f"/api/tables/{code}").json()["status"] == "finished"
    return code


def test_a_profile_counts_finished_matches_and_the_head_to_head(
        server: RunningServer, client_class: Any) -> None:
    with server.http() as ana, server.http() as bea, server.http() as stranger:
        code = play_a_match(server, client_class, ana, bea)
        result = ana.get(f"/api/tables/{code}").json()["result"]
        ana_id, bea_id = (c.get("/api/me").json()["id"] for c in (ana, bea))
        seen = stranger.get(f"/api/players/{ana_id}")
        assert seen.status_code == 200, seen.text
        profile = seen.json()
        won = 0 in result["winners"]
        assert profile["name"] == "Ana" and profile["mine"] is False
        assert profile["totals"] == [{"game": "punttu", "players": 2, "played": 1,
                                      "won": int(won), "points": result["points"][0]}]
        assert [(m["code"], m["won"], m["deals"]) for m in profile["recent"]] == [
            (code, won, 1)]
        assert profile["head_to_head"] is None  # the stranger never sat with Ana
        # a match of people only is rated (docs/ratings.md): the profile shows it
        assert [(r["game"], r["matches"]) for r in profile["ratings"]] == [("punttu", 1)]
        versus = bea.get(f"/api/players/{ana_id}").json()["head_to_head"]
        assert versus == {"played": 1, "won": int(won), "lost": int(1 in result["winners"])}
        assert ana.get(f"/api/players/{ana_id}").json()["mine"] is True
        assert "language" not in profile and "created_at" not in profile  # an allow-list
        assert bea_id != ana_id


def test_a_hidden_profile_answers_like_an_unknown_one(server: RunningServer) -> None:
    with server.http() as owner, server.http() as other:
        me = owner.get("/api/me").json()
        assert owner.patch("/api/me", json={"hidden": True}).status_code == 200
        hidden = other.get(f"/api/players/{me['id']}")
        unknown = other.get("/api/players/" + "A" * 16)
        assert (hidden.status_code, hidden.json()) == (unknown.status_code, unknown.json())
        assert hidden.status_code == 404 and hidden.json()["error"]["code"] == "people/unknown"
        assert owner.get(f"/api/players/{me['id']}").json()["hidden"] is True


@pytest.mark.parametrize("bad", ["x" * 25, "a%20b", "..", "%00"])
def test_a_malformed_id_is_refused_without_a_5xx(server: RunningServer, bad: str) -> None:
    with server.http() as http:
        answer = http.get(f"/api/players/{bad}")
    assert answer.status_code in (404, 422), answer.text


def test_profiles_are_rate_limited_per_address(start_server: Any) -> None:
    server: RunningServer = start_server()
    with server.http() as http:
        codes = [http.get("/api/players/" + "B" * 16).status_code for _ in range(61)]
    assert codes[:60] == [404] * 60 and codes[60] == 429


def test_deleting_an_account_leaves_the_games_but_the_name(
        start_server: Any, client_class: Any) -> None:
    server: RunningServer = start_server()
    with server.http() as ana, server.http() as bea:
        code = play_a_match(server, client_class, ana, bea)
        ana_id = ana.get("/api/me").json()["id"]
        phone = ana.post("/api/me/link").json()["link"]
        info = bea.get(f"/api/tables/{code}").json()
        record = bea.get(f"/api/tables/{code}/record").json()
        steps = bea.get(f"/api/tables/{code}/deals/1/replay").json()
        bea_profile = bea.get(f"/api/players/{bea.get('/api/me').json()['id']}").json()

        deleted = ana.delete("/api/me")
        assert deleted.status_code == 204
        assert "cardtable_player" in deleted.headers["set-cookie"]  # the cookie is cleared

        after = bea.get(f"/api/tables/{code}").json()
        assert after["seats"][0]["name"] == "a former player"
        assert after["seats"][1] == info["seats"][1]
        assert after["result"] == info["result"]
        in_basque = bea.get(f"/api/tables/{code}", params={"lang": "eu"}).json()
        assert in_basque["seats"][0]["name"] == "jokalari ohi bat"
        assert bea.get(f"/api/tables/{code}/record").json() == record
        replayed = bea.get(f"/api/tables/{code}/deals/1/replay").json()
        assert [n["name"] for n in replayed["names"]] == ["a former player", "Bea"]
        assert {**replayed, "names": None} == {**steps, "names": None}  # step for step
        assert replay(record).match is not None
        assert bea.get(f"/api/players/{ana_id}").status_code == 404
        again = bea.get(f"/api/players/{bea_profile['id']}").json()
        assert again["totals"] == bea_profile["totals"]
        assert again["recent"] == bea_profile["recent"]
        used = bea.post("/api/signin", json={"secret": phone.split("#", 1)[1]})
        assert used.status_code == 404  # the links went with the account

    def left(db: Any) -> tuple[int, ...]:
        return tuple(int(db.execute(text(sql), {"id": ana_id}).scalar()) for sql in (
            "SELECT count(*) FROM players WHERE id = :id",
            "SELECT count(*) FROM player_credentials WHERE player_id = :id",
            "SELECT count(*) FROM player_seats WHERE player_id = :id",
            "SELECT count(*) FROM signin_links WHERE player_id = :id",
            "SELECT count(*) FROM passkeys WHERE player_id = :id",
            "SELECT count(*) FROM seats WHERE name = 'Ana'"))

    assert server.lobby.services.writer.read(left) == (0, 0, 0, 0, 0, 0)


def test_deleting_without_an_account_changes_nothing(start_server: Any) -> None:
    server: RunningServer = start_server()
    with server.http() as visitor:
        refused = visitor.delete("/api/me")
        assert refused.status_code == 404
        assert refused.json()["error"]["code"] == "people/unknown"
    count = server.lobby.services.writer.read(
        lambda db: db.execute(text("SELECT count(*) FROM players")).scalar())
    assert count == 0


def test_an_archived_table_names_a_deleted_player_a_former_player(
        start_server: Any, client_class: Any) -> None:
    server: RunningServer = start_server()
    with server.http() as ana, server.http() as bea:
        code = play_a_match(server, client_class, ana, bea)
        record = bea.get(f"/api/tables/{code}/record").json()
        engine = make_engine(server.config.db_url)
        later = dt.datetime.now(dt.UTC) + dt.timedelta(days=2)
        assert archive.archive(engine, days=1, now=later) == [code]
        engine.dispose()
        server.lobby.tables.pop(code, None)  # as after a restart: read from the archive
        assert ana.delete("/api/me").status_code == 204
        summary = bea.get(f"/api/tables/{code}").json()
        assert [s["name"] for s in summary["seats"]] == ["a former player", "Bea"]
        assert bea.get(f"/api/tables/{code}/record").json() == record
