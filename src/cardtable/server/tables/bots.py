"""Moves made for a seat by a bot: bot seats, absent people, and turns whose timer ran out.

Bots get what they get everywhere else (``cardtable.bots.driver``, shared with the terminal
session): the seat's view with memory (``match.deal_view``) and the legal actions, never the
state; a choice outside them raises (``driver.IllegalBotMove``). A deal of fewer seats than the
table (Pontinho, players out) is played by a bot made for that deal's table and seat. Decisions
between deals follow ``driver.between_deals``.

``BotSeats.decide`` returns a ``Decision``. The quick levels are decided at once, in this
process (measured: their moves cost less than handing a view to a worker). The levels that
search (``SLOW_LEVELS``) get a task for the workers (``bots.tasks.bot_move``: the deal's
game, the seat's view and legal actions, and a seed), which the table runs through the fair
pool (``server/tables/pool.py``). Such a bot is made afresh for each move from a seed derived from
the table's seed, the deal, the seat, the level and the move's number, so its move does not depend
on which worker makes it. A search whose workers die every time it is tried (``WorkerDied``,
after the backend's retries) is replaced by the stand-in's move, made here (``BotSeats.play``):
the table never waits on a dead worker. The match is only ever changed by the table's guard.
"""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.bots import driver, tasks
from cardtable.bots.base import Bot, available_bots, make_bot
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.server.tables.pool import FairPool
from cardtable.workers.process import WorkerDied

log = logging.getLogger("cardtable.server")

#: Levels whose decisions take long enough to be run by the workers, off this process.
SLOW_LEVELS = frozenset({"hard", "ismcts"})
#: The level that moves for a person who is away or out of time: it plays sensibly and quickly,
#: in this process (not one of the slow levels).
STAND_IN = "medium"


@dataclass(frozen=True)
class Decision:
    """What a bot must decide: ``fn(*args)`` gives the action's text. ``slow``: a task for
    the workers (``fn`` and ``args`` pickle); else ``run()`` it here. ``fallback``: the stand-in's
    move, made here, should the workers keep dying on the task."""

    fn: Callable[..., str]
    args: tuple[Any, ...]
    slow: bool
    fallback: Callable[[], str] | None = None

    def run(self) -> str:
        return self.fn(*self.args)


def _decided(text: str) -> str:
    return text


class BotSeats:
    """The bots of one table, made on demand per deal (a deal may have fewer seats)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._bots: dict[tuple[int, int, str], Bot] = {}
        self._moves = itertools.count()

    def _seed(self, *parts: object) -> int:
        return random.Random(":".join(map(str, (self.seed, *parts)))).getrandbits(63)

    def _bot(self, level: str, game: Game, deal_index: int, seat: int) -> Bot:
        key = (deal_index, seat, level)
        bot = self._bots.get(key)
        if bot is None:
            # one fresh generator per bot, derived from the table's seed (not from time)
            bot = make_bot(level, game, seat, seed=self._seed(deal_index, seat, level))
            self._bots = {k: v for k, v in self._bots.items() if k[0] < 0 or k[0] >= deal_index - 1}
            self._bots[key] = bot
        return bot

    def decide(self, match: Match, table_seat: int, level: str) -> Decision:
        """The decision pending for ``table_seat`` (a deal's move, or one between deals)."""
        state = match.current
        if not state.is_over:
            deal_seat = match.deal_seat(table_seat)
            assert deal_seat is not None and deal_seat == state.to_move
            deal_index = len(match.deals) - 1
            legal = state.legal_actions()
            if level in SLOW_LEVELS and len(legal) > 1:
                seed = self._seed(deal_index, deal_seat, level, next(self._moves))
                view = match.deal_view(deal_seat, memory=True)
                stand_in = STAND_IN if STAND_IN in available_bots(state.game.name) else "random"

                def fallback() -> str:  # later, off the lock: from this decision's copies
                    bot = self._bot(stand_in, state.game, deal_index, deal_seat)
                    return str(driver.checked(bot, bot.choose(view, legal), legal))

                return Decision(tasks.bot_move,
                                (state.game, level, deal_seat, seed, view, legal), True, fallback)
            bot = self._bot(level, state.game, deal_index, deal_seat)
            return Decision(_decided, (str(driver.deal_move(match, deal_seat, bot)),), False)
        game = match.game
        bot = self._bot(level, game, -1, table_seat)
        action = driver.between_deals(match, table_seat, bot,
                                      lambda: self._bot("medium", game, -1, table_seat))
        return Decision(_decided, (str(action),), False)


    async def play(self, decision: Decision, pool: FairPool, table: str) -> str:
        """The decision's action text: made here, or by the workers in ``table``'s fair turn.
        Should a task's workers die every time it is tried (``WorkerDied``), the stand-in moves
        instead, so that the table never waits for ever on a dead worker."""
        if not decision.slow:
            return decision.run()
        try:
            return await pool.run(table, decision.fn, *decision.args)
        except WorkerDied:
            if decision.fallback is None:
                raise
            log.error("the workers died on a bot's search; the stand-in moved instead",
                      extra={"table": table})
            return decision.fallback()


def level_names(game_name: str) -> list[str]:
    """The bot levels a table of ``game_name`` offers: the named levels that exist for it."""
    names = available_bots(game_name)
    return [level for level in ("random", "easy", "medium", "hard") if level in names]
