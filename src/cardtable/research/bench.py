"""Speed of the PettingZoo AEC environment (``cardtable bench --paths env``).

Each step is what a training loop does: ``env.last()`` (which builds the acting seat's
observation and mask from its view), a random step among the masked ones, ``env.step``.
Resetting between deals is part of the measured time. ``steps_per_cpu_s`` divides by the
process's CPU time instead of the wall clock, which says more on a machine shared with others.
Targets (single core): 20,000 steps/s for Punttu and Putto, 5,000 for Pontinho (whose actions
take several steps each).
"""

from __future__ import annotations

import random
import time
from typing import Any

from cardtable.engine.game import Game


def measure_env(game: Game, *, seconds: float = 1.0, seed: int = 0) -> dict[str, Any]:
    """Random masked play in the AEC environment of ``game``'s table for about ``seconds``."""
    from cardtable.research.episode import match_options
    from cardtable.research.pettingzoo import CardtableAECEnv

    deal_options = {
        key: value for key, value in game.options.items() if key not in match_options(game.name)
    }
    env = CardtableAECEnv(game.name, game.players, **deal_options)
    rng = random.Random(seed)
    choice = rng.choice
    _play_deal(env, seed, choice)  # warm-up: Pontinho builds its meld table on first use
    deals = steps = 0
    cpu_start = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        steps += _play_deal(env, rng.getrandbits(32), choice)
        deals += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "game": game.name,
        "players": game.players,
        "path": "env",
        "deals": deals,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "deals_per_s": round(deals / elapsed, 1),
        "steps_per_s": round(steps / elapsed),
        # On a shared machine the wall clock also counts time given to other processes.
        "steps_per_cpu_s": round(steps / cpu) if cpu > 0 else None,
    }


def _play_deal(env: Any, seed: int, choice: Any) -> int:
    env.reset(seed=seed)
    steps = 0
    for _agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(choice(obs["action_mask"].nonzero()[0]))
        steps += 1
    return steps
