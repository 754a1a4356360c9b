"""Web Push end to end (docs/notifications.md): the server's requests go to a real push service
on this machine (``tests/helpers/pushservice.py``), which checks each VAPID signature against the
server's public key and decrypts each payload with the browser's own keys (RFC 8291, 8292). A
person away from the table is told when the turn comes to them, in their language; a kind
turned off is not sent; 404/410 remove the subscription; a stalled push service delays no move.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from tests.helpers.pushservice import PushService, Received
from tests.helpers.server import WAIT, Client, RunningServer

from cardtable.server.features.push.texts import payload


@pytest.fixture
def push() -> Iterator[PushService]:
    service = PushService()
    yield service
    service.close()


@pytest.fixture
def pushing(push: PushService, start_server: Callable[..., RunningServer]) -> RunningServer:
    """A server that may post to the plain-HTTP test push service, whose key the service knows.
    The service is made first, so it is closed last: a push still on its way when a test ends
    (the other person's "match over") is answered, not left to the server's 10 s timeout."""
    server = start_server(push_plain_http=True)
    with server.http() as http:
        push.server_key = http.get("/api/push/key").json()["public_key"]
    return server


def rows(server: RunningServer, sql: str) -> list[Any]:
    return list(server.lobby.services.writer.read(lambda db: db.execute(text(sql)).all()))


def eventually(check: Callable[[], bool]) -> None:
    """Wait, bounded, for something the server does after answering (no fixed sleep)."""
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, "it did not happen in time"
        time.sleep(0.01)


def two_people(server: RunningServer, push: PushService, quiet: bool = False,
               **modes: str) -> tuple[str, dict[str, tuple[str, int]]]:
    """A two-person Punttu table that has started: ``ana`` and ``bea`` subscribed first (each
    browser answering as ``modes`` says; Bea speaks Portuguese; ``quiet``: Ana has a second
    browser that wants no "your turn"), then sat down, Ana first. Returns the code and each
    one's token and seat."""
    seated: dict[str, tuple[str, int]] = {}
    with server.http() as ana:
        made = ana.post("/api/tables", json={"game": "punttu", "players": 2,
                                             "seats": [{"kind": "person"}, {"kind": "person"}]})
        code = made.json()["code"]
        for name, http in (("ana", ana), ("bea", server.http())):
            browser = push.browser(name, modes.get(name, "ok"))
            answer = http.post("/api/push/subscription", json=browser.subscription())
            assert answer.status_code == 204, answer.text
            if name == "ana" and quiet:
                hushed = push.browser("quiet").subscription(turn=False)
                assert http.post("/api/push/subscription", json=hushed).status_code == 204
            if name == "bea":
                assert http.patch("/api/me", json={"language": "pt_BR"}).status_code == 200
            joined = http.post(f"/api/tables/{code}/join", json={"name": name})
            assert joined.status_code == 200, joined.text
            seated[name] = (joined.json()["token"], joined.json()["seat"])
    return code, seated


def on_turn(server: RunningServer, code: str, seated: dict[str, tuple[str, int]]) -> str:
    """Who is to move (nobody has a page open, so nobody moves but through ``move``)."""
    mover = server.lobby.tables[code].mover()[0]
    return next(name for name, (_token, seat) in seated.items() if seat == mover)


async def move(server: RunningServer, code: str, token: str) -> None:
    """One move by the seat ``token`` holds, over the WebSocket, whose page is then closed (the
    table has no connection left); none if the match ended first (a last card played for its
    holder)."""
    table = server.lobby.tables[code]  # kept: a finished table leaves the lobby
    client = await Client.open(server, code, token)
    try:
        state = await client.my_turn()
        if state is not None:
            await client.act(state["legal"][0], state["version"])
            await client.until(lambda m: m["type"] == "state"
                               and m["version"] > state["version"])
    finally:
        await client.close()
    eventually(lambda: not any(seat.connections for seat in table.seats))


def next_to(push: PushService, name: str) -> Received:
    """The next request to ``name``'s browser. Others may come first: a card that is its
    holder's only choice is played for them, which passes the turn on by itself."""
    while (got := push.next()).browser != name:
        assert got.message["kind"] == "turn"
    return got


def turn_to(server: RunningServer, code: str, seated: dict[str, tuple[str, int]],
            name: str) -> None:
    """Whoever is on turn moves until the turn is ``name``'s (a trick's winner leads the next,
    so it may take more than one move); nobody keeps a page open."""
    while (mover := on_turn(server, code, seated)) != name:
        asyncio.run(move(server, code, seated[mover][0]))


def test_the_turn_is_pushed_signed_encrypted_and_in_the_players_language(
        pushing: RunningServer, push: PushService) -> None:
    code, seated = two_people(pushing, push)
    # Bea sat down last, so started the table: she is on the page and is not pushed then
    turn_to(pushing, code, seated, "ana")
    first = next_to(push, "ana")
    assert (first.browser, first.status, first.ttl) == ("ana", 201, 24 * 3600)
    assert first.message == {"kind": "turn", "title": "Your turn at Punttu",
                             "body": f"Table {code} is waiting for your move.",
                             "url": f"/t/{code}", "tag": f"turn-{code}"}
    assert first.claims["sub"] == "mailto:cardtable@localhost"
    turn_to(pushing, code, seated, "bea")
    second = next_to(push, "bea")  # the turn passed to Bea, whose page is closed: in Portuguese
    assert second.message["title"] == "Sua vez no Punttu" and not push.problems


def test_a_kind_turned_off_is_not_sent_to_that_browser(pushing: RunningServer,
                                                        push: PushService) -> None:
    code, seated = two_people(pushing, push, quiet=True)
    turn_to(pushing, code, seated, "ana")
    next_to(push, "ana")
    # Ana's browsers were looked up together: "quiet" was never among those to send to
    assert "quiet" not in {got.browser for got in list(push.received.queue)}
    assert not push.problems
    assert len(rows(pushing, "SELECT endpoint FROM push_subscriptions")) == 3


@pytest.mark.parametrize("mode, status", [("gone", 410), ("missing", 404)])
def test_a_subscription_the_push_service_no_longer_knows_is_removed(
        pushing: RunningServer, push: PushService, mode: str, status: int) -> None:
    code, seated = two_people(pushing, push, ana=mode)
    turn_to(pushing, code, seated, "ana")
    assert next_to(push, "ana").status == status
    eventually(lambda: len(rows(pushing, "SELECT id FROM push_subscriptions")) == 1)


def test_a_stalled_push_service_delays_no_move(pushing: RunningServer,
                                               push: PushService) -> None:
    code, seated = two_people(pushing, push, ana="stall")
    turn_to(pushing, code, seated, "ana")
    assert push.stalled.wait(WAIT)  # Ana's push hangs, unanswered
    # Ana moves while the push service still holds the request about her turn: answered
    turn_to(pushing, code, seated, "bea")
    # Bea's message comes while Ana's request still hangs: it delays nobody else's
    assert next_to(push, "bea").message["kind"] == "turn"
    push.release()
    assert next_to(push, "ana").message["kind"] == "turn"


def test_the_messages_are_in_the_players_language() -> None:
    assert payload("turn", "hu", "ABC123", "putto")["title"] == "Te jössz: Putto"
    invite = payload("invite", "eu", "ABC123", "punttu", by="Ane")
    assert invite["title"] == "Mahai batera gonbidatu zaitu: Ane"
    over = payload("match_over", "pt_BR", "ABC123", "pontinho")
    assert over["body"] == "A partida de Pontinho na mesa ABC123 terminou."
    assert payload("turn", "xx", "ABC123", "putto")["title"] == "Your turn at Putto"


def test_subscribing_refuses_bad_keys_and_plain_http_and_unsubscribing_forgets(
        start_server: Callable[..., RunningServer], push: PushService) -> None:
    server = start_server()  # plain-HTTP push services not allowed: browsers give https
    browser = push.browser("b")
    with server.http() as http:
        plain = http.post("/api/push/subscription", json=browser.subscription())
        assert plain.status_code == 422 and plain.json()["error"]["code"] == "request/invalid"
        secure = {**browser.subscription(), "endpoint": "https://push.example/abc"}
        bad = {**secure, "keys": {**secure["keys"], "auth": "c2hvcnQ"}}
        assert http.post("/api/push/subscription", json=bad).status_code == 422
        assert http.post("/api/push/subscription", json=secure).status_code == 204
        again = {**secure, "kinds": {"turn": False}}
        assert http.post("/api/push/subscription", json=again).status_code == 204
        assert rows(server, "SELECT turn, invite, match_over FROM push_subscriptions") == [
            (False, True, True)]  # one row: the browser's choice replaced
        with httpx.Client(base_url=server.url) as stranger:  # not theirs to delete
            gone = stranger.request("DELETE", "/api/push/subscription",
                                    json={"endpoint": secure["endpoint"]})
            assert gone.status_code == 204
        assert len(rows(server, "SELECT id FROM push_subscriptions")) == 1
        gone = http.request("DELETE", "/api/push/subscription",
                            json={"endpoint": secure["endpoint"]})
        assert gone.status_code == 204 and gone.content == b""
    assert rows(server, "SELECT id FROM push_subscriptions") == []


def test_a_signed_in_device_brings_its_browsers_and_a_deleted_account_takes_them(
        start_server: Callable[..., RunningServer], push: PushService) -> None:
    server = start_server()
    secure = {**push.browser("b").subscription(), "endpoint": "https://push.example/abc"}
    with server.http() as phone, server.http() as laptop:
        assert laptop.post("/api/push/subscription", json=secure).status_code == 204
        ana = phone.get("/api/me").json()["id"]
        link = phone.post("/api/me/link").json()["link"]
        assert laptop.post("/api/signin", json={"secret": link.split("#", 1)[1]}).status_code == 200
        assert rows(server, "SELECT player_id FROM push_subscriptions") == [(ana,)]
        assert phone.delete("/api/me").status_code == 204
    assert rows(server, "SELECT id FROM push_subscriptions") == []


def test_the_vapid_key_is_made_once_and_kept_across_restarts(
        start_server: Callable[..., RunningServer]) -> None:
    first = start_server()
    with first.http() as http:
        key = http.get("/api/push/key").json()["public_key"]
    first.stop()
    with start_server().http() as http:
        assert http.get("/api/push/key").json()["public_key"] == key
    assert len(key) == 87  # base64url of a 65-byte uncompressed P-256 point


def test_a_friends_invitation_reaches_the_player_unless_they_turned_it_off(
        pushing: RunningServer, push: PushService) -> None:
    """Ana invites her friend Bea to her table through the friends' route: Bea's browser that
    wants invitations is told, in Bea's language; the one that turned them off is not."""
    with pushing.http() as ana, pushing.http() as bea:
        wants = push.browser("wants")
        assert bea.post("/api/push/subscription", json=wants.subscription()).status_code == 204
        hushed = push.browser("hushed").subscription(invite=False)
        assert bea.post("/api/push/subscription", json=hushed).status_code == 204
        assert bea.patch("/api/me", json={"language": "hu", "name": "Bea"}).status_code == 200
        assert ana.patch("/api/me", json={"name": "Ana"}).status_code == 200
        link = ana.post("/api/me/friends/link").json()["link"]
        assert bea.post("/api/friends/link",
                        json={"secret": link.split("#", 1)[1]}).status_code == 200
        code = ana.post("/api/tables", json={
            "game": "pontinho", "players": 2,
            "seats": [{"kind": "person"}, {"kind": "person"}]}).json()["code"]
        assert ana.post(f"/api/tables/{code}/join", json={"name": "Ana"}).status_code == 200
        bea_id = bea.get("/api/me").json()["id"]
        invited = ana.post("/api/me/invitations", json={"friend": bea_id, "table": code})
        assert invited.status_code == 201, invited.text
    got = push.next()
    assert got.browser == "wants" and got.message == {
        "kind": "invite", "title": "Ana meghívott egy asztalhoz",
        "body": f"Gyere játszani: Pontinho, {code} asztal.", "url": f"/t/{code}",
        "tag": f"invite-{code}"}
    assert push.received.empty() and not push.problems


def test_the_match_end_is_pushed_to_whoever_has_no_page_open(pushing: RunningServer,
                                                             push: PushService) -> None:
    code, seated = two_people(pushing, push)  # one deal: the match ends with it
    table = pushing.lobby.tables[code]
    while table.mover()[0] is not None:  # a last card may be played for its holder: no check
        asyncio.run(move(pushing, code, seated[on_turn(pushing, code, seated)][0]))
    eventually(lambda: table.status == "finished")
    while (got := push.next()).message["kind"] != "match_over":
        assert got.message["kind"] == "turn"
    assert got.message["title"] == {"ana": "The match is over",
                                    "bea": "A partida terminou"}[got.browser]
    assert got.message["url"] == f"/t/{code}" and not push.problems
