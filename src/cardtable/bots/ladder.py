"""The ladder of bot levels: a round robin of ``random``, ``easy``, ``medium`` and ``hard`` on
duplicate deals, rated by Bradley–Terry (``cardtable.bots.ratings``), and the ratings the
package ships for the lobby.

Why a round robin and not each level against one yardstick: ratings need every pair, and a
level's rating then rests on all its games. Each pair plays the same duplicate deals (the run's
seed), the two levels seated alternately around the table (at 4 seats ``a, b, a, b``: in Putto's
pairs a team of each). Each pair's points difference over the paired deals is kept too
(``cardtable.bots.paired``).

``LADDER_FILE`` (``cardtable/bots/ladder.json``) holds the ratings measured by
``cardtable arena GAME --players N --ladder --ladder-into src/cardtable/bots/ladder.json`` per
game and player count, with the command's parameters; ``/api/games`` serves them with one line
per level (the game descriptor's ``level_descriptions``) so the lobby can show what each level is.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from cardtable.bots.evaluate import Budget, DealResult, head_to_head
from cardtable.bots.paired import PairedDifference
from cardtable.bots.ratings import Rating, deal_score, ratings
from cardtable.engine.plugin import LEVELS as PLUGIN_LEVELS

#: The levels, weakest first by design (each game describes each in its descriptor);
#: ``random`` anchors the scale at 0.
LEVELS: tuple[str, ...] = PLUGIN_LEVELS
ANCHOR = "random"

LADDER_FILE = "ladder.json"


@dataclass(frozen=True, slots=True)
class Ladder:
    """A round robin's result: every level's rating, and each pair's score and points gap."""

    game: str
    players: int
    deals: int
    seed: int
    budget: Budget | None
    ratings: tuple[Rating, ...]
    pairs: tuple[tuple[str, str, float, PairedDifference], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "deals": self.deals,
            "seed": self.seed,
            "budget": None
            if self.budget is None
            else {"iterations": self.budget.iterations, "time_limit": self.budget.time_limit},
            "anchor": ANCHOR,
            "scale": "elo-bradley-terry",
            "ratings": {r.name: r.to_dict() for r in self.ratings},
            "pairs": [
                {"a": a, "b": b, "score": round(score, 4), "points_difference": gap.to_dict()}
                for a, b, score, gap in self.pairs
            ],
        }


def seating(a: str, b: str, players: int) -> list[str]:
    """``a`` and ``b`` alternately around the table from seat 0."""
    return [a if seat % 2 == 0 else b for seat in range(players)]


def round_robin(
    game: str,
    players: int,
    deals: int,
    seed: int,
    *,
    levels: Sequence[str] = LEVELS,
    jobs: int = 1,
    budget: Budget | None = None,
    table_options: dict[str, object] | None = None,
    progress: Callable[[str, str, int], None] | None = None,
) -> Ladder:
    """Every pair of ``levels`` on the same ``deals`` duplicate deals; the fitted ratings."""
    scores: dict[tuple[str, str], list[float]] = {}
    pairs = []
    for i, a in enumerate(levels):
        for b in levels[i + 1 :]:
            gap = PairedDifference(a, b)
            per_deal: list[float] = []

            def count(
                deal: DealResult,
                gap: PairedDifference = gap,
                per_deal: list[float] = per_deal,
                a: str = a,
                b: str = b,
            ) -> None:
                gap.add(deal)
                per_deal.append(deal_score(deal, a, b))

            head_to_head(
                game,
                players,
                seating(a, b, players),
                deals,
                seed,
                jobs=jobs,
                budget=budget,
                table_options=table_options,
                on_deal=count,
                progress=None if progress is None else _tell(progress, a, b),
            )
            scores[(a, b)] = per_deal
            pairs.append((a, b, sum(per_deal) / len(per_deal), gap))
    rated = ratings(
        list(levels), scores, anchor=ANCHOR if ANCHOR in levels else levels[0], seed=seed
    )
    return Ladder(game, players, deals, seed, budget, tuple(rated), tuple(pairs))


def _tell(progress: Callable[[str, str, int], None], a: str, b: str) -> Callable[[int], None]:
    return lambda done: progress(a, b, done)


def shipped() -> dict[str, Any]:
    """The ratings the package ships (``LADDER_FILE``): ``{game: {players: entry}}``."""
    try:
        text = resources.files("cardtable.bots").joinpath(LADDER_FILE).read_text("utf-8")
    except FileNotFoundError:
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


def save_into(path: Path, ladder: Ladder, command: str) -> None:
    """Merge ``ladder`` into the ladder file at ``path`` (one entry per game and table size)."""
    data: dict[str, Any] = json.loads(path.read_text("utf-8")) if path.exists() else {}
    entry = ladder.to_dict()
    entry["command"] = command
    data.setdefault(ladder.game, {})[str(ladder.players)] = entry
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf-8")


def lobby_levels(game: str, gettext: Callable[[str], str]) -> dict[str, Any]:
    """What the lobby shows per level of ``game``: its line and its ratings by table size."""
    measured = shipped().get(game, {})
    out: dict[str, Any] = {}
    from cardtable.games import descriptor

    for level, line in descriptor(game).level_descriptions.items():
        out[level] = {
            "description": gettext(line),
            "ratings": {
                players: entry["ratings"][level]
                for players, entry in sorted(measured.items(), key=lambda kv: int(kv[0]))
                if level in entry.get("ratings", {})
            },
        }
    return out
