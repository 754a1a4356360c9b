"""Deleting an account: the player, their device credentials, passkeys, sign-in links,
challenges, ratings, friends and push subscriptions go; their seats in stored games keep
everything but the name, which becomes "a former player" (``deletion_mark``).

Nothing else in those games changes: the events, scores and results stay as they were (the
match records hold no names), so every replay replays identically and the other players'
results and histories are untouched. The seat's link to the player goes with the player, so
nothing on the server ties that seat to them any more. An archived table keeps its summary
compressed; the name in it is replaced too.
"""

from __future__ import annotations

import gzip
from typing import Any

import orjson
from sqlalchemy import Connection, Table, and_, delete, or_, select, update

from cardtable.server.features.push import subscriptions
from cardtable.server.people import friends, passkeys, ratings_store
from cardtable.server.people.deletion_mark import FORMER
from cardtable.server.people.players import CREDENTIALS, LINKS, PLAYERS, SEATS
from cardtable.server.storage.db import ArchiveRow, Base, ChatRow, SeatRow

TABLE_SEATS: Table = Base.metadata.tables[SeatRow.__tablename__]
CHAT: Table = Base.metadata.tables[ChatRow.__tablename__]
ARCHIVES: Table = Base.metadata.tables[ArchiveRow.__tablename__]


def delete_player(db: Connection, player_id: str) -> list[tuple[str, int]]:
    """Delete ``player_id``'s account (inside the caller's transaction); the (table, seat)
    pairs whose name became "a former player"."""
    held = [(row.table_code, int(row.seat)) for row in db.execute(
        select(SEATS.c.table_code, SEATS.c.seat).where(SEATS.c.player_id == player_id))]
    if held:
        theirs = or_(*(and_(TABLE_SEATS.c.table_code == code, TABLE_SEATS.c.seat == seat)
                       for code, seat in held))
        db.execute(update(TABLE_SEATS).where(theirs).values(name=FORMER))
        said = or_(*(and_(CHAT.c.table_code == code, CHAT.c.seat == seat) for code, seat in held))
        db.execute(update(CHAT).where(said).values(name=FORMER))
        _rename_in_archives(db, held)
    db.execute(delete(SEATS).where(SEATS.c.player_id == player_id))
    passkeys.forget_player(db, player_id)
    ratings_store.forget_player(db, player_id)
    friends.forget_player(db, player_id)
    subscriptions.forget_player(db, player_id)
    db.execute(delete(LINKS).where(LINKS.c.player_id == player_id))
    db.execute(delete(CREDENTIALS).where(CREDENTIALS.c.player_id == player_id))
    db.execute(delete(PLAYERS).where(PLAYERS.c.id == player_id))
    return held


def _rename_in_archives(db: Connection, held: list[tuple[str, int]]) -> None:
    seats_of: dict[str, set[int]] = {}
    for code, seat in held:
        seats_of.setdefault(code, set()).add(seat)
    rows = db.execute(select(ARCHIVES.c.code, ARCHIVES.c.record)
                      .where(ARCHIVES.c.code.in_(list(seats_of)))).all()
    for row in rows:
        if row.record is None:
            continue
        data: dict[str, Any] = orjson.loads(gzip.decompress(row.record))
        for seat in data.get("summary", {}).get("seats", []):
            if seat.get("seat") in seats_of[row.code]:
                seat["name"] = FORMER
        db.execute(update(ARCHIVES).where(ARCHIVES.c.code == row.code)
                   .values(record=gzip.compress(orjson.dumps(data))))
