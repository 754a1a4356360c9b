"""Turn-based tables at rest (``tables/clock_idle.py``): once nobody has been at one for
``REST_SECONDS`` it leaves memory, keeping only its code and when its stand-in is due; a request
brings it back as it was, and the sweep brings it back when the person's time runs out, so the
clock's stand-in moves for them. An absent person at such a table is never replaced after the
grace period and the table never expires for their absence. The server's clock is injected."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.server import in_process_services
from tests.server.test_clock_table import START, Clock

from cardtable.server.lobby.lobby import Lobby
from cardtable.server.tables import clock_idle
from cardtable.server.tables.announce import Announcement
from cardtable.server.tables.clock import DAY
from cardtable.server.tables.table import Connection, SeatPlan, Table, TableConfig


@asynccontextmanager
async def lobby_at(folder: Path, clock: Clock, **settings: Any) -> AsyncIterator[Lobby]:
    """A lobby on a fresh SQLite store in ``folder`` with the server's clock ``clock``;
    closed with its writer afterwards."""
    writer, services = in_process_services(folder / "t.db", clock=clock, **settings)
    lobby = Lobby(services)
    try:
        yield lobby
    finally:
        await lobby.close()
        await writer.close()


def _config(clock: str = "day") -> TableConfig:
    return TableConfig(game="pontinho", players=2, options={}, clock=clock,
                       seats=(SeatPlan(kind="person"), SeatPlan(kind="person")))


async def _started(lobby: Lobby) -> Table:
    """A turn-based Pontinho table for two, both seats taken, once the forced moves it makes
    by itself (a first draw is a person's only choice) are made: it waits for a person."""
    table = await lobby.create(_config(), "10.0.0.1")
    await lobby.join(table.code, 0, "ana")
    await lobby.join(table.code, 1, "bo")
    for _ in range(20):
        if table.state.forced_move() is None:
            return table
        pending = table.scheduler.pending
        assert pending is not None
        await asyncio.wait_for(pending, 10)
    raise AssertionError("the forced moves did not end")


def test_an_idle_turn_based_table_rests_out_of_memory_and_comes_back_as_it_was(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        async with lobby_at(tmp_path, clock, grace_seconds=0) as lobby:
            table = await _started(lobby)
            code = table.code
            assert table.status == "running" and table.turn_based
            # nobody connected, the grace (0 s) over: nobody is replaced by a stand-in
            await lobby._absent_over(table)
            assert not any(seat.away for seat in table.seats)
            mover = table.mover()[0]
            assert mover is not None
            version, left = table.version, table.scheduler.turn_limit(mover)
            clock.now += clock_idle.REST_SECONDS - 1
            await lobby.sweep()
            assert code in lobby.tables  # not idle long enough yet
            clock.now += 1
            await lobby.sweep()
            assert code not in lobby.tables and lobby.resting[code] == pytest.approx(
                table.state.deadline or 0.0)
            # hours later (no expiry for absence), a request brings it back as it was
            clock.now += 7 * 3600
            assert await lobby.sweep() == []
            back = await lobby.find(code)
            assert back is not table and back.version == version
            assert back.state.game_clock == table.state.game_clock
            assert back.scheduler.turn_limit(mover) == pytest.approx((left or 0) - 7 * 3600 - 600)
            back.seats[mover].connections.add(Connection(mover))  # the person is here
            await lobby.sweep()
            assert lobby.tables[code] is back

    asyncio.run(scenario())


def test_a_resting_table_wakes_when_the_time_runs_out_and_the_stand_in_moves(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        async with lobby_at(tmp_path, clock) as lobby:
            table = await _started(lobby)
            code = table.code
            mover = table.mover()[0]
            assert mover is not None
            clock.now += clock_idle.REST_SECONDS
            await lobby.sweep()
            assert code in lobby.resting
            clock.now = lobby.resting[code]  # two days later: the bank is spent
            await lobby.sweep()
            assert code not in lobby.resting
            back = lobby.tables[code]
            version = back.version
            pending = back.scheduler.pending  # the stand-in's move, due now
            assert pending is not None and back.state.deadline == pytest.approx(clock.now)
            await asyncio.wait_for(pending, 10)
            assert back.version > version
            assert back.state.last == {**(back.state.last or {}), "seat": mover, "by": "timer"}
            assert back.state.game_clock is not None
            assert back.state.game_clock.left[mover] == pytest.approx(DAY)  # empty, then a day

    asyncio.run(scenario())


def test_a_real_time_table_never_rests(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        async with lobby_at(tmp_path, clock) as lobby:
            table = await lobby.create(_config("slow"), "10.0.0.1")
            await lobby.join(table.code, 0, "ana")
            await lobby.join(table.code, 1, "bo")
            assert not table.turn_based
            assert not clock_idle.may_rest(table, START + DAY, START)

    asyncio.run(scenario())


def test_after_a_restart_an_idle_turn_based_table_goes_back_to_rest(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        async with lobby_at(tmp_path, clock) as lobby:
            table = await _started(lobby)
        clock.now += 3600  # the server was away an hour; it starts again on the same store
        async with lobby_at(tmp_path, clock) as again:
            assert again.rebuild() == 1
            await again.load_noted()
            assert table.code not in again.tables
            assert again.resting[table.code] == pytest.approx(table.state.deadline or 0.0)
            back = await again.find(table.code)
            assert back.version == table.version

    asyncio.run(scenario())


def test_a_turn_is_announced_once_per_turn_and_not_again_on_revival(
        tmp_path: Path) -> None:
    told: list[tuple[str, int]] = []

    def note(news: Announcement) -> None:
        if news.kind == "turn":
            assert news.seat is not None
            told.append((news.table.code, news.seat))

    async def scenario() -> None:
        clock = Clock()
        async with lobby_at(tmp_path, clock) as lobby:
            lobby.services.announcements.listen(note)
            table = await _started(lobby)
            mover = table.mover()[0]
            assert mover is not None
            assert told == [(table.code, mover)]  # the first person on turn, told once
            for _ in range(20):  # the person's moves until the turn passes (a discard)
                if table.mover()[0] != mover:
                    break
                if table.state.forced_move() is not None:
                    assert table.scheduler.pending is not None
                    await asyncio.wait_for(table.scheduler.pending, 10)
                    continue
                legal = table.state.legal_texts()
                move = next((a for a in legal if a.startswith("discard")), legal[0])
                await table.act(mover, move, table.version)
            while table.state.forced_move() is not None:  # the next person's only choices first
                assert table.scheduler.pending is not None
                await asyncio.wait_for(table.scheduler.pending, 10)
            after = table.mover()[0]
            assert after is not None and after != mover
            seats = [seat for code, seat in told]
            assert {code for code, _seat in told} == {table.code}
            assert seats[0] == mover and seats[-1] == after
            assert all(a != b for a, b in zip(seats, seats[1:], strict=False))  # once a turn
            clock.now += clock_idle.REST_SECONDS
            await lobby.sweep()
            assert table.code in lobby.resting
            await lobby.find(table.code)  # back from rest: nobody is told again
            assert [seat for _code, seat in told] == seats

    asyncio.run(scenario())


@pytest.mark.parametrize("first", ["person", "rebuild"])
def test_a_person_coming_during_the_starts_rebuild_keeps_the_table(tmp_path: Path,
                                                                   first: str) -> None:
    """A person who opens a turn-based table while the start's background rebuild is bringing
    it back gets it in memory, whichever of the two asked first: the rebuild does not put it
    back to rest (and so close it) under them."""
    async def scenario() -> None:
        clock = Clock()
        async with lobby_at(tmp_path, clock) as lobby:
            table = await _started(lobby)
        clock.now += 3600
        async with lobby_at(tmp_path, clock) as again:
            assert again.rebuild() == 1
            if first == "person":
                found, _ = await asyncio.gather(again.find(table.code), again.load_noted())
            else:
                _, found = await asyncio.gather(again.load_noted(), again.find(table.code))
            assert again.tables.get(table.code) is found and table.code not in again.resting
            assert found.version == table.version and not found.suspended

    asyncio.run(scenario())
