"""Invitations: a player asks a friend to their table. Storage only (each function takes a
database connection); the routes are in ``friends_http``.

An invitation names the table, its game, size and house rules (the table's options), so the
friend knows what they are asked to before they say yes. It is answered once — accepted or
declined — or expires after ``INVITATION_MINUTES``. Inviting is refused, changing nothing, when
the other is not a friend, the table is unknown or over, the inviter does not sit at it, the
friend sits there already, or every seat for a person is taken.

Because invitations live in the database, every process of a cluster sees one the moment it is
committed; the callbacks in ``friends_http.invitation_listeners(app)`` are called with each new
one in the process that made it, for whatever wants to reach the friend at once (a push
notification).
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
from typing import Any

from sqlalchemy import Connection, Table, func, insert, select, update

from cardtable.server.people import friends, players
from cardtable.server.people.friends import INVITATIONS
from cardtable.server.people.players import TABLES
from cardtable.server.storage.db import Base, SeatRow, utcnow
from cardtable.server.tables.status import TableStatus
from cardtable.server.transport.errors import ServerError

TOKEN_SEATS: Table = Base.metadata.tables[SeatRow.__tablename__]

#: Long enough to notice and answer, short enough that a stale one does not pull a friend to a
#: table that has moved on.
INVITATION_MINUTES = 10
#: The most open invitations one listing holds.
MAX_OPEN = 50


def _table(db: Connection, code: str) -> Any:
    table = db.execute(select(TABLES).where(TABLES.c.code == code)).first()
    if table is None:
        raise ServerError("table/not_found")
    if table.status == TableStatus.FINISHED:
        raise ServerError("table/finished")
    return table


def _free_seats(db: Connection, table: Any) -> int:
    """Seats for a person nobody holds yet."""
    seats = json.loads(table.config).get("seats", [])
    for_people = sum(1 for seat in seats if seat.get("kind") == "person")
    taken = db.execute(select(func.count()).select_from(TOKEN_SEATS)
                       .where(TOKEN_SEATS.c.table_code == table.code)).scalar_one()
    return for_people - int(taken)


def _check_seat_for(db: Connection, player_id: str, table: Any) -> None:
    held = players.seat_at(db, player_id, table.code)
    if held is not None:
        raise ServerError("people/already_seated", seat=held + 1)
    if _free_seats(db, table) <= 0:
        raise ServerError("table/full")


def invite(db: Connection, player_id: str, friend: str, code: str,
           now: dt.datetime | None = None) -> dict[str, Any]:
    """Invite ``friend`` to table ``code``, where the inviter sits; the invitation as
    ``describe`` gives it."""
    now = now or utcnow()
    if not friends.are_friends(db, player_id, friend):
        raise ServerError("friends/not_friend")
    table = _table(db, code)
    if players.seat_at(db, player_id, code) is None:
        raise ServerError("friends/not_seated")
    _check_seat_for(db, friend, table)
    invitation_id = secrets.token_urlsafe(12)
    db.execute(insert(INVITATIONS).values(
        id=invitation_id, from_id=player_id, to_id=friend, table_code=code, created_at=now,
        expires_at=now + dt.timedelta(minutes=INVITATION_MINUTES), answer=None))
    return open_for(db, friend, now, only=invitation_id)[0]


def open_for(db: Connection, player_id: str, now: dt.datetime | None = None,
             only: str | None = None) -> list[dict[str, Any]]:
    """The player's unanswered, unexpired invitations, newest first: who asked, the table's
    code, game, size and house rules, and when the invitation expires."""
    now = now or utcnow()
    query = (select(INVITATIONS, TABLES.c.game, TABLES.c.players, TABLES.c.config)
             .join(TABLES, TABLES.c.code == INVITATIONS.c.table_code)
             .where(INVITATIONS.c.to_id == player_id, INVITATIONS.c.answer.is_(None),
                    INVITATIONS.c.expires_at > now, TABLES.c.status != TableStatus.FINISHED))
    if only is not None:
        query = query.where(INVITATIONS.c.id == only)
    rows = db.execute(query.order_by(INVITATIONS.c.created_at.desc()).limit(MAX_OPEN)).all()
    found = []
    for row in rows:
        sender = players.by_id(db, row.from_id)
        if sender is None:  # pragma: no cover - the inviter's account deleted meanwhile
            continue
        found.append({
            "id": row.id, "from": sender.public(), "table": row.table_code, "game": row.game,
            "players": int(row.players), "options": json.loads(row.config).get("options", {}),
            "expires_at": players.aware(row.expires_at).isoformat()})
    return found


def answer(db: Connection, player_id: str, invitation_id: str, accept: bool,
           now: dt.datetime | None = None) -> str:
    """Accept or decline an open invitation of the player's; the table's code.
    ``friends/bad_invitation`` for one that is unknown, another's, answered or expired; an
    accepted one whose table has filled meanwhile is refused (``table/full``) and stays open."""
    now = now or utcnow()
    open_one = (INVITATIONS.c.id == invitation_id, INVITATIONS.c.to_id == player_id,
                INVITATIONS.c.answer.is_(None), INVITATIONS.c.expires_at > now)
    code = db.execute(select(INVITATIONS.c.table_code).where(*open_one)).scalar()
    if code is None:
        raise ServerError("friends/bad_invitation")
    if accept:
        _check_seat_for(db, player_id, _table(db, code))
    taken = db.execute(update(INVITATIONS).where(*open_one)
                       .values(answer="accepted" if accept else "declined"))
    if taken.rowcount != 1:
        raise ServerError("friends/bad_invitation")
    return str(code)

