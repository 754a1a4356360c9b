"""The bot interface, in the kernel: the bots layer and the games' own bots (their heuristics)
both build on it, so it sits below both (a game's heuristic must not import the bots layer)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.engine.action import Action
from cardtable.engine.game import Game


class Bot(ABC):
    """A player. ``choose`` gets the seat's view (with memory) and the legal actions only.

    Bots are reproducible: the same seed, table and views give the same choices.
    """

    name: ClassVar[str]

    #: Whether ``choose`` also takes a match's decisions between deals (Pontinho's buy-backs),
    #: given ``Match.decision_view``; bots that cannot leave them to the game's ``medium`` bot.
    decides_between_deals: ClassVar[bool] = False

    def __init__(self, game: Game, seat: int, *, seed: int | None = None) -> None:
        self.game = game
        self.seat = game.check_seat(seat)
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` given ``view`` (``State.view(seat, memory=True)``)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seat={self.seat}>"
