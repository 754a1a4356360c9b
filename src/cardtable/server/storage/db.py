"""The database schema (SQLAlchemy 2 declarative models) and the engine factory.

Event-sourced: ``tables`` holds each table's configuration and status, ``seats`` who holds each
seat (token hashes only), ``events`` every accepted step of play in order (the start with the
match seed, each deal with its seed, each action and decision), ``chat`` the table's messages.
A table's state is always rebuilt by replaying its events through the engine; nothing else
about a deal is stored. The schema itself is created by Alembic (``migrations/``); these models
must match its latest revision (a test checks it).

Portable SQL only (JSON is stored as text); SQLite gets WAL mode and ``synchronous=NORMAL``,
which survives a killed process (not a power cut mid-commit; use PostgreSQL for that).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    false,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    pass


#: Row ids: 64-bit (at 25,000 actions a second a 32-bit id runs out in a day). SQLite's
#: ``INTEGER PRIMARY KEY`` is already its 64-bit rowid, and only that name autoincrements.
RowId = BigInteger().with_variant(Integer, "sqlite")


#: The partial index behind a cluster's open-table list (``store.open_codes``): only the tables
#: open to anyone are in it, so thousands of private turn-based tables resting in the database
#: cost that list nothing. Each dialect's own spelling of "public is true", as the query says it.
OPEN_TABLES_INDEX: dict[str, Any] = dict(sqlite_where=text("public = 1"),
                                         postgresql_where=text("public"))


class TableRow(Base):
    __tablename__ = "tables"
    __table_args__ = (Index("ix_tables_open", "status", "code", **OPEN_TABLES_INDEX),)

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    #: JSON: the table options, the seats' kinds and bot levels, the timer and hint settings.
    config: Mapped[str] = mapped_column(Text)
    #: Open to anyone (``TableConfig.public``), copied out of ``config`` for the index above.
    public: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: waiting → running → finished
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    #: JSON: the match outcome once finished.
    result: Mapped[str | None] = mapped_column(Text)


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_code", "seat"),)

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    table_code: Mapped[str] = mapped_column(ForeignKey("tables.code"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), index=True)
    joined_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class EventRow(Base):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("table_code", "seq"),)

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    table_code: Mapped[str] = mapped_column(ForeignKey("tables.code"), index=True)
    #: 1, 2, 3… per table: the table's state version after this event.
    seq: Mapped[int] = mapped_column(Integer)
    #: start | deal | action | decision | end
    kind: Mapped[str] = mapped_column(String(16))
    #: JSON: the event's data (see ``store``).
    data: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    table_code: Mapped[str] = mapped_column(ForeignKey("tables.code"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ServerRow(Base):
    """A server process using the database: written at start (the proof that the database
    takes writes before the server says it is ready) and removed at a clean stop."""

    __tablename__ = "servers"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    host: Mapped[str] = mapped_column(String(255))
    pid: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: In a cluster, the process's last heartbeat (epoch seconds), which keeps its leases live.
    seen_at: Mapped[float | None] = mapped_column(Float)


class LeaseRow(Base):
    """Which process owns a table in a cluster, until when, and the lease's fencing token:
    raised at every change of owner, carried by each of the owner's event writes, which are
    refused once the token has moved on (``server/cluster/leases.py``)."""

    __tablename__ = "table_leases"

    code: Mapped[str] = mapped_column(ForeignKey("tables.code"), primary_key=True)
    owner: Mapped[str | None] = mapped_column(String(36), index=True)
    token: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[float] = mapped_column(Float)


class ArchiveRow(Base):
    """A finished table archived (``cardtable db archive``): its match record, compressed; its
    events and chat are removed. The record stays exportable."""

    __tablename__ = "archives"

    code: Mapped[str] = mapped_column(ForeignKey("tables.code"), primary_key=True)
    record: Mapped[bytes | None] = mapped_column(LargeBinary)
    archived_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


# -- the daily deal (server/features/daily.py; migration 0005) -------------------------------------


class DailyKeyRow(Base):
    """The server's secret the daily deals are derived from (when ``daily_secret`` is not
    configured): made once, never sent to anyone."""

    __tablename__ = "daily_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    secret: Mapped[str] = mapped_column(String(128))


class DailyPlayRow(Base):
    """Who played a day's deal of a game and table size: a browser (its token's hash), the
    name they chose and their table (whose result is their score). One per browser."""

    __tablename__ = "daily_plays"
    __table_args__ = (UniqueConstraint("day", "game", "players", "browser_hash"),)

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    day: Mapped[str] = mapped_column(String(10), index=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    browser_hash: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(64))
    table_code: Mapped[str] = mapped_column(ForeignKey("tables.code"))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DailyReferenceRow(Base):
    """How a bot level scored from the daily seat of a day's deal: played once per day."""

    __tablename__ = "daily_references"

    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True)
    level: Mapped[str] = mapped_column(String(16), primary_key=True)
    points: Mapped[int] = mapped_column(Integer)


# -- players (server/people; migration 0006) ---------------------------------------------------


class PlayerRow(Base):
    """A person, from their first visit: a random public id, the name and avatar colour they
    show, their language, whether their profile is hidden."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    colour: Mapped[str] = mapped_column(String(7))
    language: Mapped[str | None] = mapped_column(String(8))
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    seen_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PlayerCredentialRow(Base):
    """A secret that names a player (``kind`` ``device``: a browser's cookie): its SHA-256
    only, as for seat tokens."""

    __tablename__ = "player_credentials"
    __table_args__ = (UniqueConstraint("secret_hash"),)

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    secret_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PlayerSeatRow(Base):
    """Which player took a seat (one seat per player per table)."""

    __tablename__ = "player_seats"
    __table_args__ = (UniqueConstraint("table_code", "player_id"),)

    table_code: Mapped[str] = mapped_column(ForeignKey("tables.code"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    joined_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class OneTimeLink:
    """The columns of a link that works once (sign-in and friend links): its secret's hash
    only, whose link it is, until when, and when it was used."""

    secret_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))


# -- ratings for people (server/people/ratings*.py; migration 0009) ------------------------------


class RatingRow(Base):
    """A player's Weng–Lin rating in one game: ``mu`` (the skill's estimate), ``sigma`` (its
    uncertainty) and how many rated matches it rests on."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatedMatchRow(Base):
    """A finished table whose match was rated (once: the row is written in the same transaction
    as the ratings it changed)."""

    __tablename__ = "rated_matches"

    table_code: Mapped[str] = mapped_column(ForeignKey("tables.code"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
class PasskeyRow(Base):
    """A passkey (migration 0008): the WebAuthn credential id (base64url), its public key
    (COSE), the authenticator's last sign count, and the player it signs in."""

    __tablename__ = "passkeys"
    __table_args__ = (UniqueConstraint("credential_id"),)

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    credential_id: Mapped[str] = mapped_column(String(1400))
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    used_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))


class PasskeyChallengeRow(Base):
    """A WebAuthn challenge handed out (its hash): for ``register`` (with the player) or
    ``signin`` (nobody yet); taken once, before ``expires_at``."""

    __tablename__ = "passkey_challenges"

    challenge_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(16))
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"))
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), index=True)
class PushKeyRow(Base):
    """The server's VAPID key pair for Web Push (migration 0011; ``features/push/keys.py``):
    made on the first start, one row, shared by every server process of a cluster."""

    __tablename__ = "push_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    private_pem: Mapped[str] = mapped_column(Text)
    public_key: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PushSubscriptionRow(Base):
    """A browser's Web Push subscription (migration 0011): its player, the push service's
    endpoint, the browser's keys for RFC 8291 encryption, and which kinds of message it wants."""

    __tablename__ = "push_subscriptions"
    __table_args__ = (UniqueConstraint("endpoint"),)

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1024))
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    turn: Mapped[bool] = mapped_column(Boolean)
    invite: Mapped[bool] = mapped_column(Boolean)
    match_over: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SigninLinkRow(OneTimeLink, Base):
    """A one-time sign-in link (migration 0007)."""

    __tablename__ = "signin_links"


class FriendshipRow(Base):
    """Two players who agreed to be friends (migration 0010): one row each way, so a player's
    friends are one indexed read."""

    __tablename__ = "friendships"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    friend_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    since: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class FriendRequestRow(Base):
    """A friend request made from a table both players sat at, waiting for the other's yes."""

    __tablename__ = "friend_requests"

    from_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    to_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True, index=True)
    table_code: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class FriendLinkRow(OneTimeLink, Base):
    """A friend link (``/f#SECRET``, migration 0010)."""

    __tablename__ = "friend_links"


class InvitationRow(Base):
    """A friend invited to a table: answered once (accepted or declined) or left to expire."""

    __tablename__ = "invitations"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    from_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    to_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    table_code: Mapped[str] = mapped_column(ForeignKey("tables.code"))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    #: null while open; then "accepted" or "declined"
    answer: Mapped[str | None] = mapped_column(String(16))


#: Seconds a SQLite write waits for another process's lock before it fails (and the writer
#: retries it with backoff): short, so that the writer notices and says so.
SQLITE_BUSY_SECONDS = 1.0


def make_engine(
    url: str, *, busy_seconds: float = SQLITE_BUSY_SECONDS, autocheckpoint: bool = True,
    pre_ping: bool = True,
) -> Engine:
    """An engine for ``url``; SQLite gets WAL, NORMAL sync, foreign keys and a busy timeout
    (``busy_seconds``; the writer's own engine has none and no automatic checkpoint, see
    ``writer``). Pooled connections are checked before use (``pool_pre_ping``): after a
    database restart the first request gets a fresh connection, not a 500 from a stale one.
    ``pre_ping=False`` for the writer's own engine: the writer retries a failed commit anyway
    (a stale connection fails as a transient error and is replaced), and a ping per commit
    would cost a PostgreSQL round trip on every step of every table."""
    kwargs: dict[str, Any] = {"pool_pre_ping": pre_ping}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": busy_seconds}
    engine = create_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            if not autocheckpoint:
                cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()

    return engine
