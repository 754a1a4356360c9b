"""The event store's fast insert: on SQLite an action's event is written on the driver's cursor
(``store.append_events``), and the row must be the one SQLAlchemy Core would have written, so
that the store reads back the same table either way; the writer's group writes the events of
all its steps in one statement, and a fork among them fails alone."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import Connection, func, insert, select

from cardtable.server.migrations import upgrade
from cardtable.server.storage import store
from cardtable.server.storage.db import make_engine
from cardtable.server.storage.store import EVENTS, StoredEvent
from cardtable.server.storage.writer import Writer


def test_fast_event_insert_writes_what_core_writes(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    upgrade(engine)
    data = {"seat": 2, "text": "play Ko", "by": "person", "name": "Ana ő ç"}
    with engine.begin() as db:
        for code in ("FAST01", "CORE01"):
            store.create_table(db, code=code, game="punttu", players=4, config={})
        store.append_events(db, "FAST01", [StoredEvent(1, "action", data),
                                           StoredEvent(2, "end", {"outcome": None})], "finished")
        now = store.utcnow()
        db.execute(insert(EVENTS), [
            {"table_code": "CORE01", "seq": 1, "kind": "action", "data": store.dumps(data),
             "at": now},
            {"table_code": "CORE01", "seq": 2, "kind": "end",
             "data": store.dumps({"outcome": None}), "at": now},
        ])
    with engine.connect() as db:
        raw = db.exec_driver_sql(
            "SELECT table_code, seq, kind, data, at FROM events ORDER BY table_code, seq"
        ).all()
        typed = db.execute(select(EVENTS.c.at).order_by(EVENTS.c.table_code)).scalars().all()
        fast = store.load_table(db, "FAST01")
    core_rows = [r for r in raw if r[0] == "CORE01"]
    fast_rows = [r for r in raw if r[0] == "FAST01"]
    assert [r[1:4] for r in fast_rows] == [r[1:4] for r in core_rows]
    # the time is stored as Core stores it (same text shape), and reads back as a datetime
    assert [len(r[4]) for r in fast_rows] == [len(r[4]) for r in core_rows]
    assert all(a.tzinfo is None or a.utcoffset() is not None for a in typed)
    assert fast is not None and fast.status == "finished"
    assert [(e.seq, e.kind, e.data) for e in fast.events] == [
        (1, "action", data), (2, "end", {"outcome": None})]
    engine.dispose()


def test_a_groups_events_wait_for_the_end_of_its_block(database: str, tmp_path: Path) -> None:
    """Inside ``events_written_together`` the rows of every step wait, and are written in one
    statement as the block ends (one INSERT for the writer's whole group)."""
    engine = make_engine(database or f"sqlite:///{tmp_path / 'store.db'}")
    upgrade(engine)
    start = StoredEvent(1, "start", {"seed": 1, "dealer": 0})
    with engine.begin() as db:
        store.create_table(db, code="GROUP1", game="punttu", players=2, config={})
        with store.events_written_together(db):
            store.append_events(db, "GROUP1", [start])
            assert _event_count(db) == 0
        assert _event_count(db) == 1
    engine.dispose()


def test_a_step_stored_twice_in_a_group_fails_alone(database: str, tmp_path: Path) -> None:
    """A fork (a table's step written twice: unique table and sequence) in the middle of a
    group of steps fails only its own caller; the steps around it are stored (the writer
    retries each alone), on both databases."""
    engine = make_engine(database or f"sqlite:///{tmp_path / 'store.db'}")
    upgrade(engine)
    event = {"seat": 0, "text": "play Ko", "by": "person"}

    def step(code: str, seq: int) -> Callable[[Connection], None]:
        return lambda db: store.append_events(db, code, [StoredEvent(seq, "action", event)])

    async def run() -> list[BaseException | None]:
        writer = Writer(engine, batch=store.events_written_together)
        writer.start()
        await writer.run(lambda db: [
            store.create_table(db, code=code, game="punttu", players=2, config={})
            for code in ("FORKED", "STEADY")])
        await writer.run(step("FORKED", 1))
        outcomes = await asyncio.gather(
            writer.run(step("STEADY", 1)), writer.run(step("FORKED", 1)),
            writer.run(step("STEADY", 2)), return_exceptions=True)
        await writer.close()
        return outcomes

    first, fork, second = asyncio.run(run())
    assert first is None and second is None
    assert fork is not None and "unique" in str(fork).lower()
    with engine.connect() as db:
        stored = db.execute(select(EVENTS.c.table_code, EVENTS.c.seq)
                            .order_by(EVENTS.c.table_code, EVENTS.c.seq)).all()
    assert [tuple(row) for row in stored] == [("FORKED", 1), ("STEADY", 1), ("STEADY", 2)]
    engine.dispose()


def _event_count(db: Connection) -> int:
    return int(db.execute(select(func.count()).select_from(EVENTS)).scalar_one())
