"""Fuzzing the WebSocket message parser: no input crashes the server or changes a table.

``protocol.parse`` is fed arbitrary text and arbitrary JSON (and near-valid messages) and must
either return a message or raise ``ServerError``; a live connection is then fed the same kind of
input, and the table must stay at the same version, with the connection still answering.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.protocol import parse

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
near_messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "action", "hint", "chat", "sync", "ping", "act", ""])},
    optional={
        "action": json_values | st.sampled_from(["play Ko", "draw", "", "play"]),
        "version": json_values | st.integers(-3, 50),
        "text": json_values,
        "token": json_values,
        "v": json_values,
        "ref": json_values,
    },
)
inputs = st.text(max_size=200) | json_values.map(json.dumps) | near_messages.map(json.dumps)


@given(text=inputs)
def test_parse_returns_a_message_or_a_server_error(text: str) -> None:
    try:
        message = parse(text)
    except ServerError as error:
        assert error.code.startswith("protocol/")
        assert error.message
    else:
        assert message.type in {"hello", "action", "hint", "chat", "sync", "ping"}


def answered(text: str) -> bool:
    """A well-formed ping or sync is no junk: it is answered (a pong, a fresh state)."""
    try:
        return parse(text).type in ("ping", "sync")
    except ServerError:
        return False


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(inputs.filter(lambda t: '"hello"' not in t), min_size=1, max_size=6))
def test_fuzzed_messages_change_no_table(server: Any, client_class: Any, batch: list[str]) -> None:
    """A seat on turn and a spectator send junk (never its own correct move): the table's
    version does not move and both connections still answer a ping."""
    table = server.lobby.tables.get(getattr(server, "fuzz_code", ""))
    if table is None:
        with server.http() as http:
            made = http.post("/api/tables", json={
                "game": "punttu", "seats": [{"kind": "person"}] * 2, "players": 2,
            }).json()
            server.fuzz_tokens = []
            for n in ("a", "b"):
                http.cookies.clear()  # another person: one seat per player (docs/ratings.md)
                joined = http.post(f"/api/tables/{made['code']}/join", json={"name": n})
                server.fuzz_tokens.append(joined.json()["token"])
        server.fuzz_code = made["code"]
        table = server.lobby.tables[made["code"]]
    before = table.version

    async def scenario() -> None:
        players = [await client_class.open(server, table.code, t) for t in server.fuzz_tokens]
        watcher = await client_class.open(server, table.code, None)
        for client in (*players, watcher):
            await client.until(lambda m: m["type"] == "state")
        legal = {a for p in players for a in (p.state or {}).get("legal", [])}
        for text in batch:
            if answered(text) or any(f'"{action}"' in text for action in legal):
                continue  # a right move, a ping or a sync is not junk
            for client in (*players, watcher):
                await client.send(text)
        for client in (*players, watcher):
            await client.send({"type": "ping", "ref": "end"})
            pong = await client.until(lambda m: m["type"] == "pong")
            assert pong["ref"] == "end"
            assert not [m for m in client.messages if m["type"] == "state"][1:]
            await client.close()

    asyncio.run(scenario())
    assert table.version == before
