"""The fair pool of the hard bots and hints (``server/tables/pool.py``): lanes served round robin,
so a table (or a client's tables) with many queued jobs delays another table's single job by at most
one job; a bound on a table's queued hints; a job nobody waits for any more is dropped.

Jobs are held on events the test sets (no sleeps): the order they ran in is what is checked."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest

from cardtable.server.tables.pool import FairPool
from cardtable.server.transport.errors import ServerError

WAIT = 20.0


def recorder() -> tuple[list[str], Callable[[str], str]]:
    ran: list[str] = []

    def job(name: str) -> str:
        ran.append(name)
        return name

    return ran, job


async def _held(pool: FairPool, table: str) -> tuple[threading.Event, asyncio.Future[None]]:
    """A job of ``table`` that keeps the (single) worker until the event is set."""
    started, release = threading.Event(), threading.Event()

    def hold() -> None:
        started.set()
        release.wait(WAIT)

    running = asyncio.ensure_future(pool.run(table, hold))
    assert await asyncio.to_thread(started.wait, WAIT)
    return release, running


def test_a_single_job_waits_for_at_most_one_job_of_a_busy_table() -> None:
    async def scenario() -> None:
        pool = FairPool(workers=1, per_table=100)
        ran, job = recorder()
        release, held = await _held(pool, "BUSY")
        busy = [asyncio.ensure_future(pool.run("BUSY", job, f"busy{i}")) for i in range(20)]
        await asyncio.sleep(0)
        single = asyncio.ensure_future(pool.run("CALM", job, "calm"))
        await asyncio.sleep(0)
        release.set()
        assert await asyncio.wait_for(single, WAIT) == "calm"
        await asyncio.wait_for(asyncio.gather(held, *busy), WAIT)
        # the calm table's job ran after one more of the busy table's, not after all 20
        assert ran.index("calm") == 1, ran
        assert [r for r in ran if r != "calm"] == [f"busy{i}" for i in range(20)]  # FIFO
        pool.shutdown()

    asyncio.run(scenario())


async def _queued_then(pool: FairPool, tables: list[str], last: str) -> list[str]:
    """With the single worker held by ``tables[0]``, queue a job of each of ``tables``, then
    one of ``last``; release the worker: the names of the jobs (lower case) in the order run."""
    ran, job = recorder()
    release, held = await _held(pool, tables[0])
    queued = [asyncio.ensure_future(pool.run(table, job, table.lower())) for table in tables]
    await asyncio.sleep(0)
    final = asyncio.ensure_future(pool.run(last, job, last.lower()))
    await asyncio.sleep(0)
    release.set()
    await asyncio.wait_for(asyncio.gather(held, final, *queued), WAIT)
    return ran


def test_the_tables_of_one_address_share_one_lane() -> None:
    async def scenario() -> None:
        pool = FairPool(workers=1, per_table=100)
        for i in range(10):
            pool.assign(f"MINE{i}", "10.0.0.1")  # one client's ten tables
        ran = await _queued_then(pool, [f"MINE{i}" for i in range(10)], "THEIRS")
        assert ran.index("theirs") == 1, ran
        pool.shutdown()

    asyncio.run(scenario())


def test_a_tables_hints_are_bounded_and_bot_moves_are_not() -> None:
    async def scenario() -> None:
        pool = FairPool(workers=1, per_table=2)
        ran, job = recorder()
        release, held = await _held(pool, "T")
        hints = [asyncio.ensure_future(pool.run("T", job, f"h{i}", bounded=True))
                 for i in range(2)]
        await asyncio.sleep(0)
        assert pool.queued("T") == 2
        with pytest.raises(ServerError) as busy:
            await pool.run("T", job, "h2", bounded=True)
        assert busy.value.code == "server/busy"
        move = asyncio.ensure_future(pool.run("T", job, "bot"))  # a bot's move always queues
        other = asyncio.ensure_future(pool.run("U", job, "u", bounded=True))  # another table
        await asyncio.sleep(0)
        release.set()
        await asyncio.wait_for(asyncio.gather(held, move, other, *hints), WAIT)
        assert sorted(ran) == ["bot", "h0", "h1", "u"]
        assert pool.queued("T") == 0
        pool.shutdown()

    asyncio.run(scenario())


def test_a_job_nobody_waits_for_is_dropped_and_errors_reach_the_caller() -> None:
    async def scenario() -> None:
        pool = FairPool(workers=1, per_table=2)
        ran, job = recorder()
        release, held = await _held(pool, "T")
        dropped = asyncio.ensure_future(pool.run("T", job, "dropped", bounded=True))
        await asyncio.sleep(0)
        dropped.cancel()
        await asyncio.sleep(0)
        kept = asyncio.ensure_future(pool.run("T", job, "kept"))

        def fails() -> None:
            raise ValueError("no")

        failing = asyncio.ensure_future(pool.run("T", fails))
        await asyncio.sleep(0)
        release.set()
        assert await asyncio.wait_for(kept, WAIT) == "kept"
        with pytest.raises(ValueError):
            await asyncio.wait_for(failing, WAIT)
        await held
        assert ran == ["kept"]
        pool.shutdown()
        with pytest.raises(ServerError):
            await pool.run("T", job, "late")

    asyncio.run(scenario())


def test_a_table_someone_watches_goes_before_every_unattended_one() -> None:
    """20 unattended self-playing tables (a lane each, as from 20 addresses) queue; the one
    table with a person connected is served next, not after one job of each lane."""

    async def scenario() -> None:
        pool = FairPool(workers=1, per_table=100)
        pool.attended = lambda table: table == "WATCHED"
        ran = await _queued_then(pool, [f"IDLE{i}" for i in range(20)], "WATCHED")
        assert ran[0] == "watched", ran  # before any unattended job queued ahead of it
        assert ran[1:] == [f"idle{i}" for i in range(20)]  # then the others, round robin
        assert pool.depth() == 0
        pool.shutdown()

    asyncio.run(scenario())
