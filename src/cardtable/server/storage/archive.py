"""Archival of finished tables (``cardtable db archive``): the database keeps what people can
still ask for, in a fraction of the room.

A table finished more than ``days`` ago is replayed once from its events into what the server
answers about it — its public summary, its match record and each deal's record — which is
stored compressed in ``archives``; its events and chat are then deleted in the same
transaction. The lobby answers an archived table's summary and records from the archive
(``ArchivedTable``), so links and exports keep working; only its chat is gone.
"""

from __future__ import annotations

import datetime as dt
import gzip
from typing import Any

import orjson
from sqlalchemy import Connection, delete, insert, select
from sqlalchemy.engine import Engine

from cardtable.games import descriptor
from cardtable.server.people.deletion_mark import shown
from cardtable.server.storage import store
from cardtable.server.storage.db import ArchiveRow, Base, ChatRow, EventRow, TableRow, utcnow
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.table import Table

ARCHIVES = Base.metadata.tables[ArchiveRow.__tablename__]
TABLES = Base.metadata.tables[TableRow.__tablename__]
EVENTS = Base.metadata.tables[EventRow.__tablename__]
CHAT = Base.metadata.tables[ChatRow.__tablename__]


class ArchivedTable:
    """What an archived table still answers: its summary and its records."""

    status = TableStatus.FINISHED

    def __init__(self, code: str, data: dict[str, Any]) -> None:
        self.code = code
        self.data = data

    def summary(self) -> dict[str, Any]:
        summary: dict[str, Any] = self.data["summary"]
        if "preset" not in summary:  # archived before presets: named from its options
            preset = descriptor(summary["game"]).preset_of(summary["options"])
            summary = {**summary, "preset": preset}
        # a deleted player's seat is "a former player", in the reader's language
        seats = [{**seat, "name": shown(seat.get("name"))} for seat in summary.get("seats", [])]
        return {**summary, "seats": seats}

    def record(self, deal: int | None = None) -> dict[str, Any] | None:
        if deal is None:
            record: dict[str, Any] | None = self.data["record"]
            return record
        deals: list[dict[str, Any] | None] = self.data["deals"]
        return deals[deal - 1] if 1 <= deal <= len(deals) else None


def due(db: Connection, days: float, now: dt.datetime | None = None) -> list[str]:
    """Finished tables older than ``days`` and not archived yet, oldest first."""
    cutoff = (now or utcnow()) - dt.timedelta(days=days)
    archived = select(ARCHIVES.c.code)
    return list(db.scalars(
        select(TABLES.c.code).where(TABLES.c.status == TableStatus.FINISHED.value,
                                    TABLES.c.finished_at < cutoff,
                                    TABLES.c.code.not_in(archived))
        .order_by(TABLES.c.finished_at)).all())


def archive_one(db: Connection, code: str) -> None:
    """Archive the finished table ``code`` (inside the caller's transaction)."""
    stored = store.load_table(db, code)
    assert stored is not None and stored.status == TableStatus.FINISHED, code
    table = Table.to_read(stored)
    deals = len(table.match.deals) if table.match is not None else 0
    data = {"summary": table.summary(), "record": table.record(),
            "deals": [table.record(n) for n in range(1, deals + 1)]}
    db.execute(insert(ARCHIVES).values(code=code, record=gzip.compress(orjson.dumps(data)),
                                       archived_at=utcnow()))
    db.execute(delete(EVENTS).where(EVENTS.c.table_code == code))
    db.execute(delete(CHAT).where(CHAT.c.table_code == code))


def archive(engine: Engine, days: float, now: dt.datetime | None = None) -> list[str]:
    """Archive every finished table older than ``days``, one transaction each (a server may
    keep running meanwhile: a finished table is never written again); the codes archived."""
    with engine.connect() as db:
        codes = due(db, days, now)
    for code in codes:
        with engine.begin() as db:
            archive_one(db, code)
    return codes


def load(db: Connection, code: str) -> ArchivedTable | None:
    blob = db.scalar(select(ARCHIVES.c.record).where(ARCHIVES.c.code == code))
    if blob is None:
        return None
    return ArchivedTable(code, orjson.loads(gzip.decompress(blob)))
