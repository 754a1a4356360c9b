"""The deal-end pause (issue 16 §2): after a deal the next one is dealt only when every person
at the table has pressed Continue, or the table's countdown ran out; bots never hold it up.
The pause stores nothing: a table rebuilt during it (a restart) is in the same pause.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.server import in_process_services, queued, rebuilt_from_start

from cardtable.server.storage import store
from cardtable.server.tables.table import Connection, SeatPlan, Table, TableConfig
from cardtable.server.transport.errors import ServerError


async def _table(tmp_path: Path, seats: tuple[SeatPlan, ...], *,
                 continue_seconds: float = 30.0, deals: int = 3) -> tuple[Any, Table]:
    """A Punttu table of ``seats`` rebuilt from a stored start (seed 5), everyone attached."""
    writer, services = in_process_services(tmp_path / "t.db")
    config = TableConfig(game="punttu", players=len(seats), options={"deals": deals}, seats=seats,
                         continue_seconds=continue_seconds)
    table = await rebuilt_from_start(writer, services, "PAUSE1", config, seed=5)
    for seat, plan in enumerate(seats):
        if plan.kind == "person":
            await table.presence.attach(Connection(seat))
    table.scheduler.schedule()
    return writer, table


async def _play_the_deal(table: Table) -> None:
    """Every move of the first deal: the people's by a seeded choice, the bots' their own."""
    rng = random.Random(5)
    assert table.match is not None
    for _ in range(10_000):
        async with table.lock:  # no step half made (applied, not yet stored)
            seat, phase = table.mover()
        if phase != "deal" or len(table.match.deals) > 1:
            return
        assert seat is not None
        if table.state.auto_level(seat) is not None or table.state.forced_move() is not None:
            pending = table.scheduler.pending
            assert pending is not None
            await asyncio.wait_for(pending, 10)
            continue
        legal = table.match.current.legal_actions()
        try:
            await table.act(seat, str(rng.choice(legal)), table.version)
        except ServerError as error:  # a bot's move came first: look again
            assert error.code in ("action/stale_state", "action/not_your_turn"), error.code
    raise AssertionError("the deal did not end")


async def _close(writer: Any, table: Table) -> None:
    await table.close()
    await writer.close()
    writer.engine.dispose()


PEOPLE_AND_BOTS = (SeatPlan(kind="person"), SeatPlan(kind="bot", level="random"),
                   SeatPlan(kind="person"), SeatPlan(kind="bot", level="random"))


def test_the_next_deal_waits_for_every_person(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, table = await _table(tmp_path, PEOPLE_AND_BOTS)
        await _play_the_deal(table)
        assert table.match is not None and len(table.match.deals) == 1
        assert table.mover() == (None, "pause")
        message = table.messages.state_message(0)
        assert message["phase"] == "pause" and message["legal"] == []
        assert message["pause"]["deal"] == 1 and message["pause"]["waiting"] == [0, 2]
        assert message["pause"]["deadline"] is not None
        # the final trick is still what everyone is shown
        assert message["view"]["over"] is True
        version = table.version
        stored = writer.read(lambda db: store.load_table(db, "PAUSE1"))
        assert stored.events[-1].kind == "action"  # the pause stored nothing

        with pytest.raises(ServerError) as refused:
            await table.continue_deal(None, 1)
        assert refused.value.code == "seat/spectator"
        await table.continue_deal(0, 2)  # not this pause's deal: nothing
        await table.continue_deal(0, 1)
        await table.continue_deal(0, 1)  # pressed twice: the same
        assert table.mover() == (None, "pause") and table.version == version
        assert table.messages.state_message(2)["pause"]["waiting"] == [2]

        # a restart now: the same pause, and the person who continued must press again
        stored = writer.read(lambda db: store.load_table(db, "PAUSE1"))
        rebuilt = Table.rebuild(stored, table.services)
        assert rebuilt.version == version and rebuilt.mover() == (None, "pause")
        assert rebuilt.state.waiting_for() == [0, 2]

        await table.continue_deal(2, 1)
        assert len(table.match.deals) == 2 and table.version == version + 1
        assert table.mover()[1] == "deal" and "pause" not in table.messages.state_message(0)
        stored = writer.read(lambda db: store.load_table(db, "PAUSE1"))
        assert [e.kind for e in stored.events[-1:]] == ["deal"]
        assert Table.rebuild(stored, table.services).version == table.version
        await _close(writer, table)

    asyncio.run(scenario())


def test_the_countdown_deals_without_those_who_walked_away(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, table = await _table(tmp_path, PEOPLE_AND_BOTS, continue_seconds=0.05)
        await _play_the_deal(table)
        assert table.mover() == (None, "pause")
        await table.continue_deal(0, 1)
        pending = table.scheduler.pending
        assert pending is not None
        await asyncio.wait_for(pending, 10)  # seat 2 never pressed: the countdown ran out
        assert table.match is not None and len(table.match.deals) == 2
        assert table.mover()[1] == "deal"
        await _close(writer, table)

    asyncio.run(scenario())


def test_nobody_to_wait_for_means_no_pause(tmp_path: Path) -> None:
    """A person whose stand-in plays (away) is not waited for; with nobody else, the next
    deal follows the last move at once, as before."""
    async def scenario() -> None:
        seats = (SeatPlan(kind="person"), *(SeatPlan(kind="bot", level="random"),) * 3)
        writer, table = await _table(tmp_path, seats)
        table.seats[0].away = True
        table.scheduler.schedule()
        await _play_the_deal(table)
        assert table.match is not None and len(table.match.deals) == 2  # no pause
        assert table.mover()[1] == "deal"
        await _close(writer, table)

    asyncio.run(scenario())



def _kinds(connection: Connection) -> list[str]:
    return [json.loads(text)["type"] for text in queued(connection)]


def test_who_joins_during_the_pause_is_told_the_deal_end(tmp_path: Path) -> None:
    """The client opens its deal-end dialog on ``deal_end`` only: a page reloaded, reconnected
    or newly watching during the pause is sent it again after its state. A seat that has
    pressed Continue (its dialog closed) is not; once the next deal is dealt, nobody is."""
    async def scenario() -> None:
        writer, table = await _table(tmp_path, PEOPLE_AND_BOTS)
        before = Connection(None)
        await table.presence.attach(before)
        assert "deal_end" not in _kinds(before)  # mid-deal: nothing to summarise
        await _play_the_deal(table)
        assert table.mover() == (None, "pause")
        seen = _kinds(before)
        assert seen.count("deal_end") == 1  # sent once, when the deal ended

        watcher, reloaded = Connection(None), Connection(0)
        await table.presence.attach(watcher)
        await table.presence.attach(reloaded)
        for connection in (watcher, reloaded):
            kinds = _kinds(connection)
            assert kinds.count("deal_end") == 1
            assert kinds.index("state") < kinds.index("deal_end")
        assert "deal_end" not in _kinds(before)  # the others are not told twice

        await table.continue_deal(0, 1)
        again = Connection(0)
        await table.presence.attach(again)
        assert "deal_end" not in _kinds(again)  # seat 0 continued: its dialog stays closed
        late = Connection(2)
        await table.presence.attach(late)
        assert "deal_end" in _kinds(late)  # seat 2 is still waited for

        await table.continue_deal(2, 1)
        assert table.mover()[1] == "deal"
        after = Connection(None)
        await table.presence.attach(after)
        assert "deal_end" not in _kinds(after)
        await _close(writer, table)

    asyncio.run(scenario())


def test_who_joins_after_the_match_is_told_its_end(tmp_path: Path) -> None:
    """The client opens its match-end dialog on ``match_end`` only: a page that loaded the
    table just before its end (so it was told ``playing``) and attached just after is sent it
    after its state; nobody already there is told twice."""
    async def scenario() -> None:
        seats = (SeatPlan(kind="person"), *(SeatPlan(kind="bot", level="random"),) * 3)
        writer, table = await _table(tmp_path, seats, deals=1)
        before = Connection(None)
        await table.presence.attach(before)
        assert "match_end" not in _kinds(before)
        table.seats[0].away = True  # its stand-in plays: the match runs to its end
        table.scheduler.schedule()
        for _ in range(1_000):
            if table.status == "finished":
                break
            pending = table.scheduler.pending
            assert pending is not None
            await asyncio.wait_for(pending, 10)
        assert table.status == "finished"
        assert _kinds(before).count("match_end") == 1

        watcher, reloaded = Connection(None), Connection(0)
        await table.presence.attach(watcher)
        await table.presence.attach(reloaded)
        for connection in (watcher, reloaded):
            texts = [json.loads(text) for text in queued(connection)]
            kinds = [message["type"] for message in texts]
            assert kinds.count("match_end") == 1 and "deal_end" not in kinds
            assert kinds.index("state") < kinds.index("match_end")
            assert texts[kinds.index("match_end")]["outcome"] == table.state.result
        assert "match_end" not in _kinds(before)
        await _close(writer, table)

    asyncio.run(scenario())
