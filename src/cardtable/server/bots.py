"""Moves made for a seat by a bot: bot seats, absent people, and turns whose timer ran out.

Bots get what they get everywhere else (``cardtable.cli.session``): the seat's view with memory
(``match.deal_view``) and the legal actions, never the state. A deal of fewer seats than the
table (Pontinho, players out) is played by a bot made for that deal's table and seat. Decisions
between deals go to a bot that takes them (``Bot.decides_between_deals``), else to the game's
``medium`` bot, else the first legal decision — as in the terminal session.

``BotSeats.decide`` returns a ``Decision``: the work to run (on the loop, or in a thread for the
levels that think long) over copies of the view and legal actions, so that the match is only
ever changed by the table's guard.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.bots.base import Bot, available_bots, make_bot
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.engine.match import Match

#: Levels whose decisions take long enough to be run off the event loop.
SLOW_LEVELS = frozenset({"hard", "ismcts"})
#: The level that moves for a person who is away or out of time (the issue's choice).
STAND_IN = "medium"


@dataclass(frozen=True)
class Decision:
    """What a bot must decide: call ``work()`` (in a thread when ``slow``) to get action text."""

    work: Callable[[], str]
    slow: bool


class BotSeats:
    """The bots of one table, made on demand per deal (a deal may have fewer seats)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._bots: dict[tuple[int, int, str], Bot] = {}

    def _bot(self, level: str, game: Game, deal_index: int, seat: int) -> Bot:
        key = (deal_index, seat, level)
        bot = self._bots.get(key)
        if bot is None:
            # one fresh generator per bot, derived from the table's seed (not from time)
            seed = random.Random(f"{self.seed}:{deal_index}:{seat}:{level}").getrandbits(63)
            bot = make_bot(level, game, seat, seed=seed)
            self._bots = {k: v for k, v in self._bots.items() if k[0] < 0 or k[0] >= deal_index - 1}
            self._bots[key] = bot
        return bot

    def decide(self, match: Match, table_seat: int, level: str) -> Decision:
        """The decision pending for ``table_seat`` (a deal's move, or one between deals)."""
        state = match.current
        if not state.is_over:
            deal_seat = match.deal_seat(table_seat)
            assert deal_seat is not None and deal_seat == state.to_move
            view = match.deal_view(deal_seat, memory=True)
            legal = state.legal_actions()
            bot = self._bot(level, state.game, len(match.deals) - 1, deal_seat)
            return Decision(lambda: str(_checked(bot.choose(view, legal), legal)),
                            level in SLOW_LEVELS and len(legal) > 1)
        legal = match.legal_actions()
        view = match.decision_view(table_seat)
        chooser = self._decider(match, table_seat, level)
        if chooser is None:
            return Decision(lambda: str(legal[0]), False)
        return Decision(lambda: str(_checked(chooser.choose(view, legal), legal)), False)

    def _decider(self, match: Match, table_seat: int, level: str) -> Bot | None:
        game = match.game
        bot = self._bot(level, game, -1, table_seat)
        if bot.decides_between_deals:
            return bot
        if "medium" in available_bots(game.name):
            medium = self._bot("medium", game, -1, table_seat)
            if medium.decides_between_deals:
                return medium
        return None


def _checked(choice: Action, legal: Sequence[Action]) -> Action:
    return choice if choice in legal else legal[0]


def level_names(game_name: str) -> list[str]:
    """The bot levels a table of ``game_name`` offers: the named levels that exist for it."""
    names = available_bots(game_name)
    return [level for level in ("random", "easy", "medium", "hard") if level in names]
