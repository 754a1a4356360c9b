"""What the lobby's sweep writes when a table expires or a waiting seat is freed.

A table expires (status ``expired``; its events, seats and chat are kept, so it stays a record
of what was played) when no person has been connected to it for ``waiting_minutes`` while it
waits for people, or for ``abandoned_hours`` once it runs — a table of bots only (no person's
seat: a self-playing table) for ``unattended_minutes`` with no spectator, since its hard bots
take time from the tables people are waiting at. A seat taken at a waiting table whose
person has not been connected for ``waiting_minutes`` is given back (its row deleted: the token
no longer proves anything). The status column is a plain string: no migration is needed.
"""

from __future__ import annotations

from sqlalchemy import Connection, delete, update

from cardtable.server.storage.db import utcnow
from cardtable.server.storage.store import SEATS, TABLES
from cardtable.server.tables.status import TableStatus


def mark_expired(db: Connection, code: str) -> None:
    db.execute(update(TABLES).where(TABLES.c.code == code)
               .values(status=TableStatus.EXPIRED.value, finished_at=utcnow()))


def free_seat(db: Connection, code: str, seat: int) -> None:
    db.execute(delete(SEATS).where(SEATS.c.table_code == code, SEATS.c.seat == seat))


def idle_limit(status: str, waiting_minutes: float, abandoned_hours: float,
               unattended_minutes: float | None = None) -> float:
    """Seconds a table of ``status`` may go with no person connected before it expires;
    ``unattended_minutes``: the table is played by bots only (no person's seat), so nobody but
    a spectator can be waiting for it, and it goes once none has watched that long."""
    if status == TableStatus.WAITING:
        return waiting_minutes * 60
    if unattended_minutes is not None:
        return min(unattended_minutes * 60, abandoned_hours * 3600)
    return abandoned_hours * 3600
