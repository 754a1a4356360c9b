"""What happens at a table without anyone's message: bots' moves, turn timers, the next deal.

After every step ``schedule`` starts at most one task (``_pending``; the previous one is
cancelled): a bot's or a stand-in's move after ``bot_delay``; a person's only choice made for
them after the same delay (``_forced``, ``by="auto"``); the turn timer of a person on turn,
whose stand-in move comes when it runs out; or, in the deal-end pause, the countdown to the
next deal. Every such move goes through the guard (``act``) with the version it was planned
at, so a move planned before someone else's step is refused as stale and dropped.
"""

from __future__ import annotations

import asyncio
import logging

from cardtable.server.tables.bots import STAND_IN
from cardtable.server.tables.messages import TableMessages
from cardtable.server.tables.tablebase import TablePhase, TableStatus, spawn
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
            by = "bot" if self.seats[mover].plan.kind == "bot" else "away"
            self._pending = spawn(
                self._auto(mover, level, self.version, by, self.services.config.bot_delay)
            )
        elif (only := self.forced_move()) is not None:
            self._pending = spawn(
                self._forced(mover, only, self.version, self.services.config.bot_delay)
            )
        elif self.config.turn_seconds:
            self.deadline = self.services.clock() + self.config.turn_seconds
            self._pending = spawn(
                self._auto(mover, STAND_IN, self.version, "timer", self.config.turn_seconds)
            )

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
