"""Ratings of bot levels from duplicate deals: Bradley–Terry, on the Elo scale, with intervals.

Why Bradley–Terry: a round robin of levels gives, for each pair, how much of each deal one level
won against the other; Bradley–Terry's P(i beats j) = p_i / (p_i + p_j) fits every pair at once
and turns that into one number per level, which people read on the familiar Elo scale
(400·log10 p_i, anchored so that ``random`` is 0: 400 points between two levels mean the
stronger wins about 10 deals in 11 against the weaker).

A deal's score of level ``a`` against ``b`` is the share of the deal's wins that ``a``'s seats
took over every seat rotation (duplicate deals: the same cards, each level in every seat), a
number between 0 and 1. The fit maximises the likelihood of those fractional wins by the
minorization–maximization iteration of Hunter (2004), with half a win and half a loss added to
every pair (a weak prior) so that a level that wins every deal still gets a finite rating.
Intervals are percentile bootstraps: the deals of every pair resampled with replacement,
``BOOTSTRAP`` times, and the fit repeated.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardtable.bots.evaluate import DealResult

#: Elo points per factor e of the strength ratio.
ELO = 400.0 / math.log(10.0)
#: Bootstrap resamples for the intervals.
BOOTSTRAP = 200
#: Virtual wins (and as many losses) added to every pair.
PRIOR = 0.5


@dataclass(frozen=True, slots=True)
class Rating:
    """One level's rating (Elo scale, ``anchor`` at 0) with its 95% bootstrap interval."""

    name: str
    rating: float
    low: float
    high: float

    def to_dict(self) -> dict[str, object]:
        return {"rating": round(self.rating, 1), "ci95": [round(self.low, 1), round(self.high, 1)]}


def deal_score(deal: DealResult, a: str, b: str) -> float:
    """The share of ``deal``'s wins that ``a``'s seats took against ``b``'s, over every
    rotation (0.5 when neither won anything: a void or shared deal)."""
    won = {a: 0.0, b: 0.0}
    for game in deal.games:
        for seat, name in enumerate(game.names):
            if name in won:
                won[name] += game.shares[seat]
    total = won[a] + won[b]
    return 0.5 if total <= 0 else won[a] / total


def fit(
    names: Sequence[str], scores: Mapping[tuple[str, str], Sequence[float]], anchor: str
) -> dict[str, float]:
    """Bradley–Terry ratings (Elo scale, ``anchor`` at 0) from ``scores[(a, b)]``: per deal,
    the share of the deal ``a`` won against ``b``."""
    wins = {name: 0.0 for name in names}
    games: dict[tuple[str, str], float] = {}
    for (a, b), deals in scores.items():
        won = sum(deals) + PRIOR
        lost = len(deals) - sum(deals) + PRIOR
        wins[a] += won
        wins[b] += lost
        games[(a, b)] = games.get((a, b), 0.0) + won + lost
    strength = {name: 1.0 for name in names}
    for _round in range(2000):
        new = {}
        for name in names:
            denominator = 0.0
            for (a, b), n in games.items():
                if name in (a, b):
                    denominator += n / (strength[a] + strength[b])
            new[name] = wins[name] / denominator if denominator > 0 else strength[name]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {name: v / scale for name, v in new.items()}
        change = max(abs(math.log(new[n] / strength[n])) for n in names)
        strength = new
        if change < 1e-9:
            break
    zero = math.log(strength[anchor])
    return {name: ELO * (math.log(strength[name]) - zero) for name in names}


def ratings(
    names: Sequence[str],
    scores: Mapping[tuple[str, str], Sequence[float]],
    *,
    anchor: str,
    seed: int = 0,
    resamples: int = BOOTSTRAP,
) -> list[Rating]:
    """Every level's rating with its 95% bootstrap interval, in the order of ``names``."""
    point = fit(names, scores, anchor)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {name: [] for name in names}
    for _draw in range(resamples):
        resampled = {
            pair: [deals[int(rng.random() * len(deals))] for _deal in deals]
            for pair, deals in scores.items()
        }
        for name, value in fit(names, resampled, anchor).items():
            draws[name].append(value)
    out = []
    for name in names:
        values = sorted(draws[name])
        low = values[int(0.025 * (len(values) - 1))] if values else point[name]
        high = values[int(math.ceil(0.975 * (len(values) - 1)))] if values else point[name]
        out.append(Rating(name, point[name], min(low, point[name]), max(high, point[name])))
    return out
