"""One anonymous client's bad requests must hurt nobody (issue 14 §1).

A real ``cardtable serve`` in another process (``loadtest.LocalServer``: its own SQLite in a
temporary folder), so its memory can be read from ``/proc``. The abusive requests of the issue —
a player count of 2**63, bodies and messages far over the limits, a ``ref`` over 64 bits, lone
surrogates, control characters — are each refused with the project's error shape and code,
quickly, without echoing what was sent; every WebSocket connection that sent bad input still
answers a ping; and the server's resident memory grows by less than ``RSS_BOUND_MIB`` over the
whole module (it grew to 13 GB on the first request before).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cardtable.server.ops.loadtest import LocalServer, rss_kib
from cardtable.server.transport.bodylimit import MAX_BODY, MAX_WS_MESSAGE
from cardtable.server.transport.protocol import MAX_MESSAGE

#: How much the server's resident memory may grow over every abusive request of this module.
RSS_BOUND_MIB = 50
#: The longest any refusal may take (seconds): a refusal is immediate, not after allocating.
QUICK = 5.0
WAIT = 20.0
HUGE = 9223372036854775807


@pytest.fixture(scope="module")
def served() -> Iterator[LocalServer]:
    server = LocalServer()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def memory(served: LocalServer) -> Iterator[list[int]]:
    """The server's RSS (KiB) before the module's requests; checked once they are all done."""
    before = rss_kib(served.process.pid)
    assert before is not None
    readings = [before]
    yield readings
    after = rss_kib(served.process.pid)
    assert after is not None
    readings.append(after)
    print(f"server RSS: {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB after")
    assert after - before < RSS_BOUND_MIB * 1024, readings


@pytest.fixture
def http(served: LocalServer, memory: list[int]) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=served.url, timeout=QUICK) as client:
        yield client


def refused(response: httpx.Response, status: int, code: str) -> str:
    """The refusal's message, once its status, shape and code are as expected."""
    assert response.status_code == status, response.text[:300]
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    assert body["error"]["code"] == code, body
    message: str = body["error"]["message"]
    assert len(response.content) < 1000, "a refusal never repeats a long input"
    return message


def post_raw(http: httpx.Client, path: str, text: str) -> httpx.Response:
    """A JSON body as written, escapes included (``"\\ud800"`` stays an escape)."""
    return http.post(path, content=text.encode(), headers={"content-type": "application/json"})


@pytest.mark.parametrize("path", ["/api/tables", "/api/play"])
def test_a_huge_player_count_is_refused_before_anything_is_built(
    http: httpx.Client, path: str
) -> None:
    """It built 2**63 seat objects (13 GB and rising) before checking the count."""
    message = refused(http.post(path, json={"game": "punttu", "players": HUGE}),
                      422, "request/invalid")
    assert "players" in message and str(HUGE) not in message
    # within every game's range but not this one's: the game's own rule answers
    message = refused(http.post(path, json={"game": "putto", "players": 8}),
                      422, "table/bad_config")
    assert "2" in message and "6" in message


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/api/tables", {"game": "punttu", "seats": [{"kind": "person"}] * 100}, "seats"),
    ("/api/tables", {"game": "punttu", "options": {f"o{i}": 1 for i in range(100)}}, "options"),
    ("/api/tables", {"game": "punttu", "options": {"deals": HUGE * 4}}, "options.deals"),
    ("/api/tables", {"game": "punttu", "turn_seconds": 1e300}, "turn_seconds"),
    ("/api/tables", {"game": "punttu", "seats": [{"kind": "bot", "level": "x" * 500}]},
     "seats[0].level"),
    ("/api/tables", {"game": "p" * 5000}, "game"),
    ("/api/play", {"game": "punttu", "name": "n" * 5000}, "name"),
    ("/api/play", {"game": "punttu", "level": "x" * 5000}, "level"),
    ("/api/play", {"game": "punttu", "options": {"x" * 5000: 1}}, "options"),
])
def test_every_field_is_bounded(http: httpx.Client, path: str, body: dict[str, Any],
                                field: str) -> None:
    message = refused(http.post(path, json=body), 422, "request/invalid")
    assert field in message
    assert "x" * 20 not in message and "n" * 20 not in message


def test_a_turn_timer_that_is_not_a_number_is_refused(http: httpx.Client) -> None:
    for value in ("NaN", "Infinity", "-1"):
        response = post_raw(http, "/api/tables", f'{{"game": "punttu", "turn_seconds": {value}}}')
        assert "turn_seconds" in refused(response, 422, "request/invalid")


@pytest.mark.parametrize("name", ["\\ud800", "a\\udfffb", "ana\\nbea", "\\u0007bell",
                                  "\\u202eevil", "   ", ""])
def test_a_bad_name_is_refused_clearly(http: httpx.Client, name: str) -> None:
    """A lone surrogate answered 500 (it could not be stored nor sent back); control
    characters and blank names are refused too, by /api/play and join alike."""
    response = post_raw(http, "/api/play", f'{{"game": "punttu", "name": "{name}"}}')
    assert "name" in refused(response, 422, "request/invalid")
    made = http.post("/api/tables", json={"game": "punttu", "players": 2,
                                          "seats": [{"kind": "person"}] * 2})
    assert made.status_code == 201
    response = post_raw(http, f"/api/tables/{made.json()['code']}/join", f'{{"name": "{name}"}}')
    assert "name" in refused(response, 422, "request/invalid")


def test_names_are_trimmed(http: httpx.Client) -> None:
    joined = http.post("/api/play", json={"game": "punttu", "name": "  ana  "})
    assert joined.status_code == 201
    assert joined.json()["table"]["seats"][0]["name"] == "ana"


def test_a_body_over_the_limit_is_refused_unread(http: httpx.Client) -> None:
    """A 200 MB body was read whole (1.37 GB) and echoed back in the error."""
    big = json.dumps({"game": "punttu", "name": "x" * (4 * MAX_BODY)})
    message = refused(post_raw(http, "/api/play", big), 413, "request/too_large")
    assert "64" in message
    # without Content-Length (chunked): refused once the bytes pass the limit, the rest unread
    chunks_sent = 0

    def chunks() -> Iterator[bytes]:
        nonlocal chunks_sent
        for _ in range(10_000):  # 160 MB if it were all read
            chunks_sent += 1
            yield b" " * 16384

    response = http.post("/api/play", content=chunks(),
                         headers={"content-type": "application/json"})
    refused(response, 413, "request/too_large")
    assert chunks_sent < 1000
    # at the limit, a body is read as usual
    padded = '{"game": "punttu"' + " " * (MAX_BODY - 40) + "}"
    assert http.post("/api/tables", content=padded.encode(),
                     headers={"content-type": "application/json"}).status_code == 201


def test_a_body_that_is_not_json_is_refused(http: httpx.Client) -> None:
    for text in ("{", "[1, 2", "\"\\ud800", "null", "{\"game\": \"punttu\"} trailing"):
        refused(post_raw(http, "/api/tables", text), 422, "request/invalid")


# -- WebSocket ----------------------------------------------------------------------------------


async def _recv(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
    return message


async def _until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        message = await _recv(ws)
        if message["type"] == kind:
            return message


async def _still_answers(ws: Any) -> None:
    await ws.send(json.dumps({"type": "ping", "ref": "alive"}))
    pong = await _until(ws, "pong")
    assert pong["ref"] == "alive"


def test_bad_messages_never_cost_the_connection(served: LocalServer, memory: list[int]) -> None:
    """An integer ``ref`` over 64 bits killed the connection (orjson cannot write it back);
    lone surrogates in a ``ref``, a chat line or an action did too. Each now gets an error with
    a code (and a ``ref`` only when it can be written back); the connection answers a ping."""
    with httpx.Client(base_url=served.url, timeout=QUICK) as http:
        joined = http.post("/api/play", json={"game": "punttu", "level": "random"}).json()
    ws_url = served.url.replace("http", "ws", 1)

    bad: list[tuple[str, str, object]] = [
        ('{"type": "ping", "ref": 100000000000000000000000}', "protocol/bad_message", None),
        ('{"type": "ping", "ref": -9223372036854775809}', "protocol/bad_message", None),
        ('{"type": "ping", "ref": "\\ud800"}', "protocol/bad_message", None),
        ('{"type": "chat", "text": "hi \\ud800", "ref": 7}', "protocol/bad_message", 7),
        ('{"type": "chat", "text": "\\u001b[31mred", "ref": 8}', "protocol/bad_message", 8),
        ('{"type": "action", "action": "play \\udc00", "version": 1, "ref": "a"}',
         "protocol/bad_message", "a"),
        ('{"type": "action", "action": "play Ko", "version": 1e400}', "protocol/bad_message",
         None),
        ('{"type": "action", "action": "play Ko", "version": 99999999999999999999999999}',
         "protocol/bad_message", None),
        ('{"type": "chat", "text": "' + "z" * (2 * MAX_MESSAGE) + '", "ref": 1}',
         "protocol/too_large", None),
        ('{"type": "ping", "ref": 9223372036854775807}', "", 9223372036854775807),
    ]

    async def scenario() -> None:
        async with connect(f"{ws_url}/ws/{joined['code']}", open_timeout=WAIT,
                           max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1, "token": joined["token"]}))
            await _until(ws, "state")
            for text, code, ref in bad:
                await ws.send(text)
                answer = await _until(ws, "error" if code else "pong")
                assert answer.get("code", "") == code, (text[:80], answer)
                assert answer["ref"] == ref
                assert "zzzzzzzzzz" not in json.dumps(answer)
                await _still_answers(ws)

    asyncio.run(scenario())


def test_a_message_over_the_transport_limit_closes_only_its_own_connection(
    served: LocalServer, memory: list[int]
) -> None:
    """Over ``MAX_WS_MESSAGE`` bytes the transport closes the connection (1009, message too
    big) without reading it into the app; other connections to the same table are untouched."""
    with httpx.Client(base_url=served.url, timeout=QUICK) as http:
        joined = http.post("/api/play", json={"game": "punttu", "level": "random"}).json()
    ws_url = served.url.replace("http", "ws", 1)
    path = f"{ws_url}/ws/{joined['code']}"

    async def scenario() -> None:
        async with connect(path, open_timeout=WAIT) as watcher, \
                connect(path, open_timeout=WAIT, max_size=2**22) as abuser:
            for ws in (watcher, abuser):
                await ws.send(json.dumps({"type": "hello", "v": 1}))
                await _until(ws, "state")
            await abuser.send(json.dumps({"type": "chat", "text": "y" * (4 * MAX_WS_MESSAGE)}))
            with pytest.raises(ConnectionClosed) as closed:
                await _until(abuser, "never")
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
            await _still_answers(watcher)

    asyncio.run(scenario())
