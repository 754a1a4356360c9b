"""One-time sign-in links (docs/people.md): a player carried to another device, once, within
ten minutes; the new device's first-visit player merged into them with its tables; one answer
for unknown, used and expired links; sign-ups a host can switch off. On SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from sqlalchemy import text
from tests.helpers.server import RunningServer

from cardtable.server.people.identity import COOKIE
from cardtable.server.tables.tokens import hash_token


def secret_of(link: str) -> str:
    assert "/signin#" in link
    return link.split("#", 1)[1]


def quick(http: httpx.Client, name: str) -> str:
    played = http.post("/api/play", json={"game": "punttu", "level": "random", "name": name})
    assert played.status_code == 201, played.text
    code: str = played.json()["code"]
    return code


def test_a_link_carries_the_player_and_merges_the_new_devices_tables(
        server: RunningServer) -> None:
    with server.http() as phone, server.http() as laptop:
        at_home = quick(phone, "Ana")
        player = phone.get("/api/me").json()
        on_laptop = quick(laptop, "Guest")  # the laptop's own first-visit player
        visitor = laptop.get("/api/me").json()["id"]
        made = phone.post("/api/me/link")
        assert made.status_code == 201, made.text
        link = made.json()["link"]
        assert link.startswith(server.url + "/signin#")
        signed = laptop.post("/api/signin", json={"secret": secret_of(link)})
        assert signed.status_code == 200, signed.text
        assert signed.json()["id"] == player["id"]
        assert "HttpOnly" in signed.headers["set-cookie"]
        assert laptop.get("/api/me").json()["id"] == player["id"]
        for device in (phone, laptop):
            codes = {g["code"] for g in device.get("/api/me/games").json()["games"]}
            assert codes == {at_home, on_laptop}
    # the laptop's first-visit player is gone, merged
    gone = server.lobby.services.writer.read(lambda db: db.execute(
        text("SELECT count(*) FROM players WHERE id = :id"), {"id": visitor}).scalar())
    assert gone == 0


def test_unknown_used_and_expired_links_get_one_answer_and_change_nothing(
        server: RunningServer) -> None:
    with server.http() as phone, server.http() as laptop, server.http() as third:
        phone.get("/api/me")
        used = secret_of(phone.post("/api/me/link").json()["link"])
        assert laptop.post("/api/signin", json={"secret": used}).status_code == 200
        expired = secret_of(phone.post("/api/me/link").json()["link"])
        server.lobby.services.writer.read(lambda db: (db.execute(
            text("UPDATE signin_links SET expires_at = :past WHERE secret_hash = :hash"),
            {"past": "2000-01-01 00:00:00+00:00", "hash": hash_token(expired)}), db.commit()))
        before = third.get("/api/me").json()
        answers = [third.post("/api/signin", json={"secret": secret})
                   for secret in (used, expired, "x" * 43)]
        assert {(a.status_code, a.json()["error"]["code"], a.json()["error"]["message"])
                for a in answers} == {(404, "people/bad_link", answers[0].json()["error"]
                                       ["message"])}
        assert third.get("/api/me").json() == before  # still its own player


def test_link_use_is_rate_limited_per_address(server: RunningServer) -> None:
    with server.http() as guesser:
        codes = [guesser.post("/api/signin", json={"secret": f"guess{i}"}).status_code
                 for i in range(11)]
    assert codes[:10] == [404] * 10 and codes[10] == 429


def test_with_signups_off_only_signed_in_players_are_remembered(
        start_server: Callable[..., RunningServer]) -> None:
    server = start_server(signups=False)
    with server.http() as stranger:
        refused = stranger.get("/api/me")
        assert refused.status_code == 403
        assert refused.json()["error"]["code"] == "people/signups_closed"
        assert COOKIE not in stranger.cookies
        played = stranger.post("/api/play", json={"game": "punttu", "level": "random"})
        assert played.status_code == 201  # a seat still works, held by its token alone
        count = server.lobby.services.writer.read(
            lambda db: db.execute(text("SELECT count(*) FROM players")).scalar())
        assert count == 0
