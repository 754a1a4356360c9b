"""The game clock across a server restart and a move to another process: the banks are computed
from the stored times of the steps, so what a seat has left, and since when the seat on turn has
been thinking, are the same before and after (``docs/clock.md``). The time is the server's real
clock here, so the tests compare what is computed from stored times, never a lapse of time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from tests.helpers.server import Client, RunningServer
from tests.redisserver import redis_server  # noqa: F401 (a fixture)
from tests.server.test_cluster import (
    _play_until,
    start_node,  # noqa: F401 (a fixture)
)


def _banks(state: dict[str, Any]) -> list[float]:
    """Each seat's bank at its turn's start: what is left now plus, for the seat on turn, what
    it has thought since (the invariant a restart keeps)."""
    clock = state["clock"]
    return [left + (clock["now"] - clock["since"] if seat == state["to_move"] else 0.0)
            for seat, left in enumerate(clock["left"])]


async def _my_turn_after(client: Client, moves: int) -> dict[str, Any]:
    """Play ``moves`` moves, then the state in which it is this person's turn again."""
    await _play_until([client], moves)
    state = await client.my_turn()
    assert state is not None
    return state


async def _state_again(server: RunningServer, code: str, token: str) -> dict[str, Any]:
    client = await Client.open(server, code, token)
    try:
        return await client.until(lambda m: m["type"] == "state" and bool(m.get("view")))
    finally:
        await client.close()


def _same_clock(before: dict[str, Any], after: dict[str, Any]) -> None:
    assert after["version"] == before["version"]
    assert after["clock"]["since"] == before["clock"]["since"]
    assert after["clock"]["profile"] == "slow"
    assert _banks(after) == pytest.approx(_banks(before), abs=0.002)


def test_a_restart_neither_gives_nor_takes_time(start_server: Any,
                                                play_against_bots: Any) -> None:
    server = start_server()
    joined = play_against_bots(server, "putto", players=2, clock="slow")
    assert joined["table"]["clock"] == {"name": "slow", "bank": 1800, "increment": 30,
                                        "turn_based": False}
    code, token = joined["code"], joined["token"]

    async def before_stop() -> dict[str, Any]:
        client = await Client.open(server, code, token)
        try:
            return await _my_turn_after(client, 2)
        finally:
            await client.close()

    before = asyncio.run(before_stop())
    assert before["clock"]["left"][0] <= 1800
    server.stop()
    again = start_server()
    _same_clock(before, asyncio.run(_state_again(again, code, token)))


def test_a_table_moved_to_another_process_keeps_its_clock(
    start_node: Callable[..., RunningServer],  # noqa: F811
) -> None:
    first, second = start_node(), start_node()
    with first.http() as http:
        played = http.post("/api/play", json={"game": "putto", "level": "random",
                                              "players": 2, "clock": "slow"})
    assert played.status_code == 201, played.text
    code, token = played.json()["code"], played.json()["token"]

    async def scenario() -> None:
        client = await Client.open(first, code, token)
        try:
            before = await _my_turn_after(client, 2)
        finally:
            await client.close()
        await asyncio.to_thread(first.stop)  # hands its tables over (the lease is freed)
        after = await _state_again(second, code, token)
        assert code in second.lobby.tables
        _same_clock(before, after)

    asyncio.run(scenario())
