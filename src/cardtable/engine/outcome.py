"""The result of a deal or a match, as data (like python-chess's ``Outcome``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """Points per side, the sides' seats, and the winning seats.

    ``points[i]`` belongs to ``sides[i]``. In Punttu every seat is its own side; in Putto a side may
    be a team. ``winners`` lists seats; equal best scores share the win. ``details`` carries a
    game's own breakdown (why the points are what they are), JSON-safe.
    """

    points: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "sides": [list(side) for side in self.sides],
            "winners": list(self.winners),
            "reason": self.reason,
            **({"details": self.details} if self.details else {}),
        }


def best_sides(
    points: tuple[int, ...] | list[int],
    sides: tuple[tuple[int, ...], ...],
    *,
    lowest: bool = False,
) -> tuple[int, ...]:
    """Seats of every side with the best score (highest, or lowest for penalty games).

    Equal best scores share the win (PU-18, PT-21, PO-26).
    """
    best = min(points) if lowest else max(points)
    return tuple(
        sorted(seat for p, side in zip(points, sides, strict=True) if p == best for seat in side)
    )
