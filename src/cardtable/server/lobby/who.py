"""Who a client is, for every limit and board that shares by person: its address and, when
its request proves one, its player.

``client_of`` here knows the address only (no database read: the daily board marks such entries
unverified); ``people.identity.client_of`` adds the player that the request's cookie names, for
the fair shares that count by player as well as by address (``fairshare.py``, ``connlimit.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import HTTPConnection

from cardtable.server.lobby.ratelimit import client_address


@dataclass(frozen=True)
class Client:
    """A request's or WebSocket's client: its address, and its verified player (None: none)."""

    address: str
    player: str | None = None

    @property
    def key(self) -> str:
        """Whose share a request counts against: its player, else its address."""
        return f"player:{self.player}" if self.player is not None else self.address


def client_of(connection: HTTPConnection) -> Client:
    """Who this request or WebSocket comes from (see the module docstring)."""
    return Client(address=client_address(connection))
