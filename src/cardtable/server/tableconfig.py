"""What a table is made of (its game, options, seats, timers), as stored with the table and
read back when it is rebuilt. Plain data: the running table (``server/table.py``) and the lobby
read it; nothing here runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, kw_only=True)
class SeatPlan:
    """A seat as the table was made: for a person, or a bot of a level."""

    kind: str  # "person" | "bot"
    level: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level}


@dataclass(frozen=True, kw_only=True)
class TableConfig:
    """What a table is made of; stored as the table's configuration."""

    game: str
    players: int
    options: dict[str, Any]
    seats: tuple[SeatPlan, ...]
    turn_seconds: float | None = None
    hints: bool = True
    #: Listed in the lobby's open tables ("open to anyone"); else only its link finds it.
    public: bool = False
    #: How long the deal-end pause waits for people who have not pressed Continue.
    continue_seconds: float = 30.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "options": self.options,
            "seats": [s.to_dict() for s in self.seats],
            "turn_seconds": self.turn_seconds,
            "hints": self.hints,
            "public": self.public,
            "continue_seconds": self.continue_seconds,
        }

    @classmethod
    def from_stored(cls, game: str, players: int, data: dict[str, Any]) -> TableConfig:
        return cls(
            game=game,
            players=players,
            options=dict(data["options"]),
            seats=tuple(SeatPlan(kind=s["kind"], level=s["level"]) for s in data["seats"]),
            turn_seconds=data.get("turn_seconds"),
            hints=bool(data.get("hints", True)),
            public=bool(data.get("public", False)),
            continue_seconds=float(data.get("continue_seconds", 30.0)),
        )
