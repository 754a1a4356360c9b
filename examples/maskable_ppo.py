"""MaskablePPO (sb3-contrib) on the Gymnasium environment: one seat against a cardtable bot, the
mask from ``env.action_masks()``, then its win rate on evaluation deals never seen in training.

    pip install torch==2.13.0 sb3-contrib==2.9.2    # not in cardtable's extras: heavy
    .venv/bin/python examples/maskable_ppo.py --game putto --timesteps 60000 --eval 400

In training the agent holds seat 0 (the dealer is drawn per deal, so it plays first or
second); the reward is ``"win"`` (1 when its side is among the deal's winners, ties included).
Evaluation alternates the seats, plays greedily (deterministic actions) on deals seeded apart
from training, before (a uniformly random agent) and after, with a 95% Wilson interval.
``make_vec_env`` builds the environments as it does for any Gymnasium environment.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

from cardtable.research.gymnasium import CardtableEnv

EVAL_SEEDS = 10**9  # evaluation deals are seeded from here on, training deals below


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(model: MaskablePPO | None, args: argparse.Namespace) -> dict[str, float]:
    """Greedy play on ``args.eval`` evaluation deals, seats alternating (``None``: random)."""
    wins = 0.0
    rng = np.random.default_rng(args.seed)
    for deal in range(args.eval):
        env = CardtableEnv(
            args.game, args.players, seat=deal % args.players, opponents=args.opponent
        )
        obs, _info = env.reset(seed=EVAL_SEEDS + deal)
        done, reward = False, 0.0
        while not done:
            mask = env.action_masks()
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(model.predict(obs, action_masks=mask, deterministic=True)[0])
            obs, reward, terminated, truncated, _info = env.step(action)
            done = terminated or truncated
        wins += float(reward)
    low, high = wilson(wins, args.eval)
    return {"deals": float(args.eval), "rate": wins / args.eval, "low": low, "high": high}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="putto", choices=("punttu", "putto", "pontinho"))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--timesteps", type=int, default=60_000)
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--eval", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    before = evaluate(None, args)
    vec = make_vec_env(
        CardtableEnv,
        n_envs=args.envs,
        seed=args.seed,
        env_kwargs={"game": args.game, "players": args.players, "opponents": args.opponent},
    )
    model = MaskablePPO("MlpPolicy", vec, n_steps=256, batch_size=256, seed=args.seed, verbose=0)
    start = time.process_time()
    model.learn(total_timesteps=args.timesteps)
    seconds = time.process_time() - start
    after = evaluate(model, args)
    for name, data in (("random agent", before), ("MaskablePPO", after)):
        print(
            f"{args.game} {args.players}p vs {args.opponent}, {name}: {data['rate']:.1%} of "
            f"{int(data['deals'])} deals won (95% {data['low']:.1%} – {data['high']:.1%})"
        )
    print(f"training: {args.timesteps} steps in {seconds:.0f} s of CPU")
    return {"before": before, "after": after, "train_cpu_s": seconds}


if __name__ == "__main__":
    main()
