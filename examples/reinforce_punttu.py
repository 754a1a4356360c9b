"""REINFORCE in plain numpy: learn 2-player Punttu against cardtable's random bot.

    .venv/bin/python examples/reinforce_punttu.py --episodes 6000 --eval 2000

The agent is a small two-layer network on the observation vector of
``cardtable.research.gymnasium.CardtableEnv`` (its own view only), with the mask applied to its
40 card logits. Each deal's reward is the seat's card points minus the opponent's, scaled to
[-1, 1] (2-player Punttu has all 124 points in play); the policy gradient uses the batch's mean
return as a baseline, with Adam and a small entropy bonus. It prints the win rate against the
random bot before and after training, on the same evaluation deals (with a 95% interval).
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.research.gymnasium import CardtableEnv

Array = npt.NDArray[np.float64]


class Policy:
    """obs → tanh hidden layer → 40 logits; masked softmax."""

    def __init__(self, inputs: int, hidden: int, outputs: int, rng: np.random.Generator) -> None:
        self.params = {
            "w1": rng.normal(0, 1 / math.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, 0.01, (hidden, outputs)),
            "b2": np.zeros(outputs),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def probs(self, obs: Array, mask: npt.NDArray[np.bool_]) -> tuple[Array, Array]:
        hidden = np.tanh(obs @ self.params["w1"] + self.params["b1"])
        logits = hidden @ self.params["w2"] + self.params["b2"]
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum(), hidden

    def update(
        self, batch: list[tuple[Array, Array, Array, int, float]], lr: float, entropy: float
    ) -> None:
        """One Adam step on the REINFORCE loss of ``(obs, hidden, probs, action, advantage)``."""
        grads = {k: np.zeros_like(v) for k, v in self.params.items()}
        for obs, hidden, p, action, advantage in batch:
            # d(-advantage·log p[a] - entropy·H)/d logits
            dlogits = p.copy()
            dlogits[action] -= 1.0
            dlogits *= advantage
            safe = np.where(p > 0, p, 1.0)
            h = -(p * np.log(safe)).sum()
            dlogits += entropy * p * (np.log(safe) + h)
            grads["w2"] += np.outer(hidden, dlogits)
            grads["b2"] += dlogits
            dhidden = (self.params["w2"] @ dlogits) * (1 - hidden**2)
            grads["w1"] += np.outer(obs, dhidden)
            grads["b1"] += dhidden
        self.t += 1
        for k, g in grads.items():
            g /= len(batch)
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            self.params[k] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(
    env: CardtableEnv,
    policy: Policy | None,
    rng: np.random.Generator,
    seed: int,
    greedy: bool = False,
) -> tuple[list[tuple[Array, Array, Array, int]], float, bool]:
    """One deal; the steps taken, the scaled point margin and whether the agent won."""
    obs, info = env.reset(seed=seed)
    steps = []
    terminated = False
    while not terminated:
        mask = info["action_mask"].astype(bool)
        if policy is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            x = obs.astype(np.float64)
            p, hidden = policy.probs(x, mask)
            action = int(p.argmax()) if greedy else int(rng.choice(len(p), p=p))
            steps.append((x, hidden, p, action))
        obs, _reward, terminated, _truncated, info = env.step(action)
    assert env.episode is not None
    outcome = env.episode.state.outcome
    assert outcome is not None
    me, other = outcome.points[env.seat], outcome.points[1 - env.seat]
    return steps, (me - other) / 124, env.seat in outcome.winners and me > other


def win_rate(env: CardtableEnv, policy: Policy | None, deals: int, seed: int) -> dict[str, Any]:
    """Wins (ties count as no win) over ``deals`` evaluation deals, with a Wilson interval."""
    rng = np.random.default_rng(seed)
    wins = sum(play(env, policy, rng, seed=seed + i, greedy=True)[2] for i in range(deals))
    p, z = wins / deals, 1.96
    centre = (p + z * z / (2 * deals)) / (1 + z * z / deals)
    half = z * math.sqrt(p * (1 - p) / deals + z * z / (4 * deals**2)) / (1 + z * z / deals)
    return {"wins": wins, "deals": deals, "rate": p, "low": centre - half, "high": centre + half}


def training_parser(description: str, *, episodes: int, eval_deals: int) -> argparse.ArgumentParser:
    """The options of a REINFORCE run (the self-play league example adds its own)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--episodes", type=int, default=episodes)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval", type=int, default=eval_deals)
    parser.add_argument("--seed", type=int, default=0)
    return parser


def train(
    envs: list[CardtableEnv],
    policy: Policy,
    rng: np.random.Generator,
    args: argparse.Namespace,
    after_deal: Callable[[int, float], None] | None = None,
) -> None:
    """``args.episodes`` deals, the seats of ``envs`` in turn (the first player and the second),
    one policy-gradient step per ``args.batch`` deals with their mean margin as the baseline;
    ``after_deal(number, margin)`` is told each deal's result."""
    episodes: list[tuple[list[tuple[Array, Array, Array, int]], float]] = []
    for episode in range(args.episodes):
        steps, margin, _won = play(envs[episode % 2], policy, rng, seed=args.seed * 10**6 + episode)
        if after_deal is not None:
            after_deal(episode, margin)
        episodes.append((steps, margin))
        if len(episodes) == args.batch:
            baseline = sum(m for _s, m in episodes) / len(episodes)
            batch = [(*step, m - baseline) for steps_, m in episodes for step in steps_]
            policy.update(batch, args.lr, args.entropy)
            episodes = []


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = training_parser(__doc__.splitlines()[0], episodes=6000, eval_deals=2000)
    args = parser.parse_args(argv)
    envs = [CardtableEnv("punttu", 2, seat=seat, opponents="random") for seat in (0, 1)]
    env = envs[0]
    rng = np.random.default_rng(args.seed)
    policy = Policy(env.observer.size, args.hidden, env.encoding.num_steps, rng)
    eval_seed = 10**9  # evaluation deals never used in training
    before = win_rate(env, None, args.eval, eval_seed)
    start = time.perf_counter()
    train(envs, policy, rng, args)
    seconds = time.perf_counter() - start
    results = {}
    for seat in (0, 1):
        results[seat] = win_rate(envs[seat], policy, args.eval // 2, eval_seed + seat * args.eval)
    wins = results[0]["wins"] + results[1]["wins"]
    deals = results[0]["deals"] + results[1]["deals"]
    after = {"wins": wins, "deals": deals, "rate": wins / deals}
    print(
        f"random agent vs random bot: {before['rate']:.1%} wins "
        f"[{before['low']:.1%}, {before['high']:.1%}] over {before['deals']} deals"
    )
    print(
        f"after {args.episodes} training deals ({seconds:.0f} s): {after['rate']:.1%} wins "
        f"over {deals} deals (seat 0: {results[0]['rate']:.1%} "
        f"[{results[0]['low']:.1%}, {results[0]['high']:.1%}], seat 1: "
        f"{results[1]['rate']:.1%} [{results[1]['low']:.1%}, {results[1]['high']:.1%}])"
    )
    return {"before": before, "after": after, "by_seat": results, "seconds": seconds}


if __name__ == "__main__":
    main()
