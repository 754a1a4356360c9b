"""Browsers' push subscriptions, each owned by a player: the push service's endpoint, the
browser's public key and auth secret (RFC 8291), and the kinds of message it wants. Each
function takes a database connection (run through the writer) and knows nothing of HTTP."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, Table, delete, insert, select, update

from cardtable.server.storage.db import Base, PlayerRow, PlayerSeatRow, PushSubscriptionRow, utcnow

SUBSCRIPTIONS: Table = Base.metadata.tables[PushSubscriptionRow.__tablename__]
PLAYERS: Table = Base.metadata.tables[PlayerRow.__tablename__]
SEATS: Table = Base.metadata.tables[PlayerSeatRow.__tablename__]

#: The kinds of notice a person can choose to be sent, each a column that says whether a
#: subscription wants it.
NOTICE_KINDS = ("turn", "invite", "match_over")
#: The most subscriptions one player keeps (one per browser); the oldest goes first.
MAX_PER_PLAYER = 10


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, object]:
        """As ``pywebpush`` takes it (the shape of the browser's ``PushSubscription.toJSON``)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def save(db: Connection, player_id: str, endpoint: str, p256dh: str, auth: str,
         kinds: dict[str, bool]) -> None:
    """Store (or replace: a browser subscribes again with the same endpoint) a subscription."""
    fields = {"player_id": player_id, "p256dh": p256dh, "auth": auth, **kinds}
    changed = db.execute(update(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.endpoint == endpoint)
                         .values(**fields)).rowcount
    if not changed:
        db.execute(insert(SUBSCRIPTIONS).values(endpoint=endpoint, created_at=utcnow(), **fields))
    ids = db.execute(select(SUBSCRIPTIONS.c.id).where(SUBSCRIPTIONS.c.player_id == player_id)
                     .order_by(SUBSCRIPTIONS.c.id.desc())).scalars().all()
    if len(ids) > MAX_PER_PLAYER:
        db.execute(delete(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.id.in_(ids[MAX_PER_PLAYER:])))


def remove(db: Connection, player_id: str, endpoint: str) -> bool:
    """The player's subscription at ``endpoint`` deleted; False if they had none there."""
    gone = db.execute(delete(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.player_id == player_id,
                                                  SUBSCRIPTIONS.c.endpoint == endpoint))
    return bool(gone.rowcount)


def hand_over(db: Connection, source: str, target: str) -> None:
    """``source`` is merged into ``target`` (a device signed in): its browsers now tell
    ``target``."""
    db.execute(update(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.player_id == source)
               .values(player_id=target))


def forget_player(db: Connection, player_id: str) -> None:
    """A deleted account's subscriptions go with it: nobody is pushed for it again."""
    db.execute(delete(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.player_id == player_id))


def expire(db: Connection, endpoint: str) -> None:
    """A subscription the push service says is gone (404 or 410) deleted."""
    db.execute(delete(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.endpoint == endpoint))


def player_at(db: Connection, code: str, seat: int) -> str | None:
    """The player who took ``seat`` at table ``code``, if one did."""
    found = db.execute(select(SEATS.c.player_id).where(SEATS.c.table_code == code,
                                                       SEATS.c.seat == seat)).scalar()
    return str(found) if found is not None else None


def wanting(db: Connection, player_id: str, kind: str) -> tuple[str | None, list[Subscription]]:
    """The player's language and their subscriptions that want ``kind``."""
    assert kind in NOTICE_KINDS
    lang = db.execute(select(PLAYERS.c.language).where(PLAYERS.c.id == player_id)).scalar()
    rows = db.execute(select(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.player_id == player_id,
                                                  SUBSCRIPTIONS.c[kind].is_(True))).all()
    return lang, [Subscription(r.endpoint, r.p256dh, r.auth) for r in rows]
