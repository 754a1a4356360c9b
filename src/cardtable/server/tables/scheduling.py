"""What happens at a table without anyone's message: bots' moves, turn timers, the next deal.

After every step ``schedule`` starts at most one task (``_pending``; the previous one is
cancelled): a bot's or a stand-in's move, decided at once and played after its pause
(``pace.pause``: none for a move that shows nothing, shorter after the same seat's move, at
the bot speed the seated people chose); a person's only choice made for them after the same
pause (``_forced``, ``by="auto"``); the turn timer of a person on turn, whose stand-in move
comes when it runs out — the turn timer's seconds or what is left of the seat's game clock
(``clock.py``), whichever ends first; or, in the deal-end pause, the countdown to the next
deal. Every such move goes through the guard (``act``) with the version it was planned at, so
a move planned before someone else's step is refused as stale and dropped.
"""

from __future__ import annotations

import asyncio
import logging
import time

from cardtable.server.tables import clock_turns, pace
from cardtable.server.tables.bots import STAND_IN
from cardtable.server.tables.messages import TableMessages
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.tablebase import TablePhase, spawn
from cardtable.server.transport.errors import ServerError

log = logging.getLogger("cardtable.server.tables.table")


class Scheduling(TableMessages):
    """Bots, timers and the pause's countdown (module docstring). Dealing the next deal is
    the guard's (``_deal_next``)."""

    def schedule(self) -> None:
        """Start what must happen next without anyone's message: a bot's move after its delay,
        or the turn timer of a person on turn."""
        current = asyncio.current_task()
        if self._pending is not None and self._pending is not current:
            self._pending.cancel()
        self._pending = None
        self.deadline = None
        if self.status != TableStatus.RUNNING or self.suspended:
            return
        mover, phase = self.mover()
        if phase is TablePhase.PAUSE:
            self._schedule_next_deal()
            return
        if mover is None:
            return
        level = self.auto_level(mover)
        if level is not None:
            seat = self.seats[mover]
            by = "bot" if seat.plan.kind == "bot" or seat.replaced else "away"
            self._pending = spawn(self._auto(mover, level, self.version, by, None))
        elif (only := self.forced_move()) is not None:
            self._pending = spawn(
                self._forced(mover, only, self.version, self.pause_before(mover, only))
            )
        elif (limit := self.turn_limit(mover)) is not None:
            self.deadline = self.services.clock() + limit
            self._pending = spawn(self._auto(mover, STAND_IN, self.version, "timer", limit))
            if self.turn_based and self.turn_told != mover:
                self.turn_told = mover
                clock_turns.came_on_turn(self, mover)

    def turn_limit(self, seat: int) -> float | None:
        """Seconds until the stand-in moves for the person on turn at ``seat``: the turn
        timer's, or what is left of their game clock if less; ``None``: no limit."""
        limits = [self.config.turn_seconds] if self.config.turn_seconds else []
        if self.game_clock is not None:
            limits.append(self.game_clock.remaining(seat, self.services.clock(), on_turn=True))
        return min(limits) if limits else None

    def bot_speed(self) -> str:
        """The bot speed the table plays at: the slowest one a seated person's connection
        chose (``pace.slowest``)."""
        return pace.slowest(c.speed for seat in self.seats for c in seat.connections)

    def pause_before(self, seat: int, action: str) -> float:
        """Seconds to wait before ``action`` is played for the table's ``seat`` (``pace``)."""
        return pace.pause(action, delay=self.services.config.bot_delay, speed=self.bot_speed(),
                          follows_own=self.shown_seat == seat)

    async def paced(self, seconds: float) -> None:
        """The pause before a move made for a seat (``pause_before``), ``seconds`` long (none
        if not positive); the one place the table waits for people to read (tests time it)."""
        await asyncio.sleep(max(0.0, seconds))

    def _schedule_next_deal(self) -> None:
        """The pause's countdown (``continue_seconds`` from its start, kept when rescheduled),
        or the next deal at once when nobody is to be waited for."""
        if self.pause_deadline is None:
            self.pause_deadline = self.services.clock() + self.config.continue_seconds
        delay = 0.0
        if self.waiting_for():
            delay = max(0.0, self.pause_deadline - self.services.clock())
        self._pending = spawn(self._next_deal_after(delay, self.version))

    async def _next_deal_after(self, delay: float, version: int) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            if self.version != version or self.suspended or self.mover()[1] is not TablePhase.PAUSE:
                return
            try:
                await self._deal_next()
            except ServerError as error:
                log.debug("next deal not dealt", extra={"table": self.code, "code": error.code})

    async def _forced(self, seat: int, text: str, version: int, delay: float) -> None:
        """A person's only choice, made for them after the pause a bot's move gets (so the
        table cannot tell it from a bot's quick answer; see docs/protocol.md)."""
        try:
            await self.paced(delay)
            await self.act(seat, text, version, by="auto")
        except ServerError as error:
            log.debug("forced move dropped", extra={"table": self.code, "code": error.code})

    async def _auto(
        self, seat: int, level: str, version: int, by: str, delay: float | None
    ) -> None:
        """A move made for ``seat`` by a bot of ``level``: after ``delay`` seconds (the turn
        timer), or, with ``delay=None``, decided at once and played once its pause has passed
        since then (the bot's thinking is part of the pause, not added to it)."""
        try:
            await asyncio.sleep(delay or 0)
            began = time.monotonic()
            async with self.lock:
                if self.version != version or self.match is None or self.suspended:
                    return
                decision = self.bots.decide(self.match, seat, level)
            text = await self.bots.play(decision, self.services.pool, self.code)
            if delay is None:
                await self.paced(self.pause_before(seat, text) - (time.monotonic() - began))
            await self.act(seat, text, version, by=by)
        except ServerError as error:
            log.debug("move for a seat dropped", extra={"table": self.code, "code": error.code})
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a bot failed to move", extra={"table": self.code, "seat": seat})
