"""How many WebSockets one client may hold open on this server (3,000 from one address were
once accepted with no cap: each costs memory, a task and a share of every broadcast).

Counted per client (``lobby.who``: its address until players have identities) over every table
of this process, ``max_connections_per_address`` at most; one more is told
``connection/too_many`` and closed with ``CLOSE_TOO_MANY`` before it reaches a table. A seat
holds at most ``max_connections_per_seat`` connections (its person's tabs and devices): the seat
token's check, ``Lobby.seat_of``, refuses one more with ``connection/seat_full``.
"""

from __future__ import annotations

from collections import Counter

from cardtable.server.lobby.who import Client

#: WebSocket close code of a client over its cap (4000-4999 are the application's).
CLOSE_TOO_MANY = 4429


class ConnectionCaps:
    """The open WebSockets of each client of this process."""

    def __init__(self, per_client: int) -> None:
        self.per_client = per_client
        self._open: Counter[str] = Counter()

    def enter(self, client: Client) -> bool:
        """Count one more connection of ``client``; False (nothing counted) over its cap."""
        key = client.player or client.address
        if self._open[key] >= self.per_client:
            return False
        self._open[key] += 1
        return True

    def leave(self, client: Client) -> None:
        """One connection of ``client`` (counted by ``enter``) closed."""
        key = client.player or client.address
        self._open[key] -= 1
        if self._open[key] <= 0:
            del self._open[key]

    def open(self, client: Client) -> int:
        return self._open.get(client.player or client.address, 0)
