"""Matches with bots: unrated, or rated against the bots as fixed anchors? A simulation behind
the choice in docs/ratings.md ("Matches with bots").

Not a test: a measurement run by hand.

    .venv/bin/python benchmarks/ratings_bots.py [--newcomers 300] [--matches 60] [--seed 7]

Each simulated newcomer has a true skill drawn as the model assumes of people (mean 25, spread
25/6) and plays ``--matches`` two-seat matches, every other one against a bot (a person who
plays mostly with bots would only see the difference grow). A match's result comes from the
true skills: each side performs its skill plus Gaussian noise of spread ``beta`` (the model's
own assumption); the better performance wins. People opponents are settled players (their
rating their true skill give or take 1, sigma 2.5). Cases:

- ``unrated``: the bot matches change nothing; only the person matches are rated.
- ``anchors``: the bot matches are rated too, against a bot whose rating is held fixed
  (sigma 1) at its true skill on the people's scale: the best an anchor can be.
- ``anchors_off_by_N``: the same, the bot's anchor placed N display points above its true
  skill (the ladder measures bots against bots in duplicate deals, ``bots/ladder.py``, on
  another scale than people against people: where a bot sits among people is not measured).

Reported per case: the median number of matches played (all of them, bots' too) until the
rating settles (sigma <= ``SETTLED_SIGMA``), and after the last match the mean error and mean
absolute error of the shown rating against the newcomer's true skill (display points).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardtable.server.people.ratings import (  # noqa: E402
    MODEL,
    SETTLED_SIGMA,
    SHOWN_PER_MU,
    Rating,
    update,
)

#: The bot's true skill on the people's scale: a club player (the lobby's default, medium).
BOT_SKILL = 25.0


def plays(rng: random.Random, skill: float, other: float) -> list[int]:
    """The ranks of one two-seat match: the better performance wins."""
    mine = rng.gauss(skill, MODEL.beta)
    theirs = rng.gauss(other, MODEL.beta)
    return [1, 2] if mine > theirs else [2, 1]


def newcomer(rng: random.Random, matches: int, case: str, offset: float) -> dict[str, Any]:
    skill = rng.gauss(MODEL.mu, MODEL.sigma / 2)
    rating = Rating(game="punttu", mu=MODEL.mu, sigma=MODEL.sigma, matches=0)
    settled_at = None
    for number in range(1, matches + 1):
        if number % 2 == 0:  # a bot's match
            ranks = plays(rng, skill, BOT_SKILL)
            if case != "unrated":
                anchor = Rating(game="punttu", mu=BOT_SKILL + offset / SHOWN_PER_MU, sigma=1.0,
                                matches=0)
                rating = update([[rating], [anchor]], ranks)[0][0]  # the anchor stays as it is
        else:
            other = rng.gauss(MODEL.mu, MODEL.sigma / 2)
            ranks = plays(rng, skill, other)
            them = Rating(game="punttu", mu=other + rng.gauss(0, 1), sigma=2.5, matches=0)
            rating = update([[rating], [them]], ranks)[0][0]
        if settled_at is None and rating.sigma <= SETTLED_SIGMA:
            settled_at = number
    return {"settled_at": settled_at or matches + 1,
            "error": (rating.mu - skill) * SHOWN_PER_MU}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--newcomers", type=int, default=300)
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for case, offset in (("unrated", 0.0), ("anchors", 0.0), ("anchors_off_by_100", 100.0),
                         ("anchors_off_by_200", 200.0)):
        rng = random.Random(args.seed)  # the same newcomers and results in every case
        runs = [newcomer(rng, args.matches, case, offset) for _ in range(args.newcomers)]
        errors = [run["error"] for run in runs]
        print(json.dumps({
            "case": case, "newcomers": args.newcomers, "matches": args.matches,
            "median_matches_to_settle": statistics.median(run["settled_at"] for run in runs),
            "mean_error": round(statistics.fmean(errors), 1),
            "mean_abs_error": round(statistics.fmean(abs(e) for e in errors), 1),
        }))


if __name__ == "__main__":
    main()
