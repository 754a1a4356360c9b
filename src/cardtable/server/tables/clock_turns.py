"""Telling the world that a person has come on turn at a turn-based table (docs/clock.md): the
hook that the notifications (Web Push and the like) hang on.

    from cardtable.server.tables import clock_turns
    clock_turns.ON_TURN.append(lambda table, seat: ...)

Each callback gets the table (its ``code``, ``game``, ``seats``…) and the table seat now on
turn, once per turn: when the turn passes to a person at a running table with a turn-based
clock (not again for the same person's next move of the same turn, nor when the table is
rebuilt after a restart or brought back from rest). The seat's player, where it is linked to
one, is found from the code and the seat (``server/people/players.py``). A callback is called
with the table's lock held, so it must not wait: it starts its own work (a task, a queue) and
returns; an exception in it is logged and never stops the table.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("cardtable.server.tables.table")

#: The callbacks: ``callback(table, seat)``.
ON_TURN: list[Callable[[Any, int], None]] = []


def came_on_turn(table: Any, seat: int) -> None:
    """Call every ``ON_TURN`` callback for ``seat`` of ``table`` (module docstring)."""
    for callback in list(ON_TURN):
        try:
            callback(table, seat)
        except Exception:
            log.exception("an on-turn callback failed", extra={"table": table.code})
