"""How many WebSockets one client may hold open on this server (3,000 from one address were
once accepted with no cap: each costs memory, a task and a share of every broadcast).

Counted over every table of this process per player (``lobby.who``: a player over every address
they use, ``max_connections_per_player`` at most) and per address whoever connects from it
(``max_connections_per_address``, the backstop: a family behind one router shares it, a script
minting players too); a client without a player is its address, held to that cap. One
more is told ``connection/too_many_yours`` (its own share) or ``connection/too_many`` (its
address's) and closed with ``CLOSE_TOO_MANY`` before it reaches a table. A seat
holds at most ``max_connections_per_seat`` connections (its person's tabs and devices): the seat
token's check, ``Lobby.seat_of``, refuses one more with ``connection/seat_full``.
"""

from __future__ import annotations

from collections import Counter

from cardtable.server.lobby.who import Client
from cardtable.server.transport.errors import ServerError

#: WebSocket close code of a client over its cap (4000-4999 are the application's).
CLOSE_TOO_MANY = 4429


def own_cap(client: Client, per_player: int, per_address: int) -> int:
    """A client's own share: a player's, over every address they use; a client without a
    player is its address (whoever is behind it cannot be told apart)."""
    return per_player if client.player is not None else per_address


class ConnectionCaps:
    """The open WebSockets of each client of this process, counted by player (or address) and,
    as a backstop, by address whoever holds them."""

    def __init__(self, per_player: int, per_address: int) -> None:
        self.per_player = per_player
        self.per_address = per_address
        self._open: Counter[str] = Counter()
        self._here: Counter[str] = Counter()

    def enter(self, client: Client) -> ServerError | None:
        """Count one more connection of ``client``, or (nothing counted) the refusal:
        ``connection/too_many_yours`` over its own share, ``connection/too_many`` over its
        address's."""
        cap = own_cap(client, self.per_player, self.per_address)
        if self._open[client.key] >= cap:
            code = "connection/too_many_yours" if client.player else "connection/too_many"
            return ServerError(code, limit=cap)
        if self._here[client.address] >= self.per_address:
            return ServerError("connection/too_many", limit=self.per_address)
        self._open[client.key] += 1
        self._here[client.address] += 1
        return None

    def leave(self, client: Client) -> None:
        """One connection of ``client`` (counted by ``enter``) closed."""
        for counter, key in ((self._open, client.key), (self._here, client.address)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]

    def open(self, client: Client) -> int:
        return self._open.get(client.key, 0)
