"""Friends and invitations between players (docs/people.md "Friends"): a friend link is
consent, a request from a shared table waits for the other's yes, either side ends it; a friend
is invited to a table with its game and house rules and accepts or declines; every refusal has
its code and changes nothing. On SQLite and PostgreSQL (the ``database`` fixture)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from tests.helpers.server import RunningServer, create

from cardtable.server.people import invitations
from cardtable.server.people.presence import ONLINE_SECONDS, MemoryPresence
from cardtable.server.tables.tokens import hash_token

TWO_PEOPLE_AND_A_BOT = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}]


def sit(http: httpx.Client, code: str, name: str) -> dict[str, Any]:
    answer = http.post(f"/api/tables/{code}/join", json={"name": name})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def me(http: httpx.Client) -> str:
    return str(http.get("/api/me").json()["id"])


def listing(http: httpx.Client) -> dict[str, set[str]]:
    found = http.get("/api/me/friends")
    assert found.status_code == 200, found.text
    return {kind: {p["id"] for p in people} for kind, people in found.json().items()}


def secret_of(link: str) -> str:
    assert "/f#" in link
    return link.split("#", 1)[1]


def befriend(ana: httpx.Client, bo: httpx.Client) -> None:
    made = ana.post("/api/me/friends/link")
    assert made.status_code == 201, made.text
    used = bo.post("/api/friends/link", json={"secret": secret_of(made.json()["link"])})
    assert used.status_code == 200, used.text


def refused(answer: httpx.Response, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code


def test_a_friend_link_is_consent_and_works_once(server: RunningServer) -> None:
    with server.http() as ana, server.http() as bo, server.http() as cy:
        made = ana.post("/api/me/friends/link")
        assert made.status_code == 201, made.text
        link = made.json()["link"]
        assert link.startswith(server.url + "/f#")
        refused(ana.post("/api/friends/link", json={"secret": secret_of(link)}), 409,
                "friends/self")
        used = bo.post("/api/friends/link", json={"secret": secret_of(link)})
        assert used.status_code == 200, used.text
        assert used.json()["id"] == me(ana)
        assert listing(ana)["friends"] == {me(bo)} and listing(bo)["friends"] == {me(ana)}
        # used up: a third player gets the answer an unknown link gets
        refused(cy.post("/api/friends/link", json={"secret": secret_of(link)}), 404,
                "friends/bad_link")
        refused(cy.post("/api/friends/link", json={"secret": "x" * 43}), 404, "friends/bad_link")
        assert listing(cy)["friends"] == set()


def test_an_expired_or_a_friends_link_changes_nothing(server: RunningServer) -> None:
    with server.http() as ana, server.http() as bo, server.http() as cy:
        befriend(ana, bo)
        again = secret_of(ana.post("/api/me/friends/link").json()["link"])
        refused(bo.post("/api/friends/link", json={"secret": again}), 409, "friends/already")
        expired = secret_of(ana.post("/api/me/friends/link").json()["link"])
        server.lobby.services.writer.read(lambda db: (db.execute(
            text("UPDATE friend_links SET expires_at = :past WHERE secret_hash = :hash"),
            {"past": "2000-01-01 00:00:00+00:00", "hash": hash_token(expired)}), db.commit()))
        refused(cy.post("/api/friends/link", json={"secret": expired}), 404, "friends/bad_link")
        # the friend's refused try left that link usable by someone else
        assert cy.post("/api/friends/link", json={"secret": again}).status_code == 200
        assert listing(ana)["friends"] == {me(bo), me(cy)}


def test_a_request_from_a_shared_table_waits_for_the_other_yes(server: RunningServer) -> None:
    table = create(server, "punttu", TWO_PEOPLE_AND_A_BOT, players=3)
    with server.http() as ana, server.http() as bo, server.http() as cy:
        sit(ana, table["code"], "Ana")
        sit(bo, table["code"], "Bo")
        assert listing(ana)["met"] == {me(bo)}
        refused(cy.post("/api/me/friends", json={"player": me(ana)}), 404, "friends/not_met")
        refused(ana.post("/api/me/friends", json={"player": "nobody-at-all"}), 404,
                "friends/not_met")
        refused(ana.post("/api/me/friends", json={"player": me(ana)}), 409, "friends/self")
        asked = ana.post("/api/me/friends", json={"player": me(bo), "table": table["code"]})
        assert asked.json() == {"state": "asked"}
        assert listing(ana)["asked"] == {me(bo)} and listing(bo)["asking"] == {me(ana)}
        assert listing(bo)["friends"] == set()
        accepted = bo.post("/api/me/friends", json={"player": me(ana)})
        assert accepted.json() == {"state": "friends"}
        assert listing(ana)["friends"] == {me(bo)} and listing(bo)["friends"] == {me(ana)}
        assert listing(ana)["asked"] == set() and listing(ana)["met"] == set()
        refused(ana.post("/api/me/friends", json={"player": me(bo)}), 409, "friends/already")


def test_either_side_ends_a_friendship_or_declines(server: RunningServer) -> None:
    table = create(server, "punttu", TWO_PEOPLE_AND_A_BOT, players=3)
    with server.http() as ana, server.http() as bo:
        befriend(ana, bo)
        removed = bo.delete(f"/api/me/friends/{me(ana)}")
        assert removed.status_code == 200, removed.text
        assert listing(ana)["friends"] == set() and listing(bo)["friends"] == set()
        refused(bo.delete(f"/api/me/friends/{me(ana)}"), 404, "friends/not_friend")
        sit(ana, table["code"], "Ana")
        sit(bo, table["code"], "Bo")
        ana.post("/api/me/friends", json={"player": me(bo)})
        assert bo.delete(f"/api/me/friends/{me(ana)}").status_code == 200  # declined
        assert listing(ana)["asked"] == set() and listing(bo)["asking"] == set()


def test_an_invitation_names_the_table_and_is_answered_once(server: RunningServer) -> None:
    table = create(server, "punttu", TWO_PEOPLE_AND_A_BOT, players=3, options={"deals": 1})
    code = table["code"]
    heard: list[tuple[dict[str, Any], str]] = []
    server.app.state.invitation_listeners = [lambda made, friend: heard.append((made, friend))]
    with server.http() as ana, server.http() as bo:
        befriend(ana, bo)
        sit(ana, code, "Ana")
        made = ana.post("/api/me/invitations", json={"friend": me(bo), "table": code})
        assert made.status_code == 201, made.text
        invitation = made.json()
        assert invitation["from"]["id"] == me(ana) and invitation["table"] == code
        assert (invitation["game"], invitation["players"]) == ("punttu", 3)
        assert invitation["options"]["deals"] == 1  # the house rules, all of them
        assert heard == [(invitation, me(bo))]
        assert [i["id"] for i in bo.get("/api/me/invitations").json()["invitations"]] == \
            [invitation["id"]]
        assert ana.get("/api/me/invitations").json()["invitations"] == []
        refused(ana.post(f"/api/me/invitations/{invitation['id']}/accept"), 404,
                "friends/bad_invitation")  # not hers to answer
        accepted = bo.post(f"/api/me/invitations/{invitation['id']}/accept")
        assert accepted.json() == {"table": code}
        assert bo.get("/api/me/invitations").json()["invitations"] == []
        refused(bo.post(f"/api/me/invitations/{invitation['id']}/decline"), 404,
                "friends/bad_invitation")
        second = ana.post("/api/me/invitations", json={"friend": me(bo), "table": code}).json()
        assert bo.post(f"/api/me/invitations/{second['id']}/decline").json() == {"table": code}
        assert bo.get("/api/me/invitations").json()["invitations"] == []


def test_bad_invitations_are_refused_and_change_nothing(server: RunningServer) -> None:
    table = create(server, "punttu", TWO_PEOPLE_AND_A_BOT, players=3)
    code = table["code"]
    with server.http() as ana, server.http() as bo, server.http() as cy, \
            server.http() as di:
        befriend(ana, bo)
        befriend(ana, cy)
        refused(ana.post("/api/me/invitations", json={"friend": me(bo), "table": code}), 409,
                "friends/not_seated")
        sit(ana, code, "Ana")
        refused(ana.post("/api/me/invitations", json={"friend": me(di), "table": code}), 404,
                "friends/not_friend")
        refused(ana.post("/api/me/invitations", json={"friend": me(bo), "table": "NOPE1"}), 404,
                "table/not_found")
        refused(ana.post("/api/me/invitations", json={"friend": me(bo), "table": "no table!"}),
                422, "request/invalid")
        waiting = ana.post("/api/me/invitations", json={"friend": me(bo), "table": code}).json()
        sit(cy, code, "Cy")  # the last seat for a person
        refused(ana.post("/api/me/invitations", json={"friend": me(bo), "table": code}), 409,
                "table/full")
        refused(bo.post(f"/api/me/invitations/{waiting['id']}/accept"), 409, "table/full")
        # still open: a seat may free up; declining it still works
        assert [i["id"] for i in bo.get("/api/me/invitations").json()["invitations"]] == \
            [waiting["id"]]
        refused(ana.post("/api/me/invitations", json={"friend": me(cy), "table": code}), 409,
                "people/already_seated")
        refused(bo.post("/api/me/invitations/nope/accept"), 404, "friends/bad_invitation")
        refused(bo.post("/api/me/invitations/" + "x" * 40 + "/accept"), 422, "request/invalid")
        assert bo.post(f"/api/me/invitations/{waiting['id']}/decline").status_code == 200


def test_invitations_expire(server: RunningServer) -> None:
    table = create(server, "punttu", TWO_PEOPLE_AND_A_BOT, players=3)
    with server.http() as ana, server.http() as bo:
        befriend(ana, bo)
        sit(ana, table["code"], "Ana")
        made = ana.post("/api/me/invitations", json={"friend": me(bo), "table": table["code"]})
        later = dt.datetime.now(dt.UTC) + dt.timedelta(minutes=invitations.INVITATION_MINUTES,
                                                       seconds=1)
        writer = server.lobby.services.writer
        assert writer.read(lambda db: invitations.open_for(db, me(bo), now=later)) == []
        with pytest.raises(Exception, match="bad_invitation"):
            writer.read(lambda db: invitations.answer(db, me(bo), made.json()["id"], True,
                                                      now=later))


def test_a_device_signed_in_brings_its_friends(server: RunningServer) -> None:
    with server.http() as ana, server.http() as laptop, server.http() as bo:
        befriend(bo, laptop)  # the laptop's own first-visit player made a friend
        link = ana.post("/api/me/link").json()["link"]
        assert laptop.post("/api/signin", json={"secret": link.split("#", 1)[1]}
                           ).status_code == 200
        assert listing(ana)["friends"] == {me(bo)} and listing(bo)["friends"] == {me(ana)}


def test_friends_see_each_other_online_and_at_which_table(server: RunningServer) -> None:
    """Online for a while after a page last asked; the table shown only to friends."""
    clock = [1000.0]
    server.app.state.presence = MemoryPresence(clock=lambda: clock[0])
    table = create(server, "punttu", TWO_PEOPLE_AND_A_BOT, players=3)
    with server.http() as ana, server.http() as bo, server.http() as cy:
        befriend(ana, bo)
        sit(bo, table["code"], "Bo")
        sit(cy, table["code"], "Cy")
        assert friends_of(ana)[me(bo)] == {"online": False, "table": None, "game": None}
        bo.get("/api/me/invitations")  # Bo's page asks
        assert friends_of(ana)[me(bo)] == {"online": True, "table": table["code"],
                                           "game": "punttu"}
        # Cy sat with Bo but is no friend: he is offered as someone met, with no table
        assert [p for p in cy.get("/api/me/friends").json()["met"] if p["id"] == me(bo)] == \
            [{"id": me(bo), "name": "Bo", "colour": bo.get("/api/me").json()["colour"],
              "initials": "B"}]
        clock[0] += ONLINE_SECONDS + 1
        assert friends_of(ana)[me(bo)]["online"] is False


def friends_of(http: httpx.Client) -> dict[str, dict[str, Any]]:
    return {f["id"]: {k: f[k] for k in ("online", "table", "game")}
            for f in http.get("/api/me/friends").json()["friends"]}


def test_friend_link_use_is_rate_limited_per_address(server: RunningServer) -> None:
    with server.http() as guesser:
        codes = [guesser.post("/api/friends/link", json={"secret": f"guess{i}"}).status_code
                 for i in range(11)]
    assert codes[:10] == [404] * 10 and codes[10] == 429


def test_a_deleted_account_leaves_no_friend_request_or_invitation_behind(
        server: RunningServer) -> None:
    with server.http() as ana, server.http() as bo, server.http() as cy:
        befriend(ana, bo)
        code = create(server, "punttu", [{"kind": "person"}] * 3, players=3)["code"]
        sit(bo, code, "Bo")
        sit(cy, code, "Cy")
        assert bo.post("/api/me/invitations", json={"friend": me(ana), "table": code}
                       ).status_code == 201
        assert cy.post("/api/me/friends", json={"player": me(bo)}).status_code == 200
        assert bo.delete("/api/me").status_code == 204
        assert listing(ana)["friends"] == set() and listing(cy)["asked"] == set()
        assert ana.get("/api/me/invitations").json()["invitations"] == []
    for table in ("friendships", "friend_requests", "invitations"):
        assert server.lobby.services.writer.read(
            lambda db, table=table: db.execute(text(f"SELECT count(*) FROM {table}")).scalar()
        ) == 0
