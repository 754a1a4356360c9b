"""A deal some random moves in, for tests that compare two ways of playing on from there."""

from __future__ import annotations

import random

import cardtable
from cardtable.engine.game import State


def walked_deal(
    name: str, players: int, seed: int, moves: int, *, checked: bool = False, **options: object
) -> State:
    """Deal ``seed`` of ``name`` after up to ``moves`` uniformly random moves on the fast path
    (seeded by ``seed`` too, so a hypothesis example replays); ``checked=True`` plays them
    through ``apply`` instead, so that the deal's history (and a view's log) holds them."""
    state = cardtable.game(name, players=players, **options).deal(seed=seed)
    walk = random.Random(seed)
    for _ in range(moves):
        ids = state.legal_action_ids()
        if not ids:
            break
        chosen = ids[walk.randrange(len(ids))]
        if checked:
            state.apply(state.action_from_id(chosen))
        else:
            state.apply_unchecked(chosen)
    return state
