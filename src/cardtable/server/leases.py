"""Table leases: which process of a cluster owns a table, and the fencing token that stops a
process that lost its lease from writing anything more.

One owner per table at a time. A process *acquires* a table's lease when no live lease exists
(none yet, expired, or released); every acquisition raises the table's ``token``. The owner
*renews* all its leases in one statement every ``lease_seconds / 3``; a process that stops
renewing (killed, paused, cut off) loses its tables when their leases expire, and another
process takes them over.

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


class LeaseLost(CardtableError):
    """This process's lease on a table moved on: its write was refused."""


_ACQUIRE = text(
    "INSERT INTO table_leases (code, owner, token, expires_at) "
    "VALUES (:code, :owner, 1, :expires) "
    "ON CONFLICT (code) DO UPDATE SET owner = excluded.owner, "
    "token = table_leases.token + 1, expires_at = excluded.expires_at "
    "WHERE table_leases.expires_at < :now OR table_leases.owner IS NULL "
    "RETURNING token"
)


def acquire(db: Connection, code: str, owner: str, now: float, seconds: float) -> int | None:
    """Take the lease on ``code`` for ``owner`` if no live lease holds it; its new fencing
    token, or ``None`` when another process holds it."""
    row = db.execute(_ACQUIRE, {"code": code, "owner": owner, "expires": now + seconds,
                                "now": now}).first()
    return None if row is None else int(row[0])


def renew(db: Connection, owner: str, now: float, seconds: float) -> dict[str, int]:
    """Extend every lease ``owner`` still holds (and its heartbeat); the codes held, with
    their tokens. A table missing from the answer was taken over."""
    rows = db.execute(
        text("UPDATE table_leases SET expires_at = :expires WHERE owner = :owner "
             "RETURNING code, token"),
        {"owner": owner, "expires": now + seconds},
    ).all()
    db.execute(text("UPDATE servers SET seen_at = :now WHERE id = :owner"),
               {"now": now, "owner": owner})
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


def owners(db: Connection, codes: Iterable[str], now: float) -> dict[str, str]:
    """The live owner of each of ``codes`` that has one."""
    listed = list(codes)
    if not listed:
        return {}
    rows = db.execute(
        text("SELECT code, owner FROM table_leases WHERE code IN :codes "
             "AND owner IS NOT NULL AND expires_at >= :now")
        .bindparams(bindparam("codes", expanding=True)),
        {"codes": listed, "now": now},
    ).all()
    return {str(code): str(owner) for code, owner in rows}


def claimable(db: Connection, now: float, limit: int) -> list[str]:
    """Unfinished tables that no live lease holds (their owner died or released them, or the
    whole cluster restarted), in random order so that the processes share them out."""
    rows = db.execute(
        text("SELECT t.code FROM tables t LEFT JOIN table_leases l ON l.code = t.code "
             "WHERE t.status IN ('waiting', 'running') "
             "AND (l.code IS NULL OR l.owner IS NULL OR l.expires_at < :now) "
             "ORDER BY random() LIMIT :limit"),
        {"now": now, "limit": limit},
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
