"""Who a client is, for every limit and board that shares by person: the one seam where a
verified player's id will join the address (and the seat or browser token a request carries).

Until people have identities, ``player`` is always ``None``: limits share per address and per
token, and the daily board marks every entry as unverified. Once a request can prove a player,
``client_of`` fills ``player`` in and every caller shares by it as well, unchanged.
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


def client_of(connection: HTTPConnection) -> Client:
    """Who this request or WebSocket comes from (see the module docstring)."""
    return Client(address=client_address(connection))
