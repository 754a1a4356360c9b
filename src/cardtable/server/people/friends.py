"""Friends: two players who both agreed. Storage only (each function takes a database
connection, run through the writer); the routes are in ``friends_http``.

Consent comes one of two ways. A **friend link** (``/f#SECRET``) is the maker's consent, and
opening it is the other's: like a sign-in link (``signin.py``) it is 32 random bytes kept only
as their hash, used once, and expires (``LINK_DAYS``). A **friend request** may be made only to
someone the player sat with (a ``player_seats`` row at the same table, finished or not), and
becomes a friendship when the other asks back (or accepts, which is the same call). Asking about
a player one never sat with gets the same answer as asking about one who does not exist: no
player ids can be confirmed through these calls.

A friendship is stored one row each way (``friendships``), so "my friends" is one indexed read.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import Connection, Table, and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from cardtable.server.people import players
from cardtable.server.people.players import PLAYERS, SEATS, TABLES, Player
from cardtable.server.storage.db import (
    Base,
    FriendLinkRow,
    FriendRequestRow,
    FriendshipRow,
    InvitationRow,
    utcnow,
)
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.tokens import hash_token, new_token
from cardtable.server.transport.errors import ServerError

FRIENDS: Table = Base.metadata.tables[FriendshipRow.__tablename__]
REQUESTS: Table = Base.metadata.tables[FriendRequestRow.__tablename__]
FRIEND_LINKS: Table = Base.metadata.tables[FriendLinkRow.__tablename__]
INVITATIONS: Table = Base.metadata.tables[InvitationRow.__tablename__]

#: A friend link is sent by message to a relative who may open it days later.
LINK_DAYS = 7
#: The most friends, requests and people-you-played-with one listing holds.
MAX_LISTED = 200


def make_link(db: Connection, player_id: str,
              now: dt.datetime | None = None) -> tuple[str, dt.datetime]:
    """A new friend link's secret for ``player_id`` and when it expires."""
    secret = new_token()
    expires = (now or utcnow()) + dt.timedelta(days=LINK_DAYS)
    db.execute(insert(FRIEND_LINKS).values(secret_hash=hash_token(secret), player_id=player_id,
                                           expires_at=expires, used_at=None))
    return secret, expires


def use_link(db: Connection, secret: str, player_id: str,
             now: dt.datetime | None = None) -> Player:
    """Become friends with the maker of the link ``secret``; the link is used up.
    ``friends/bad_link`` for an unknown, used or expired link (one answer for all three);
    ``friends/self`` for one's own link and ``friends/already`` for a friend's, both leaving
    the link unused."""
    now = now or utcnow()
    hashed = hash_token(secret)
    usable = and_(FRIEND_LINKS.c.secret_hash == hashed, FRIEND_LINKS.c.used_at.is_(None),
                  FRIEND_LINKS.c.expires_at > now)
    maker = db.execute(select(FRIEND_LINKS.c.player_id).where(usable)).scalar()
    if maker is None:
        raise ServerError("friends/bad_link")
    if maker == player_id:
        raise ServerError("friends/self")
    if are_friends(db, player_id, maker):
        raise ServerError("friends/already")
    if db.execute(update(FRIEND_LINKS).where(usable).values(used_at=now)).rowcount != 1:
        raise ServerError("friends/bad_link")  # another device used it a moment ago
    _befriend(db, player_id, maker, now)
    found = players.by_id(db, maker)
    if found is None:  # pragma: no cover - a player is not deleted while their link is used
        raise ServerError("friends/bad_link")
    return found


def are_friends(db: Connection, player_id: str, other: str) -> bool:
    return db.execute(select(FRIENDS.c.since).where(FRIENDS.c.player_id == player_id,
                                                    FRIENDS.c.friend_id == other)).first() \
        is not None


def sat_together(db: Connection, player_id: str, other: str, code: str) -> bool:
    """Whether both players hold a seat at table ``code``."""
    held = db.execute(select(SEATS.c.player_id).where(
        SEATS.c.table_code == code, SEATS.c.player_id.in_((player_id, other)))).scalars().all()
    return set(held) == {player_id, other}


def ask(db: Connection, player_id: str, other: str, code: str | None,
        now: dt.datetime | None = None) -> str:
    """Ask ``other`` to be friends, or say yes to their request: ``"friends"`` when that made a
    friendship, ``"asked"`` when the request now waits for them. A new request needs a table
    both sat at (``code``, or else the newest such): ``friends/not_met`` otherwise, the same
    answer as for an unknown player."""
    now = now or utcnow()
    if other == player_id:
        raise ServerError("friends/self")
    if are_friends(db, player_id, other):
        raise ServerError("friends/already")
    theirs = db.execute(select(REQUESTS.c.table_code).where(
        REQUESTS.c.from_id == other, REQUESTS.c.to_id == player_id)).first()
    if theirs is not None:
        _befriend(db, player_id, other, now)
        return "friends"
    code = code or shared_table(db, player_id, other)
    if code is None or not sat_together(db, player_id, other, code):
        raise ServerError("friends/not_met")
    try:
        with db.begin_nested():
            db.execute(insert(REQUESTS).values(from_id=player_id, to_id=other, table_code=code,
                                               created_at=now))
    except IntegrityError:
        pass  # asked already: the request stands as it was
    return "asked"


def remove(db: Connection, player_id: str, other: str) -> None:
    """End a friendship, decline a request or take one's own back (whichever there is);
    ``friends/not_friend`` when there is none of these."""
    pair = or_(and_(FRIENDS.c.player_id == player_id, FRIENDS.c.friend_id == other),
               and_(FRIENDS.c.player_id == other, FRIENDS.c.friend_id == player_id))
    asked = or_(and_(REQUESTS.c.from_id == player_id, REQUESTS.c.to_id == other),
                and_(REQUESTS.c.from_id == other, REQUESTS.c.to_id == player_id))
    gone = db.execute(delete(FRIENDS).where(pair)).rowcount
    gone += db.execute(delete(REQUESTS).where(asked)).rowcount
    if gone == 0:
        raise ServerError("friends/not_friend")


def friend_ids(db: Connection, player_id: str) -> list[str]:
    return list(db.execute(select(FRIENDS.c.friend_id)
                           .where(FRIENDS.c.player_id == player_id)).scalars())


def listing(db: Connection, player_id: str) -> dict[str, list[dict[str, Any]]]:
    """The player's friends, the requests waiting for their answer (``asking``), their own
    waiting requests (``asked``) and the people they sat with who are none of these (``met``:
    whom they may ask), each with what anyone may see of a player."""
    def people(query: Any) -> list[dict[str, Any]]:
        rows = db.execute(query.order_by(PLAYERS.c.name, PLAYERS.c.id).limit(MAX_LISTED))
        return [players.row_to_player(row).public() for row in rows]

    friends = select(FRIENDS.c.friend_id).where(FRIENDS.c.player_id == player_id)
    asking = select(REQUESTS.c.from_id).where(REQUESTS.c.to_id == player_id)
    asked = select(REQUESTS.c.to_id).where(REQUESTS.c.from_id == player_id)
    mine = select(SEATS.c.table_code).where(SEATS.c.player_id == player_id)
    met = select(SEATS.c.player_id).where(SEATS.c.table_code.in_(mine),
                                          SEATS.c.player_id != player_id)
    return {
        "friends": people(select(PLAYERS).where(PLAYERS.c.id.in_(friends))),
        "asking": people(select(PLAYERS).where(PLAYERS.c.id.in_(asking))),
        "asked": people(select(PLAYERS).where(PLAYERS.c.id.in_(asked))),
        "met": people(select(PLAYERS).where(
            PLAYERS.c.id.in_(met), PLAYERS.c.id.not_in(friends), PLAYERS.c.id.not_in(asking),
            PLAYERS.c.id.not_in(asked), PLAYERS.c.hidden.is_(False))),
    }


def tables_now(db: Connection, player_ids: list[str]) -> dict[str, dict[str, str]]:
    """Each player's newest table that is not over (its code and game), for friends online."""
    if not player_ids:
        return {}
    rows = db.execute(
        select(SEATS.c.player_id, SEATS.c.table_code, TABLES.c.game)
        .join(TABLES, TABLES.c.code == SEATS.c.table_code)
        .where(SEATS.c.player_id.in_(player_ids), TABLES.c.status != TableStatus.FINISHED)
        .order_by(SEATS.c.joined_at)).all()
    return {row.player_id: {"table": row.table_code, "game": row.game} for row in rows}


def shared_table(db: Connection, player_id: str, other: str) -> str | None:
    """A table both sat at (the newest), for a request made from a list of people met."""
    mine = select(SEATS.c.table_code).where(SEATS.c.player_id == player_id)
    return db.execute(select(SEATS.c.table_code).where(
        SEATS.c.player_id == other, SEATS.c.table_code.in_(mine))
        .order_by(SEATS.c.joined_at.desc()).limit(1)).scalar()


def _befriend(db: Connection, one: str, other: str, now: dt.datetime) -> None:
    db.execute(insert(FRIENDS), [{"player_id": one, "friend_id": other, "since": now},
                                 {"player_id": other, "friend_id": one, "since": now}])
    db.execute(delete(REQUESTS).where(or_(
        and_(REQUESTS.c.from_id == one, REQUESTS.c.to_id == other),
        and_(REQUESTS.c.from_id == other, REQUESTS.c.to_id == one))))


def merge(db: Connection, source: str, target: str) -> None:
    """Before player ``source`` is merged into ``target`` (a device signed in with a link):
    ``source``'s friends become ``target``'s, and its requests, links and invitations go."""
    now = utcnow()
    keep = set(friend_ids(db, target)) | {target}
    moved = [f for f in friend_ids(db, source) if f not in keep]
    db.execute(delete(FRIENDS).where(or_(FRIENDS.c.player_id == source,
                                         FRIENDS.c.friend_id == source)))
    for friend in moved:
        _befriend(db, target, friend, now)
    _forget_all_but_friendships(db, source)


def forget_player(db: Connection, player_id: str) -> None:
    """A deleted account leaves no friend behind: its friendships, requests, links and
    invitations, both ways, go with it."""
    db.execute(delete(FRIENDS).where(or_(FRIENDS.c.player_id == player_id,
                                         FRIENDS.c.friend_id == player_id)))
    _forget_all_but_friendships(db, player_id)


def _forget_all_but_friendships(db: Connection, player_id: str) -> None:
    db.execute(delete(REQUESTS).where(or_(REQUESTS.c.from_id == player_id,
                                          REQUESTS.c.to_id == player_id)))
    db.execute(delete(FRIEND_LINKS).where(FRIEND_LINKS.c.player_id == player_id))
    db.execute(delete(INVITATIONS).where(or_(INVITATIONS.c.from_id == player_id,
                                             INVITATIONS.c.to_id == player_id)))
