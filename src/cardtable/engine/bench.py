"""Speed measurements: random playouts through the checked API and through the bots' fast path.

Targets live here and in ``cardtable bench``, never in timed unit tests.
"""

from __future__ import annotations

import random
import time
from typing import Any

from cardtable.engine.game import Game

PATHS = ("api", "text", "fast")


def measure(game: Game, path: str, *, seconds: float = 1.0, seed: int = 0) -> dict[str, Any]:
    """Play random deals for about ``seconds`` and count deals and decisions.

    ``api``: ``legal_actions()`` then ``apply(action)`` with every check and the events;
    ``text``: the same, but the action goes in as its text (parsed each time);
    ``fast``: ``legal_action_ids()`` then ``apply_unchecked(id)`` — what bots use in playouts.
    Dealing is part of the measured time. A game whose deals have no bound (Pontinho) declares
    ``playout_cap_actions``: a deal is stopped after that many decisions (``capped`` counts them).
    """
    if path not in PATHS:
        raise ValueError(f"unknown path {path!r}; expected one of {', '.join(PATHS)}")
    rng = random.Random(seed)
    pick = rng.random
    cap = game.playout_cap_actions
    _warm_up(game, seed)
    deals = decisions = capped = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.deal(seed=rng.getrandbits(63))
        left = cap if cap is not None else -1
        if path == "fast":
            while left and (ids := state.legal_action_ids()):
                state.apply_unchecked(ids[int(pick() * len(ids))])
                decisions += 1
                left -= 1
        elif path == "api":
            while left and (actions := state.legal_actions()):
                state.apply(actions[int(pick() * len(actions))])
                decisions += 1
                left -= 1
        else:
            while left and (actions := state.legal_actions()):
                state.apply(str(actions[int(pick() * len(actions))]))
                decisions += 1
                left -= 1
        capped += not left and not state.is_over
        deals += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game.name,
        "players": game.players,
        "path": path,
        "deals": deals,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "deals_per_s": round(deals / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed),
        **({"capped": capped} if cap is not None else {}),
    }


def _warm_up(game: Game, seed: int) -> None:
    """Play a few hundred random actions untimed, so that one-time work (Pontinho builds its
    table of all 53,841 melds on first use) is not counted as the cost of decisions."""
    rng = random.Random(seed ^ 0x5EED)
    state = game.deal(seed=seed)
    for _ in range(300):
        ids = state.legal_action_ids()
        if not ids:
            break
        state.apply_unchecked(ids[int(rng.random() * len(ids))])
