"""A full lobby makes room fairly: the waiting-table cap of the server is shared per person.

Each client may hold its own share of waiting tables (``check_waiting``): a player
``max_waiting_per_player`` over every address they use; a client without a player is its
address, held to ``max_waiting_per_address``. Every address also holds
at most ``max_waiting_per_address`` whoever made them (the backstop: a family behind one router
gets a share each up to it, a script minting players no more than it), and the server
``max_waiting_tables``. Those caps alone let a few hundred addresses fill the server (110
addresses did in 12.6 s) and then everyone else got ``lobby/full`` for as long as the tables
were kept waiting. So when the server has its fill and an address asks for one more table, the
address that holds the most waiting tables gives one up — its waiting table that has had no
person connected the longest, expired as the sweep would — provided it holds at least two more
than the asker. A newcomer then always gets a table unless every waiting table is attended or
belongs to an address holding at most one more than the newcomer.

Making room counts by the same person: the owner of a table is the client that made it, by its
player, else its address (``Client.key``). This is one server's memory; a cluster counts its
caps per address in Redis (``caps.py``) and does not evict.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from cardtable.server.config import ServerConfig
from cardtable.server.lobby.connlimit import own_cap
from cardtable.server.lobby.who import Client
from cardtable.server.transport.errors import ServerError

if TYPE_CHECKING:
    from cardtable.server.tables.table import Table


def check_waiting(makers: Iterable[Client], client: Client, config: ServerConfig) -> None:
    """Refuse ``client`` one more waiting table when it holds its own share of ``makers`` (the
    makers of the waiting tables: ``lobby/too_many_yours``) or its address holds the
    backstop's (``lobby/too_many_here``)."""
    listed = list(makers)
    cap = own_cap(client, config.max_waiting_per_player, config.max_waiting_per_address)
    if sum(1 for maker in listed if maker.key == client.key) >= cap:
        raise ServerError("lobby/too_many_yours", limit=cap)
    if sum(1 for maker in listed if maker.address == client.address) \
            >= config.max_waiting_per_address:
        raise ServerError("lobby/too_many_here", limit=config.max_waiting_per_address)


def room_from(waiting: Iterable[Table], owners: Mapping[str, str], seen: Mapping[str, float],
              asker: str | None) -> Table | None:
    """The waiting table to expire so that ``asker`` may make one (see the module
    docstring); ``None``: none can fairly be taken."""
    tables = list(waiting)
    held = Counter(owners[t.code] for t in tables if t.code in owners)
    mine = held.get(asker, 0) if asker is not None else 0
    givers = [t for t in tables if t.code in owners and held[owners[t.code]] > mine + 1
              and not t.connections()]
    if not givers:
        return None
    most = max(held[owners[t.code]] for t in givers)
    heaviest = [t for t in givers if held[owners[t.code]] == most]
    return min(heaviest, key=lambda t: (seen.get(t.code, 0.0), t.code))
