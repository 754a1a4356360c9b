"""One table at run time: its match, its seats, its connections, and the guard.

``Table`` is put together from one class a job (``tablebase``: the fields, the status and
phase, whose turn it is; ``messages``: what each viewer is sent; ``presence``: connections and
grace periods; ``scheduling``: bots, timers and the deal-end pause; ``talk``: hints and chat).
This module holds what changes a table: building it from storage, seating and starting, the
guard, storing each step, and recovering when storage fails.

Every action — a person's, a bot's, a stand-in's after a timeout or an absence — goes through
``Table.act``, the one guard (boardgame.io's order):

1. authenticated seat (the caller passes the seat its token proved; spectators cannot act);
2. table running, and that seat on turn: the deal's ``to_move`` (in Pontinho's claim round the
   engine asks each claimant in turn, so the claimant asked is ``to_move``), or the seat whose
   decision between deals is pending (``match.to_move``);
3. the client's state version equals the table's (else ``action/stale_state``) — 2 and 3 are
   ``check_turn``, which a hint passes too;
4. the engine validates and applies (``IllegalAction`` → ``action/illegal``, nothing changed);
5. the step's events (the action, a new deal with its seed, the match's end) are committed in
   one transaction;
6. only then is each viewer sent its own view.

Every message is rendered in the language of the connection it goes to (``Connection.language``,
chosen at the handshake): a step one person causes reaches each other person in their own
language (``Table._deliver``), and the tasks a table starts for its bots and timers run outside
any request's language (``cardtable.i18n.outside_language_blocks``).

The table's lock is held from 2 to 6, so no one ever sees a state that is not yet stored.

What was not stored did not happen. The engine changes its state in place, so step 4 runs
before step 5; if the commit then fails (the writer has already retried it while the database
was away), the changed match is thrown away whole: the table is *suspended* — it refuses moves
with ``server/storage_unavailable`` and shows nothing new — while ``_recover`` waits for the
database to take writes again, rebuilds the table from its stored events (exactly the state
before the step, or after it if the commit did land despite the error) and carries on by
itself: the bots and timers are scheduled again and everyone is sent the state. Every change of
a running table goes through ``_commit``, so no call site can leave memory ahead of storage.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

import cardtable
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.errors import CardtableError, IllegalAction
from cardtable.games import match_class
from cardtable.i18n import _
from cardtable.server.cluster.leases import LeaseLost
from cardtable.server.features.push import notify as push_notify
from cardtable.server.people.ratings_store import rate_finished
from cardtable.server.storage import store
from cardtable.server.storage.store import StoredEvent, StoredTable
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.tables import pace
from cardtable.server.tables.presence import Presence
from cardtable.server.tables.scheduling import Scheduling
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.tablebase import SeatState, Services, TablePhase, dumps, spawn
from cardtable.server.tables.tableconfig import SeatPlan, TableConfig
from cardtable.server.tables.talk import TableTalk
from cardtable.server.transport.connection import MAX_QUEUED, Connection, Outbox
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.protocol import PROTOCOL_VERSION

log = logging.getLogger("cardtable.server.tables.table")

__all__ = ["MAX_QUEUED", "Connection", "Outbox", "SeatPlan", "SeatState", "Services", "Table",
           "TableConfig", "TablePhase", "TableStatus", "dumps"]


def replay_event(game: Game, match: Match | None, event: StoredEvent, code: str) -> Match | None:
    """The match after the stored ``event`` (``store.py`` lists the kinds): the one replay of
    a table's events, for a table rebuilt to play (``Table.rebuild``) and for a finished one
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



class Table(Presence, Scheduling, TableTalk):
    """See the module docstring. Build with ``Table.new`` or ``Table.rebuild``."""

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def rebuild(cls, stored: StoredTable, services: Services) -> Table:
        """The table as its stored events leave it: every action replayed through the engine."""
        config = TableConfig.from_stored(stored.game, stored.players, stored.config)
        table = cls(stored.code, config, services)
        for seat in stored.seats:
            table.seats[seat.seat].name = seat.name
            table.seats[seat.seat].token_hash = seat.token_hash
        table.status = TableStatus.WAITING
        for event in stored.events:
            table._replay(event)
            table.version = event.seq
        if stored.status == TableStatus.FINISHED and table.match is not None:
            table.status = TableStatus.FINISHED
        table.turn_told = table.mover()[0]  # told before it was stored (clock_turns.py)
        return table

    @classmethod
    def to_read(cls, stored: StoredTable) -> Table:
        """The table as stored, only to read (its summary, its records: ``archive.py``),
        outside any server: it has no services, so it must never be played or attached to."""
        return cls.rebuild(stored, cast(Services, None))

    def _replay(self, event: StoredEvent) -> None:
        self.match = replay_event(self.game, self.match, event, self.code)
        self._clock_after(event)
        data = event.data
        if event.kind == "start":
            self.status = TableStatus.RUNNING
        elif event.kind == "deal":
            self.deal_by = []
        elif event.kind in ("action", "decision"):
            self.last = {"seat": data["seat"], "action": data["text"], "by": data.get("by")}
            if event.kind == "action":
                self.deal_by.append(data.get("by") or "person")
        elif event.kind == "end":
            self.status = TableStatus.FINISHED
            self.result = data.get("outcome")
        elif event.kind == "replace":
            self.seats[data["seat"]].replaced = True

    # -- joining and starting ----------------------------------------------------------------------

    async def take_seat(self, index: int | None, name: str, token_hash: str) -> int:
        """Give a free person's seat (``index``, or the first free) to ``name``; start the table
        once every seat is taken."""
        async with self.lock:
            if self.suspended:
                raise ServerError("server/storage_unavailable")
            if self.status != TableStatus.WAITING:
                raise ServerError("table/started")
            free = self.free_seats()
            if index is None:
                if not free:
                    raise ServerError("table/full")
                index = free[0]
            if not 0 <= index < len(self.seats) or self.seats[index].plan.kind != "person":
                raise ServerError("table/no_such_seat", seat=index)
            if index not in free:
                raise ServerError("table/seat_taken", seat=index)
            chosen = index
            try:
                await self.services.writer.run(
                    lambda session: store.add_seat(
                        session, code=self.code, seat=chosen, name=name, token_hash=token_hash
                    )
                )
            except StorageUnavailable:
                raise ServerError("server/storage_unavailable") from None
            self.seats[chosen].name = name
            self.seats[chosen].token_hash = token_hash
            log.info("seat taken", extra={"table": self.code, "seat": chosen})
            if not self.free_seats():
                await self._start(joined=chosen)
            else:
                self._broadcast_seats()
            return chosen

    async def start_if_full(self) -> None:
        async with self.lock:
            if self.status == TableStatus.WAITING and not self.free_seats() and not self.suspended:
                await self._start()

    async def _start(self, joined: int | None = None) -> None:
        """Deal the match's first deal (lock held): the seed and the deal stored first.
        ``joined``: the seat whose taking started it (its person is on the page)."""
        seed, dealer = self.fixed_start or (secrets.randbits(63),
                                            secrets.randbelow(self.game.players))
        match = match_class(self.game)(self.game, seed=seed, dealer=dealer)
        first = match.current
        events = [
            StoredEvent(self.version + 1, "start", self._stamped({"seed": seed, "dealer": dealer})),
            StoredEvent(self.version + 2, "deal", self._stamped(self._deal_data(match))),
        ]
        await self._commit(events, TableStatus.RUNNING)
        self.match = match
        self.status = TableStatus.RUNNING
        self.version += len(events)
        self._events_seen = {}
        assert first is match.current
        log.info("table started", extra={"table": self.code, "game": self.game.name})
        self.schedule()
        self._broadcast_seats()
        self._broadcast_state()
        self._announce(present=joined)

    def _stamped(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` with the server's time of its step (``"at"``, Unix seconds) when the table
        keeps a clock: the clock is computed from these stored times (``clock.py``)."""
        if self.game_clock is None:
            return data
        return {**data, "at": self.services.clock()}

    def _clock_after(self, event: StoredEvent) -> None:
        """The clock after the stored ``event``: the one place its banks change, for a step
        just stored and for one replayed alike, so a rebuilt table has the same banks."""
        if self.game_clock is not None and event.kind in ("start", "deal", "action",
                                                            "decision"):
            data = event.data
            self.game_clock.step(data.get("at"), data.get("seat"), data.get("by"))

    @staticmethod
    def _deal_data(match: Match) -> dict[str, Any]:
        state = match.current
        return {
            "number": len(match.deals),
            "seed": state.seed,
            "dealer": match.table_seat(state.dealer),
            "seats": list(match.seats_of_deal(len(match.deals) - 1)),
        }

    def _store_step(self, session: Any, events: Sequence[StoredEvent], status: str | None,
                    result: dict[str, Any] | None, token: int | None) -> None:
        """One step's write: its events, and at the match's end its ratings for people, in the
        same transaction (``people/ratings_store.py``: rated once, or not yet after a crash)."""
        store.append_events(session, self.code, events, status, result, token)
        if status == TableStatus.FINISHED:
            rate_finished(session, self.code, result)

    async def _commit(
        self, events: Sequence[StoredEvent], status: str | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Store one step's events (lock held). If they cannot be stored, the step did not
        happen: the table is suspended until rebuilt from what is stored, and the caller gets
        ``server/storage_unavailable`` (see the module docstring)."""
        code, token = self.code, self.lease_token
        try:
            await self.services.writer.run(
                lambda session: self._store_step(session, events, status, result, token)
            )
        except LeaseLost:
            # another process owns the table now: this one must not show or play it any more
            self.suspended = True
            if self.on_moved is not None:
                self.on_moved(code)
            raise ServerError("table/moved") from None
        except Exception as error:
            self._suspend(error)
            raise ServerError("server/storage_unavailable") from None
        for event in events:
            self._clock_after(event)

    # -- the guard -------------------------------------------------------------------------------

    async def act(
        self, seat: int | None, text: str, version: int, *, by: str = "person",
        accepted: Callable[[int], None] | None = None,
    ) -> None:
        """The one way a table changes (see the module docstring). ``by``: ``person``, or
        ``bot`` / ``away`` / ``timer`` for moves made for a seat; those are dropped silently
        when the seat is no longer theirs to play (the person came back, someone moved).
        ``accepted(version)`` is called once the step is stored, before anyone is sent it
        (the WebSocket's ``ack``)."""
        if seat is None:
            raise ServerError("seat/spectator")
        began = time.perf_counter()
        async with self.lock:
            phase = self.check_turn(seat, version)
            if by in ("bot", "away") and not self.auto_level(seat):
                return
            match = self.match
            assert match is not None
            if phase is TablePhase.DEAL:
                state = match.current
                try:
                    action = state.game.parse_action(text)
                    events = state.apply(action)
                except IllegalAction as error:  # for a person: the table's seat, from 1
                    seats = match.seats_of_deal(len(match.deals) - 1)
                    reason = error.for_player(lambda s: seats[s] + 1)
                    raise ServerError("action/illegal", reason=reason) from None
                canonical = str(action)
                kind = "action"
                viewers = [None, *range(state.game.players)]
                self._events_seen = {v: [e.view(v) for e in events] for v in viewers}
            else:
                try:
                    canonical = match.apply(text)
                except IllegalAction as error:
                    raise ServerError("action/illegal", reason=str(error)) from None
                # deciding between deals is being ready for the next one (no second click)
                self.continued.add(seat)
                kind = "decision"
                self._events_seen = {}
            stored = [
                StoredEvent(self.version + 1, kind,
                            self._stamped({"seat": seat, "text": canonical, "by": by}))
            ]
            deal_over = match.current.is_over
            status, result = self._advance(match, stored)
            await self._commit(stored, status, result)
            self.version += len(stored)
            if accepted is not None:
                accepted(self.version)
            self.last = {"seat": seat, "action": canonical, "by": by}
            if not pace.quiet(canonical):
                self.shown_seat = seat
            if kind == "action":
                self.deal_by.append(by)
            if any(e.kind == "deal" for e in stored):
                self.deal_by = []
            if status is not None:
                self.status = status
                self.result = result
            self.deadline = None
            self._after_step(match, deal_over, stored)
            metrics = self.services.metrics
            metrics.actions.labels(by).inc()
            metrics.action_seconds.observe(time.perf_counter() - began)

    def _advance(
        self, match: Match, stored: list[StoredEvent]
    ) -> tuple[TableStatus | None, dict[str, Any] | None]:
        """After a move: the match's end, or the next deal when one is due and nobody is to
        be waited for (else the deal-end pause begins: ``mover`` says ``pause``; events
        appended)."""
        if not match.current.is_over:
            return None, None
        if match.is_over:
            outcome = match.outcome
            result = outcome.to_dict() if outcome is not None else None
            stored.append(StoredEvent(self.version + len(stored) + 1, "end", {"outcome": result}))
            return TableStatus.FINISHED, result
        if match.to_move is None and not self.waiting_for():
            match.next_deal()  # nobody to wait for (everyone away): no pause
            stored.append(
                StoredEvent(self.version + len(stored) + 1, "deal",
                            self._stamped(self._deal_data(match)))
            )
        return None, None

    def _after_step(self, match: Match, deal_over: bool, stored: Sequence[StoredEvent]) -> None:
        """Tell everyone (the step is stored): the end of a deal, the state, the match's end."""
        if deal_over and stored[0].kind == "action":
            self._send_deal_end(match, stored)
        new_deal = any(e.kind == "deal" for e in stored)
        if new_deal:
            self._events_seen = {}
            self.continued = set()
            self.pause_deadline = None
        self.schedule()
        self._send_states(full=new_deal)
        if self.status == TableStatus.FINISHED:
            self._broadcast(self.match_end_message)
            log.info("match over", extra={"table": self.code})
        self._announce()

    def _announce(self, present: int | None = None) -> None:
        """Tell the people away from the page that the turn has come to them or the match is
        over: the one place a table announces a turn to a seat outside its page. ``present``: a
        seat whose person is on the page though not yet connected (they just sat down)."""
        push_notify.after_step(self, present)

    def _suspend(self, error: BaseException) -> None:
        """A step could not be stored: stop the table and rebuild it from storage."""
        if self.suspended:
            return
        self.suspended = True
        self.deadline = None
        if self._pending is not None and self._pending is not asyncio.current_task():
            self._pending.cancel()
        self._pending = None
        log.error("a step could not be stored; table suspended until the database takes "
                  "writes again", extra={"table": self.code, "error": str(error)})
        self._recovering = spawn(self._recover())

    async def _recover(self) -> None:
        """Wait until the database takes this table's writes again, rebuild the table from its
        stored events, and carry on (bots, timers, everyone's state)."""
        writer = self.services.writer
        code = self.code
        pause = 0.05
        while True:
            try:
                await writer.run(lambda session: store.touch_table(session, code))
                stored = await writer.query(lambda session: store.load_table(session, code))
                assert stored is not None, code
                fresh = Table.rebuild(stored, self.services)
                break
            except StorageUnavailable:
                await asyncio.sleep(pause)
                pause = min(pause * 2, 5.0)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self.unplayable = str(error) or type(error).__name__
                log.error("table cannot be rebuilt from its stored events; set aside",
                          extra={"table": code, "error": self.unplayable})
                self._broadcast(lambda: {"type": "error", "v": PROTOCOL_VERSION, "ref": None,
                                         **ServerError("table/unplayable").to_dict()})
                return
        async with self.lock:
            self._adopt(fresh)
            self.suspended = False
            self._recovering = None
            log.info("table rebuilt from storage", extra={"table": code,
                                                           "version": self.version})
            self.schedule()
            if self.status == TableStatus.WAITING and not self.free_seats():
                spawn(self.start_if_full())
            self._broadcast_seats()
            self._send_states(full=True)

    def _adopt(self, fresh: Table) -> None:
        """Take the stored state of ``fresh`` (rebuilt from storage); keep the connections."""
        self.match, self.version, self.status = fresh.match, fresh.version, fresh.status
        self.last, self.result, self._events_seen = fresh.last, fresh.result, {}
        self._views_built = None
        self.deadline = None
        self.continued, self.pause_deadline = set(), None
        self.deal_by = fresh.deal_by
        self.game_clock, self.turn_told = fresh.game_clock, fresh.turn_told
        for mine, stored in zip(self.seats, fresh.seats, strict=True):
            mine.name, mine.token_hash = stored.name, stored.token_hash
            mine.replaced = stored.replaced

    # -- the deal-end pause: Continue, and the next deal --------------------------------------

    async def continue_deal(self, seat: int | None, deal: int) -> None:
        """A person pressed Continue after deal ``deal`` (a client's ``continue``), in the
        pause or while someone decides between deals. The next deal is dealt once nobody is
        left to wait for. A Continue for another deal, or during a deal, changes nothing (a
        late or repeated press)."""
        if seat is None:
            raise ServerError("seat/spectator")
        async with self.lock:
            if self.suspended:
                raise ServerError("server/storage_unavailable")
            match = self.match
            phase = self.mover()[1]
            if (
                match is None
                or phase not in (TablePhase.PAUSE, TablePhase.DECISION)
                or deal != len(match.deals)
            ):
                return
            if seat in self.continued:
                return
            self.continued.add(seat)  # also while someone decides between deals (Pontinho)
            if phase is TablePhase.DECISION:
                return
            if self.waiting_for():
                self._send_states()  # everyone sees who is still awaited
                return
            await self._deal_next()

    async def _deal_next(self) -> None:
        """End the pause (lock held): deal the next deal, store it, tell everyone."""
        match = self.match
        assert match is not None
        match.next_deal()
        stored = [StoredEvent(self.version + 1, "deal", self._stamped(self._deal_data(match)))]
        await self._commit(stored)
        self.version += len(stored)
        self.deal_by = []
        self._after_step(match, False, stored)

    # -- records and shutdown ----------------------------------------------------------------------

    def record(self, deal: int | None = None) -> dict[str, Any] | None:
        """The finished deals as a match record (or deal ``deal``, from 1, as a one-deal record)
        that ``cardtable replay`` accepts; ``None`` if there is no such finished deal. A deal in
        progress is never exported: its setup holds hidden cards."""
        match = self.match
        if match is None:
            return None
        if deal is not None:
            if not 1 <= deal <= len(match.deals) or not match.deals[deal - 1].is_over:
                return None
            return match.deals[deal - 1].to_record()
        finished = sum(1 for d in match.deals if d.is_over)
        if finished == 0:
            return None
        record = match.to_record()
        record["deals"] = record["deals"][:finished]
        record["meta"] = {"table": self.code, "program": f"cardtable {cardtable.__version__}"}
        return record

    async def close(self) -> None:
        """Stop every timer and bot (shutdown); what was accepted is already stored."""
        for task in (self._pending, self._recovering):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for seat in self.seats:
            if seat.grace is not None:
                seat.grace.cancel()
        for connection in self.connections():
            connection.close()
