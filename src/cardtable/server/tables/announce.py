"""What a table announces to the people away from its page: that the turn has come to them, and
that the match is over — the one hook the notifications (Web Push and the like) hang on.

The table decides when, in one place (``Table._announce``, after every step it has stored and
shown, and at its start): a ``turn`` once per turn — when the turn passes to a person's seat,
not again for the same person's next move of the same turn (Pontinho's draw, meld and discard
are one turn), nor when the table is rebuilt after a restart or brought back from rest
(``TableState.turn_told``) — and ``match_over`` once, when the match ends. The listeners decide
what to do with it: the app registers Web Push (``features/push/notify.py``) at start-up
(``app.py``, the composition root), so no table knows a feature::

    services.announcements.listen(lambda news: ...)

A listener is called with the table's lock held, so it must not wait: it starts its own work (a
task, a queue) and returns; an exception in it is logged and never stops the table.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from cardtable.server.tables.tablestate import TableState

log = logging.getLogger("cardtable.server.tables.table")


@dataclass(frozen=True, slots=True)
class Announcement:
    """One piece of news from a table (module docstring)."""

    #: The table's state (its ``code``, ``game``, ``seats`` and their connections).
    table: TableState
    kind: Literal["turn", "match_over"]
    #: ``turn``: the person's seat now on turn; ``match_over``: ``None``.
    seat: int | None = None
    #: A seat whose person is on the page though not yet connected (the seat just taken that
    #: started the table): not to be told elsewhere.
    present: int | None = None


#: A listener: ``listener(announcement)``.
Listener = Callable[[Announcement], None]


class Announcements:
    """The listeners of every table of one server (``Services.announcements``)."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def announce(self, news: Announcement) -> None:
        """Tell every listener (module docstring)."""
        for listener in self._listeners:
            try:
                listener(news)
            except Exception:
                log.exception("an announcement's listener failed",
                              extra={"table": news.table.code, "kind": news.kind})
