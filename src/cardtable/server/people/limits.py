"""Rate limits on identity, counted per client address in the server's rate-limit storage
(``lobby/ratelimit.py``): making players (a script must not fill the database with them); for
sign-in and friend links, making and using them (a link cannot be guessed at speed); passkey
ceremonies (each makes a challenge row); profile look-ups (ids cannot be tried at speed);
deleting an account."""

from __future__ import annotations

from limits import RateLimitItem, parse_many

from cardtable.server.lobby.ratelimit import RateLimits

#: New players per address: a family behind one router makes a few, a script many.
NEW_PLAYER_RATE = "30/minute;300/day"
#: Sign-in links made, and link uses tried, per address.
LINK_RATE = "10/minute;60/hour"
#: Passkey challenges asked for and answers checked, per address.
PASSKEY_RATE = "20/minute;120/hour"
#: Profiles looked at, per address: a person browses a few, a script trying ids many.
PROFILE_RATE = "60/minute;600/hour"
#: Accounts deleted, per address.
DELETE_RATE = "5/minute;20/day"
#: Friend links made per address (a family behind one router sends a few each).
FRIEND_LINK_RATE = "30/minute;300/hour"


class PeopleLimits:
    def __init__(self, limits: RateLimits) -> None:
        self.limits = limits
        self.new_items = parse_many(NEW_PLAYER_RATE)
        self.link_items = parse_many(LINK_RATE)
        self.other_items = {"passkey": parse_many(PASSKEY_RATE),
                            "profile": parse_many(PROFILE_RATE),
                            "delete": parse_many(DELETE_RATE)}
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

    async def passkey(self, address: str) -> None:
        await self._admit(self.other_items["passkey"], "passkey", address)

    async def profile(self, address: str) -> None:
        await self._admit(self.other_items["profile"], "profile", address)

    async def delete(self, address: str) -> None:
        await self._admit(self.other_items["delete"], "delete", address)
