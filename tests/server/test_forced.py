"""A decision with one legal choice is never asked of a person: the server makes it (issue 16).

Pontinho's claim round (PO-20, PO-21) asks every claimant "advance or pass?" after a draw from
the stock; a person who cannot advance has only ``pass``. The table makes such a move for them
through ``Table.act`` (``by="auto"``) after the pause a bot's move gets (none for a pass), sends
them ``forced`` instead of ``legal`` meanwhile, and shows everyone else the move as the
person's own.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.server import in_process_services, rebuilt_from_start

from cardtable.server.config import ServerConfig
from cardtable.server.storage import store
from cardtable.server.tables import pace
from cardtable.server.tables.scheduling import Scheduler
from cardtable.server.tables.table import Connection, SeatPlan, Table, TableConfig

#: The pause of a bot's move here: a forced move may not come sooner.
DELAY = 0.02


class TimedScheduler(Scheduler):
    """A scheduler that notes the pause each move made for a seat was given (by the version it
    was planned at) and makes that move only when the test lets it (``permits``): the test
    reads the table between two such moves, never during one, whatever the machine's load."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pauses: dict[int, float] = {}
        self.permits = asyncio.Semaphore(0)

    async def paced(self, seconds: float) -> None:
        self.pauses[self.state.version] = seconds
        await self.permits.acquire()


class TimedTable(Table):
    """A table whose moves made for a seat wait for the test (``TimedScheduler``)."""

    scheduler_type = TimedScheduler
    scheduler: TimedScheduler


async def _people_table(tmp_path: Path, seed: int) -> tuple[Any, TimedTable]:
    """Four people at a Pontinho table rebuilt from a stored start (a known seed)."""
    writer, services = in_process_services(tmp_path / "t.db")
    services = dataclasses.replace(services, config=ServerConfig(bot_delay=DELAY))
    config = TableConfig(game="pontinho", players=4, options={},
                         seats=tuple(SeatPlan(kind="person") for _ in range(4)))
    table = await rebuilt_from_start(writer, services, "FORCE1", config, seed=seed,
                                     cls=TimedTable)
    for seat in range(4):
        await table.presence.attach(Connection(seat))
    table.scheduler.schedule()
    return writer, table


@pytest.mark.rule("PO-21")
def test_a_person_who_cannot_advance_is_never_asked(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, table = await _people_table(tmp_path, seed=3)
        rng = random.Random(3)
        forced_passes = 0
        assert table.match is not None
        while table.mover()[1] == "deal" and len(table.match.deals) == 1:  # the first deal
            seat, _phase = table.mover()
            assert seat is not None
            offered = table.messages.state_message(seat)
            only = [str(a) for a in table.match.current.legal_actions()]
            if len(only) == 1:
                # Not asked: told what is made for them, and nothing to click.
                assert offered["legal"] == [] and offered["forced"] == only[0]
                version = table.version
                pending = table.scheduler.pending
                assert pending is not None
                table.scheduler.permits.release()
                await asyncio.wait_for(pending, 10)
                # a move that shows something after a bot's pause; a pass (it shows nothing)
                # at once, as a bot's pass (server/tables/pace.py)
                if only[0] == "pass":
                    assert table.scheduler.pauses[version] == 0
                else:
                    assert table.scheduler.pauses[version] >= DELAY * pace.FOLLOW_ON
                assert table.version > version
                assert table.state.last == {"seat": seat, "action": only[0], "by": "auto"}
                # Theirs to know; the others see their move as any move of theirs.
                assert table.messages.state_message(seat)["last"]["by"] == "auto"
                for other in {0, 1, 2, 3} - {seat}:
                    assert table.messages.state_message(other)["last"]["by"] == "person"
                assert table.messages.state_message(None)["last"]["by"] == "person"
                if table.version == version + 1:  # the same deal: its log says so too
                    assert table.messages.state_message(seat, full=True)["log"][-1][1:] == [
                        only[0], "auto"]
                    assert table.messages.state_message(None, full=True)["log"][-1][2] == "person"
                forced_passes += only[0] == "pass"
                continue
            assert "forced" not in offered and sorted(offered["legal"]) == sorted(only)
            await table.act(seat, rng.choice(only), table.version)
        assert forced_passes > 0, "the seed should give a claim round with nobody able to advance"
        stored = writer.read(lambda db: store.load_table(db, "FORCE1"))
        assert stored is not None
        autos = [e for e in stored.events if e.data.get("by") == "auto"]
        assert autos and all(e.kind == "action" for e in autos)
        # A restart replays the forced moves like any other, and keeps who made them.
        rebuilt = Table.rebuild(stored, table.services)
        assert rebuilt.version == table.version and rebuilt.state.last == table.state.last
        await table.close()
        await writer.close()
        writer.engine.dispose()

    asyncio.run(scenario())

