"""A table's status, the one name of each: a module of its own, importing nothing of the server,
so that storage, the lobby, people's queries, the metrics and the load test compare with its
members rather than spelling the words (``tablestate.py`` holds the rest of a table's fields)."""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    """A table's life, as stored and as the lobby shows it: the one name of each status, used
    by every module that reads or sets one (the diagram: docs/architecture.md, "A table's
    life"). Stored as its text in ``tables.status``."""

    WAITING = "waiting"  # seats still free; no match yet
    RUNNING = "running"
    FINISHED = "finished"
    EXPIRED = "expired"  # the lobby's sweep set it aside (``lobby/expiry.py``)


#: The statuses of a table still in play: rebuilt on start, listed when public, leased.
UNFINISHED = (TableStatus.WAITING, TableStatus.RUNNING)
