"""The tasks that run in workers: a bot's move and a hint's search, given only what a seat
sees — its view, its legal actions, the (deal's) game and a seed — never the ``State``: hidden
information stays with the table's owner (``bots`` get views everywhere, DESIGN.md).

Each task makes its bot afresh from the seed it is given, so a move does not depend on which
worker ran it, or on what that worker ran before (``server.bots.BotSeats`` derives the seed
from the table's seed, the deal, the seat, the level and the table's version).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.bots.base import make_bot
from cardtable.bots.driver import checked
from cardtable.bots.ismcts import ISMCTSBot, SearchResult
from cardtable.engine.action import Action
from cardtable.engine.game import Game


def bot_move(game: Game, level: str, seat: int, seed: int, view: dict[str, Any],
             legal: Sequence[Action]) -> str:
    """The text of the move a ``level`` bot seeded with ``seed`` makes from ``view``; a choice
    outside ``legal`` raises (``driver.IllegalBotMove``)."""
    bot = make_bot(level, game, seat, seed=seed)
    return str(checked(bot, bot.choose(view, legal), legal))


def hint_search(game: Game, seat: int, seed: int, iterations: int, seconds: float,
                view: dict[str, Any], legal: Sequence[Action]) -> SearchResult:
    """What the hard bot's search (on the hint's budget) makes of ``view``."""
    bot = ISMCTSBot(game, seat, seed=seed, iterations=iterations, time_limit=seconds)
    return bot.search(view, legal)
