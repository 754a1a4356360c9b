"""The garbage collector run on the clock: short young collections, a full one now and then.

Reference counting frees almost everything the server makes; its cyclic collector found no
garbage at all in steady play (none in any collection of a 2,000-table load). But run by
CPython's own triggers it cost a lot, in CPU or in pauses:

- at the default thresholds (700, 10, 10) it took about a fifth of the server's CPU: the
  objects that live for a move or two (each connection's pending reads and writes, the
  tables' timers) were promoted to the oldest generation and kept starting full collections;
- with a high first threshold (50,000, tried next) that CPU came back, but the threshold
  counts *net* allocations, and in steady play births and deaths cancel out. The youngest
  generation then grew to every connection's live short-lived objects (300,000 at 8,000
  connections) before its rare collections, which stopped the event loop for 260-390 ms
  every 12-40 s; and a collection of the next generation, over the million objects of the
  seated connections, for 0.65-0.73 s.

So CPython's triggers are off (``gc.disable``) and the event loop drives the collector. A
young collection every ``YOUNG_SECONDS`` sees only what was born since the last one and still
lives: a few milliseconds at 2,000 tables, at most 40 ms when the loop falls behind. What
survives it is left alone until the full collection, every ``full_seconds``, which reclaims
any cyclic garbage (the one pause that grows with the heap, about 1 s at 2,000 tables). What
exists when the server is ready (modules, the rebuilt tables) is frozen, so that no collection
walks it. The figures, before and after: docs/deploy.md, Capacity.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable

#: Seconds between two young collections: each pause is proportional to it.
YOUNG_SECONDS = 0.1
#: Seconds between two full collections, by default.
FULL_SECONDS = 600.0
YOUNG, FULL = 0, 2


class Collector:
    """``tune()`` on a running event loop at start, ``restore()`` at shutdown (tests run
    servers inside the pytest process, which must get its own collector back; when several
    run at once, the last to stop gives it back).

    ``on_pause(generation, seconds)`` hears of every collection it runs (the metrics)."""

    #: Collectors tuned in this process now, and whether CPython's triggers were on before
    #: the first of them.
    _running = 0
    _was_enabled = True

    def __init__(
        self,
        *,
        full_seconds: float = FULL_SECONDS,
        on_pause: Callable[[int, float], None] | None = None,
    ) -> None:
        self.full_seconds = full_seconds
        self.on_pause = on_pause
        self.tuned = False
        self._timer: asyncio.TimerHandle | None = None
        self._next_full = 0.0

    def tune(self) -> None:
        if self.tuned:
            return
        loop = asyncio.get_running_loop()
        if Collector._running == 0:
            Collector._was_enabled = gc.isenabled()
        Collector._running += 1
        self.tuned = True
        gc.collect()
        gc.freeze()
        gc.disable()
        self._next_full = loop.time() + self.full_seconds
        self._timer = loop.call_later(YOUNG_SECONDS, self._tick)

    def restore(self) -> None:
        if not self.tuned:
            return
        self.tuned = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        Collector._running -= 1
        if Collector._running == 0:
            gc.unfreeze()
            if Collector._was_enabled:
                gc.enable()

    def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        full = loop.time() >= self._next_full
        self.collect(FULL if full else YOUNG)
        if full:
            self._next_full = loop.time() + self.full_seconds
        self._timer = loop.call_later(YOUNG_SECONDS, self._tick)

    def collect(self, generation: int) -> None:
        start = time.perf_counter()
        gc.collect(generation)
        if self.on_pause is not None:
            self.on_pause(generation, time.perf_counter() - start)
