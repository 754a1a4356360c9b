"""One client's side of a table: the queue of texts a table sends it, drained by a sender.

A table never waits for a client: it pushes texts onto the connection's ``Outbox`` and goes on;
the WebSocket handler's sender (``ws.send_queued``) or, in a cluster, the relay to the process the
client is connected to (``Cluster.relay``, ``server/cluster/cluster.py``) drains it. A client
that falls ``MAX_QUEUED`` messages behind is dropped rather than let the server's memory grow.
"""

from __future__ import annotations

import asyncio
from collections import deque

from cardtable.i18n import current_language

#: The close code that tells a client to reconnect at once (its table is now served by another
#: process of the cluster, or this one is stopping): the same address reaches a process that
#: serves it. 1012 ("service restart") is what uvicorn itself sends when it stops.
CLOSE_MOVED = 1012
#: The servers of a cluster cannot reach each other (their Redis bus is away): the client is
#: told ``server/bus_unavailable`` first, and reconnects in a moment (1013, "try again later").
CLOSE_TRY_AGAIN = 1013

#: Messages a connection may have waiting before it is judged too slow and closed.
MAX_QUEUED = 1000


class Outbox:
    """A connection's queue of texts: what ``asyncio.Queue`` does for one reader (the
    connection's sender), with less work per message — a deque, and a future only while the
    reader waits. ``None`` is queued to stop the reader."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: deque[str | None] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def qsize(self) -> int:
        return len(self._items)

    def empty(self) -> bool:
        return not self._items

    def put_nowait(self, item: str | None) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():
                waiter.set_result(None)

    def get_nowait(self) -> str | None:
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    async def get(self) -> str | None:
        while not self._items:
            waiter = self._waiter = asyncio.get_running_loop().create_future()
            try:
                await waiter
            finally:
                if self._waiter is waiter:
                    self._waiter = None
        return self._items.popleft()


class Connection:
    """One WebSocket (or a test's stand-in): messages queue here and a sender drains them, so a
    slow client never holds a table up; one that falls ``MAX_QUEUED`` behind is dropped.

    ``language`` is the one every message to this connection is rendered in (the language in
    use where it is made, if not given)."""

    def __init__(
        self, seat: int | None, language: str | None = None, address: str | None = None
    ) -> None:
        self.seat = seat
        self.language = language or current_language()
        #: The client's address: chat and hints are limited per seat and per address.
        self.address = address
        #: The bot speed this person chose (``pace.SPEEDS``; ``None``: not said).
        self.speed: str | None = None
        self.queue = Outbox()
        self.closed = False
        #: The WebSocket close code the client is sent when the server closes it (1000: a
        #: normal close; ``CLOSE_MOVED``: reconnect, the table is served elsewhere now).
        self.close_code = 1000

    def push(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.close()
            return
        self.queue.put_nowait(text)

    def close(self, code: int | None = None) -> None:
        if not self.closed:
            self.closed = True
            if code is not None:
                self.close_code = code
            self.queue.put_nowait(None)
