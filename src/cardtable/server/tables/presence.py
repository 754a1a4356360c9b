"""Who is at a table: connections joining and leaving, and a person's grace period.

A connection joins with its seat already authenticated and is sent everything it needs (the
welcome, the chat's history, its full state). When a person's last connection closes, their
seat's grace period starts (``grace_seconds``); once it is over the seat is *away* and a
stand-in bot plays it (``Scheduler.schedule``) until the person connects again. This part
changes only who is at the table (connections, grace, away); what follows from it is the
scheduler's (``schedule``, given) and the messages' (``TableMessages``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from cardtable.i18n import language
from cardtable.server.storage import store
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.tables.chat import chat_message
from cardtable.server.tables.messages import TableMessages
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.tablestate import TablePhase, TableState, dumps, spawn
from cardtable.server.transport.connection import Connection

log = logging.getLogger("cardtable.server.tables.table")


class Presence:
    """Connections and grace periods (module docstring)."""

    def __init__(self, state: TableState, messages: TableMessages,
                 schedule: Callable[[], None]) -> None:
        self.state = state
        self.messages = messages
        #: Start what must happen next (``Scheduler.schedule``): an away person is back, or
        #: a seat has just gone away.
        self.schedule = schedule

    async def attach(self, connection: Connection) -> None:
        """A connection joins (its seat already authenticated): send it everything it needs."""
        async with self.state.lock:
            if connection.seat is None:
                self.state.spectators.add(connection)
            else:
                seat = self.state.seats[connection.seat]
                seat.connections.add(connection)
                if seat.grace is not None:
                    seat.grace.cancel()
                    seat.grace = None
                if seat.away:
                    seat.away = False
                    self.schedule()  # the person plays again: no stand-in move pending
            try:
                chat = await self.state.services.writer.query(
                    lambda session: store.recent_chat(session, self.state.code)
                )
            except StorageUnavailable:
                chat = []  # the state matters more than the chat's history
            with language(connection.language):
                connection.push(dumps(self.messages.welcome(connection.seat, connection.language)))
                for line in chat:
                    connection.push(dumps(chat_message(self.state.code, line)))
            self.resync(connection)
            self.messages.broadcast_seats()

    def resync(self, connection: Connection) -> None:
        """The connection's full state (lock held), or while the table is suspended the news
        that its storage is away (the state follows once it is rebuilt)."""
        with language(connection.language):
            if self.state.suspended or not self.state.services.writer.available:
                connection.push(dumps(self.messages.storage_message(available=False)))
            if not self.state.suspended:
                connection.push(dumps(self.messages.state_message(connection.seat, full=True)))
                self._resend_ending(connection)

    def _resend_ending(self, connection: Connection) -> None:
        """What ended before the viewer joined: the client opens its deal-end dialog on
        ``deal_end`` and its match-end dialog on ``match_end`` only, and each went to the
        connections of its moment. So a viewer who joins between deals (the deal-end pause, or
        a decision before the next deal) is sent the deal's summary again, unless its seat has
        already continued (it closed its dialog); one who joins after the match's end (a page
        that loaded the table just before it) is sent the match's end."""
        if self.state.status == TableStatus.FINISHED:
            connection.push(dumps(self.messages.match_end_message()))
            return
        match = self.state.match
        _, phase = self.state.mover()
        if match is None or phase not in (TablePhase.PAUSE, TablePhase.DECISION):
            return
        if connection.seat is not None and connection.seat not in self.state.waiting_for():
            return
        connection.push(dumps(self.messages.deal_end_message(match, len(match.deals) - 1)))

    async def detach(self, connection: Connection) -> None:
        """A connection closed. A person's seat with no connection left starts its grace
        period; once over, a stand-in bot plays for it until the person returns."""
        async with self.state.lock:
            connection.close()
            if connection.seat is None:
                self.state.spectators.discard(connection)
                return
            seat = self.state.seats[connection.seat]
            seat.connections.discard(connection)
            if not seat.connections and self.state.status != TableStatus.FINISHED:
                self._start_grace(connection.seat)
            self.messages.broadcast_seats()

    def _start_grace(self, index: int) -> None:
        seat = self.state.seats[index]
        if seat.plan.kind != "person" or seat.connections or seat.away or self.state.turn_based:
            return
        if seat.grace is not None:
            seat.grace.cancel()
        seat.grace = spawn(self._grace(index))

    async def _grace(self, index: int) -> None:
        """The grace period; while the cluster's bus is away it goes on (the person may be
        connected to another process, which cannot say so: ``cluster/busstate.py``)."""
        await asyncio.sleep(self.state.services.config.grace_seconds)
        while self.state.services.bus.away:
            await asyncio.sleep(self.state.services.config.grace_seconds)
        async with self.state.lock:
            seat = self.state.seats[index]
            seat.grace = None
            if seat.connections:
                return
            seat.away = True
            log.info("seat away", extra={"table": self.state.code, "seat": index})
            self.schedule()
            self.messages.broadcast_seats()
