"""What idle turn-based tables cost (docs/clock.md, "Turn-based tables"): memory per table in
memory and at rest, the time to bring one back, and whether many idle ones in the database slow
the lobby or a live table.

Not a test: a measurement run by hand, reported in docs/clock.md.

    .venv/bin/python benchmarks/turnbased_idle.py --tables 50000 --sample 200

On SQLite in a temporary folder, in one process with an injected clock:

1. ``--sample`` turn-based Pontinho tables for two (the ``day`` clock) are made and started; the
   traced memory (``tracemalloc``) per table is measured with them in memory, then after the
   sweep put them to rest;
2. each is brought back (``Lobby.find``): the median and p99 time of one revival;
3. ``--tables`` idle turn-based tables are copied into the database (rows of a real one under new
   codes), and a fresh lobby's open-tables page and a live table's moves are timed with and
   without them: the lobby's page (``open_page``) and each move of a real-time table
   (``Table.act``), median and p99; with ``--start``, also how long the start's background
   rebuild takes to put them all back to rest.

One JSON line per figure.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import sys
import tempfile
import time
import tracemalloc
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.helpers.server import in_process_services  # noqa: E402

from cardtable.server.lobby.lobby import Lobby  # noqa: E402
from cardtable.server.storage import store  # noqa: E402
from cardtable.server.tables import clock_idle  # noqa: E402
from cardtable.server.tables.table import SeatPlan, Table, TableConfig  # noqa: E402

PEOPLE = (SeatPlan(kind="person"), SeatPlan(kind="person"))


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def report(**figures: Any) -> None:
    print(json.dumps(figures), flush=True)


def spread(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    return {"median_ms": round(statistics.median(ordered) * 1000, 3),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 3)}


async def settled(table: Table) -> None:
    """Until the table waits for a person (its forced first moves made)."""
    while table.state.forced_move() is not None and table.scheduler.pending is not None:
        await table.scheduler.pending


async def turn_based(lobby: Lobby) -> Table:
    table = await lobby.create(TableConfig(game="pontinho", players=2, options={},
                                           seats=PEOPLE, clock="day"), "10.0.0.1")
    await lobby.join(table.code, 0, "ana")
    await lobby.join(table.code, 1, "bo")
    await settled(table)
    return table


async def memory_and_revival(folder: Path, sample: int) -> list[str]:
    clock = Clock()
    writer, services = in_process_services(folder / "sample.db", clock=clock)
    lobby = Lobby(services)
    for _ in range(20):  # warm: the engine's, the bots' and the database's caches filled first
        await turn_based(lobby)
    clock.now += clock_idle.REST_SECONDS
    await lobby.sweep()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    codes = [(await turn_based(lobby)).code for _ in range(sample)]
    gc.collect()
    held = tracemalloc.get_traced_memory()[0]
    clock.now += clock_idle.REST_SECONDS
    await lobby.sweep()
    gc.collect()
    resting = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(lobby.resting) == sample + 20, len(lobby.resting)
    report(figure="memory per turn-based table", in_memory_kib=round((held - before) / sample
                                                                       / 1024, 1),
           at_rest_kib=round((resting - before) / sample / 1024, 2), tables=sample)
    times = []
    for code in codes:
        began = time.perf_counter()
        await lobby.find(code)
        times.append(time.perf_counter() - began)
    report(figure="revival of a table at rest", **spread(times), tables=sample)
    await lobby.close()
    await writer.close()
    return codes


def copy_idle(folder: Path, source: str, tables: int) -> None:
    """``tables`` copies of the stored table ``source`` (its row, seats and events), new codes."""
    import sqlite3

    db = sqlite3.connect(folder / "live.db")
    with db:
        db.execute("INSERT INTO tables (code, game, players, config, status, created_at) "
                   "SELECT 'I' || n.value, game, players, config, status, created_at FROM tables, "
                   "(WITH RECURSIVE c(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM c "
                   " WHERE value < ?) SELECT value FROM c) AS n WHERE code = ?", (tables, source))
        db.execute("INSERT INTO seats (table_code, seat, name, token_hash, joined_at) "
                   "SELECT t.code, s.seat, s.name, s.token_hash, s.joined_at FROM seats s, "
                   "tables t WHERE s.table_code = ? AND t.code LIKE 'I%'", (source,))
        db.execute("INSERT INTO events (table_code, seq, kind, data, at) "
                   "SELECT t.code, e.seq, e.kind, e.data, e.at FROM events e, tables t "
                   "WHERE e.table_code = ? AND t.code LIKE 'I%'", (source,))
    db.execute("ANALYZE")
    db.close()


async def live_figures(lobby: Lobby, label: str, moves: int = 300) -> None:
    """The lobby's open-tables page and a real-time table's moves, timed."""
    pages = []
    for _ in range(50):
        began = time.perf_counter()
        await lobby.open_page(20)
        pages.append(time.perf_counter() - began)
    report(figure="lobby open_page(20)", database=label, **spread(pages))
    queries = []
    for _ in range(50):  # a cluster's lobby reads its open tables from the database
        began = time.perf_counter()
        await lobby.services.writer.query(partial(store.open_codes, limit=20, offset=0))
        queries.append(time.perf_counter() - began)
    report(figure="store.open_codes(20) (a cluster's open list)", database=label,
           **spread(queries))
    acts: list[float] = []
    while len(acts) < moves:  # one match after another, until ``moves`` moves were timed
        await live_match(lobby, acts, moves)
    report(figure="live table move (act)", database=label, moves=len(acts), **spread(acts))


async def live_match(lobby: Lobby, acts: list[float], moves: int) -> None:
    """A real-time Punttu match for two people, each move timed into ``acts``."""
    table = await lobby.create(TableConfig(game="punttu", players=2, options={}, seats=PEOPLE,
                                           clock="normal"), "10.0.0.2")
    await lobby.join(table.code, 0, "cy")
    await lobby.join(table.code, 1, "di")
    while len(acts) < moves and table.status == "running":
        await settled(table)
        seat = table.mover()[0]
        if seat is None:
            await table.continue_deal(0, len(table.match.deals) if table.match else 0)
            await table.continue_deal(1, len(table.match.deals) if table.match else 0)
            continue
        began = time.perf_counter()
        await table.act(seat, table.state.legal_texts()[0], table.version)
        acts.append(time.perf_counter() - began)
    await table.close()


async def with_idle(folder: Path, tables: int, start: bool) -> None:
    clock = Clock()
    writer, services = in_process_services(folder / "live.db", clock=clock)
    lobby = Lobby(services)
    source = (await turn_based(lobby)).code
    await live_figures(lobby, "empty")
    await lobby.close()
    await writer.close()
    copy_idle(folder, source, tables)
    writer, services = in_process_services(folder / "live.db", clock=clock)
    lobby = Lobby(services)
    if start:
        began = time.perf_counter()
        noted = lobby.rebuild()
        gc.collect()
        tracemalloc.start()
        await lobby.load_noted()  # the start's background rebuild, awaited here
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        report(figure="start with idle turn-based tables", tables=noted,
               seconds_to_rest_them_all=round(time.perf_counter() - began, 1),
               in_memory=len(lobby.tables), at_rest=len(lobby.resting),
               traced_mib_after=round(kept / 2**20, 1))
    await live_figures(lobby, f"{tables} idle turn-based tables")
    await lobby.close()
    await writer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50_000)
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--start", action="store_true",
                        help="also time the start's rebuild of every idle table (slow: each is "
                             "rebuilt once, then put back to rest)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(memory_and_revival(Path(folder), args.sample))
        asyncio.run(with_idle(Path(folder), args.tables, args.start))


if __name__ == "__main__":
    main()
