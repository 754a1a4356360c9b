"""How far the coach (``cardtable.bots.review``) can be trusted, and how fast it is.

Not a test: a measurement run by hand (minutes), reported in docs/coach.md.

    nice -n 10 .venv/bin/python benchmarks/coach.py precision --game punttu --players 2 \
        --deals 20 --seed 1
    nice -n 10 .venv/bin/python benchmarks/coach.py medium --game punttu --players 2 --deals 20
    nice -n 10 .venv/bin/python benchmarks/coach.py time --game punttu --players 4 --deals 5

- ``precision``: deals played by ``--player`` (``random`` by default: it makes plenty of real
  mistakes; ``easy`` makes fewer) against ``medium``, the former's moves reviewed; every move
  the review flags as a mistake or a blunder is evaluated again with ten times the sampled
  deals (another seed); it is confirmed when that deeper evaluation finds it losing at least a
  mistake's worth (its point estimate), and, more loosely, when it still finds it surely worse
  than the best (interval above 0).
- ``medium``: deals played by ``medium`` on every seat, every decision reviewed: the share of
  medium's own moves flagged (mistake or blunder) and labelled inaccuracies.
- ``time``: seconds to review a whole deal (every seat) played by ``medium``, one process: wall
  time, and the process's CPU time (the wall time grows with whatever else the machine runs).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import cardtable
from cardtable.bots import make_bot, play_out
from cardtable.bots.review import (
    Evaluator,
    decisions,
    review_deal,
    samples_for,
    thresholds,
)
from cardtable.engine.game import Game, State


def _play(table: Game, seed: int, names: list[str]) -> tuple[State, list[str]]:
    fresh = table.deal(seed=seed)
    bots = [
        make_bot(names[s % len(names)], table, s, seed=seed * 31 + s) for s in range(table.players)
    ]
    done = play_out(fresh.clone(), bots, max_actions=table.playout_cap_actions)
    return fresh, [str(a) for a in done.to_record()["actions"]]


def precision(
    table: Game, deals: int, seed: int, samples: int | None, player: str = "random"
) -> dict[str, object]:
    mistake = thresholds(table.name)[1]
    flagged = confirmed = surely_worse = moves = 0
    for number in range(deals):
        fresh, actions = _play(table, seed + number, [player, "medium"])
        review = review_deal(
            fresh,
            actions,
            seats=[s for s in range(table.players) if s % 2 == 0],
            samples=samples,
            seed=seed,
        )
        moves += sum(1 for m in review.moves if not m.forced)
        deep = Evaluator(
            table, samples=10 * (samples or samples_for(table.name)), seed=seed + 10_007
        )
        found = {d[0]: d for d in decisions(fresh.clone(), actions)}
        for move in review.moves:
            if move.label not in {"mistake", "blunder"}:
                continue
            flagged += 1
            _n, _seat, view, legal, action = found[move.number]
            again = deep.evaluate(view, legal, played=action, salt=("deep", move.number)).of(
                move.played
            )
            confirmed += again.loss >= mistake
            surely_worse += again.low > 0
    return {
        "moves_reviewed": moves,
        "flagged": flagged,
        "confirmed_as_mistakes": confirmed,
        "confirmed_share": confirmed / flagged if flagged else None,
        "surely_worse_share": surely_worse / flagged if flagged else None,
    }


def medium(table: Game, deals: int, seed: int, samples: int | None) -> dict[str, object]:
    moves = flagged = inaccurate = 0
    for number in range(deals):
        fresh, actions = _play(table, seed + number, ["medium"])
        review = review_deal(fresh, actions, samples=samples, seed=seed)
        graded = [m for m in review.moves if not m.forced]
        moves += len(graded)
        flagged += sum(1 for m in graded if m.label in {"mistake", "blunder"})
        inaccurate += sum(1 for m in graded if m.label == "inaccuracy")
    return {
        "moves_reviewed": moves,
        "flagged": flagged,
        "flagged_share": flagged / moves if moves else None,
        "inaccuracies": inaccurate,
        "inaccuracy_share": inaccurate / moves if moves else None,
    }


def timing(table: Game, deals: int, seed: int, samples: int | None) -> dict[str, object]:
    seconds = []
    cpu = []
    for number in range(deals):
        fresh, actions = _play(table, seed + number, ["medium"])
        start = time.perf_counter()
        used = time.process_time()
        review_deal(fresh, actions, samples=samples, seed=seed)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
    return {
        "seconds": [round(s, 2) for s in seconds],
        "median_s": round(statistics.median(seconds), 2),
        "max_s": round(max(seconds), 2),
        "cpu_s": [round(s, 2) for s in cpu],
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("what", choices=["precision", "medium", "time"])
    parser.add_argument("--game", default="punttu")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=None, help="default: the game's own")
    parser.add_argument("--player", default="random", help="precision: the player reviewed")
    args = parser.parse_args()
    table = cardtable.game(args.game, args.players)
    run = {"precision": precision, "medium": medium, "time": timing}[args.what]
    start = time.perf_counter()
    result = (
        precision(table, args.deals, args.seed, args.samples, args.player)
        if args.what == "precision"
        else run(table, args.deals, args.seed, args.samples)
    )
    print(
        json.dumps(
            {
                "what": args.what,
                "game": args.game,
                "players": args.players,
                "deals": args.deals,
                "seed": args.seed,
                "samples": args.samples or samples_for(args.game),
                "player": args.player,
                **result,
                "wall_s": round(time.perf_counter() - start, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
