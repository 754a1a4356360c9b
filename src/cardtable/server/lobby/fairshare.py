"""A full lobby makes room fairly: the waiting-table cap of the server is shared per address.

Each address may hold ``max_waiting_per_address`` waiting tables, and the server
``max_waiting_tables``. Those caps alone let a few hundred addresses fill the server (110
addresses did in 12.6 s) and then everyone else got ``lobby/full`` for as long as the tables
were kept waiting. So when the server has its fill and an address asks for one more table, the
address that holds the most waiting tables gives one up — its waiting table that has had no
person connected the longest, expired as the sweep would — provided it holds at least two more
than the asker. A newcomer then always gets a table unless every waiting table is attended or
belongs to an address holding at most one more than the newcomer.

The owner of a table is the client that made it (``lobby.who``: its address until players have
identities). This is one server's memory; a cluster counts its caps in Redis (``caps.py``) and
does not evict.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.server.tables.table import Table


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
