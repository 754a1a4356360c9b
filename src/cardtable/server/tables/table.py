"""One table at run time: a composition of parts with one job each, and the guard.

The parts share the table's state (``TableState``, ``tablestate.py``: the match, the seats,
the version, the status, the lock, and whose turn it is), not the table:

- ``messages`` (``TableMessages``, ``messages.py``): what is sent to whom, in whose language;
- ``presence`` (``Presence``, ``presence.py``): who is here — connections and grace periods;
- ``scheduler`` (``Scheduler``, ``scheduling.py``): what runs later — bots, forced moves,
  turn timers, the next deal;
- ``persistence`` (``Persistence``, ``persistence.py``): how it is stored — each step's
  commit, the rebuild from storage, suspension and recovery;
- ``talk`` (``TableTalk``, ``talk.py``): hints and chat.

This module holds what changes a table, each read top to bottom in one place, calling the
parts: building it from storage, seating and starting, the guard (``act``), the deal-end pause,
and what the table announces (``announce``).

Every action — a person's, a bot's, a stand-in's after a timeout or an absence — goes through
``Table.act``, the one guard (boardgame.io's order):

1. authenticated seat (the caller passes the seat its token proved; spectators cannot act);
2. table running, and that seat on turn: the deal's ``to_move`` (in Pontinho's claim round the
   engine asks each claimant in turn, so the claimant asked is ``to_move``), or the seat whose
   decision between deals is pending (``match.to_move``);
3. the client's state version equals the table's (else ``action/stale_state``) — 2 and 3 are
   ``TableState.check_turn``, which a hint passes too;
4. the engine validates and applies (``IllegalAction`` → ``action/illegal``, nothing changed);
5. the step's events (the action, a new deal with its seed, the match's end) are committed in
   one transaction (``Persistence.commit``);
6. only then is each viewer sent its own view (``TableMessages``).

Every message is rendered in the language of the connection it goes to (``Connection.language``,
chosen at the handshake): a step one person causes reaches each other person in their own
language (``TableMessages.deliver``), and the tasks a table starts for its bots and timers run
outside any request's language (``cardtable.i18n.outside_language_blocks``).

The table's lock is held from 2 to 6, so no one ever sees a state that is not yet stored. What
was not stored did not happen: a step whose commit fails suspends the table until it is rebuilt
from storage (``persistence.py``).
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
from cardtable.errors import IllegalAction
from cardtable.games import match_class
from cardtable.server.storage import store
from cardtable.server.storage.store import StoredEvent, StoredTable
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.tables import pace
from cardtable.server.tables.announce import Announcement
from cardtable.server.tables.messages import TableMessages
from cardtable.server.tables.persistence import Persistence, replay_event, restore
from cardtable.server.tables.presence import Presence
from cardtable.server.tables.scheduling import Scheduler
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.tableconfig import SeatPlan, TableConfig
from cardtable.server.tables.tablestate import (
    SeatState,
    Services,
    TablePhase,
    TableState,
    dumps,
    spawn,
)
from cardtable.server.tables.talk import TableTalk
from cardtable.server.transport.connection import MAX_QUEUED, Connection, Outbox
from cardtable.server.transport.errors import ServerError

log = logging.getLogger("cardtable.server.tables.table")

__all__ = ["MAX_QUEUED", "Connection", "Outbox", "SeatPlan", "SeatState", "Services", "Table",
           "TableConfig", "TablePhase", "TableState", "TableStatus", "dumps", "replay_event"]


class Table:
    """See the module docstring. Build with ``Table(code, config, services)`` (a new table) or
    ``Table.rebuild`` (a stored one)."""

    #: The scheduler a table is made with (a test's table may time its pauses).
    scheduler_type: type[Scheduler] = Scheduler

    def __init__(self, code: str, config: TableConfig, services: Services) -> None:
        self.state = state = TableState(code, config, services)
        self.messages = TableMessages(state)
        self.scheduler = self.scheduler_type(state, self.act, self.deal_next)
        self.presence = Presence(state, self.messages, self.scheduler.schedule)
        self.talk = TableTalk(state, self.messages)
        self.persistence = Persistence(state, self.messages, stop=self.scheduler.stop,
                                       carry_on=self._carry_on)

    # -- what the rest of the server reads (the state's) ------------------------------------------

    @property
    def code(self) -> str:
        return self.state.code

    @property
    def config(self) -> TableConfig:
        return self.state.config

    @property
    def services(self) -> Services:
        return self.state.services

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def seats(self) -> list[SeatState]:
        return self.state.seats

    @property
    def spectators(self) -> set[Connection]:
        return self.state.spectators

    @property
    def lock(self) -> asyncio.Lock:
        return self.state.lock

    @property
    def status(self) -> TableStatus:
        return self.state.status

    @property
    def match(self) -> Match | None:
        return self.state.match

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def suspended(self) -> bool:
        return self.state.suspended

    @property
    def unplayable(self) -> str | None:
        return self.state.unplayable

    @property
    def turn_based(self) -> bool:
        return self.state.turn_based

    def mover(self) -> tuple[int | None, TablePhase]:
        return self.state.mover()

    def free_seats(self) -> list[int]:
        return self.state.free_seats()

    def connections(self) -> list[Connection]:
        return self.state.connections()

    def summary(self) -> dict[str, Any]:
        return self.messages.summary()

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def rebuild(cls, stored: StoredTable, services: Services) -> Table:
        """The table as its stored events leave it: every action replayed through the engine."""
        config = TableConfig.from_stored(stored.game, stored.players, stored.config)
        table = cls(stored.code, config, services)
        restore(table.state, stored)
        return table

    @classmethod
    def to_read(cls, stored: StoredTable) -> Table:
        """The table as stored, only to read (its summary, its records: ``archive.py``),
        outside any server: it has no services, so it must never be played or attached to."""
        return cls.rebuild(stored, cast(Services, None))

    # -- joining and starting ----------------------------------------------------------------------

    async def take_seat(self, index: int | None, name: str, token_hash: str) -> int:
        """Give a free person's seat (``index``, or the first free) to ``name``; start the table
        once every seat is taken."""
        state = self.state
        async with state.lock:
            if state.suspended:
                raise ServerError("server/storage_unavailable")
            if state.status != TableStatus.WAITING:
                raise ServerError("table/started")
            free = state.free_seats()
            if index is None:
                if not free:
                    raise ServerError("table/full")
                index = free[0]
            if not 0 <= index < len(state.seats) or state.seats[index].plan.kind != "person":
                raise ServerError("table/no_such_seat", seat=index)
            if index not in free:
                raise ServerError("table/seat_taken", seat=index)
            chosen = index
            try:
                await state.services.writer.run(
                    lambda session: store.add_seat(
                        session, code=state.code, seat=chosen, name=name, token_hash=token_hash
                    )
                )
            except StorageUnavailable:
                raise ServerError("server/storage_unavailable") from None
            state.seats[chosen].name = name
            state.seats[chosen].token_hash = token_hash
            log.info("seat taken", extra={"table": state.code, "seat": chosen})
            if not state.free_seats():
                await self._start(joined=chosen)
            else:
                self.messages.broadcast_seats()
            return chosen

    async def start_if_full(self) -> None:
        state = self.state
        async with state.lock:
            if state.status == TableStatus.WAITING and not state.free_seats() \
                    and not state.suspended:
                await self._start()

    async def _start(self, joined: int | None = None) -> None:
        """Deal the match's first deal (lock held): the seed and the deal stored first.
        ``joined``: the seat whose taking started it (its person is on the page)."""
        state, persistence = self.state, self.persistence
        seed, dealer = state.fixed_start or (secrets.randbits(63),
                                             secrets.randbelow(state.game.players))
        match = match_class(state.game)(state.game, seed=seed, dealer=dealer)
        first = match.current
        events = [
            StoredEvent(state.version + 1, "start",
                        persistence.stamped({"seed": seed, "dealer": dealer})),
            StoredEvent(state.version + 2, "deal",
                        persistence.stamped(persistence.deal_data(match))),
        ]
        await persistence.commit(events, TableStatus.RUNNING)
        state.match = match
        state.status = TableStatus.RUNNING
        state.version += len(events)
        self.messages.events_seen = {}
        assert first is match.current
        log.info("table started", extra={"table": state.code, "game": state.game.name})
        self.scheduler.schedule()
        self.messages.broadcast_seats()
        self.messages.send_states()
        self._announce(present=joined)

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
        state = self.state
        async with state.lock:
            phase = state.check_turn(seat, version)
            if by in ("bot", "away") and not state.auto_level(seat):
                return
            match = state.match
            assert match is not None
            if phase is TablePhase.DEAL:
                deal = match.current
                try:
                    action = deal.game.parse_action(text)
                    events = deal.apply(action)
                except IllegalAction as error:  # for a person: the table's seat, from 1
                    seats = match.seats_of_deal(len(match.deals) - 1)
                    reason = error.for_player(lambda s: seats[s] + 1)
                    raise ServerError("action/illegal", reason=reason) from None
                canonical = str(action)
                kind = "action"
                viewers = [None, *range(deal.game.players)]
                self.messages.events_seen = {v: [e.view(v) for e in events] for v in viewers}
            else:
                try:
                    canonical = match.apply(text)
                except IllegalAction as error:
                    raise ServerError("action/illegal", reason=str(error)) from None
                # deciding between deals is being ready for the next one (no second click)
                state.continued.add(seat)
                kind = "decision"
                self.messages.events_seen = {}
            stored = [
                StoredEvent(state.version + 1, kind,
                            self.persistence.stamped({"seat": seat, "text": canonical, "by": by}))
            ]
            deal_over = match.current.is_over
            status, result = self._advance(match, stored)
            await self.persistence.commit(stored, status, result)
            state.version += len(stored)
            if accepted is not None:
                accepted(state.version)
            state.last = {"seat": seat, "action": canonical, "by": by}
            if not pace.quiet(canonical):
                state.shown_seat = seat
            if kind == "action":
                state.deal_by.append(by)
            if status is not None:
                state.status = status
                state.result = result
            state.deadline = None
            self._after_step(match, deal_over, stored)
            metrics = state.services.metrics
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
        version = self.state.version
        if match.is_over:
            outcome = match.outcome
            result = outcome.to_dict() if outcome is not None else None
            stored.append(StoredEvent(version + len(stored) + 1, "end", {"outcome": result}))
            return TableStatus.FINISHED, result
        if match.to_move is None and not self.state.waiting_for():
            match.next_deal()  # nobody to wait for (everyone away): no pause
            stored.append(
                StoredEvent(version + len(stored) + 1, "deal",
                            self.persistence.stamped(self.persistence.deal_data(match)))
            )
        return None, None

    def _after_step(self, match: Match, deal_over: bool, stored: Sequence[StoredEvent]) -> None:
        """Tell everyone (the step is stored): the end of a deal, the state, the match's end."""
        state, messages = self.state, self.messages
        if deal_over and stored[0].kind == "action":
            messages.send_deal_end(match, stored)
        new_deal = any(e.kind == "deal" for e in stored)
        if new_deal:  # who made each move is counted afresh for the new deal
            state.deal_by = []
            messages.events_seen = {}
            state.continued = set()
            state.pause_deadline = None
        self.scheduler.schedule()
        messages.send_states(full=new_deal)
        if state.status == TableStatus.FINISHED:
            messages.broadcast(messages.match_end_message)
            log.info("match over", extra={"table": state.code})
        self._announce()

    def _announce(self, present: int | None = None) -> None:
        """After a step (and at the start): announce a person's turn, once per turn, or the
        match's end (``announce.py``; the step that ends the match is the table's last).
        ``present``: a seat whose person is on the page though not yet connected (they just
        sat down)."""
        state = self.state
        announcements = state.services.announcements
        if state.status == TableStatus.FINISHED:
            announcements.announce(Announcement(state, "match_over", present=present))
            return
        mover, phase = state.mover()
        if mover is None or mover == state.turn_told or phase not in (TablePhase.DEAL,
                                                                       TablePhase.DECISION):
            return
        state.turn_told = mover
        if state.seats[mover].plan.kind == "person":
            announcements.announce(Announcement(state, "turn", mover, present))

    def _carry_on(self) -> None:
        """Once rebuilt from storage (lock held): bots and timers again, a full table started,
        everyone's seats and full state."""
        self.scheduler.schedule()
        if self.state.status == TableStatus.WAITING and not self.state.free_seats():
            spawn(self.start_if_full())
        self.messages.broadcast_seats()
        self.messages.send_states(full=True)

    # -- the deal-end pause: Continue, and the next deal --------------------------------------

    async def continue_deal(self, seat: int | None, deal: int) -> None:
        """A person pressed Continue after deal ``deal`` (a client's ``continue``), in the
        pause or while someone decides between deals. The next deal is dealt once nobody is
        left to wait for. A Continue for another deal, or during a deal, changes nothing (a
        late or repeated press)."""
        if seat is None:
            raise ServerError("seat/spectator")
        state = self.state
        async with state.lock:
            if state.suspended:
                raise ServerError("server/storage_unavailable")
            match = state.match
            phase = state.mover()[1]
            if (
                match is None
                or phase not in (TablePhase.PAUSE, TablePhase.DECISION)
                or deal != len(match.deals)
            ):
                return
            if seat in state.continued:
                return
            state.continued.add(seat)  # also while someone decides between deals (Pontinho)
            if phase is TablePhase.DECISION:
                return
            if state.waiting_for():
                self.messages.send_states()  # everyone sees who is still awaited
                return
            await self.deal_next()

    async def deal_next(self) -> None:
        """End the pause (lock held): deal the next deal, store it, tell everyone."""
        state, persistence = self.state, self.persistence
        match = state.match
        assert match is not None
        match.next_deal()
        stored = [StoredEvent(state.version + 1, "deal",
                              persistence.stamped(persistence.deal_data(match)))]
        await persistence.commit(stored)
        state.version += len(stored)
        self._after_step(match, False, stored)

    # -- records and shutdown ----------------------------------------------------------------------

    def record(self, deal: int | None = None) -> dict[str, Any] | None:
        """The finished deals as a match record (or deal ``deal``, from 1, as a one-deal record)
        that ``cardtable replay`` accepts; ``None`` if there is no such finished deal. A deal in
        progress is never exported: its setup holds hidden cards."""
        match = self.state.match
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
        record["meta"] = {"table": self.state.code,
                          "program": f"cardtable {cardtable.__version__}"}
        return record

    async def close(self) -> None:
        """Stop every timer and bot (shutdown); what was accepted is already stored."""
        pending = self.scheduler.pending
        if pending is not None:
            pending.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pending
        await self.persistence.close()
        for seat in self.state.seats:
            if seat.grace is not None:
                seat.grace.cancel()
        for connection in self.state.connections():
            connection.close()
