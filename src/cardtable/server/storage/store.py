"""The event store: what is written about a table and read back to rebuild it.

Events (``EventRow.kind`` and its JSON ``data``), numbered 1, 2, 3… per table (``seq``, the
table's state version after the event):

- ``start``: ``{"seed": match seed, "dealer": first dealer}`` — the match is dealt from these
  (each deal's seed derives from the match seed, ``cardtable.engine.match.deal_seed``).
- ``deal``: ``{"number": n (from 1), "seed": its seed, "dealer": table seat, "seats": [...]}``.
- ``action``: ``{"seat": table seat, "text": canonical action text, "by": person|bot|timer|away}``.
- ``decision``: ``{"seat": table seat, "text": "buyback"|"decline", "by": …}``.
- ``end``: ``{"outcome": the match outcome}``.
- ``replace``: ``{"seat": table seat, "by": the seat that asked}`` — a person's seat given to a
  bot for the rest of the match after the game clock moved for it (``clock_replace.py``).

At a table with a game clock, ``start``, ``deal``, ``action`` and ``decision`` also hold
``"at"``: the server's time of the step (Unix seconds), from which the clock is computed.

Every function here takes a ``Connection`` inside a transaction the caller opened (the writer's
group commit), so the events of one step and the status they imply commit together. Plain SQL
expressions (SQLAlchemy Core) on the models' tables: a commit costs a fraction of what the ORM's
unit of work would. The busiest write of all, an action's event, skips even Core's per-statement
work on SQLite and PostgreSQL: one INSERT compiled once, run on the driver's cursor with the
values Core would bind (``_insert_events``); other databases take the Core insert. Within the
writer's group (``events_written_together``) the rows of all its steps go in one statement.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Dialect, Table, case, func, insert, select, true, update

from cardtable.server.cluster import leases
from cardtable.server.storage.db import Base, ChatRow, EventRow, SeatRow, TableRow, utcnow
from cardtable.server.tables.status import UNFINISHED, TableStatus


@dataclass(frozen=True, slots=True)
class StoredEvent:
    seq: int
    kind: str
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class StoredSeat:
    seat: int
    name: str
    token_hash: str


@dataclass(frozen=True, slots=True)
class StoredTable:
    code: str
    game: str
    players: int
    config: dict[str, Any]
    status: str
    seats: tuple[StoredSeat, ...]
    events: tuple[StoredEvent, ...]


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


TABLES: Table = Base.metadata.tables[TableRow.__tablename__]
SEATS: Table = Base.metadata.tables[SeatRow.__tablename__]
EVENTS: Table = Base.metadata.tables[EventRow.__tablename__]
CHAT: Table = Base.metadata.tables[ChatRow.__tablename__]


def create_table(
    db: Connection, *, code: str, game: str, players: int, config: dict[str, Any]
) -> None:
    db.execute(insert(TABLES).values(code=code, game=game, players=players, config=dumps(config),
                                     public=bool(config.get("public")),
                                     status=TableStatus.WAITING, created_at=utcnow()))


def code_exists(db: Connection, code: str) -> bool:
    return db.execute(select(TABLES.c.code).where(TABLES.c.code == code)).first() is not None


def add_seat(db: Connection, *, code: str, seat: int, name: str, token_hash: str) -> None:
    """Raises ``IntegrityError`` if the seat is taken (unique table and seat)."""
    db.execute(insert(SEATS).values(table_code=code, seat=seat, name=name,
                                    token_hash=token_hash, joined_at=utcnow()))


#: The event row's columns, in the order ``_insert_events``'s statement binds them.
_EVENT_COLUMNS = ("table_code", "seq", "kind", "data", "at")
#: The events INSERT for psycopg (its ``%s`` placeholders, in ``_EVENT_COLUMNS``' order).
_PG_EVENT_SQL = (f"INSERT INTO {EVENTS.name} ({', '.join(_EVENT_COLUMNS)}) "
                 f"VALUES ({', '.join(['%s'] * len(_EVENT_COLUMNS))})")
#: Per SQLite dialect: the compiled INSERT and the ``at`` column's bind processor.
_EVENT_SQL: weakref.WeakKeyDictionary[Dialect, tuple[str, Any]] = weakref.WeakKeyDictionary()


def _event_sql(dialect: Dialect) -> tuple[str, Any]:
    """The events INSERT as the dialect's SQL text (compiled once) and how ``at`` is bound."""
    found = _EVENT_SQL.get(dialect)
    if found is None:
        compiled = insert(EVENTS).compile(dialect=dialect, column_keys=list(_EVENT_COLUMNS))
        assert compiled.positiontup == list(_EVENT_COLUMNS), compiled.positiontup
        at = EVENTS.c.at.type.dialect_impl(dialect).bind_processor(dialect)
        found = _EVENT_SQL[dialect] = (str(compiled), at)
    return found


def append_events(
    db: Connection, code: str, events: Sequence[StoredEvent], status: str | None = None,
    result: dict[str, Any] | None = None, token: int | None = None,
) -> None:
    """Add one step's events (and the table status they lead to) to the open transaction.
    ``token``: in a cluster, the writer's lease token on the table; the write is refused
    (``leases.LeaseLost``) if the lease has moved on (``server/cluster/leases.py``). Inside
    ``events_written_together`` the rows wait for the end of its block."""
    if token is not None:
        leases.fence(db, code, token)
    now = utcnow()
    rows = [(code, e.seq, e.kind, dumps(e.data), now) for e in events]
    waiting: list[_EventValues] | None = db.info.get(_GROUPED)
    if waiting is not None:
        waiting.extend(rows)
    else:
        _insert_events(db, rows)
    if status is not None:
        values: dict[str, Any] = {"status": status}
        if status == TableStatus.FINISHED:
            values.update(finished_at=now, result=dumps(result))
        db.execute(update(TABLES).where(TABLES.c.code == code).values(**values))


#: An event row's values, in ``_EVENT_COLUMNS``' order.
_EventValues = tuple[str, int, str, str, datetime]
#: The key of ``Connection.info`` under which ``events_written_together`` collects rows.
_GROUPED = "cardtable.grouped_events"


@contextmanager
def events_written_together(db: Connection) -> Iterator[None]:
    """Within the block, ``append_events`` on ``db`` collects its rows, and they are written in
    one statement as the block ends: the writer's group commit of hundreds of steps makes one
    INSERT, not one per step (on PostgreSQL, one round trip instead of one per step). If the
    INSERT fails (a step stored twice), the block raises and the caller's transaction rolls
    back with every row of it; the writer then retries each step alone."""
    rows: list[_EventValues] = []
    info = db.info  # held: after a failure, reading ``db.info`` again would reconnect
    info[_GROUPED] = rows
    try:
        yield
        if rows:
            _insert_events(db, rows)
    finally:
        info.pop(_GROUPED, None)


def _insert_events(db: Connection, rows: Sequence[_EventValues]) -> None:
    """The event rows written, on the driver's cursor where it is SQLite's or psycopg's (the
    hot path: the row Core would write, without Core's per-statement work)."""
    dialect = db.dialect
    if dialect.name == "sqlite" and dialect.paramstyle == "qmark":
        sql, at = _event_sql(dialect)
        if at is not None:
            rows = [(*row[:4], at(row[4])) for row in rows]
        db.connection.driver_connection.executemany(sql, rows)  # type: ignore[union-attr]
    elif dialect.driver == "psycopg":
        # psycopg prepares the statement server-side after its first few uses on a
        # connection, and sends all the rows in one pipeline
        with db.connection.driver_connection.cursor() as cursor:  # type: ignore[union-attr]
            cursor.executemany(_PG_EVENT_SQL, rows)
    else:
        db.execute(insert(EVENTS), [dict(zip(_EVENT_COLUMNS, row, strict=True)) for row in rows])


def touch_table(db: Connection, code: str) -> None:
    """A write that changes nothing: proof that the database takes this table's writes again
    (a suspended table's recovery, ``Persistence.recover``)."""
    db.execute(update(TABLES).where(TABLES.c.code == code).values(status=TABLES.c.status))


def add_chat(db: Connection, *, code: str, seat: int | None, name: str, text: str) -> None:
    db.execute(insert(CHAT).values(table_code=code, seat=seat, name=name, text=text, at=utcnow()))


def recent_chat(db: Connection, code: str, limit: int = 50) -> list[dict[str, Any]]:
    rows = db.execute(
        select(CHAT.c.seat, CHAT.c.name, CHAT.c.text, CHAT.c.at)
        .where(CHAT.c.table_code == code).order_by(CHAT.c.id.desc()).limit(limit)
    ).all()
    return [
        {"seat": r.seat, "name": r.name, "text": r.text, "at": r.at.timestamp()}
        for r in reversed(rows)
    ]


def load_table(db: Connection, code: str) -> StoredTable | None:
    row = db.execute(select(TABLES).where(TABLES.c.code == code)).first()
    if row is None:
        return None
    seats = db.execute(
        select(SEATS.c.seat, SEATS.c.name, SEATS.c.token_hash)
        .where(SEATS.c.table_code == code).order_by(SEATS.c.seat)
    ).all()
    events = db.execute(
        select(EVENTS.c.seq, EVENTS.c.kind, EVENTS.c.data)
        .where(EVENTS.c.table_code == code).order_by(EVENTS.c.seq)
    ).all()
    return StoredTable(
        code=row.code,
        game=row.game,
        players=row.players,
        config=json.loads(row.config),
        status=row.status,
        seats=tuple(StoredSeat(s.seat, s.name, s.token_hash) for s in seats),
        events=tuple(StoredEvent(e.seq, e.kind, json.loads(e.data)) for e in events),
    )


def unfinished_codes(db: Connection) -> list[str]:
    """Tables to rebuild on start: waiting or running."""
    return list(
        db.scalars(
            select(TABLES.c.code).where(TABLES.c.status.in_(UNFINISHED))
            .order_by(TABLES.c.created_at)
        ).all()
    )


def waiting_among(db: Connection, codes: list[str]) -> tuple[int, set[str]]:
    """How many stored tables wait for people, and which of ``codes`` do (the cluster's waiting
    caps, ``caps.py``)."""
    waiting = TABLES.c.status == TableStatus.WAITING
    total = db.scalar(select(func.count()).select_from(TABLES).where(waiting)) or 0
    still: set[str] = set()
    if codes:
        still = set(db.scalars(select(TABLES.c.code).where(waiting & TABLES.c.code.in_(codes))))
    return int(total), still


#: The tables a cluster's lobby lists to anyone: public, waiting for people or being played.
OPEN_TO_ANYONE = (TABLES.c.public == true()) & TABLES.c.status.in_(UNFINISHED)


def open_codes(db: Connection, limit: int, offset: int) -> tuple[list[str], int]:
    """A page of the tables open to anyone (``TableConfig.public``) that wait for people or are
    being played, waiting first; and how many there are. For a cluster, whose processes each
    hold only their own tables in memory (``Lobby.open_tables``). Read through the partial
    index ``ix_tables_open`` (``db.OPEN_TABLES_INDEX``), which holds the public tables only."""
    listed = OPEN_TO_ANYONE
    total = db.scalar(select(func.count()).select_from(TABLES).where(listed)) or 0
    order = case((TABLES.c.status == TableStatus.WAITING, 0), else_=1)
    codes = db.scalars(select(TABLES.c.code).where(listed).order_by(order, TABLES.c.code)
                       .limit(limit).offset(offset)).all()
    return list(codes), int(total)
