"""What the research API tests share: tables to cover and positions to test at (no fixtures)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import cardtable
from cardtable.engine.game import Game, State

#: (game, players, options): every game, small and larger tables, options that change masks.
TABLES: list[tuple[str, int, dict[str, object]]] = [
    ("punttu", 2, {}),
    ("punttu", 5, {"trim": "twos"}),
    ("putto", 2, {"must_capture": True}),
    ("putto", 4, {}),
    ("putto", 6, {"teams": "threes"}),
    ("pontinho", 2, {}),
    ("pontinho", 4, {"figure_points": "10"}),
]


def table_id(table: tuple[str, int, dict[str, object]]) -> str:
    name, players, options = table
    return f"{name}-{players}" + "".join(f"-{k}={v}" for k, v in options.items())


def make(table: tuple[str, int, dict[str, object]]) -> Game:
    name, players, options = table
    return cardtable.game(name, players, **options)


def played_positions(game: Game, seed: int, count: int = 30) -> Iterator[State]:
    """Positions of one deal of ``seed`` played at random with the checked ``apply`` (so the
    states keep their history): every decision up to ``count`` of them."""
    rng = random.Random(seed)
    state = game.deal(seed=seed, dealer=rng.randrange(game.players))
    for _ in range(count):
        if state.is_over:
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))
