"""A self-play league for 2-player Punttu: a pool of past snapshots, opponents sampled by rating.

    .venv/bin/python examples/selfplay_league.py --episodes 4000 --snapshot-every 500

The learner is the REINFORCE policy of ``reinforce_punttu.py`` (same network, same update). Its
opponents are not one frozen copy but a league: the pool starts with a uniformly random player,
and every ``--snapshot-every`` deals a frozen copy of the learner joins it. Everyone in the pool
has an Elo rating, updated after each deal the learner plays against them; each deal's opponent
is drawn with weight = the chance the learner loses to it by the ratings (prioritised
fictitious self-play: opponents it cannot yet beat come up most, beaten ones rarely, none
never). The opponent plays the other seat of ``CardtableEnv`` through ``SelfPlay(snapshot,
every=1)``, which asks for a new one at every reset. At the end: the pool's ratings and the
learner's win rate against the random bot on evaluation deals. To rate the learner on the
arena's ladder, wrap its step policy in ``cardtable.research.agents.ArenaPolicy``.
"""

from __future__ import annotations

import copy
import runpy
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.research.gymnasium import CardtableEnv
from cardtable.research.opponents import SelfPlay

REINFORCE = runpy.run_path(str(Path(__file__).with_name("reinforce_punttu.py")))
Policy, train, win_rate = REINFORCE["Policy"], REINFORCE["train"], REINFORCE["win_rate"]
training_parser = REINFORCE["training_parser"]
ELO_K = 16.0


class Member:
    """One of the pool: a frozen policy (``None``: uniformly random) and its rating."""

    def __init__(self, name: str, policy: Any, rating: float) -> None:
        self.name = name
        self.policy = policy
        self.rating = rating
        self.games = 0

    def step_policy(self, rng: np.random.Generator) -> Any:
        """The member as the opponent's step policy ``(obs, mask) -> step`` (sampling)."""
        policy = self.policy

        def act(obs: np.ndarray, mask: np.ndarray) -> int:
            legal = mask.astype(bool)
            if policy is None:
                return int(rng.choice(np.flatnonzero(legal)))
            p, _hidden = policy.probs(obs.astype(np.float64), legal)
            return int(rng.choice(len(p), p=p))

        return act


def expected(a: float, b: float) -> float:
    """Elo: the chance that a player rated ``a`` beats one rated ``b``."""
    return 1 / (1 + 10 ** ((b - a) / 400))


class League:
    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.pool = [Member("random", None, 0.0)]
        self.learner_rating = 0.0
        self.current = self.pool[0]

    def sample(self) -> Any:
        """Draw this deal's opponent: weight = the learner's chance of losing to it."""
        weights = np.array([1 - expected(self.learner_rating, m.rating) for m in self.pool])
        self.current = self.pool[int(self.rng.choice(len(self.pool), p=weights / weights.sum()))]
        return self.current.step_policy(self.rng)

    def record(self, score: float) -> None:
        """Update both ratings after a deal (score: 1 learner won, 0.5 tie, 0 lost)."""
        change = ELO_K * (score - expected(self.learner_rating, self.current.rating))
        self.learner_rating += change
        self.current.rating -= change
        self.current.games += 1

    def snapshot(self, policy: Any) -> None:
        frozen = copy.deepcopy(policy)
        self.pool.append(Member(f"snapshot {len(self.pool)}", frozen, self.learner_rating))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = training_parser(__doc__.splitlines()[0], episodes=4000, eval_deals=1000)
    parser.add_argument("--snapshot-every", type=int, default=500)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    league = League(rng)
    envs = [
        CardtableEnv("punttu", 2, seat=seat, opponents=SelfPlay(league.sample, every=1))
        for seat in (0, 1)
    ]
    policy = Policy(envs[0].observer.size, args.hidden, envs[0].encoding.num_steps, rng)

    def after_deal(number: int, margin: float) -> None:
        league.record(1.0 if margin > 0 else 0.5 if margin == 0 else 0.0)
        if (number + 1) % args.snapshot_every == 0:
            league.snapshot(policy)

    train(envs, policy, rng, args, after_deal)
    against_random = CardtableEnv("punttu", 2, opponents="random")
    after = win_rate(against_random, policy, args.eval, 10**9)
    ratings = {m.name: {"rating": round(m.rating, 1), "games": m.games} for m in league.pool}
    print(f"learner rating {league.learner_rating:.1f}; pool:")
    for name, entry in ratings.items():
        print(f"  {name:<12} {entry['rating']:>8.1f}  ({entry['games']} deals against the learner)")
    print(
        f"greedy learner vs the random bot: {after['rate']:.1%} "
        f"[{after['low']:.1%}, {after['high']:.1%}] of {after['deals']} deals"
    )
    return {"learner": league.learner_rating, "pool": ratings, "after": after}


if __name__ == "__main__":
    main()
