"""Ratings for people (docs/ratings.md): the rating system and how a rating is shown, with no
storage and no HTTP (``ratings_store`` keeps them, ``ratings_http`` serves them).

The system is OpenSkill's Weng–Lin Bayesian model with Plackett–Luce placements: a rating is a
skill estimate ``mu`` and its uncertainty ``sigma``; one update takes a whole multiplayer match
(2 to 8 sides, teams of several seats, tied places) at once, which Elo (two players) and
Glicko-2 (two players, rating periods) do not. The library's defaults (mu 25, sigma 25/3) are
kept: the display scale below is what players see.

The update depends only on the ratings before the match and the placements: the same sequence
of results gives the same ratings on every server (``openskill`` draws nothing at random).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

#: The model every rating is computed with (its defaults: mu 25, sigma 25/3, beta 25/6).
MODEL = PlackettLuce()
#: The display scale: a new player shows ``SHOWN_START``; one unit of ``mu`` is ``SHOWN_PER_MU``
#: points (one ``beta``, the skill gap that makes the stronger of two win about 3 times in 4,
#: is then about 170 points, close to what Elo players are used to).
SHOWN_START = 1500
SHOWN_PER_MU = 40
#: A rating is shown rounded to this many points: "about 1,520".
SHOWN_STEP = 10
#: At or below this uncertainty a rating has settled; above it the player is told it is still
#: settling. Under half the starting 25/3: after about 23 rated matches at two or four seats
#: against settled opponents (measured: benchmarks/ratings_bots.py, docs/ratings.md).
SETTLED_SIGMA = 4.0

@dataclass(frozen=True)
class Rating:
    """One player's rating in one game."""

    game: str
    mu: float
    sigma: float
    matches: int

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma`` that orders the leaderboard: a player
        climbs it by playing enough to be sure of, not by one lucky win."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The rating as a player reads it, on the display scale, rounded to ``SHOWN_STEP``."""
        exact = SHOWN_START + SHOWN_PER_MU * (self.mu - MODEL.mu)
        return int(round(exact / SHOWN_STEP)) * SHOWN_STEP

    @property
    def settled(self) -> bool:
        return self.sigma <= SETTLED_SIGMA

    def to_dict(self) -> dict[str, Any]:
        """The JSON model (``ratings_http.RatingOut``)."""
        return {"game": self.game, "shown": self.shown, "settled": self.settled,
                "matches": self.matches, "mu": self.mu, "sigma": self.sigma,
                "ordinal": self.ordinal}


def fresh(game: str) -> Rating:
    """The rating of a player before their first rated match of ``game``."""
    return Rating(game=game, mu=MODEL.mu, sigma=MODEL.sigma, matches=0)


def places(points: Sequence[int], sides: Sequence[Sequence[int]], winners: Sequence[int], *,
           lowest_wins: bool) -> list[int]:
    """Each side's place (1 is first): the winning sides first (a game may end before points
    decide, as Pontinho's last player in), then the others by points; equal standings share a
    place. Whether fewer points are better is the game's (``Game.lowest_wins``)."""
    won = set(winners)
    standing = [(0 if won.intersection(side) else 1, total if lowest_wins else -total)
                for total, side in zip(points, sides, strict=True)]
    return [1 + sum(1 for other in standing if other < mine) for mine in standing]


def update(teams: Sequence[Sequence[Rating]], ranks: Sequence[int]) -> list[list[Rating]]:
    """The ratings after one match: ``teams[i]`` (each side's players' ratings) finished at
    place ``ranks[i]``. Partners share their side's result; each member moves in proportion to
    their own uncertainty, as Weng–Lin's team model says."""
    before = [[MODEL.create_rating([r.mu, r.sigma]) for r in team] for team in teams]
    after = MODEL.rate(before, ranks=list(ranks))
    return [[Rating(game=old.game, mu=new.mu, sigma=new.sigma, matches=old.matches + 1)
             for old, new in zip(team, rated, strict=True)]
            for team, rated in zip(teams, after, strict=True)]
