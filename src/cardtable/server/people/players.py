"""The players' storage: each function takes a database connection (run through the writer's
``run`` for writes and ``query`` for reads) and knows nothing of HTTP.

A player's id is public (it names their profile) and random, so ids cannot be counted through;
what proves a player is a credential, kept only as its SHA-256 (``tables/tokens.py``).
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Table, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from cardtable.server.storage.db import (
    Base,
    PlayerCredentialRow,
    PlayerRow,
    PlayerSeatRow,
    SigninLinkRow,
    TableRow,
    utcnow,
)
from cardtable.server.tables.tokens import hash_token

PLAYERS: Table = Base.metadata.tables[PlayerRow.__tablename__]
CREDENTIALS: Table = Base.metadata.tables[PlayerCredentialRow.__tablename__]
SEATS: Table = Base.metadata.tables[PlayerSeatRow.__tablename__]
TABLES: Table = Base.metadata.tables[TableRow.__tablename__]
LINKS: Table = Base.metadata.tables[SigninLinkRow.__tablename__]

#: Avatar backgrounds: each dark enough for white initials (contrast above 4.5:1).
COLOURS = ("#1f5f8b", "#8b1f3f", "#2e6b30", "#6b3fa0", "#a04000", "#00695c",
           "#5d4037", "#37474f", "#ad1457", "#283593", "#4e6a00", "#7b3f00")
#: How stale ``seen_at`` may grow before a request writes it again (one write an hour at most).
SEEN_EVERY = dt.timedelta(hours=1)
#: The most tables "My games" lists.
MAX_GAMES = 200


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    colour: str
    language: str | None
    hidden: bool
    created_at: dt.datetime
    seen_at: dt.datetime

    @property
    def initials(self) -> str:
        """Up to two letters for the avatar: the first of the first two words."""
        words = self.name.split()
        return "".join(word[0] for word in words[:2]).upper() or "?"

    def public(self) -> dict[str, Any]:
        """What anyone may see of a player who shows their profile."""
        return {"id": self.id, "name": self.name, "colour": self.colour,
                "initials": self.initials}

    def own(self) -> dict[str, Any]:
        """What the player sees of themselves."""
        return {**self.public(), "language": self.language, "hidden": self.hidden,
                "created_at": self.created_at.isoformat()}


def row_to_player(row: Any) -> Player:
    return Player(id=row.id, name=row.name, colour=row.colour, language=row.language,
                  hidden=bool(row.hidden), created_at=aware(row.created_at),
                  seen_at=aware(row.seen_at))


def aware(moment: dt.datetime) -> dt.datetime:
    """SQLite gives back naive datetimes; every moment here is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def new_id() -> str:
    """A player's public id: 16 random URL-safe characters (96 bits)."""
    return secrets.token_urlsafe(12)


def create(db: Connection, secret: str, name: str, language: str | None) -> Player:
    """A new player named by the device credential ``secret``."""
    now = utcnow()
    player_id = new_id()
    db.execute(insert(PLAYERS).values(id=player_id, name=name, colour=secrets.choice(COLOURS),
                                      language=language, hidden=False, created_at=now,
                                      seen_at=now))
    db.execute(insert(CREDENTIALS).values(player_id=player_id, kind="device",
                                          secret_hash=hash_token(secret), created_at=now))
    found = by_id(db, player_id)
    assert found is not None
    return found


def by_id(db: Connection, player_id: str) -> Player | None:
    row = db.execute(select(PLAYERS).where(PLAYERS.c.id == player_id)).first()
    return row_to_player(row) if row is not None else None


def by_secret(db: Connection, secret: str) -> Player | None:
    """The player a credential names, or ``None`` (unknown, or its player deleted)."""
    row = db.execute(
        select(PLAYERS).join(CREDENTIALS, CREDENTIALS.c.player_id == PLAYERS.c.id)
        .where(CREDENTIALS.c.secret_hash == hash_token(secret))
    ).first()
    return row_to_player(row) if row is not None else None


def add_credential(db: Connection, player_id: str, secret: str, kind: str = "device") -> None:
    db.execute(insert(CREDENTIALS).values(player_id=player_id, kind=kind,
                                          secret_hash=hash_token(secret), created_at=utcnow()))


def change(db: Connection, player_id: str, **fields: Any) -> Player | None:
    """The player with ``fields`` (name, language, hidden, seen_at) changed."""
    if fields:
        db.execute(update(PLAYERS).where(PLAYERS.c.id == player_id).values(**fields))
    return by_id(db, player_id)


def seen(db: Connection, player_id: str) -> None:
    db.execute(update(PLAYERS).where(PLAYERS.c.id == player_id).values(seen_at=utcnow()))


def seat_at(db: Connection, player_id: str, code: str) -> int | None:
    """The seat the player holds at table ``code``, if any."""
    found = db.execute(select(SEATS.c.seat).where(SEATS.c.player_id == player_id,
                                                  SEATS.c.table_code == code)).scalar()
    return int(found) if found is not None else None


def link_seat(db: Connection, player_id: str, code: str, seat: int) -> bool:
    """Record that the player took ``seat`` at ``code``; False if they hold one there already
    (one seat per player per table) or the seat is linked to someone else."""
    try:
        with db.begin_nested():
            db.execute(insert(SEATS).values(table_code=code, seat=seat, player_id=player_id,
                                            joined_at=utcnow()))
    except IntegrityError:
        return False
    return True


def games(db: Connection, player_id: str) -> list[dict[str, Any]]:
    """The tables the player sat at, newest first: code, seat, game, size, status, when."""
    rows = db.execute(
        select(SEATS.c.table_code, SEATS.c.seat, SEATS.c.joined_at, TABLES.c.game,
               TABLES.c.players, TABLES.c.status)
        .join(TABLES, TABLES.c.code == SEATS.c.table_code)
        .where(SEATS.c.player_id == player_id)
        .order_by(SEATS.c.joined_at.desc()).limit(MAX_GAMES)
    ).all()
    return [{"code": row.table_code, "seat": int(row.seat), "game": row.game,
             "players": int(row.players), "status": row.status,
             "joined_at": aware(row.joined_at).isoformat()} for row in rows]


def move_everything(db: Connection, source: str, target: str) -> None:
    """Merge player ``source`` into ``target``: its credentials and seats move (a seat at a
    table where ``target`` sits already stays unlinked), then ``source`` is removed."""
    db.execute(update(CREDENTIALS).where(CREDENTIALS.c.player_id == source)
               .values(player_id=target))
    held = select(SEATS.c.table_code).where(SEATS.c.player_id == target).scalar_subquery()
    db.execute(update(SEATS).where(SEATS.c.player_id == source,
                                   SEATS.c.table_code.not_in(held)).values(player_id=target))
    db.execute(delete(SEATS).where(SEATS.c.player_id == source))
    db.execute(delete(LINKS).where(LINKS.c.player_id == source))
    db.execute(delete(PLAYERS).where(PLAYERS.c.id == source))
