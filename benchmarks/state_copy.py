"""How long ``clone()`` and the sampler's ``sample_fast`` take, per game and table size.

Not a test: a measurement run by hand, reported in docs/architecture.md ("A state's fields").
Both sit in the hard bot's inner loop (one sample per search iteration), so a change to how a
state's fields are copied is measured here, before and after.

    nice -n 10 .venv/bin/python benchmarks/state_copy.py

Each position is a deal played at random (through ``apply``, so the view's log is whole) for
8 decisions per player (fewer where the deal would end); the figure is the best of several
``timeit`` repeats, in microseconds per call, timed in CPU time of this process (which the other
work on a shared machine disturbs less than the wall clock).
"""

from __future__ import annotations

import argparse
import json
import random
import timeit
from functools import partial
from time import process_time

import cardtable
from cardtable.games import available


def _position(name: str, players: int, seed: int) -> cardtable.engine.game.State:  # type: ignore[name-defined]
    table = cardtable.game(name, players=players)
    state = table.deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(8 * players):
        actions = state.legal_actions()
        after = state.clone()
        after.apply(actions[int(rng.random() * len(actions))])
        if after.is_over:
            break
        state = after
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--number", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    for name in available():
        for players in (int(p) for p in args.players.split(",")):
            state = _position(name, players, seed=5)
            seat = state.to_move
            assert seat is not None
            sample = state.game.sampler(state.view(seat, memory=True))
            rng = random.Random(1)
            row = {"game": name, "players": players}
            calls = (("clone_us", state.clone), ("sample_fast_us", partial(sample, rng)))
            for label, call in calls:
                best = min(
                    timeit.repeat(call, number=args.number, repeat=args.repeat, timer=process_time)
                )
                row[label] = round(best / args.number * 1e6, 2)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
