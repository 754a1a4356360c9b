"""One table at run time: its match, its seats, its connections, and the guard.

Every action — a person's, a bot's, a stand-in's after a timeout or an absence — goes through
``Table.act``, the one guard (boardgame.io's order):

1. authenticated seat (the caller passes the seat its token proved; spectators cannot act);
2. table running, and that seat on turn: the deal's ``to_move`` (in Pontinho's claim round the
   engine asks each claimant in turn, so the claimant asked is ``to_move``), or the seat whose
   decision between deals is pending (``match.to_move``);
3. the client's state version equals the table's (else ``action/stale_state``);
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
from collections.abc import Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, cast

import orjson

import cardtable
from cardtable.bots.ismcts import can_search
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.errors import CardtableError, IllegalAction
from cardtable.games import match_class
from cardtable.i18n import _, current_language, language, outside_language_blocks
from cardtable.server import hints, store
from cardtable.server.bots import STAND_IN, BotSeats
from cardtable.server.chat import chat_message, checked_line
from cardtable.server.config import ServerConfig
from cardtable.server.connection import MAX_QUEUED, Connection, Outbox
from cardtable.server.errors import ServerError
from cardtable.server.leases import LeaseLost
from cardtable.server.metrics import Metrics
from cardtable.server.pool import FairPool
from cardtable.server.protocol import PROTOCOL_VERSION
from cardtable.server.ratelimit import RateLimits
from cardtable.server.store import StoredEvent, StoredTable
from cardtable.server.tableconfig import SeatPlan, TableConfig
from cardtable.server.writer import StorageUnavailable, Writer

log = logging.getLogger("cardtable.server.table")

__all__ = ["MAX_QUEUED", "Connection", "Outbox", "SeatPlan", "Services", "Table", "TableConfig",
           "dumps"]


@dataclass
class SeatState:
    plan: SeatPlan
    name: str | None = None
    token_hash: str | None = None
    connections: set[Connection] = field(default_factory=set)
    #: A person whose grace period ran out: a stand-in bot plays until they return.
    away: bool = False
    grace: asyncio.Task[None] | None = None

    @property
    def taken(self) -> bool:
        return self.plan.kind == "bot" or self.token_hash is not None


@dataclass(frozen=True)
class Services:
    """What every table shares: settings, the writer, the fair pool for slow bots and hints,
    a clock, and the rate limits of chat and hints."""

    config: ServerConfig
    writer: Writer
    pool: FairPool
    clock: Callable[[], float] = time.time
    metrics: Metrics = field(default_factory=Metrics)
    #: Absent: made from ``config`` (inside the running event loop).
    limits: RateLimits = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.limits is None:
            object.__setattr__(self, "limits", RateLimits(self.config))


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text (orjson: this is the server's hottest path)."""
    return orjson.dumps(message).decode()


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


def _spawn(coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    """A table's own task (a bot's move, a timer, a grace period), in no request's language."""
    return asyncio.get_running_loop().create_task(coroutine, context=outside_language_blocks())


class Table:
    """See the module docstring. Build with ``Table.new`` or ``Table.rebuild``."""

    def __init__(self, code: str, config: TableConfig, services: Services) -> None:
        self.code = code
        self.config = config
        self.services = services
        self.game: Game = cardtable.game(config.game, config.players, **config.options)
        self.seats = [SeatState(plan) for plan in config.seats]
        self.status = "waiting"
        self.match: Match | None = None
        self.version = 0
        self.spectators: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.bots = BotSeats(secrets.randbits(63))
        self.last: dict[str, Any] | None = None
        self.deadline: float | None = None
        self._pending: asyncio.Task[None] | None = None
        self._events_seen: dict[int | None, list[dict[str, Any]]] = {}
        #: The current deal's views by deal seat, built together once per version (``_views``).
        self._views_built: tuple[int, object, dict[int | None, dict[str, Any]]] | None = None
        self.result: dict[str, Any] | None = None
        #: ``_legal_texts``'s answer, for the version and deal it was listed at.
        self._legal_cache: tuple[int, object, list[str]] | None = None
        #: The deal-end pause (``mover`` gives phase ``pause``): the people who pressed
        #: Continue, and when the next deal is dealt without the others. Never stored: after
        #: a restart the pause starts again.
        self.continued: set[int] = set()
        self.pause_deadline: float | None = None
        #: Who made each action of the current deal (``by`` of its stored event), in order.
        self.deal_by: list[str] = []
        #: Set when a step could not be stored, until ``_recover`` rebuilt the table.
        self.suspended = False
        self._recovering: asyncio.Task[None] | None = None
        #: Why the stored events cannot be replayed, once ``_recover`` found they cannot.
        self.unplayable: str | None = None
        #: In a cluster: this process's fencing token on the table (each event write carries
        #: it, ``leases.fence``), and who is told when a write finds the lease moved on.
        self.lease_token: int | None = None
        self.on_moved: Callable[[str], None] | None = None
        #: The match seed and first dealer to start with instead of random ones: the daily
        #: deal's (``server/daily.py``), the same for everyone who plays it.
        self.fixed_start: tuple[int, int] | None = None

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def rebuild(cls, stored: StoredTable, services: Services) -> Table:
        """The table as its stored events leave it: every action replayed through the engine."""
        config = TableConfig.from_stored(stored.game, stored.players, stored.config)
        table = cls(stored.code, config, services)
        for seat in stored.seats:
            table.seats[seat.seat].name = seat.name
            table.seats[seat.seat].token_hash = seat.token_hash
        table.status = "waiting"
        for event in stored.events:
            table._replay(event)
            table.version = event.seq
        if stored.status == "finished" and table.match is not None:
            table.status = "finished"
        return table

    @classmethod
    def to_read(cls, stored: StoredTable) -> Table:
        """The table as stored, only to read (its summary, its records: ``archive.py``),
        outside any server: it has no services, so it must never be played or attached to."""
        return cls.rebuild(stored, cast(Services, None))

    def _replay(self, event: StoredEvent) -> None:
        self.match = replay_event(self.game, self.match, event, self.code)
        data = event.data
        if event.kind == "start":
            self.status = "running"
        elif event.kind == "deal":
            self.deal_by = []
        elif event.kind in ("action", "decision"):
            self.last = {"seat": data["seat"], "action": data["text"], "by": data.get("by")}
            if event.kind == "action":
                self.deal_by.append(data.get("by") or "person")
        elif event.kind == "end":
            self.status = "finished"
            self.result = data.get("outcome")

    # -- what the table looks like ----------------------------------------------------------------

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.taken]

    def summary(self) -> dict[str, Any]:
        """The table as the lobby shows it (public)."""
        match = self.match
        return {
            "code": self.code,
            "game": self.game.name,
            "players": self.game.players,
            "options": dict(self.game.options),
            "status": self.status,
            "version": self.version,
            "turn_seconds": self.config.turn_seconds,
            "hints": self.config.hints,
            "continue_seconds": self.config.continue_seconds,
            "deal": len(match.deals) if match else 0,
            "seats": [self._seat_info(i) for i in range(len(self.seats))],
            "free_seats": self.free_seats(),
            "spectators": len(self.spectators),
            "result": self.result,
        }

    def _seat_info(self, index: int) -> dict[str, Any]:
        seat = self.seats[index]
        return {
            "seat": index,
            "kind": seat.plan.kind,
            "level": seat.plan.level,
            "name": seat.name if seat.plan.kind == "person" else seat.plan.level,
            "taken": seat.taken,
            "connected": bool(seat.connections),
            "away": seat.away,
        }

    def mover(self) -> tuple[int | None, str]:
        """The table seat whose decision is pending and the phase: ``deal``, ``decision``,
        ``pause`` (a deal is over, the next waits for Continue; nobody moves), ``waiting`` or
        ``over``."""
        match = self.match
        if self.status == "waiting" or match is None:
            return None, "waiting"
        if self.status == "finished" or match.is_over:
            return None, "over"
        state = match.current
        if not state.is_over:
            return match.table_seat(state.to_move), "deal"
        if match.to_move is None:
            return None, "pause"  # the next deal waits for the people's Continue
        return match.to_move, "decision"

    def _common(self) -> dict[str, Any]:
        """The part of a ``state`` message that is the same for every viewer (computed once
        per step, not once per viewer). It holds no human text, so it is the same in every
        language too."""
        match = self.match
        mover, phase = self.mover()
        common: dict[str, Any] = {
            "type": "state",
            "v": PROTOCOL_VERSION,
            "table": self.code,
            "version": self.version,
            "status": self.status,
            "phase": phase,
            "seat": None,
            "to_move": mover,
            "deadline": self.deadline if mover is not None else None,
            "last": self.last,
        }
        if phase == "pause":
            common["pause"] = {"deal": len(match.deals) if match else 0,
                               "waiting": self.waiting_for(),
                               "deadline": self.pause_deadline}
        if match is not None:
            common["deal"] = len(match.deals)
            common["seats_of_deal"] = list(match.seats_of_deal(len(match.deals) - 1))
            common["totals"] = list(match.totals)
        return common

    def state_message(
        self, seat: int | None, *, full: bool = False, common: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """What ``seat`` (a table seat, ``None``: a spectator) is sent after each step."""
        message = dict(common if common is not None else self._common())
        message["seat"] = seat
        match = self.match
        if match is None:
            return message
        deal_seat = match.deal_seat(seat) if seat is not None else None
        state = match.current
        message["deal_seat"] = deal_seat
        message["view"] = self._views()[deal_seat]
        message["events"] = self._events_seen.get(deal_seat, [])
        message["legal"] = []
        if full:
            # [deal seat, action, by]; a move that was a person's only choice is shown so
            # only to them (see ``state_message``'s ``last``)
            by_of = self.deal_by

            def shown_by(index: int, mover: int) -> str:
                by = by_of[index] if index < len(by_of) else "person"
                return "person" if by == "auto" and mover != deal_seat else by

            message["log"] = [[s, str(a), shown_by(i, s)]
                              for i, (s, a) in enumerate(state.history)]
        last = message.get("last")
        if last is not None and last.get("by") == "auto" and last.get("seat") != seat:
            # Whether a person's move was their only choice is theirs to know (it tells what
            # their hand lacked): everyone else sees it as the person's own.
            message["last"] = {**last, "by": "person"}
        if seat is not None and message["to_move"] == seat and self.status == "running":
            if message["phase"] == "decision":
                message["decision_view"] = match.decision_view(seat)
            forced = self.forced_move()
            if forced is not None:
                # Their only choice, made for them in a moment (``schedule``): nothing to ask.
                message["forced"] = forced
            elif message["phase"] in ("deal", "decision"):
                message["legal"] = list(self._legal_texts())
        return message

    def _views(self) -> dict[int | None, dict[str, Any]]:
        """The current deal's view of every deal seat and of a spectator (``None``, also the
        view of a table seat not dealt in), as ``match.deal_view`` gives them: built together
        (the public part once, ``Match.deal_views``) the first time a version is shown, then
        reused until the next step. They share parts: read-only."""
        match = self.match
        assert match is not None
        state = match.current
        built = self._views_built
        if built is not None and built[0] == self.version and built[1] is state:
            return built[2]
        seats = match.seats_of_deal(len(match.deals) - 1)
        views = match.deal_views([None, *range(len(seats))])
        self._views_built = (self.version, state, views)
        return views

    # -- connections -----------------------------------------------------------------------------

    def connections(self) -> list[Connection]:
        found = list(self.spectators)
        for seat in self.seats:
            found.extend(seat.connections)
        return found

    async def attach(self, connection: Connection) -> None:
        """A connection joins (its seat already authenticated): send it everything it needs."""
        async with self.lock:
            if connection.seat is None:
                self.spectators.add(connection)
            else:
                seat = self.seats[connection.seat]
                seat.connections.add(connection)
                if seat.grace is not None:
                    seat.grace.cancel()
                    seat.grace = None
                if seat.away:
                    seat.away = False
                    self.schedule()  # the person plays again: no stand-in move pending
            try:
                chat = await self.services.writer.query(
                    lambda session: store.recent_chat(session, self.code)
                )
            except StorageUnavailable:
                chat = []  # the state matters more than the chat's history
            with language(connection.language):
                connection.push(dumps(self.welcome(connection.seat, connection.language)))
                for line in chat:
                    connection.push(dumps(chat_message(self.code, line)))
            self.resync(connection)
            self._broadcast_seats()

    def resync(self, connection: Connection) -> None:
        """The connection's full state (lock held), or while the table is suspended the news
        that its storage is away (the state follows once it is rebuilt)."""
        with language(connection.language):
            if self.suspended or not self.services.writer.available:
                connection.push(dumps(self.storage_message(available=False)))
            if not self.suspended:
                connection.push(dumps(self.state_message(connection.seat, full=True)))

    def storage_message(self, *, available: bool) -> dict[str, Any]:
        """``status``: the database is away (moves are refused and nothing new is shown until
        it is back) or back again."""
        code = "server/storage_ok" if available else "server/storage_unavailable"
        return {"type": "status", "v": PROTOCOL_VERSION, "table": self.code,
                "storage": "ok" if available else "unavailable", "code": code,
                "message": ServerError(code).message}

    def tell_storage(self, available: bool) -> None:
        """Everyone here, in their language: the database went away or came back."""
        self._broadcast(partial(self.storage_message, available=available))

    def welcome(self, seat: int | None, lang: str | None = None) -> dict[str, Any]:
        return {
            "type": "welcome",
            "v": PROTOCOL_VERSION,
            "table": self.summary(),
            "seat": seat,
            "name": self.seats[seat].name if seat is not None else None,
            "lang": lang or current_language(),
        }

    async def detach(self, connection: Connection) -> None:
        """A connection closed. A person's seat with no connection left starts its grace
        period; once over, a stand-in bot plays for it until the person returns."""
        async with self.lock:
            connection.close()
            if connection.seat is None:
                self.spectators.discard(connection)
                return
            seat = self.seats[connection.seat]
            seat.connections.discard(connection)
            if not seat.connections and self.status != "finished":
                self._start_grace(connection.seat)
            self._broadcast_seats()

    def _start_grace(self, index: int) -> None:
        seat = self.seats[index]
        if seat.plan.kind != "person" or seat.connections or seat.away:
            return
        if seat.grace is not None:
            seat.grace.cancel()
        seat.grace = _spawn(self._grace(index))

    async def _grace(self, index: int) -> None:
        await asyncio.sleep(self.services.config.grace_seconds)
        async with self.lock:
            seat = self.seats[index]
            seat.grace = None
            if seat.connections:
                return
            seat.away = True
            log.info("seat away", extra={"table": self.code, "seat": index})
            self.schedule()
            self._broadcast_seats()

    @staticmethod
    def _deliver(
        connections: Iterable[Connection], build: Callable[[], dict[str, Any]]
    ) -> None:
        """Send each connection the message ``build()`` makes, made inside that connection's
        language (once per language, not once per connection)."""
        texts: dict[str, str] = {}
        for connection in connections:
            text = texts.get(connection.language)
            if text is None:
                with language(connection.language):
                    text = texts[connection.language] = dumps(build())
            connection.push(text)

    def _broadcast_seats(self) -> None:
        self._deliver(
            self.connections(),
            lambda: {"type": "seats", "v": PROTOCOL_VERSION, "table": self.code,
                     "seats": [self._seat_info(i) for i in range(len(self.seats))]},
        )

    def _send_states(self, *, full: bool = False) -> None:
        """Each viewer its own view: one message per seat, and one for all the spectators,
        encoded once and shared by all of that viewer's connections. A ``state`` holds no human
        text (machine fields, action texts and card names only), so it is the same text in
        every language: no ``language`` block, no encoding per language."""
        common = self._common()
        for index, seat in enumerate(self.seats):
            if seat.connections:
                text = dumps(self.state_message(index, full=full, common=common))
                for connection in seat.connections:
                    connection.push(text)
        if self.spectators:
            text = dumps(self.state_message(None, full=full, common=common))
            for connection in self.spectators:
                connection.push(text)

    def _broadcast_state(self) -> None:
        self._send_states()

    def _broadcast(self, build: Callable[[], dict[str, Any]]) -> None:
        """Send everyone the message ``build()`` makes, in each one's language."""
        self._deliver(self.connections(), build)

    # -- joining and starting ----------------------------------------------------------------------

    async def take_seat(self, index: int | None, name: str, token_hash: str) -> int:
        """Give a free person's seat (``index``, or the first free) to ``name``; start the table
        once every seat is taken."""
        async with self.lock:
            if self.suspended:
                raise ServerError("server/storage_unavailable")
            if self.status != "waiting":
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
                await self._start()
            else:
                self._broadcast_seats()
            return chosen

    async def start_if_full(self) -> None:
        async with self.lock:
            if self.status == "waiting" and not self.free_seats() and not self.suspended:
                await self._start()

    async def _start(self) -> None:
        """Deal the match's first deal (lock held): the seed and the deal stored first."""
        seed, dealer = self.fixed_start or (secrets.randbits(63),
                                            secrets.randbelow(self.game.players))
        match = match_class(self.game)(self.game, seed=seed, dealer=dealer)
        first = match.current
        events = [
            StoredEvent(self.version + 1, "start", {"seed": seed, "dealer": dealer}),
            StoredEvent(self.version + 2, "deal", self._deal_data(match)),
        ]
        await self._commit(events, "running")
        self.match = match
        self.status = "running"
        self.version += len(events)
        self._events_seen = {}
        assert first is match.current
        log.info("table started", extra={"table": self.code, "game": self.game.name})
        self.schedule()
        self._broadcast_seats()
        self._broadcast_state()

    @staticmethod
    def _deal_data(match: Match) -> dict[str, Any]:
        state = match.current
        return {
            "number": len(match.deals),
            "seed": state.seed,
            "dealer": match.table_seat(state.dealer),
            "seats": list(match.seats_of_deal(len(match.deals) - 1)),
        }

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
                lambda session: store.append_events(session, code, events, status, result,
                                                    token)
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
            if self.suspended:
                raise ServerError("server/storage_unavailable")
            if self.status == "waiting":
                raise ServerError("table/not_running")
            if self.status == "finished":
                raise ServerError("table/finished")
            mover, phase = self.mover()
            if mover != seat:
                raise ServerError("action/not_your_turn", to_move=mover)
            if version != self.version:
                raise ServerError("action/stale_state", sent=version, current=self.version)
            if by in ("bot", "away") and not self.auto_level(seat):
                return
            match = self.match
            assert match is not None
            if phase == "deal":
                state = match.current
                try:
                    action = state.game.parse_action(text)
                    events = state.apply(action)
                except IllegalAction as error:
                    raise ServerError("action/illegal", reason=str(error)) from None
                canonical = str(action)
                kind = "action"
                viewers = [None, *range(state.game.players)]
                self._events_seen = {v: [e.view(v) for e in events] for v in viewers}
            else:
                try:
                    match.apply(text)
                except IllegalAction as error:
                    raise ServerError("action/illegal", reason=str(error)) from None
                # deciding between deals is being ready for the next one (no second click)
                self.continued.add(seat)
                decisions = getattr(match, "decisions", None)
                canonical = decisions[-1][-1][1] if decisions and decisions[-1] else text
                kind = "decision"
                self._events_seen = {}
            stored = [
                StoredEvent(self.version + 1, kind, {"seat": seat, "text": canonical, "by": by})
            ]
            deal_over = match.current.is_over
            status, result = self._advance(match, stored)
            await self._commit(stored, status, result)
            self.version += len(stored)
            if accepted is not None:
                accepted(self.version)
            self.last = {"seat": seat, "action": canonical, "by": by}
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
    ) -> tuple[str | None, dict[str, Any] | None]:
        """After a move: the match's end, or the next deal when one is due and nobody is to
        be waited for (else the deal-end pause begins: ``mover`` says ``pause``; events
        appended)."""
        if not match.current.is_over:
            return None, None
        if match.is_over:
            outcome = match.outcome
            result = outcome.to_dict() if outcome is not None else None
            stored.append(StoredEvent(self.version + len(stored) + 1, "end", {"outcome": result}))
            return "finished", result
        if match.to_move is None and not self.waiting_for():
            match.next_deal()  # nobody to wait for (everyone away): no pause
            stored.append(
                StoredEvent(self.version + len(stored) + 1, "deal", self._deal_data(match))
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
        if self.status == "finished":
            self._broadcast(lambda: {"type": "match_end", "v": PROTOCOL_VERSION,
                                     "table": self.code, "version": self.version,
                                     "outcome": self.result})
            log.info("match over", extra={"table": self.code})

    def _send_deal_end(self, match: Match, stored: Sequence[StoredEvent]) -> None:
        new_deal = any(e.kind == "deal" for e in stored)
        index = len(match.deals) - (2 if new_deal else 1)
        deal = match.deals[index]
        outcome = deal.outcome
        self._broadcast(
            lambda: {
                "type": "deal_end",
                "v": PROTOCOL_VERSION,
                "table": self.code,
                "version": self.version,
                "deal": index + 1,
                "seats_of_deal": list(match.seats_of_deal(index)),
                "outcome": outcome.to_dict() if outcome is not None else None,
                "totals": list(match.totals),
                "record": f"/api/tables/{self.code}/deals/{index + 1}/record",
            }
        )

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
        self._recovering = _spawn(self._recover())

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
            if self.status == "waiting" and not self.free_seats():
                _spawn(self.start_if_full())
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
        for mine, stored in zip(self.seats, fresh.seats, strict=True):
            mine.name, mine.token_hash = stored.name, stored.token_hash

    # -- moves made for a seat ---------------------------------------------------------------------

    def auto_level(self, seat: int) -> str | None:
        """The bot level that plays ``seat`` now: a bot seat's, or the stand-in's for a person
        who is away; ``None``: the person plays."""
        state = self.seats[seat]
        if state.plan.kind == "bot":
            return state.plan.level or STAND_IN
        return STAND_IN if state.away else None

    def schedule(self) -> None:
        """Start what must happen next without anyone's message: a bot's move after its delay,
        or the turn timer of a person on turn."""
        current = asyncio.current_task()
        if self._pending is not None and self._pending is not current:
            self._pending.cancel()
        self._pending = None
        self.deadline = None
        if self.status != "running" or self.suspended:
            return
        mover, phase = self.mover()
        if phase == "pause":
            self._schedule_next_deal()
            return
        if mover is None:
            return
        level = self.auto_level(mover)
        if level is not None:
            by = "bot" if self.seats[mover].plan.kind == "bot" else "away"
            self._pending = _spawn(
                self._auto(mover, level, self.version, by, self.services.config.bot_delay)
            )
        elif (only := self.forced_move()) is not None:
            self._pending = _spawn(
                self._forced(mover, only, self.version, self.services.config.bot_delay)
            )
        elif self.config.turn_seconds:
            self.deadline = self.services.clock() + self.config.turn_seconds
            self._pending = _spawn(
                self._auto(mover, STAND_IN, self.version, "timer", self.config.turn_seconds)
            )

    # -- the deal-end pause ----------------------------------------------------------------------

    def waiting_for(self) -> list[int]:
        """The people the deal-end pause waits for: every person's seat not played by a
        stand-in and not yet continued (bots never hold a table up)."""
        return [i for i, seat in enumerate(self.seats)
                if seat.plan.kind == "person" and not seat.away and i not in self.continued]

    def _schedule_next_deal(self) -> None:
        """The pause's countdown (``continue_seconds`` from its start, kept when rescheduled),
        or the next deal at once when nobody is to be waited for."""
        if self.pause_deadline is None:
            self.pause_deadline = self.services.clock() + self.config.continue_seconds
        delay = 0.0
        if self.waiting_for():
            delay = max(0.0, self.pause_deadline - self.services.clock())
        self._pending = _spawn(self._next_deal_after(delay, self.version))

    async def _next_deal_after(self, delay: float, version: int) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            if self.version != version or self.suspended or self.mover()[1] != "pause":
                return
            try:
                await self._deal_next()
            except ServerError as error:
                log.debug("next deal not dealt", extra={"table": self.code, "code": error.code})

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
            if match is None or phase not in ("pause", "decision") or deal != len(match.deals):
                return
            if seat in self.continued:
                return
            self.continued.add(seat)  # also while someone decides between deals (Pontinho)
            if phase == "decision":
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
        stored = [StoredEvent(self.version + 1, "deal", self._deal_data(match))]
        await self._commit(stored)
        self.version += len(stored)
        self.deal_by = []
        self._after_step(match, False, stored)

    def forced_move(self) -> str | None:
        """The one legal choice of the person on turn, when they have exactly one (Pontinho's
        claim round for someone who cannot advance, PO-21; a last card; a lone buy-back
        choice); ``None`` otherwise. Such a decision is never asked: ``schedule`` makes it for
        them through ``act``, ``by="auto"``, as the terminal does (``Session._human_turn``)."""
        mover, _phase = self.mover()
        if mover is None or self.auto_level(mover) is not None:
            return None
        legal = self._legal_texts()
        return legal[0] if len(legal) == 1 else None

    def _legal_texts(self) -> list[str]:
        """The legal action texts of the decision pending now (a deal's or one between deals),
        listed once per version: ``schedule`` and the mover's state message both ask for them
        at every step. Read-only (callers copy)."""
        match = self.match
        if match is None:
            return []
        cached = self._legal_cache
        if cached is not None and cached[0] == self.version and cached[1] is match.current:
            return cached[2]
        _mover, phase = self.mover()
        if phase == "deal":
            legal = [str(a) for a in match.current.legal_actions()]
        elif phase == "decision":
            legal = [str(a) for a in match.legal_actions()]
        else:
            legal = []
        self._legal_cache = (self.version, match.current, legal)
        return legal

    async def _forced(self, seat: int, text: str, version: int, delay: float) -> None:
        """A person's only choice, made for them after the pause a bot's move gets (so the
        table cannot tell it from a bot's quick answer; see docs/protocol.md)."""
        try:
            await asyncio.sleep(delay if delay > 0 else 0)
            await self.act(seat, text, version, by="auto")
        except ServerError as error:
            log.debug("forced move dropped", extra={"table": self.code, "code": error.code})

    async def _auto(self, seat: int, level: str, version: int, by: str, delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)
            async with self.lock:
                if self.version != version or self.match is None or self.suspended:
                    return
                decision = self.bots.decide(self.match, seat, level)
            text = await self.bots.play(decision, self.services.pool, self.code)
            await self.act(seat, text, version, by=by)
        except ServerError as error:
            log.debug("move for a seat dropped", extra={"table": self.code, "code": error.code})
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a bot failed to move", extra={"table": self.code, "seat": seat})

    # -- hints and chat ----------------------------------------------------------------------------

    async def hint(
        self, seat: int | None, version: int, address: str | None = None
    ) -> dict[str, Any]:
        """What the hard bot would play from the seat's view, and the alternatives it weighed.
        Limited per seat and per client ``address`` (``ratelimit.RateLimits.hint``)."""
        if seat is None:
            raise ServerError("seat/spectator")
        if not self.config.hints:
            raise ServerError("hint/off")
        async with self.lock:
            if self.suspended:
                raise ServerError("server/storage_unavailable")
            mover, phase = self.mover()
            if mover != seat:
                raise ServerError("action/not_your_turn", to_move=mover)
            if version != self.version:
                raise ServerError("action/stale_state", sent=version, current=self.version)
            if phase != "deal":
                raise ServerError("hint/unavailable", reason=_("no hints between deals"))
            match = self.match
            assert match is not None
            state = match.current
            if not can_search(state.game):
                raise ServerError(
                    "hint/unavailable",
                    reason=_("no hints for {game} yet").format(game=state.game.name),
                )
            deal_seat = match.deal_seat(seat)
            assert deal_seat is not None
            view = match.deal_view(deal_seat, memory=True)
            legal = state.legal_actions()
            search, args = hints.job(state.game, deal_seat, seed=version,
                                     seconds=self.services.config.hint_seconds,
                                     view=view, legal=legal)
        await self.services.limits.hint(self.code, seat, address)  # only hints that will run
        result = await self.services.pool.run(self.code, search, *args, bounded=True)
        return hints.hint_message(self.code, version, result)

    async def chat(self, connection: Connection, text: str) -> None:
        """A seat's chat line: checked, limited (per seat, whichever of its connections sends
        it, and per address), stored, then sent (escaped) to everyone."""
        seat = connection.seat
        if seat is None:
            raise ServerError("seat/spectator")
        text = checked_line(text, self.services.config)
        await self.services.limits.chat(self.code, seat, connection.address)
        # A blank name is stored blank and shown as "seat N" in each reader's language.
        name = self.seats[seat].name or ""
        name = name if name.strip() else ""
        try:
            await self.services.writer.run(
                lambda db: store.add_chat(db, code=self.code, seat=seat, name=name, text=text)
            )
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None
        line = {"seat": seat, "name": name, "text": text, "at": time.time()}
        self._broadcast(partial(chat_message, self.code, line))

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
