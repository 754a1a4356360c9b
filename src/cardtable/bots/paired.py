"""The points difference of two bots over paired duplicate deals, with its 95% interval.

Why: on duplicate deals both bots hold every seat of the same cards, so the difference of their
points *within* a deal cancels the luck of the cards, which is most of the variance of either
bot's points alone; its interval is the tightest measure of which bot is stronger (win rates
barely move in Putto, where most deals are close). A deal's difference is ``a``'s mean points
per seat-deal minus ``b``'s, every rotation averaged; the interval is mean ± 1.96·s/√n over the
n deals' differences. Points are each seat's side's points (penalty points where the lowest
total wins: then a negative difference means ``a`` did better).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardtable.bots.evaluate import Z95, DealResult


@dataclass(slots=True)
class PairedDifference:
    """Running mean and spread (Welford) of ``a``'s minus ``b``'s points per deal."""

    a: str
    b: str
    deals: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, deal: DealResult) -> None:
        """Count one deal (one where both bots sat; other deals are ignored)."""
        totals = {self.a: 0.0, self.b: 0.0}
        seats = {self.a: 0, self.b: 0}
        for game in deal.games:
            for seat, name in enumerate(game.names):
                if name in totals:
                    totals[name] += game.points[seat]
                    seats[name] += 1
        if not seats[self.a] or not seats[self.b]:
            return
        value = totals[self.a] / seats[self.a] - totals[self.b] / seats[self.b]
        self.deals += 1
        delta = value - self.mean
        self.mean += delta / self.deals
        self.m2 += delta * (value - self.mean)

    def interval(self) -> tuple[float, float] | None:
        """The 95% interval of the mean difference; ``None`` below two deals."""
        if self.deals < 2:
            return None
        half = Z95 * math.sqrt(self.m2 / (self.deals - 1) / self.deals)
        return (self.mean - half, self.mean + half)

    def to_dict(self) -> dict[str, object]:
        interval = self.interval()
        return {
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            "mean": self.mean,
            "ci95": None if interval is None else list(interval),
        }


def pairs_of(names: list[str]) -> list[PairedDifference]:
    """The first bot against each other one: the pairs an arena run reports."""
    return [PairedDifference(names[0], other) for other in names[1:]]
