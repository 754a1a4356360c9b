"""Leaving a table for good, and which running tables count as abandoned.

``{"type": "leave"}`` (docs/protocol.md, "Rematch and leaving"): at a running table with other
people the seat goes to a bot at once (the stand-in of an absent person, ``away``, without the
grace period); a running table with no other person closes (it expires, as an abandoned one
would, and leaves the open list); at a waiting table the seat is freed for someone else. The
person's connections get ``left`` and are closed; the browser forgets the seat's token. The
server keeps the token's hash: a person who comes back with the token (another tab that kept
it) plays the seat again, as after any absence.

A running table nobody plays at any more — every person's seat away, because they left or their
grace period ran out — is ``abandoned``: it is not worth watching, so the open list leaves it
out (a solo table whose player closed the tab goes from the list after ``grace_seconds``, not
after ``abandoned_hours``, when it expires).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from cardtable.server.lobby import expiry
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.table import Connection, Table, dumps
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.protocol import PROTOCOL_VERSION

if TYPE_CHECKING:
    from cardtable.server.lobby.lobby import Lobby


def abandoned(table: Table) -> bool:
    """A running table at which no person plays: every person's seat is away (their grace
    period ran out, or they left)."""
    if table.status != TableStatus.RUNNING:
        return False
    return all(seat.away for seat in table.seats if seat.plan.kind == "person")


async def leave(lobby: Lobby, table: Table, connection: Connection) -> None:
    """``connection``'s person leaves ``table`` (see the module docstring)."""
    index = connection.seat
    if index is None:
        raise ServerError("leave/not_seated")
    seat = table.seats[index]
    goodbye = dumps({"type": "left", "v": PROTOCOL_VERSION, "table": table.code, "seat": index})
    others = [i for i, s in enumerate(table.seats)
              if s.plan.kind == "person" and i != index and s.taken]
    leaving = list(seat.connections)
    if table.status == TableStatus.RUNNING and not others:
        # Told once the table is closed and out of the open list, not before: a lobby read
        # right after "left" must not list it. Taken off the seat, the leaving connections are
        # not closed with the table's others (spectators) before they are told.
        seat.connections.clear()
        await lobby.expire(table)
        for each in leaving:
            each.push(goodbye)
            each.close()
        return
    async with table.lock:
        if table.status == TableStatus.RUNNING:
            if seat.grace is not None:
                seat.grace.cancel()
                seat.grace = None
            seat.away = True
            table.scheduler.schedule()  # a bot moves for the seat now if it is on turn
        elif table.status == TableStatus.WAITING and seat.token_hash is not None:
            await table.services.writer.run(partial(expiry.free_seat, code=table.code,
                                                    seat=index))
            seat.name, seat.token_hash, seat.away = None, None, False
        for each in leaving:
            each.push(goodbye)
            each.close()
        seat.connections.clear()
        table.messages.broadcast_seats()
