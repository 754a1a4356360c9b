"""The waiting-table caps of a cluster: counted over every process, not per process.

On one server the lobby counts the tables waiting for people in its memory
(``Lobby.check_waiting_caps``). In a cluster each process holds only its own tables, so that count
would let a client that the balancer spreads over three processes make three times its share,
and the server three times ``max_waiting_tables``. Here the same two caps are counted where every
process sees them:

- the tables waiting on the whole cluster: the database's count of stored tables whose status
  is ``waiting``;
- the tables waiting that one address made: the codes an address made are kept in a Redis
  sorted set (``cardtable:made:<address>``, by time made), and those that no longer wait
  (started, expired, finished) are dropped from it at the next check. The maker's address is
  never stored in the database (as on one server); the set itself expires a day after the
  address last made a table.

A cluster counts by address only, ``max_waiting_per_address`` each (one server also counts by
player: ``fairshare.py``).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

from cardtable.server.storage import store
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.transport.errors import ServerError

if TYPE_CHECKING:
    from cardtable.server.config import ServerConfig

log = logging.getLogger("cardtable.server.lobby.caps")

#: How long an address's set of made tables outlives its last table (seconds).
KEPT_SECONDS = 24 * 3600


def made_key(address: str) -> str:
    return f"cardtable:made:{address}"


class ClusterCaps:
    """``check`` before a table is made from ``address``; ``made`` once it is."""

    def __init__(self, redis: Any, writer: Any, config: ServerConfig) -> None:
        self.redis = redis
        self.writer = writer
        self.config = config

    async def check(self, address: str | None) -> None:
        """Refuse one more waiting table when the cluster or ``address`` has its fill
        (``lobby/full``, ``lobby/too_many_yours``, as on one server)."""
        mine: list[str] = []
        if address is not None:
            mine = [m.decode() for m in await self.redis.zrange(made_key(address), 0, -1)]
        try:
            total, still = await self.writer.query(partial(store.waiting_among, codes=mine))
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None
        if address is not None and len(still) < len(mine):
            gone = [code for code in mine if code not in still]
            await self.redis.zrem(made_key(address), *gone)
        if total >= self.config.max_waiting_tables:
            raise ServerError("lobby/full")
        if address is not None and len(still) >= self.config.max_waiting_per_address:
            raise ServerError("lobby/too_many_yours", limit=self.config.max_waiting_per_address)

    async def made(self, code: str, address: str, now: float) -> None:
        key = made_key(address)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zadd(key, {code: now})
            pipe.expire(key, KEPT_SECONDS)
            await pipe.execute()
