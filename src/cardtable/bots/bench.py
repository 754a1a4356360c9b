"""The hard bot's speed for ``cardtable bench --paths ismcts``: search iterations per second
and how long a player waits for a decision, over seeded deals.

Kept apart from ``bots/ismcts.py``, which holds the search alone.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from cardtable.bots.ismcts import DEFAULT_ITERATIONS, DEFAULT_TIME_LIMIT, ISMCTSBot
from cardtable.engine.game import Game
from cardtable.engine.match import deal_seed


def measure_search(
    game: Game,
    *,
    decisions: int = 20,
    seed: int = 0,
    iterations: int = DEFAULT_ITERATIONS,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> dict[str, Any]:
    """Time ``decisions`` choices of the hard bot (at these budgets; default: its defaults) over
    seeded deals, seat 0 deciding and the others playing at random; forced moves are skipped.
    A decision is timed whole, as a player waits for it: positions the game solves exactly
    (``endgame``) count with their time and no iterations.

    Returns iterations per second of search and the median and 95th percentile decision time,
    as a JSON-safe dict (``"path": "ismcts"``) for ``cardtable bench``.
    """
    rng = random.Random(seed)
    times: list[float] = []
    searching = 0.0
    total_iterations = 0
    number = 0
    clock = time.perf_counter
    while len(times) < decisions:
        state = game.deal(seed=deal_seed(seed, number), dealer=number % game.players)
        bot = ISMCTSBot(game, 0, seed=number, iterations=iterations, time_limit=time_limit)
        number += 1
        while len(times) < decisions and (seat := state.to_move) is not None:
            legal = state.legal_actions()
            if seat == 0 and len(legal) > 1:
                view = state.view(0, memory=True)
                began = clock()
                choice = bot.choose(view, legal)
                times.append(clock() - began)
                if bot.last_search is not None:
                    total_iterations += bot.last_search.iterations
                    searching += bot.last_search.seconds
                state.apply(choice)
            else:
                state.apply(legal[int(rng.random() * len(legal))])
    ordered = sorted(times)
    spent = sum(times)
    return {
        "game": game.name,
        "players": game.players,
        "path": "ismcts",
        "decisions": len(times),
        "iterations": total_iterations,
        "seconds": round(spent, 3),
        "iterations_per_s": round(total_iterations / searching) if searching > 0 else None,
        "median_ms": round(1000 * ordered[len(ordered) // 2], 1),
        "p95_ms": round(
            1000 * ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)], 1
        ),
        "budget": {"iterations": iterations, "time_limit": time_limit},
    }
