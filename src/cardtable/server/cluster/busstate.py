"""Whether this process can trust what it knows about the other processes of its cluster.

Why: at a table's owner, a person connected to another process is a ``RemoteConnection``
that lives on the bus (Redis). While the bus is away (Redis stopped, stalled or cut off) the
owner cannot learn that such a person left, nor that one came back, and a zero-receiver
publish right after Redis returns means only that the other processes have not subscribed
again yet. So while the bus is away, and for ``SETTLE_SECONDS`` after it comes back, nobody's
grace period ends in a stand-in (``tables/presence.py``, ``Lobby._spawn_absent``) and no
process is taken for dead (``Bus._flush``, ``Cluster._watch_forever``).

A single server has no bus: its ``BusState`` is never away.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

log = logging.getLogger("cardtable.server.cluster.bus")

#: Seconds after the bus came back during which it is still not trusted (every process
#: subscribes again within about two seconds: ``Bus._read``).
SETTLE_SECONDS = 3.0


class BusState:
    """``away`` while the bus is down or just back; ``listeners`` hear each change of
    ``down`` (``True``: it went down, ``False``: it came back)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.down = False
        self._back_at = float("-inf")
        self.listeners: list[Callable[[bool], None]] = []

    @property
    def away(self) -> bool:
        return self.down or self.clock() - self._back_at < SETTLE_SECONDS

    def lost(self, why: str) -> None:
        """The bus did not answer (a failed or timed-out command, a broken subscription)."""
        if self.down:
            return
        self.down = True
        log.error("bus away: no stand-in replaces anyone until it is back",
                  extra={"error": why})
        self._tell(True)

    def answered(self) -> None:
        """The bus answered a command."""
        if not self.down:
            return
        self.down = False
        self._back_at = self.clock()
        log.warning("bus back")
        self._tell(False)

    def _tell(self, down: bool) -> None:
        for listener in list(self.listeners):
            try:
                listener(down)
            except Exception:
                log.exception("a bus state listener failed")
