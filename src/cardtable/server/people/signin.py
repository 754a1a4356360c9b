"""One-time sign-in links: how a player carries themselves to another device without a
password or an e-mail.

A signed-in device asks for a link (``make``): 32 random bytes, kept as their hash, good for
``LINK_MINUTES`` and for one use. The link puts the secret after ``#`` (``/signin#…``), so it
never reaches a server log or a link preview; the page posts it (``use``). Using it marks it
used in the same statement that checks it is unused and unexpired, so two devices racing for
one link cannot both win. The new device's own first-visit player, if it has one, is merged
into the player signed in (its tables move with it). An unknown, used or expired link gets one
and the same answer: nobody learns which links or players exist.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Connection, insert, select, update

from cardtable.server.features.push import subscriptions
from cardtable.server.people import friends, passkeys, players, ratings_store
from cardtable.server.people.players import LINKS, Player
from cardtable.server.storage.db import utcnow
from cardtable.server.tables.tokens import hash_token, new_token
from cardtable.server.transport.errors import ServerError

LINK_MINUTES = 10


def make(db: Connection, player_id: str, now: dt.datetime | None = None) -> tuple[str, dt.datetime]:
    """A new link's secret for ``player_id`` and when it expires."""
    secret = new_token()
    expires = (now or utcnow()) + dt.timedelta(minutes=LINK_MINUTES)
    db.execute(insert(LINKS).values(secret_hash=hash_token(secret), player_id=player_id,
                                    expires_at=expires, used_at=None))
    return secret, expires


def use(db: Connection, secret: str, device_secret: str, visitor: str | None,
        now: dt.datetime | None = None) -> Player:
    """Sign this device in with ``secret``: the link is used up, ``device_secret`` becomes a
    credential of the link's player, and the device's own player ``visitor`` (if any, and
    another) is merged into it. ``people/bad_link`` for an unknown, used or expired link."""
    now = now or utcnow()
    hashed = hash_token(secret)
    taken = db.execute(update(LINKS).where(LINKS.c.secret_hash == hashed,
                                           LINKS.c.used_at.is_(None),
                                           LINKS.c.expires_at > now).values(used_at=now))
    if taken.rowcount != 1:
        raise ServerError("people/bad_link")
    player_id = db.execute(select(LINKS.c.player_id)
                           .where(LINKS.c.secret_hash == hashed)).scalar_one()
    found = arrive(db, player_id, device_secret, visitor)
    if found is None:  # the player deleted since the link was made
        raise ServerError("people/bad_link")
    return found


def arrive(db: Connection, player_id: str, device_secret: str,
           visitor: str | None) -> Player | None:
    """This device is now ``player_id``'s (proved by a link or a passkey): ``device_secret``
    becomes their credential and the device's own first-visit player ``visitor`` (if any, and
    another) is merged into them. ``None`` if ``player_id`` is gone."""
    if players.by_id(db, player_id) is None:
        return None
    if visitor is not None and visitor != player_id:
        passkeys.hand_over(db, source=visitor, target=player_id)
        friends.merge(db, source=visitor, target=player_id)
        ratings_store.hand_over(db, source=visitor, target=player_id)
        subscriptions.hand_over(db, source=visitor, target=player_id)
        players.move_everything(db, source=visitor, target=player_id)
    players.add_credential(db, player_id, device_secret)
    return players.by_id(db, player_id)
