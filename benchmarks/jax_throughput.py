"""Agent steps per second of the batched JAX environments, beside today's Gymnasium environment
and pgx's own card game (``leduc_holdem``) in the same run: the scaling curve over batch sizes.

    .venv/bin/python benchmarks/jax_throughput.py                  # Punttu 2p, 1 … 4096
    .venv/bin/python benchmarks/jax_throughput.py --game putto --players 4
    .venv/bin/python benchmarks/jax_throughput.py --batches 4096 --seconds 5 --json out.json

A step is one decision of the seat on turn (every seat is an agent in the JAX environments), with
a uniformly random legal action drawn inside the compiled loop, as pgx's own benchmark does.
Two loops are timed for the cardtable environment:

- ``deal``: ``init`` a batch, then ``lax.scan`` ``step`` over the deal's fixed length (Punttu
  plays every card: 40 steps with two players), the deal time included;
- ``autoreset``: ``step``, then every finished game replaced by a new ``init`` (what a training
  loop of pgx does), new deals made only at the steps where a game ended; the same loop is
  timed for pgx's ``leduc_holdem`` (when ``pip install pgx`` has installed pgx).

The Gymnasium row is ``CardtableEnv(game, players, opponents="random")`` stepped with random
masked actions: its steps are the agent's, and the opponents' plays happen inside each step.
Each figure is the best of ``--repeats`` timed runs of at least ``--seconds`` each; the machine's
load average is printed before and after (a shared machine slows every figure).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from cardtable.research.jaxenv.core import Env

BATCHES = (1, 4, 16, 64, 256, 1024, 4096)


def make_env(game: str, players: int) -> Env:
    if game == "punttu":
        from cardtable.research.jaxenv.punttu import PunttuEnv

        return PunttuEnv(players)
    from cardtable.research.jaxenv.putto import PuttoEnv

    return PuttoEnv(players)


def random_actions(key: jax.Array, mask: jax.Array) -> jax.Array:
    """A uniformly random legal action per row of ``mask``: the k-th legal action for one
    random k per row. (``jax.random.categorical`` over masked logits draws a random number per
    action: 15 times slower here than the whole Punttu step.)"""
    legal = jnp.maximum(mask.sum(axis=-1), 1).astype(jnp.uint32)
    kth = (jax.random.bits(key, mask.shape[:-1]) % legal).astype(jnp.int32)
    return jnp.argmax(jnp.cumsum(mask, axis=-1) > kth[..., None], axis=-1).astype(jnp.int32)


def play_loop(
    env: Any, batch: int, length: int, *, autoreset: bool
) -> Callable[[jax.Array], jax.Array]:
    """Deal ``batch`` games and take ``length`` steps in each: ``batch × length`` steps per
    call. With ``autoreset``, each game that ends is dealt anew at once (pgx's training loop)."""
    init, step = jax.vmap(env.init), jax.vmap(env.step)

    def redeal(states: Any, key: jax.Array) -> Any:
        done = states.terminated | states.truncated

        def pick(new: jax.Array, old: jax.Array) -> jax.Array:
            return jnp.where(done.reshape(done.shape + (1,) * (old.ndim - 1)), new, old)

        # New deals only at the steps where some game ended (pgx's auto_reset deals one for
        # every game at every step, which under vmap costs an init per step).
        return jax.lax.cond(
            done.any(),
            lambda: jax.tree_util.tree_map(pick, init(jax.random.split(key, batch)), states),
            lambda: states,
        )

    def run(key: jax.Array) -> jax.Array:
        deal_key, play_key = jax.random.split(key)
        states = init(jax.random.split(deal_key, batch))

        def turn(states: Any, key: jax.Array) -> tuple[Any, None]:
            action_key, reset_key = jax.random.split(key)
            states = step(states, random_actions(action_key, states.legal_action_mask))
            return (redeal(states, reset_key) if autoreset else states), None

        states, _ = jax.lax.scan(turn, states, jax.random.split(play_key, length))
        return states.rewards.sum()

    return jax.jit(run)


def steps_per_second(
    run: Callable[[jax.Array], jax.Array], steps: int, seconds: float, repeats: int
) -> tuple[float, float]:
    """Best of ``repeats`` rates, each timed over at least ``seconds`` of calls (compiled
    first): per wall-clock second, and per second of this process's CPU time (all its
    threads), the fairer figure on a machine that other jobs share."""
    run(jax.random.key(0)).block_until_ready()
    best, best_cpu = 0.0, 0.0
    calls = 0
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        count = 0
        while True:
            calls += 1
            run(jax.random.key(calls)).block_until_ready()
            count += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        best = max(best, steps * count / elapsed)
        best_cpu = max(best_cpu, steps * count / max(time.process_time() - cpu, 1e-9))
    return best, best_cpu


def gymnasium_rate(game: str, players: int, seconds: float, repeats: int) -> tuple[float, float]:
    """Agent steps per second of today's Gymnasium environment against random opponents."""
    from cardtable.research.gymnasium import CardtableEnv

    env = CardtableEnv(game, players, opponents="random")
    rng = random.Random(0)
    best, best_cpu = 0.0, 0.0
    for repeat in range(repeats):
        env.reset(seed=repeat)
        start, cpu, steps = time.perf_counter(), time.process_time(), 0
        while time.perf_counter() - start < seconds:
            legal = np.flatnonzero(env.action_masks())
            _obs, _reward, terminated, truncated, _info = env.step(int(rng.choice(legal)))
            steps += 1
            if terminated or truncated:
                env.reset()
        best = max(best, steps / (time.perf_counter() - start))
        best_cpu = max(best_cpu, steps / max(time.process_time() - cpu, 1e-9))
    return best, best_cpu


def pgx_env(name: str) -> Any | None:
    try:
        import pgx  # type: ignore[import-not-found]
    except ImportError:
        return None
    return pgx.make(name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("punttu", "putto"), default="punttu")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--batches", default=",".join(map(str, BATCHES)))
    parser.add_argument("--seconds", type=float, default=2.0, help="per timed run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-pgx", action="store_true", help="skip pgx's leduc_holdem")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    batches = [int(b) for b in args.batches.split(",")]

    env = make_env(args.game, args.players)
    length = env.deal_length  # type: ignore[attr-defined]
    leduc = None if args.no_pgx else pgx_env("leduc_holdem")
    load_before = os.getloadavg()
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}, {os.cpu_count()} CPUs, "
          f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}")
    print(f"{args.game} {args.players}p: {length} steps per deal; best of {args.repeats} runs "
          f"of {args.seconds:g} s")
    if leduc is None and not args.no_pgx:
        print("pgx is not installed (pip install pgx): no leduc_holdem figures")
    rows: list[dict[str, Any]] = []
    gym = gymnasium_rate(args.game, args.players, args.seconds, args.repeats)
    rows.append({"env": f"gymnasium {args.game}", "batch": 1, "steps_per_s": gym[0],
                 "steps_per_cpu_s": gym[1]})
    print(f"| env | batch | agent steps/s | per CPU second |\n| --- | ---: | ---: | ---: |\n"
          f"| Gymnasium {args.game} vs random | 1 | {gym[0]:,.0f} | {gym[1]:,.0f} |", flush=True)
    for batch in batches:
        measured = [
            (f"cardtable {args.game} deal", play_loop(env, batch, length, autoreset=False)),
            (f"cardtable {args.game} autoreset", play_loop(env, batch, length, autoreset=True)),
        ]
        if leduc is not None:
            measured.append(
                ("pgx leduc_holdem autoreset", play_loop(leduc, batch, length, autoreset=True))
            )
        for name, run in measured:
            rate, per_cpu = steps_per_second(run, batch * length, args.seconds, args.repeats)
            rows.append({"env": name, "batch": batch, "steps_per_s": rate,
                         "steps_per_cpu_s": per_cpu})
            print(f"| {name} | {batch} | {rate:,.0f} | {per_cpu:,.0f} |", flush=True)
    load_after = os.getloadavg()
    print(f"load average after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"load_before": load_before, "load_after": load_after, "rows": rows,
                       "jax": jax.__version__, "cpus": os.cpu_count()}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
