"""Presence: which players have a page open now, so their friends see them online.

A page of cardtable asks for its player's invitations every ``POLL_SECONDS`` (``/api/me/
invitations``, or the friends list); each such request marks the player **online** for
``ONLINE_SECONDS``, a little more than two polls, so one late poll does not flicker them off.
Where a friend is, is not kept here: the friends list shows the table an online friend sits at
from the database (their newest unfinished table), and only to friends (``friends_http``).

On one server presence is a dictionary in memory. In a cluster a player's page may poll any
process, so it is kept in the cluster's Redis (the one the bus runs on): one key per player
with a time to live, written by whichever process saw the poll, read by any. Presence is state
that expires, not a message to deliver, so keys that Redis expires by itself fit it better than
pub/sub: a process that dies leaves nothing stale behind for long.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

#: How often a page asks (the browser's poll); the page's script uses the same number.
POLL_SECONDS = 15
#: How long one poll keeps a player online.
ONLINE_SECONDS = 2 * POLL_SECONDS + 5
#: How often, at most, one player's presence is written (many tabs, many polls).
WRITE_EVERY = 5.0


def key(player_id: str) -> str:
    return f"cardtable:online:{player_id}"


class Presence(Protocol):
    async def seen(self, player_id: str) -> None: ...

    async def online(self, player_ids: Iterable[str]) -> set[str]: ...


class MemoryPresence:
    """One process: when each player was last seen, by an injectable clock."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last: dict[str, float] = {}

    async def seen(self, player_id: str) -> None:
        now = self.clock()
        self.last[player_id] = now
        if len(self.last) > 1024 and now - min(self.last.values()) > ONLINE_SECONDS:
            self.last = {p: t for p, t in self.last.items() if now - t <= ONLINE_SECONDS}

    async def online(self, player_ids: Iterable[str]) -> set[str]:
        now = self.clock()
        return {p for p in player_ids
                if (t := self.last.get(p)) is not None and now - t <= ONLINE_SECONDS}


class RedisPresence:
    """A cluster: a key per online player that Redis expires; a process writes one player's
    key at most every ``WRITE_EVERY`` seconds."""

    def __init__(self, redis: Any, clock: Callable[[], float] = time.monotonic) -> None:
        self.redis = redis
        self.clock = clock
        self.written: dict[str, float] = {}

    async def seen(self, player_id: str) -> None:
        now = self.clock()
        if now - self.written.get(player_id, -WRITE_EVERY) < WRITE_EVERY:
            return
        self.written[player_id] = now
        if len(self.written) > 4096:
            self.written = {p: t for p, t in self.written.items() if now - t < WRITE_EVERY}
        await self.redis.set(key(player_id), b"1", ex=ONLINE_SECONDS)

    async def online(self, player_ids: Iterable[str]) -> set[str]:
        listed = list(player_ids)
        if not listed:
            return set()
        found = await self.redis.mget([key(p) for p in listed])
        return {p for p, value in zip(listed, found, strict=True) if value is not None}
