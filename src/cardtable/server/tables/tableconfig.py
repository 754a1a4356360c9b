"""What a table is made of (its game, options, seats, timers), as stored with the table and
read back when it is rebuilt, and whether it can be played (``TableConfig.check``). Data: the
running table (``server/tables/table.py``) and the lobby read it; nothing here runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cardtable
from cardtable.bots.base import available_bots
from cardtable.errors import CardtableError
from cardtable.games import descriptor
from cardtable.i18n import _
from cardtable.server.tables import clock
from cardtable.server.transport.errors import ServerError


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
    #: The game clock's profile (``clock.PROFILES``); ``None``: no clock.
    clock: str | None = None
    #: The house-rule preset the options play (``engine.presets``: a preset's name, or
    #: ``custom``), kept with the table as it was named when the table was made; ``None``
    #: until the lobby makes the table (it names it from the options).
    preset: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "options": self.options,
            "seats": [s.to_dict() for s in self.seats],
            "turn_seconds": self.turn_seconds,
            "hints": self.hints,
            "public": self.public,
            "continue_seconds": self.continue_seconds,
            "clock": self.clock,
            "preset": self.preset,
        }

    def check(self) -> None:
        """Refuse a table that cannot be played, saying why (``table/bad_config``): the lobby
        asks before it makes one."""
        config = self
        try:
            game = cardtable.game(config.game, config.players, **config.options)
        except CardtableError as error:
            raise ServerError("table/bad_config", reason=str(error)) from None
        if len(config.seats) != game.players:
            raise ServerError(
                "table/bad_config",
                reason=_("{n} seats were described for {players} players").format(
                    n=len(config.seats), players=game.players
                ),
            )
        levels = available_bots(game.name)
        for index, seat in enumerate(config.seats):
            if seat.kind == "bot" and seat.level not in levels:
                raise ServerError(
                    "table/bad_config",
                    reason=_(
                        "seat {seat}: unknown bot level {level!r}; choose one of {levels}"
                    ).format(seat=index, level=seat.level, levels=", ".join(levels)),
                )
            if seat.kind not in ("person", "bot"):
                raise ServerError(
                    "table/bad_config",
                    reason=_("seat {seat} is 'person' or 'bot', not {kind!r}").format(
                        seat=index, kind=seat.kind
                    ),
                )
        turn = config.turn_seconds
        if turn is not None and turn != 0 and not 0.01 <= turn <= 3600:
            raise ServerError(
                "table/bad_config", reason=_("the turn timer is 0.01 to 3600 seconds")
            )
        if not 0.01 <= config.continue_seconds <= 3600:
            raise ServerError(
                "table/bad_config",
                reason=_("the wait for Continue after a deal is 0.01 to 3600 seconds"),
            )
        if config.clock is not None and config.clock not in clock.CHOICES:
            raise ServerError(
                "table/bad_config",
                reason=_("the clock is one of {choices}").format(choices=", ".join(clock.CHOICES)),
            )
        if not any(seat.kind == "person" for seat in config.seats):
            raise ServerError("table/bad_config", reason=_("a table needs at least one person"))

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
            clock=data.get("clock"),
            # a table stored before presets existed: named from its options
            preset=data.get("preset") or descriptor(game).preset_of(data["options"]),
        )
