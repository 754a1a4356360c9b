"""The event store: what is written about a table and read back to rebuild it.

Events (``EventRow.kind`` and its JSON ``data``), numbered 1, 2, 3… per table (``seq``, the
table's state version after the event):

- ``start``: ``{"seed": match seed, "dealer": first dealer}`` — the match is dealt from these
  (each deal's seed derives from the match seed, ``cardtable.engine.match.deal_seed``).
- ``deal``: ``{"number": n (from 1), "seed": its seed, "dealer": table seat, "seats": [...]}``.
- ``action``: ``{"seat": table seat, "text": canonical action text, "by": person|bot|timer|away}``.
- ``decision``: ``{"seat": table seat, "text": "buyback"|"decline", "by": …}``.
- ``end``: ``{"outcome": the match outcome}``.

Every function here takes a ``Session`` inside a transaction the caller opened (the writer's
group commit), so the events of one step and the status they imply commit together.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from cardtable.server.db import ChatRow, EventRow, SeatRow, TableRow, utcnow


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


def create_table(
    session: Session, *, code: str, game: str, players: int, config: dict[str, Any]
) -> None:
    session.add(
        TableRow(code=code, game=game, players=players, config=dumps(config), status="waiting",
                 created_at=utcnow())
    )


def code_exists(session: Session, code: str) -> bool:
    return session.get(TableRow, code) is not None


def add_seat(session: Session, *, code: str, seat: int, name: str, token_hash: str) -> None:
    session.add(SeatRow(table_code=code, seat=seat, name=name, token_hash=token_hash,
                        joined_at=utcnow()))
    session.flush()  # the unique (table, seat) constraint speaks now, not at commit


def append_events(
    session: Session, code: str, events: Sequence[StoredEvent], status: str | None = None,
    result: dict[str, Any] | None = None,
) -> None:
    """Add one step's events (and the table status they lead to) to the open transaction."""
    now = utcnow()
    for stored in events:
        session.add(
            EventRow(table_code=code, seq=stored.seq, kind=stored.kind, data=dumps(stored.data),
                     at=now)
        )
    if status is not None:
        row = session.get(TableRow, code)
        assert row is not None
        row.status = status
        if status == "finished":
            row.finished_at = now
            row.result = dumps(result)


def add_chat(session: Session, *, code: str, seat: int | None, name: str, text: str) -> None:
    session.add(ChatRow(table_code=code, seat=seat, name=name, text=text, at=utcnow()))


def recent_chat(session: Session, code: str, limit: int = 50) -> list[dict[str, Any]]:
    rows = session.scalars(
        select(ChatRow).where(ChatRow.table_code == code).order_by(ChatRow.id.desc()).limit(limit)
    ).all()
    return [
        {"seat": r.seat, "name": r.name, "text": r.text, "at": r.at.isoformat()}
        for r in reversed(rows)
    ]


def load_table(session: Session, code: str) -> StoredTable | None:
    row = session.get(TableRow, code)
    if row is None:
        return None
    seats = session.scalars(
        select(SeatRow).where(SeatRow.table_code == code).order_by(SeatRow.seat)
    ).all()
    events = session.scalars(
        select(EventRow).where(EventRow.table_code == code).order_by(EventRow.seq)
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


def unfinished_codes(session: Session) -> list[str]:
    """Tables to rebuild on start: waiting or running."""
    return list(
        session.scalars(
            select(TableRow.code).where(TableRow.status != "finished").order_by(
                TableRow.created_at)
        ).all()
    )


def event_count(session: Session, code: str) -> int:
    return int(
        session.scalar(select(func.count()).select_from(EventRow).where(
            EventRow.table_code == code)) or 0
    )
