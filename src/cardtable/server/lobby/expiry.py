"""What the lobby's sweep writes when a table expires or a waiting seat is freed.

A table expires (status ``expired``; its events, seats and chat are kept, so it stays a record
of what was played) when no person has been connected to it for ``waiting_minutes`` while it
waits for people, or for ``abandoned_hours`` once it runs. A seat taken at a waiting table whose
person has not been connected for ``waiting_minutes`` is given back (its row deleted: the token
no longer proves anything). The status column is a plain string: no migration is needed.
"""

from __future__ import annotations

from sqlalchemy import Connection, delete, update

from cardtable.server.storage.db import utcnow
from cardtable.server.storage.store import SEATS, TABLES

EXPIRED = "expired"


def mark_expired(db: Connection, code: str) -> None:
    db.execute(update(TABLES).where(TABLES.c.code == code)
               .values(status=EXPIRED, finished_at=utcnow()))


def free_seat(db: Connection, code: str, seat: int) -> None:
    db.execute(delete(SEATS).where(SEATS.c.table_code == code, SEATS.c.seat == seat))


def idle_limit(status: str, waiting_minutes: float, abandoned_hours: float) -> float:
    """Seconds a table of ``status`` may go with no person connected before it expires."""
    return waiting_minutes * 60 if status == "waiting" else abandoned_hours * 3600
