"""The table's pace (server/tables/pace.py): a move that shows nothing (a pass in Pontinho's claim
round) is not waited for, a seat's second move of a turn waits less, and the table plays at
the slowest bot speed a seated person chose. The pauses are recorded, never waited for: the
test table's ``paced`` returns at once, so load cannot change what is measured.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.server import in_process_services, rebuilt_from_start

from cardtable.server.tables import pace
from cardtable.server.tables.scheduling import Scheduler
from cardtable.server.tables.table import Connection, SeatPlan, Table, TableConfig
from cardtable.server.transport.protocol import Speed, parse

DELAY = 0.8


class RecordingScheduler(Scheduler):
    """A scheduler that notes each pause it plans (seat, move, seconds) and never waits one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pauses: list[tuple[int, str, float]] = []

    def pause_before(self, seat: int, action: str) -> float:
        seconds = super().pause_before(seat, action)
        self.pauses.append((seat, action, seconds))
        return seconds

    async def paced(self, seconds: float) -> None:
        await asyncio.sleep(0)


class RecordingTable(Table):
    """A table whose pauses are noted and never waited (``RecordingScheduler``)."""

    scheduler_type = RecordingScheduler
    scheduler: RecordingScheduler


async def _bots_table(tmp_path: Path) -> tuple[Any, RecordingTable, Connection]:
    """Pontinho at four: a person at seat 0 and three medium bots, rebuilt from seed 11."""
    writer, services = in_process_services(tmp_path / "t.db", bot_delay=DELAY)
    seats = (SeatPlan(kind="person"), *(SeatPlan(kind="bot", level="medium") for _ in range(3)))
    config = TableConfig(game="pontinho", players=4, options={}, seats=seats)
    table = await rebuilt_from_start(writer, services, "PACE01", config, seed=11,
                                     cls=RecordingTable)
    person = Connection(0)
    await table.presence.attach(person)
    table.scheduler.schedule()
    return writer, table, person


async def _play_first_deal(table: RecordingTable) -> list[str]:
    """The first deal to its end: the person plays the first legal move; returns the moves."""
    assert table.match is not None
    moves: list[str] = []
    for _ in range(5_000):
        async with table.lock:
            seat, phase = table.mover()
        if phase != "deal" or len(table.match.deals) > 1:
            return moves
        assert seat is not None
        if table.state.auto_level(seat) is not None or table.state.forced_move() is not None:
            pending = table.scheduler.pending
            assert pending is not None
            await asyncio.wait_for(pending, 30)
        else:
            await table.act(seat, str(table.match.current.legal_actions()[0]), table.version)
        assert table.state.last is not None
        moves.append(table.state.last["action"])
    raise AssertionError("the deal did not end")


@pytest.mark.rule("PO-21")
def test_passes_are_not_waited_for_and_every_shown_move_is(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, table, _person = await _bots_table(tmp_path)
        await _play_first_deal(table)
        passes = [p for p in table.scheduler.pauses if p[1] == "pass"]
        shown = [p for p in table.scheduler.pauses if p[1] != "pass"]
        assert passes and shown, "seed 11's first deal has claim rounds and bot moves"
        assert all(seconds == 0 for _seat, _move, seconds in passes)
        # every move that shows something is paused, at least half a delay (a seat's next move)
        assert min(seconds for _s, _m, seconds in shown) == DELAY * pace.FOLLOW_ON
        firsts = [s for s in shown if s[1].startswith("draw")]
        assert firsts and any(seconds == DELAY for _s, _m, seconds in firsts)
        await table.close()
        await writer.close()
        writer.engine.dispose()

    asyncio.run(scenario())


def test_the_table_plays_at_the_slowest_speed_a_seated_person_chose(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, table, person = await _bots_table(tmp_path)
        assert table.scheduler.bot_speed() == "normal"  # nobody chose
        person.speed = "fast"
        assert table.scheduler.bot_speed() == "fast"
        assert table.scheduler.pause_before(1, "discard 7d") == DELAY * pace.SPEEDS["fast"]
        second = Connection(0)  # the same person in a second tab, slower
        await table.presence.attach(second)
        second.speed = "slow"
        assert table.scheduler.bot_speed() == "slow"
        watcher = Connection(None)
        await table.presence.attach(watcher)
        watcher.speed = "fast"  # a spectator's choice does not count
        assert table.scheduler.bot_speed() == "slow"
        await table.close()
        await writer.close()
        writer.engine.dispose()

    asyncio.run(scenario())


def test_pause_rules() -> None:
    assert pace.pause("pass", delay=DELAY) == 0
    assert pace.pause("draw", delay=DELAY) == DELAY
    assert pace.pause("discard 7d", delay=DELAY, follows_own=True) == DELAY * pace.FOLLOW_ON
    assert pace.pause("draw", delay=DELAY, speed="slow") > DELAY > pace.pause(
        "draw", delay=DELAY, speed="fast")
    assert pace.pause("draw", delay=0) == 0
    assert pace.slowest([None, "fast", "normal"]) == "normal"
    assert pace.slowest([]) == pace.DEFAULT_SPEED


def test_the_speed_message() -> None:
    assert parse('{"type": "speed", "speed": "fast"}') == Speed(type="speed", speed="fast")
    with pytest.raises(Exception, match="bad_message"):
        parse('{"type": "speed", "speed": "warp"}')
