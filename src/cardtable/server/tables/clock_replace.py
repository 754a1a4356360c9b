"""Giving an absent person's seat to a bot for the rest of the match, once the game clock has
made their last ``clock.STRIKES`` moves in a row (docs/clock.md, "Out of time").

Any other person seated at the table may ask (``{"type": "replace", "seat": n}``); the
replacement is stored as a ``replace`` event, so it outlives a restart, and from then on the
seat's moves are a bot's (``by="bot"``, no clock), even if the person comes back: they were
told by the clock three times. Until then the clock's stand-in keeps moving for them, so
nobody is ever stuck.
"""

from __future__ import annotations

import logging

from cardtable.server.storage.store import StoredEvent
from cardtable.server.tables import clock
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.table import Table
from cardtable.server.transport.connection import Connection
from cardtable.server.transport.errors import ServerError

log = logging.getLogger("cardtable.server.tables.table")


def may_replace(table: Table, seat: int) -> bool:
    """Whether ``seat`` may be given to a bot now: a person's seat, not given yet, at a
    running table whose clock made that seat's last ``STRIKES`` moves."""
    game = table.state.game_clock
    return (game is not None and 0 <= seat < len(table.seats)
            and table.seats[seat].plan.kind == "person" and not table.seats[seat].replaced
            and table.status == TableStatus.RUNNING and game.struck_out(seat))


async def replace(table: Table, connection: Connection, seat: int) -> None:
    """``connection``'s person gives ``seat`` to a bot (module docstring)."""
    if connection.seat is None:
        raise ServerError("seat/spectator")
    async with table.lock:
        if table.suspended:
            raise ServerError("server/storage_unavailable")
        if seat == connection.seat or not may_replace(table, seat):
            raise ServerError("clock/not_struck_out", seat=seat, strikes=clock.STRIKES)
        event = StoredEvent(table.version + 1, "replace", {"seat": seat, "by": connection.seat})
        await table.persistence.commit([event])
        table.state.version = event.seq
        table.seats[seat].replaced = True
        log.info("seat given to a bot", extra={"table": table.code, "seat": seat})
        table.scheduler.schedule()
        table.messages.broadcast_seats()
        table.messages.send_states()
