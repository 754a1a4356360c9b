"""Table leases: which process of a cluster owns a table, and the fencing token that stops a
process that lost its lease from writing anything more.

One owner per table at a time. A process *acquires* a table's lease when no live lease holds
it (none yet, released, or its owner gone quiet); every acquisition raises the table's
``token``. A lease is live while its owner's **heartbeat** is fresh: every ``lease_seconds /
3`` the owner writes one row, its own in ``servers`` (``seen_at``; ``beat``), whatever the
number of tables it holds, and reads back the leases it still holds (``held``). A process that stops
beating (killed, paused, cut off) loses all its tables ``lease_seconds`` after its last beat,
and the others take them over. A lease is also live until its ``expires_at``, set when it is
taken (``lease_seconds`` later), so a table is never up for grabs before its new owner's next
beat. The lease rows are written only when a table changes hands: renewing 50,000 leases
rewrote 50,000 rows every 1.7 s before (docs/deploy.md); a heartbeat is one row.

Expiry only decides *when* another process may take over; it is never trusted for safety,
since clocks and pauses lie. Safety comes from the fencing token: each of the owner's event
writes checks, in its own transaction, that the lease still carries the owner's token
(``fence``), holding the lease row (``FOR SHARE`` on PostgreSQL) until it commits. A takeover
raises the token under a row lock, so it waits for any write in flight, and any write after it
is refused (``LeaseLost``); the new owner then reads every event that was committed. The
(table, sequence) uniqueness of events stops a fork even then.

Times are the processes' wall clocks (epoch seconds): hosts of one cluster keep them in step
(NTP); a skew only shortens or lengthens the wait before a takeover.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, bindparam, text

from cardtable.errors import CardtableError
from cardtable.server.tables.status import TableStatus


class LeaseLost(CardtableError):
    """This process's lease on a table moved on: its write was refused."""


def _live(lease: str) -> str:
    """SQL: the lease row ``lease`` is live at ``:now`` (its owner beat since ``:since``)."""
    return (
        f"({lease}.owner IS NOT NULL AND ({lease}.expires_at >= :now OR EXISTS ("
        f"SELECT 1 FROM servers s WHERE s.id = {lease}.owner AND s.seen_at >= :since)))"
    )


_ACQUIRE = text(
    "INSERT INTO table_leases (code, owner, token, expires_at) "
    "VALUES (:code, :owner, 1, :expires) "
    "ON CONFLICT (code) DO UPDATE SET owner = excluded.owner, "
    "token = table_leases.token + 1, expires_at = excluded.expires_at "
    f"WHERE NOT {_live('table_leases')} "
    "RETURNING token"
)


def acquire(db: Connection, code: str, owner: str, now: float, seconds: float) -> int | None:
    """Take the lease on ``code`` for ``owner`` if no live lease holds it; its new fencing
    token, or ``None`` when another process holds it."""
    row = db.execute(_ACQUIRE, {"code": code, "owner": owner, "expires": now + seconds,
                                "now": now, "since": now - seconds}).first()
    return None if row is None else int(row[0])


def beat(db: Connection, owner: str, now: float) -> None:
    """``owner``'s heartbeat: one row, which keeps every lease it holds live."""
    db.execute(text("UPDATE servers SET seen_at = :now WHERE id = :owner"),
               {"now": now, "owner": owner})


def held(db: Connection, owner: str) -> dict[str, int]:
    """The codes ``owner`` holds, with their tokens: a read (a reader thread's, off the
    writer). A table missing from the answer, or with another token, was taken over."""
    rows = db.execute(
        text("SELECT code, token FROM table_leases WHERE owner = :owner"), {"owner": owner}
    ).all()
    return {str(code): int(token) for code, token in rows}


def release(db: Connection, owner: str, codes: Iterable[str]) -> None:
    """Give up ``owner``'s leases on ``codes`` at once (a drain, a table done with): another
    process may take them over without waiting for their expiry."""
    listed = list(codes)
    if not listed:
        return
    db.execute(
        text("UPDATE table_leases SET owner = NULL, expires_at = 0 "
             "WHERE owner = :owner AND code IN :codes")
        .bindparams(bindparam("codes", expanding=True)),
        {"owner": owner, "codes": listed},
    )


def owners(db: Connection, codes: Iterable[str], now: float, seconds: float) -> dict[str, str]:
    """The live owner of each of ``codes`` that has one (``seconds``: how long a heartbeat
    keeps a lease live)."""
    listed = list(codes)
    if not listed:
        return {}
    rows = db.execute(
        text(f"SELECT l.code, l.owner FROM table_leases l WHERE l.code IN :codes AND {_live('l')}")
        .bindparams(bindparam("codes", expanding=True)),
        {"codes": listed, "now": now, "since": now - seconds},
    ).all()
    return {str(code): str(owner) for code, owner in rows}


def any_live(db: Connection, now: float, seconds: float) -> bool:
    """Whether any table has a live lease: a cluster is using the database."""
    row = db.execute(text(f"SELECT 1 FROM table_leases l WHERE {_live('l')} LIMIT 1"),
                     {"now": now, "since": now - seconds}).first()
    return row is not None


def claimable(db: Connection, now: float, seconds: float, limit: int) -> list[str]:
    """Unfinished tables that no live lease holds (their owner died or released them, or the
    whole cluster restarted), in random order so that the processes share them out."""
    rows = db.execute(
        text("SELECT t.code FROM tables t LEFT JOIN table_leases l ON l.code = t.code "
             f"WHERE t.status IN ('{TableStatus.WAITING}', '{TableStatus.RUNNING}') "
             f"AND (l.code IS NULL OR NOT {_live('l')}) "
             "ORDER BY random() LIMIT :limit"),
        {"now": now, "since": now - seconds, "limit": limit},
    ).all()
    return [str(row[0]) for row in rows]


def fence(db: Connection, code: str, token: int) -> None:
    """Inside a write's transaction: refuse it (``LeaseLost``) unless ``token`` is still the
    lease's; on PostgreSQL the lease row is held until the commit, so a takeover waits."""
    lock = " FOR SHARE" if db.dialect.name == "postgresql" else ""
    row = db.execute(
        text("SELECT 1 FROM table_leases WHERE code = :code AND token = :token" + lock),
        {"code": code, "token": token},
    ).first()
    if row is None:
        raise LeaseLost(f"table {code}: the lease moved to another process")
