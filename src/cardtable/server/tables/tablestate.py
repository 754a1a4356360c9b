"""A table's state and the questions every part of it asks: the one object the parts share.

``Table`` (``table.py``) is a composition of parts with one job each — ``TableMessages``
(what is sent to whom, ``messages.py``), ``Presence`` (who is here, ``presence.py``),
``Scheduler`` (what runs later, ``scheduling.py``), ``Persistence`` (how it is stored,
``persistence.py``), ``TableTalk`` (hints and chat, ``talk.py``) — and each part holds this
``TableState``, not the table: the match, the seats, the version, the status, the lock, and
the questions they answer — whose decision is pending (``mover``), whether a seat may act now
(``check_turn``, for moves and hints alike), what that decision's legal actions are
(``legal_texts``), who plays a seat (``auto_level``). The state answers and changes nothing by
itself; a table changes in ``Table.act`` and the few steps beside it (``table.py``).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import orjson

import cardtable
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.i18n import outside_language_blocks
from cardtable.server.cluster.busstate import BusState
from cardtable.server.config import ServerConfig
from cardtable.server.lobby.ratelimit import RateLimits
from cardtable.server.ops.metrics import Metrics
from cardtable.server.storage.writer import Writer
from cardtable.server.tables import clock
from cardtable.server.tables.announce import Announcements
from cardtable.server.tables.bots import STAND_IN, BotSeats
from cardtable.server.tables.pool import FairPool
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.tableconfig import SeatPlan, TableConfig
from cardtable.server.transport.connection import Connection
from cardtable.server.transport.errors import ServerError


class TablePhase(StrEnum):
    """What a running table waits for (``mover``), sent as ``phase`` in every state."""

    WAITING = "waiting"  # not started
    DEAL = "deal"  # a move in the current deal
    DECISION = "decision"  # a decision between deals (Pontinho's buy-backs)
    PAUSE = "pause"  # a deal is over; the next waits for the people's Continue
    OVER = "over"  # the match is over


@dataclass
class SeatState:
    plan: SeatPlan
    name: str | None = None
    token_hash: str | None = None
    connections: set[Connection] = field(default_factory=set)
    #: A person whose grace period ran out: a stand-in bot plays until they return.
    away: bool = False
    grace: asyncio.Task[None] | None = None
    #: Given to a bot for the rest of the match after the clock moved for it too often
    #: (``clock_replace.py``): a bot plays it even when the person is back.
    replaced: bool = False

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
    #: Whether the cluster's bus is away (then no grace period ends in a stand-in); a single
    #: server's is never away.
    bus: BusState = field(default_factory=BusState)
    #: Web Push's sender (``features/push/sender.PushSender``), for its routes; absent: nobody
    #: is pushed. Tables never push: Web Push listens to their ``announcements`` (``app.py``).
    push: Any = None
    #: Who is told what the tables announce (a person's turn, a match's end): ``announce.py``.
    announcements: Announcements = field(default_factory=Announcements)

    def __post_init__(self) -> None:
        if self.limits is None:
            object.__setattr__(self, "limits", RateLimits(self.config))


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text (orjson: this is the server's hottest path)."""
    return orjson.dumps(message).decode()


def spawn(coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    """A table's own task (a bot's move, a timer, a grace period), in no request's language."""
    return asyncio.get_running_loop().create_task(coroutine, context=outside_language_blocks())


class TableState:
    """A table's fields and the questions every part asks of them (module docstring)."""

    def __init__(self, code: str, config: TableConfig, services: Services) -> None:
        self.code = code
        self.config = config
        self.services = services
        self.game: Game = cardtable.game(config.game, config.players, **config.options)
        self.seats = [SeatState(plan) for plan in config.seats]
        self.status: TableStatus = TableStatus.WAITING
        self.match: Match | None = None
        self.version = 0
        self.spectators: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.bots = BotSeats(secrets.randbits(63))
        self.last: dict[str, Any] | None = None
        #: The table seat whose move last showed something (``pace.quiet`` moves are not
        #: counted): a move of the same seat follows it with a shorter pause.
        self.shown_seat: int | None = None
        self.deadline: float | None = None
        self.result: dict[str, Any] | None = None
        #: ``legal_texts``'s answer, for the version and deal it was listed at.
        self._legal_cache: tuple[int, object, list[str]] | None = None
        #: The deal-end pause (``mover`` gives phase ``pause``): the people who pressed
        #: Continue, and when the next deal is dealt without the others. Never stored: after
        #: a restart the pause starts again.
        self.continued: set[int] = set()
        self.pause_deadline: float | None = None
        #: Who made each action of the current deal (``by`` of its stored event), in order.
        self.deal_by: list[str] = []
        #: Set when a step could not be stored, until ``Persistence`` rebuilt the table.
        self.suspended = False
        #: Why the stored events cannot be replayed, once ``Persistence`` found they cannot.
        self.unplayable: str | None = None
        #: In a cluster: this process's fencing token on the table (each event write carries
        #: it, ``leases.fence``), and who is told when a write finds the lease moved on.
        self.lease_token: int | None = None
        self.on_moved: Callable[[str], None] | None = None
        #: The match seed and first dealer to start with instead of random ones: the daily
        #: deal's (``server/features/daily.py``), the same for everyone who plays it.
        self.fixed_start: tuple[int, int] | None = None
        #: The seats' time banks (``clock.py``), computed from the stored steps' times;
        #: ``None``: the table has no clock.
        profile = clock.profile(config.clock)
        self.game_clock = clock.GameClock.new(profile, len(self.seats)) if profile else None
        #: The seat last announced as on turn (``Table._announce``), bots' included: a turn
        #: is announced once, when it passes to a person.
        self.turn_told: int | None = None

    # -- questions -------------------------------------------------------------------------------

    @property
    def turn_based(self) -> bool:
        """Played over days by people who come and go (a turn-based clock): an absent person
        is not replaced by a stand-in after the grace period, only their clock moves for them
        (``clock_idle.py``)."""
        return self.game_clock is not None and self.game_clock.profile.turn_based

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.taken]

    def connections(self) -> list[Connection]:
        found = list(self.spectators)
        for seat in self.seats:
            found.extend(seat.connections)
        return found

    def mover(self) -> tuple[int | None, TablePhase]:
        """The table seat whose decision is pending and the phase (``TablePhase``): ``deal``,
        ``decision``, ``pause`` (a deal is over, the next waits for Continue; nobody moves),
        ``waiting`` or ``over``."""
        match = self.match
        if self.status == TableStatus.WAITING or match is None:
            return None, TablePhase.WAITING
        if self.status == TableStatus.FINISHED or match.is_over:
            return None, TablePhase.OVER
        state = match.current
        if not state.is_over:
            return match.table_seat(state.to_move), TablePhase.DEAL
        if match.to_move is None:
            return None, TablePhase.PAUSE  # the next deal waits for the people's Continue
        return match.to_move, TablePhase.DECISION

    def check_turn(self, seat: int, version: int) -> TablePhase:
        """Steps 2 and 3 of the guard, for a move and for a hint alike (lock held): storage
        there, the table running, ``seat`` on turn, ``version`` the table's. The phase, or the
        ``ServerError`` that refuses."""
        if self.suspended:
            raise ServerError("server/storage_unavailable")
        if self.status == TableStatus.WAITING:
            raise ServerError("table/not_running")
        if self.status == TableStatus.FINISHED:
            raise ServerError("table/finished")
        mover, phase = self.mover()
        if mover != seat:
            raise ServerError("action/not_your_turn", to_move=mover)
        if version != self.version:
            raise ServerError("action/stale_state", sent=version, current=self.version)
        return phase

    def waiting_for(self) -> list[int]:
        """The people the deal-end pause waits for: every person's seat not played by a
        stand-in and not yet continued (bots never hold a table up)."""
        return [i for i, seat in enumerate(self.seats)
                if seat.plan.kind == "person" and not seat.away and i not in self.continued]

    def auto_level(self, seat: int) -> str | None:
        """The bot level that plays ``seat`` now: a bot seat's, or the stand-in's for a person
        who is away; ``None``: the person plays."""
        state = self.seats[seat]
        if state.plan.kind == "bot":
            return state.plan.level or STAND_IN
        return STAND_IN if state.away or state.replaced else None

    def forced_move(self) -> str | None:
        """The one legal choice of the person on turn, when they have exactly one (Pontinho's
        claim round for someone who cannot advance, PO-21; a last card; a lone buy-back
        choice); ``None`` otherwise. Such a decision is never asked: ``schedule`` makes it for
        them through ``act``, ``by="auto"``, as the terminal does (``Session._human_turn``)."""
        mover, _phase = self.mover()
        if mover is None or self.auto_level(mover) is not None:
            return None
        legal = self.legal_texts()
        return legal[0] if len(legal) == 1 else None

    def legal_texts(self) -> list[str]:
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
        if phase is TablePhase.DEAL:
            legal = [str(a) for a in match.current.legal_actions()]
        elif phase is TablePhase.DECISION:
            legal = [str(a) for a in match.legal_actions()]
        else:
            legal = []
        self._legal_cache = (self.version, match.current, legal)
        return legal
