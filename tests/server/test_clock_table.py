"""The game clock at a table (``tables/clock.py`` through ``Table``): each step's server time is
stored with it, the banks are computed from those stored times, so a table rebuilt from storage
(a reload, a restart, another process) has exactly the banks of the one that played; when a
bank runs out the stand-in moves for the seat (the turn timer's path, ``by="timer"``). The
server's clock is injected: no test waits for time to pass."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from cardtable.server.config import ServerConfig
from cardtable.server.migrations import upgrade
from cardtable.server.storage import store
from cardtable.server.storage.db import make_engine
from cardtable.server.storage.writer import Writer
from cardtable.server.tables import clock as clock_module
from cardtable.server.tables import clock_replace
from cardtable.server.tables.pool import FairPool
from cardtable.server.tables.table import Connection, SeatPlan, Services, Table, TableConfig
from cardtable.server.transport.errors import ServerError

START = 1_800_000_000.0


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'clock.db'}"
    else:
        yield request.getfixturevalue("pg_cluster").new_database()


@asynccontextmanager
async def started(url: str, clock: Clock, profile: str = "fast",
                  code: str = "CLOCK1") -> AsyncIterator[tuple[Writer, Services, Table]]:
    """A two-person Punttu table with the clock ``profile``, both seats taken (so started);
    closed with its writer afterwards."""
    engine = make_engine(url)
    upgrade(engine)
    writer = Writer(engine)
    writer.start()
    services = Services(config=ServerConfig(bot_delay=0), writer=writer, pool=FairPool(1, 4),
                        clock=clock)
    config = TableConfig(game="punttu", players=2, options={},
                         seats=(SeatPlan(kind="person"), SeatPlan(kind="person")), clock=profile)
    table = Table(code, config, services)
    await writer.run(lambda db: store.create_table(
        db, code=code, game="punttu", players=2,
        config={**config.to_dict(), "options": dict(table.game.options)}))
    try:
        await table.take_seat(0, "ana", "a" * 64)
        await table.take_seat(1, "bo", "b" * 64)
        yield writer, services, table
    finally:
        await table.close()
        await writer.close()


async def _move(table: Table) -> int:
    """The person on turn plays their first legal move (a forced one is left to the table)."""
    await _forced_done(table)
    seat, _phase = table.mover()
    assert seat is not None and table.match is not None
    await table.act(seat, table.state.legal_texts()[0], table.version)
    await _forced_done(table)
    return seat


async def _forced_done(table: Table) -> None:
    """Wait (bounded) until the move the table makes for a person's only choice is made."""
    for _ in range(100):
        if table.state.forced_move() is None:
            return
        pending = table.scheduler.pending
        assert pending is not None
        await asyncio.wait_for(pending, 10)
    raise AssertionError("forced moves did not end")


def _rebuilt(writer: Writer, services: Services, code: str) -> Table:
    stored = writer.read(lambda db: store.load_table(db, code))
    assert stored is not None
    return Table.rebuild(stored, services)


def test_each_move_costs_its_stored_time_and_a_rebuilt_table_has_the_same_banks(
        db_url: str) -> None:
    async def scenario() -> None:
        clock = Clock()
        async with started(db_url, clock) as (writer, services, table):
            game = table.state.game_clock
            assert game is not None and game.left == [180, 180] and game.since == START
            clock.now += 40
            first = await _move(table)
            assert game.left[first] == pytest.approx(180 - 40 + 5)
            clock.now += 100.5
            second = await _move(table)
            if second != first:
                assert game.left[second] == pytest.approx(180 - 100.5 + 5)
            # every step's time is stored with it
            stored = writer.read(lambda db: store.load_table(db, table.code))
            assert stored is not None
            assert all("at" in e.data for e in stored.events if e.kind != "end")
            # a restart an hour of thinking later: the same banks, the same turn start
            clock.now += 30
            fresh = _rebuilt(writer, services, table.code)
            assert fresh.state.game_clock == game
            mover = fresh.mover()[0]
            assert mover is not None
            state = fresh.messages.state_message(None)["clock"]
            before = table.messages.state_message(None)["clock"]
            assert state == before
            assert state["left"][mover] == pytest.approx(game.left[mover] - 30)
            assert fresh.scheduler.turn_limit(mover) == pytest.approx(game.left[mover] - 30)
            await fresh.close()

    asyncio.run(scenario())


def test_out_of_time_the_stand_in_moves_played_by_the_clock(db_url: str) -> None:
    async def scenario() -> None:
        clock = Clock()
        async with started(db_url, clock) as (writer, _services, table):
            await _forced_done(table)
            seat = table.mover()[0]
            assert seat is not None
            clock.now += 179.995  # 5 ms of the bank left: the stand-in moves in 5 ms
            async with table.lock:
                table.scheduler.schedule()
                assert table.state.deadline == pytest.approx(clock.now + 0.005)
                pending = table.scheduler.pending
                clock.now += 0.005  # the 5 ms pass on the server's clock too
            assert pending is not None
            await asyncio.wait_for(pending, 10)
            assert table.state.last is not None and table.state.last["seat"] == seat
            assert table.state.last["by"] == "timer"
            game = table.state.game_clock
            assert game is not None
            assert game.left[seat] == pytest.approx(5)  # nothing left, then the increment
            assert game.strikes[seat] == 1

    asyncio.run(scenario())


def test_a_table_without_a_clock_stores_no_times_and_keeps_none(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with started(f"sqlite:///{tmp_path / 'n.db'}", Clock(),
                           profile="none") as (writer, _services, table):
            assert table.state.game_clock is None and table.scheduler.turn_limit(0) is None
            await _move(table)
            assert "clock" not in table.messages.state_message(None)
            assert table.summary()["clock"] is None
            stored = writer.read(lambda db: store.load_table(db, table.code))
            assert stored is not None
            assert not any("at" in e.data for e in stored.events)

    asyncio.run(scenario())


def test_an_unknown_profile_is_refused() -> None:
    config = TableConfig(game="punttu", players=2, options={},
                         seats=(SeatPlan(kind="person"), SeatPlan(kind="person")), clock="blitz")
    with pytest.raises(ServerError) as refused:
        config.check()
    assert refused.value.code == "table/bad_config"




async def _timed_out(table: Table, clock: Clock, seat: int) -> None:
    """Let ``seat``'s bank run out on the server's clock: the stand-in moves for it."""
    async with table.lock:
        limit = table.scheduler.turn_limit(seat)
        assert limit is not None
        clock.now += limit
        table.scheduler.schedule()
        pending = table.scheduler.pending
    assert pending is not None
    await asyncio.wait_for(pending, 10)
    assert table.state.last is not None and table.state.last["by"] == "timer"


def test_after_three_clock_moves_in_a_row_the_others_may_give_the_seat_to_a_bot(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock()
        other = Connection(1)
        async with started(f"sqlite:///{tmp_path / 'r.db'}", clock) as (writer, services, table):
            game = table.state.game_clock
            assert game is not None
            for _ in range(200):
                await _forced_done(table)
                if game.struck_out(0):
                    break
                if table.mover()[0] == 0:
                    await _timed_out(table, clock, 0)
                else:
                    await _move(table)
                    refused = pytest.raises(ServerError, match="clock/not_struck_out")
                    with refused:
                        await clock_replace.replace(table, other, 0)
            assert game.strikes[0] == clock_module.STRIKES
            with pytest.raises(ServerError, match="seat/spectator"):
                await clock_replace.replace(table, Connection(None), 0)
            with pytest.raises(ServerError, match="clock/not_struck_out"):
                await clock_replace.replace(table, Connection(0), 0)  # not one's own seat
            version = table.version
            await clock_replace.replace(table, other, 0)
            assert table.version == version + 1 and table.seats[0].replaced
            assert table.state.auto_level(0) is not None
            with pytest.raises(ServerError, match="clock/not_struck_out"):
                await clock_replace.replace(table, other, 0)  # once is enough
            fresh = _rebuilt(writer, services, table.code)
            assert fresh.seats[0].replaced and fresh.summary()["seats"][0]["replaced"]
            await fresh.close()

    asyncio.run(scenario())
