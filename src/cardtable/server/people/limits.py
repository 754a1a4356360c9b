"""Rate limits on identity, counted per client address in the server's rate-limit storage
(``lobby/ratelimit.py``): making players (a script must not fill the database with them) and,
for sign-in and friend links, making and using them (a link cannot be guessed at speed)."""

from __future__ import annotations

from limits import RateLimitItem, parse_many

from cardtable.server.lobby.ratelimit import RateLimits

#: New players per address: a family behind one router makes a few, a script many.
NEW_PLAYER_RATE = "30/minute;300/day"
#: Sign-in links made, and link uses tried, per address.
LINK_RATE = "10/minute;60/hour"
#: Friend links made per address (a family behind one router sends a few each).
FRIEND_LINK_RATE = "30/minute;300/hour"


class PeopleLimits:
    def __init__(self, limits: RateLimits) -> None:
        self.limits = limits
        self.new_items = parse_many(NEW_PLAYER_RATE)
        self.link_items = parse_many(LINK_RATE)
        self.friend_items = parse_many(FRIEND_LINK_RATE)

    async def _admit(self, items: list[RateLimitItem], kind: str, address: str) -> None:
        await self.limits.admit("rate/limited", [(i, (kind, address)) for i in items])

    async def new_player(self, address: str) -> None:
        await self._admit(self.new_items, "player", address)

    async def make_link(self, address: str) -> None:
        await self._admit(self.link_items, "link-make", address)

    async def use_link(self, address: str) -> None:
        await self._admit(self.link_items, "link-use", address)

    async def make_friend_link(self, address: str) -> None:
        """Making a friend link costs a row, no secret: a looser count than using one."""
        await self._admit(self.friend_items, "friend-make", address)

    async def use_friend_link(self, address: str) -> None:
        """Friend links tried: as sign-in links (a link cannot be guessed at speed)."""
        await self._admit(self.link_items, "friend-use", address)
