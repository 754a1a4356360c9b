"""The event store's fast insert: on SQLite an action's event is written on the driver's cursor
(``store.append_events``), and the row must be the one SQLAlchemy Core would have written, so
that the store reads back the same table either way."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import insert, select

from cardtable.server import store
from cardtable.server.db import make_engine
from cardtable.server.migrations import upgrade
from cardtable.server.store import EVENTS, StoredEvent


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
