"""The garbage collector tuned for the server: fewer, later collections.

Each step of play makes and drops thousands of small containers (messages, views, frames), which
are freed by reference counting as they go; but CPython's cyclic collector also counts them, and
at its default thresholds (700, 10, 10) it ran so often, over a heap that grows with every table
and deal, that it took about a fifth of the server's CPU under load (``perf`` on ``cardtable
loadtest``). The server raises the first threshold so that a collection comes every
``FIRST_THRESHOLD`` net allocations instead of 700, and freezes what exists at start-up (modules,
the rebuilt tables) so that full collections skip it. Cyclic garbage is still collected, later.
"""

from __future__ import annotations

import gc

#: Net container allocations between two collections of the youngest generation.
FIRST_THRESHOLD = 50_000
#: Collections of one generation between two of the next (CPython's default: 10, 10).
LATER_THRESHOLDS = (20, 20)


class Collector:
    """``tune()`` at start, ``restore()`` at shutdown (tests run servers inside the pytest
    process, which must get its settings back)."""

    def __init__(self) -> None:
        self._before: tuple[int, int, int] | None = None

    def tune(self) -> None:
        if self._before is None:
            self._before = gc.get_threshold()
        gc.collect()
        gc.freeze()
        gc.set_threshold(FIRST_THRESHOLD, *LATER_THRESHOLDS)

    def restore(self) -> None:
        if self._before is not None:
            gc.set_threshold(*self._before)
            gc.unfreeze()
            self._before = None
