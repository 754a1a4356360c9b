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
from tests.helpers.pushservice import PushService
from tests.helpers.server import WAIT, Client, RunningServer


@pytest.fixture
def push() -> Iterator[PushService]:
    service = PushService()
    yield service
    service.close()


@pytest.fixture
def pushing(start_server: Callable[..., RunningServer], push: PushService) -> RunningServer:
    """A server that may post to the plain-HTTP test push service, whose key the service knows."""
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


def two_people(server: RunningServer, push: PushService,
               **modes: str) -> tuple[str, dict[str, tuple[str, int]]]:
    """A two-person Punttu table that has started: ``ana`` and ``bea`` subscribed first (each
    browser answering as ``modes`` says; Bea speaks Portuguese), then sat down. Returns the code
    and each one's token and seat."""
    seated: dict[str, tuple[str, int]] = {}
    with server.http() as ana:
        made = ana.post("/api/tables", json={"game": "punttu", "players": 2,
                                             "seats": [{"kind": "person"}, {"kind": "person"}]})
        code = made.json()["code"]
        for name, http in (("ana", ana), ("bea", server.http())):
            browser = push.browser(name, modes.get(name, "ok"))
            answer = http.post("/api/push/subscription", json=browser.subscription())
            assert answer.status_code == 204, answer.text
            if name == "bea":
                assert http.patch("/api/me", json={"language": "pt_BR"}).status_code == 200
            joined = http.post(f"/api/tables/{code}/join", json={"name": name})
            assert joined.status_code == 200, joined.text
            seated[name] = (joined.json()["token"], joined.json()["seat"])
    return code, seated


async def move(server: RunningServer, code: str, token: str) -> int:
    """One move by the seat ``token`` holds, over the WebSocket; the version it led to."""
    client = await Client.open(server, code, token)
    try:
        state = await client.my_turn()
        assert state is not None
        await client.act(state["legal"][0], state["version"])
        after = await client.until(lambda m: m["type"] == "state"
                                   and m["version"] > state["version"])
        return int(after["version"])
    finally:
        await client.close()


def test_the_turn_is_pushed_signed_encrypted_and_in_the_players_language(
        pushing: RunningServer, push: PushService) -> None:
    code, tokens = two_people(pushing, push)
    first = push.next()  # the table started: whoever plays first is away, so told
    assert first.status == 201 and first.ttl == 24 * 3600
    assert first.message["kind"] == "turn" and first.message["url"] == f"/t/{code}"
    other = "bea" if first.browser == "ana" else "ana"
    asyncio.run(move(pushing, code, tokens[first.browser][0]))
    second = push.next()  # the turn passed to the other person, who has no page open
    assert second.browser == other and second.message["kind"] == "turn"
    titles = {first.browser: first.message["title"], other: second.message["title"]}
    assert titles["ana"] == "Your turn at Punttu"
    assert titles["bea"] == "Sua vez no Punttu"  # Bea chose Portuguese
    assert f"{code}" in second.message["body"]
    assert push.received.empty() and not push.problems


def test_a_kind_turned_off_is_not_sent_to_that_browser(pushing: RunningServer,
                                                        push: PushService) -> None:
    with pushing.http() as http:
        quiet = push.browser("quiet")
        loud = push.browser("loud")
        assert http.post("/api/push/subscription",
                         json=quiet.subscription(turn=False)).status_code == 204
        assert http.post("/api/push/subscription", json=loud.subscription()).status_code == 204
        played = http.post("/api/tables", json={"game": "punttu", "players": 2,
                                                "seats": [{"kind": "person"}, {"kind": "bot"}]})
        code = played.json()["code"]
        joined = http.post(f"/api/tables/{code}/join", json={"name": "Ana"})
        assert joined.status_code == 200, joined.text
    got = push.next()  # sooner or later the turn comes to Ana, who has no page open
    assert got.browser == "loud" and got.message["kind"] == "turn"
    # both were looked up together: "quiet" was never among those to send to
    assert push.received.empty() and not push.problems
    assert len(rows(pushing, "SELECT endpoint FROM push_subscriptions")) == 2


@pytest.mark.parametrize("mode, status", [("gone", 410), ("missing", 404)])
def test_a_subscription_the_push_service_no_longer_knows_is_removed(
        pushing: RunningServer, push: PushService, mode: str, status: int) -> None:
    two_people(pushing, push, ana=mode, bea=mode)
    assert push.next().status == status
    eventually(lambda: len(rows(pushing, "SELECT id FROM push_subscriptions")) == 1)


def test_a_stalled_push_service_delays_no_move(pushing: RunningServer,
                                               push: PushService) -> None:
    code, tokens = two_people(pushing, push, ana="stall", bea="stall")
    assert push.stalled.wait(WAIT)  # the first push hangs, unanswered
    # whoever is on turn moves while the push service still holds the request: answered
    mover = pushing.lobby.tables[code].mover()[0]
    version = asyncio.run(move(pushing, code, next(
        token for token, seat in tokens.values() if seat == mover)))
    assert version > 0 and push.received.empty()  # nothing answered yet, the move was made
    push.release()
    assert {push.next().browser, push.next().browser} == {"ana", "bea"}


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


def test_the_vapid_key_is_made_once_and_kept_across_restarts(
        start_server: Callable[..., RunningServer]) -> None:
    first = start_server()
    with first.http() as http:
        key = http.get("/api/push/key").json()["public_key"]
    first.stop()
    with start_server().http() as http:
        assert http.get("/api/push/key").json()["public_key"] == key
    assert len(key) == 87  # base64url of a 65-byte uncompressed P-256 point
