"""Measure bots against each other, with the luck of the deal cancelled out.

Every deal is replayed once per seat rotation: the same cards, with the bots moved one seat on
each time, so a strong hand or a good seat helps every bot equally. That makes a few thousand
deals enough to tell a real edge from luck.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.bots.base import Bot, make_bot
from cardtable.bots.driver import play_out
from cardtable.engine.match import deal_seed
from cardtable.errors import OptionError
from cardtable.games import game as make_game
from cardtable.i18n import _


@dataclass(slots=True)
class BotStats:
    """One bot's results over every seat it held.

    Each seat-deal counts its side's result: a win of the seat's side is a whole win for every
    seat of that side (partners win together), and a deal won by k sides together is 1/k.
    """

    name: str
    seat_deals: int = 0
    wins: float = 0.0
    points: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_deals if self.seat_deals else 0.0

    @property
    def win_rate_stderr(self) -> float:
        """Binomial standard error; rotations are correlated, so read it as a rough guide."""
        n = self.seat_deals
        return math.sqrt(self.win_rate * (1.0 - self.win_rate) / n) if n else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.seat_deals if self.seat_deals else 0.0


def head_to_head(
    game_name: str,
    players: int,
    bot_names: Sequence[str],
    deals: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None = None,
    **options: object,
) -> dict[str, BotStats]:
    """Play ``deals`` deals, each once per rotation of ``bot_names`` through the seats.

    ``bot_names`` has one name per seat (``["heuristic", "random", "random", "random"]``); a name
    may repeat, and its stats then pool every seat it held. Deal ``i`` is dealt from a seed derived
    from ``seed`` and ``i``, so the whole run replays exactly. ``progress``, if given, is called
    with the number of deals finished (every rotation played) after each deal.
    """
    if len(bot_names) != players:
        raise OptionError(
            _("give one bot name per seat: {players} names, not {count}").format(
                players=players, count=len(bot_names)
            )
        )
    if deals < 1:
        raise OptionError(_("play at least one deal, not {deals}").format(deals=deals))
    table = make_game(game_name, players=players, **options)
    stats = {name: BotStats(name) for name in bot_names}
    bot_seeds = random.Random(seed)
    for number in range(deals):
        cards_seed = deal_seed(seed, number)
        for rotation in range(players):
            names = [bot_names[(seat + rotation) % players] for seat in range(players)]
            bots: list[Bot] = [
                make_bot(name, table, seat, seed=bot_seeds.getrandbits(63))
                for seat, name in enumerate(names)
            ]
            state = play_out(table.deal(seed=cards_seed, dealer=0), bots)
            outcome = state.outcome
            assert outcome is not None
            winning_sides = {table.side_of(seat) for seat in outcome.winners}
            share = 1.0 / len(winning_sides)
            for seat, name in enumerate(names):
                entry = stats[name]
                entry.seat_deals += 1
                entry.points += outcome.points[table.side_of(seat)]
                if table.side_of(seat) in winning_sides:
                    entry.wins += share
        if progress is not None:
            progress(number + 1)
    return stats


def decisions_per_second(
    game_name: str, players: int, bot_name: str, deals: int, seed: int, **options: object
) -> float:
    """How many decisions ``bot_name`` makes per second, timing only its ``choose`` calls."""
    table = make_game(game_name, players=players, **options)
    spent = 0.0
    decisions = 0
    for number in range(deals):
        state = table.deal(seed=deal_seed(seed, number), dealer=0)
        bots = [make_bot(bot_name, table, seat, seed=number) for seat in range(players)]
        while (seat := state.to_move) is not None:
            view = state.view(seat, memory=True)
            legal = state.legal_actions()
            start = time.perf_counter()
            action = bots[seat].choose(view, legal)
            spent += time.perf_counter() - start
            decisions += 1
            state.apply(action)
    return decisions / spent if spent > 0 else math.inf
