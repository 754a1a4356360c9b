"""What happens at a table without anyone's message: bots' moves, turn timers, the next deal.

After every step ``schedule`` starts at most one task (``pending``; the previous one is
cancelled): a bot's or a stand-in's move, decided at once and played after its pause
(``pace.pause``: none for a move that shows nothing, shorter after the same seat's move, at
the bot speed the seated people chose); a person's only choice made for them after the same
pause (``_forced``, ``by="auto"``); the turn timer of a person on turn, whose stand-in move
comes when it runs out — the turn timer's seconds or what is left of the seat's game clock
(``clock.py``), whichever ends first; or, in the deal-end pause, the countdown to the next
deal. Every such move goes through the guard (``act``) with the version it was planned at, so
a move planned before someone else's step is refused as stale and dropped.

The scheduler holds the table's state and the two ways it changes the table, both the table's
own (``Table.act`` and ``Table.deal_next``), given to it: it decides when, never how.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from cardtable.server.tables import pace
from cardtable.server.tables.bots import STAND_IN
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.tablestate import TablePhase, TableState, spawn
from cardtable.server.transport.errors import ServerError

log = logging.getLogger("cardtable.server.tables.table")


#: ``Table.act``: the one way a move changes the table.
Act = Callable[..., Awaitable[None]]


class Scheduler:
    """Bots, timers and the pause's countdown (module docstring). Dealing the next deal is
    the table's (``deal_next``)."""

    def __init__(self, state: TableState, act: Act,
                 deal_next: Callable[[], Awaitable[None]]) -> None:
        self.state = state
        self.act = act
        #: End the deal-end pause (lock held): ``Table.deal_next``.
        self.deal_next = deal_next
        #: The one task started by the last ``schedule`` (a move for a seat, a timer, the
        #: pause's countdown); ``None``: nothing is to happen by itself.
        self.pending: asyncio.Task[None] | None = None

    def schedule(self) -> None:
        """Start what must happen next without anyone's message: a bot's move after its delay,
        or the turn timer of a person on turn."""
        current = asyncio.current_task()
        if self.pending is not None and self.pending is not current:
            self.pending.cancel()
        self.pending = None
        state = self.state
        state.deadline = None
        if state.status != TableStatus.RUNNING or state.suspended:
            return
        mover, phase = state.mover()
        if phase is TablePhase.PAUSE:
            self._schedule_next_deal()
            return
        if mover is None:
            return
        level = state.auto_level(mover)
        if level is not None:
            seat = state.seats[mover]
            by = "bot" if seat.plan.kind == "bot" or seat.replaced else "away"
            self.pending = spawn(self._auto(mover, level, state.version, by, None))
        elif (only := state.forced_move()) is not None:
            self.pending = spawn(
                self._forced(mover, only, state.version, self.pause_before(mover, only))
            )
        elif (limit := self.turn_limit(mover)) is not None:
            state.deadline = state.services.clock() + limit
            self.pending = spawn(self._auto(mover, STAND_IN, state.version, "timer", limit))

    def turn_limit(self, seat: int) -> float | None:
        """Seconds until the stand-in moves for the person on turn at ``seat``: the turn
        timer's, or what is left of their game clock if less; ``None``: no limit."""
        state = self.state
        limits = [state.config.turn_seconds] if state.config.turn_seconds else []
        if state.game_clock is not None:
            limits.append(state.game_clock.remaining(seat, state.services.clock(), on_turn=True))
        return min(limits) if limits else None

    def bot_speed(self) -> str:
        """The bot speed the table plays at: the slowest one a seated person's connection
        chose (``pace.slowest``)."""
        return pace.slowest(c.speed for seat in self.state.seats for c in seat.connections)

    def pause_before(self, seat: int, action: str) -> float:
        """Seconds to wait before ``action`` is played for the table's ``seat`` (``pace``)."""
        return pace.pause(action, delay=self.state.services.config.bot_delay,
                          speed=self.bot_speed(), follows_own=self.state.shown_seat == seat)

    async def paced(self, seconds: float) -> None:
        """The pause before a move made for a seat (``pause_before``), ``seconds`` long (none
        if not positive); the one place the table waits for people to read (tests time it)."""
        await asyncio.sleep(max(0.0, seconds))

    def _schedule_next_deal(self) -> None:
        """The pause's countdown (``continue_seconds`` from its start, kept when rescheduled),
        or the next deal at once when nobody is to be waited for."""
        state = self.state
        if state.pause_deadline is None:
            state.pause_deadline = state.services.clock() + state.config.continue_seconds
        delay = 0.0
        if state.waiting_for():
            delay = max(0.0, state.pause_deadline - state.services.clock())
        self.pending = spawn(self._next_deal_after(delay, state.version))

    async def _next_deal_after(self, delay: float, version: int) -> None:
        await asyncio.sleep(delay)
        state = self.state
        async with state.lock:
            paused = state.mover()[1] is TablePhase.PAUSE
            if state.version != version or state.suspended or not paused:
                return
            try:
                await self.deal_next()
            except ServerError as error:
                log.debug("next deal not dealt", extra={"table": state.code, "code": error.code})

    async def _forced(self, seat: int, text: str, version: int, delay: float) -> None:
        """A person's only choice, made for them after the pause a bot's move gets (so the
        table cannot tell it from a bot's quick answer; see docs/protocol.md)."""
        try:
            await self.paced(delay)
            await self.act(seat, text, version, by="auto")
        except ServerError as error:
            log.debug("forced move dropped",
                      extra={"table": self.state.code, "code": error.code})

    async def _auto(
        self, seat: int, level: str, version: int, by: str, delay: float | None
    ) -> None:
        """A move made for ``seat`` by a bot of ``level``: after ``delay`` seconds (the turn
        timer), or, with ``delay=None``, decided at once and played once its pause has passed
        since then (the bot's thinking is part of the pause, not added to it)."""
        state = self.state
        try:
            await asyncio.sleep(delay or 0)
            began = time.monotonic()
            async with state.lock:
                if state.version != version or state.match is None or state.suspended:
                    return
                decision = state.bots.decide(state.match, seat, level)
            text = await state.bots.play(decision, state.services.pool, state.code)
            if delay is None:
                await self.paced(self.pause_before(seat, text) - (time.monotonic() - began))
            await self.act(seat, text, version, by=by)
        except ServerError as error:
            log.debug("move for a seat dropped", extra={"table": state.code, "code": error.code})
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a bot failed to move", extra={"table": state.code, "seat": seat})

    def stop(self) -> None:
        """Cancel what is pending (the table is suspended): nothing happens by itself until
        the next ``schedule``."""
        self.state.deadline = None
        if self.pending is not None and self.pending is not asyncio.current_task():
            self.pending.cancel()
        self.pending = None
