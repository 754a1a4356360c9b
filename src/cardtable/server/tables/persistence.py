"""How a table is stored: each step's events committed before anyone is shown the step, the
table rebuilt from its events, and the table suspended and brought back when storage fails.

What was not stored did not happen. The engine changes its state in place, so a step is
applied before it is committed; if the commit then fails (the writer has already retried it
while the database was away), the changed match is thrown away whole: the table is *suspended*
— it refuses moves with ``server/storage_unavailable`` and shows nothing new — while
``recover`` waits for the database to take writes again, rebuilds the table's state from its
stored events (exactly the state before the step, or after it if the commit did land despite
the error) and hands it back to the table (``carry_on``: the bots and timers are scheduled
again and everyone is sent the state). Every change of a running table goes through
``commit``, so no call site can leave memory ahead of storage.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.errors import CardtableError
from cardtable.games import match_class
from cardtable.i18n import _
from cardtable.server.cluster.leases import LeaseLost
from cardtable.server.people.ratings_store import rate_finished
from cardtable.server.storage import store
from cardtable.server.storage.store import StoredEvent, StoredTable
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.tables.messages import TableMessages
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.tableconfig import TableConfig
from cardtable.server.tables.tablestate import Services, TableState, spawn
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.protocol import PROTOCOL_VERSION

log = logging.getLogger("cardtable.server.tables.table")


def replay_event(game: Game, match: Match | None, event: StoredEvent, code: str) -> Match | None:
    """The match after the stored ``event`` (``store.py`` lists the kinds): the one replay of
    a table's events, for a table rebuilt to play (``restore``) and for a finished one
    archived as its record (``archive.py``)."""
    data = event.data
    if event.kind == "start":
        return match_class(game)(game, seed=data["seed"], dealer=data["dealer"])
    if event.kind in ("end",):
        return match
    assert match is not None, f"table {code}: {event.kind} before the start"
    if event.kind == "deal":
        if data["number"] > 1:
            deal = match.next_deal()
            if deal.seed != data["seed"]:
                raise CardtableError(
                    _("table {code}: deal {n} was stored with another seed").format(
                        code=code, n=data["number"]
                    )
                )
    elif event.kind == "action":
        match.current.apply(data["text"])
    elif event.kind == "decision":
        match.apply(data["text"])
    return match


def clock_after(state: TableState, event: StoredEvent) -> None:
    """The clock after the stored ``event``: the one place its banks change, for a step just
    stored and for one replayed alike, so a rebuilt table has the same banks."""
    if state.game_clock is not None and event.kind in ("start", "deal", "action", "decision"):
        data = event.data
        state.game_clock.step(data.get("at"), data.get("seat"), data.get("by"))


def restore(state: TableState, stored: StoredTable) -> None:
    """Bring the fresh ``state`` to where the stored table's events leave it: its seats'
    people, and every event replayed through the engine."""
    for seat in stored.seats:
        state.seats[seat.seat].name = seat.name
        state.seats[seat.seat].token_hash = seat.token_hash
    state.status = TableStatus.WAITING
    for event in stored.events:
        _replay(state, event)
        state.version = event.seq
    if stored.status == TableStatus.FINISHED and state.match is not None:
        state.status = TableStatus.FINISHED
    state.turn_told = state.mover()[0]  # announced before it was stored (``announce.py``)


def rebuilt(stored: StoredTable, services: Services) -> TableState:
    """A table's state as its stored events leave it."""
    config = TableConfig.from_stored(stored.game, stored.players, stored.config)
    state = TableState(stored.code, config, services)
    restore(state, stored)
    return state


def _replay(state: TableState, event: StoredEvent) -> None:
    state.match = replay_event(state.game, state.match, event, state.code)
    clock_after(state, event)
    data = event.data
    if event.kind == "start":
        state.status = TableStatus.RUNNING
    elif event.kind == "deal":
        state.deal_by = []
    elif event.kind in ("action", "decision"):
        state.last = {"seat": data["seat"], "action": data["text"], "by": data.get("by")}
        if event.kind == "action":
            state.deal_by.append(data.get("by") or "person")
    elif event.kind == "end":
        state.status = TableStatus.FINISHED
        state.result = data.get("outcome")
    elif event.kind == "replace":
        state.seats[data["seat"]].replaced = True


class Persistence:
    """A table's storage (module docstring). ``stop``: cancel what the table has pending
    (``Scheduler.stop``), when it is suspended; ``carry_on``: what the table does once its
    state is rebuilt (lock held)."""

    def __init__(self, state: TableState, messages: TableMessages, *,
                 stop: Callable[[], None], carry_on: Callable[[], None]) -> None:
        self.state = state
        self.messages = messages
        self.stop = stop
        self.carry_on = carry_on
        #: The rebuild under way while the table is suspended.
        self.recovering: asyncio.Task[None] | None = None

    def stamped(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` with the server's time of its step (``"at"``, Unix seconds) when the table
        keeps a clock: the clock is computed from these stored times (``clock.py``)."""
        if self.state.game_clock is None:
            return data
        return {**data, "at": self.state.services.clock()}

    @staticmethod
    def deal_data(match: Match) -> dict[str, Any]:
        """What a ``deal`` event stores of the deal just dealt."""
        state = match.current
        return {
            "number": len(match.deals),
            "seed": state.seed,
            "dealer": match.table_seat(state.dealer),
            "seats": list(match.seats_of_deal(len(match.deals) - 1)),
        }

    def store_step(self, session: Any, events: Sequence[StoredEvent], status: str | None,
                   result: dict[str, Any] | None, token: int | None) -> None:
        """One step's write: its events, and at the match's end its ratings for people, in the
        same transaction (``people/ratings_store.py``: rated once, or not yet after a crash)."""
        store.append_events(session, self.state.code, events, status, result, token)
        if status == TableStatus.FINISHED:
            rate_finished(session, self.state.code, result)

    async def commit(
        self, events: Sequence[StoredEvent], status: str | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Store one step's events (lock held). If they cannot be stored, the step did not
        happen: the table is suspended until rebuilt from what is stored, and the caller gets
        ``server/storage_unavailable`` (see the module docstring)."""
        state = self.state
        code, token = state.code, state.lease_token
        try:
            await state.services.writer.run(
                lambda session: self.store_step(session, events, status, result, token)
            )
        except LeaseLost:
            # another process owns the table now: this one must not show or play it any more
            state.suspended = True
            if state.on_moved is not None:
                state.on_moved(code)
            raise ServerError("table/moved") from None
        except Exception as error:
            self.suspend(error)
            raise ServerError("server/storage_unavailable") from None
        for event in events:
            clock_after(state, event)

    def suspend(self, error: BaseException) -> None:
        """A step could not be stored: stop the table and rebuild it from storage."""
        if self.state.suspended:
            return
        self.state.suspended = True
        self.stop()
        log.error("a step could not be stored; table suspended until the database takes "
                  "writes again", extra={"table": self.state.code, "error": str(error)})
        self.recovering = spawn(self.recover())

    async def recover(self) -> None:
        """Wait until the database takes this table's writes again, rebuild the table from its
        stored events, and carry on (bots, timers, everyone's state)."""
        state = self.state
        writer = state.services.writer
        code = state.code
        pause = 0.05
        while True:
            try:
                await writer.run(lambda session: store.touch_table(session, code))
                stored = await writer.query(lambda session: store.load_table(session, code))
                assert stored is not None, code
                fresh = rebuilt(stored, state.services)
                break
            except StorageUnavailable:
                await asyncio.sleep(pause)
                pause = min(pause * 2, 5.0)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                state.unplayable = str(error) or type(error).__name__
                log.error("table cannot be rebuilt from its stored events; set aside",
                          extra={"table": code, "error": state.unplayable})
                self.messages.broadcast(lambda: {"type": "error", "v": PROTOCOL_VERSION,
                                                 "ref": None,
                                                 **ServerError("table/unplayable").to_dict()})
                return
        async with state.lock:
            self.adopt(fresh)
            state.suspended = False
            self.recovering = None
            log.info("table rebuilt from storage", extra={"table": code,
                                                           "version": state.version})
            self.carry_on()

    def adopt(self, fresh: TableState) -> None:
        """Take the stored state of ``fresh`` (rebuilt from storage); keep the connections."""
        state = self.state
        state.match, state.version, state.status = fresh.match, fresh.version, fresh.status
        state.last, state.result = fresh.last, fresh.result
        self.messages.forget()
        state.deadline = None
        state.continued, state.pause_deadline = set(), None
        state.deal_by = fresh.deal_by
        state.game_clock, state.turn_told = fresh.game_clock, fresh.turn_told
        for mine, stored in zip(state.seats, fresh.seats, strict=True):
            mine.name, mine.token_hash = stored.name, stored.token_hash
            mine.replaced = stored.replaced

    async def close(self) -> None:
        """Stop a rebuild under way (shutdown)."""
        if self.recovering is not None:
            self.recovering.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.recovering
