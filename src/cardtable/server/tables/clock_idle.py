"""Turn-based tables at rest: a table played over days (a turn-based clock profile,
``clock.Profile.turn_based``) is kept in memory only while someone is at it or something is
due. Once nobody has been connected for ``REST_SECONDS`` and the table only waits for a
person's move on their clock, it is *put to rest*: its timers stopped and the ``Table`` let go,
so that it holds no memory but its code and the time its stand-in is due (``Lobby.resting``;
measured in docs/clock.md). It is brought back, rebuilt from its stored events, by the next
connection or request (``Lobby.find``, the path of a table not yet rebuilt after a start), or
by the sweep once the seat's time has run out, when the clock's stand-in moves for it.

A turn-based table is never expired for its people's absence (they come and go by design), and
an absent person's seat is not handed to a stand-in after the grace period: only the clock
moves for them (``Table.turn_based``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.table import Table

if TYPE_CHECKING:
    from cardtable.server.lobby.lobby import Lobby

log = logging.getLogger("cardtable.server.tables.table")

#: How long a turn-based table goes with nobody connected before it is put to rest.
REST_SECONDS = 600.0


def may_rest(table: Table, now: float, seen: float) -> bool:
    """Whether ``table`` may be put to rest at ``now`` (nobody seen at it since ``seen``): a
    running turn-based table with no connection, whose only pending work is the clock of the
    person on turn (no bot's move, no forced move, no deal-end pause under way)."""
    if not table.turn_based or table.status != TableStatus.RUNNING or table.suspended:
        return False
    if table.connections() or now - seen < REST_SECONDS:
        return False
    mover, _phase = table.mover()
    return (mover is not None and table.state.auto_level(mover) is None
            and table.state.forced_move() is None and table.state.deadline is not None)


async def put_to_rest(lobby: Lobby, table: Table) -> None:
    """Let ``table`` go from memory; the lobby keeps its code and when its stand-in is due."""
    wake = table.state.deadline
    assert wake is not None
    await table.close()
    code = table.code
    lobby.forget_resting(code, wake)
    log.info("turn-based table at rest", extra={"table": code})


async def rest_after_start(lobby: Lobby, code: str) -> None:
    """A table just rebuilt at the server's start: a turn-based one nobody is at goes back to
    rest at once, so that a start with many of them holds no more memory than before it."""
    table = lobby.tables.get(code)
    now = lobby.services.clock()
    if table is not None and lobby.cluster is None and may_rest(table, now, now - REST_SECONDS):
        await put_to_rest(lobby, table)


async def rest_and_wake(lobby: Lobby, now: float) -> None:
    """The sweep's part for turn-based tables: put to rest those that may rest, and bring back
    those whose person's time has run out (the stand-in then moves for them)."""
    if lobby.cluster is not None:
        return  # a cluster's process holds its tables under a lease: they stay
    for table in list(lobby.tables.values()):
        if may_rest(table, now, lobby.seen.get(table.code, now)):
            await put_to_rest(lobby, table)
    for code, wake in list(lobby.resting.items()):
        if wake <= now:
            await lobby.wake(code)
