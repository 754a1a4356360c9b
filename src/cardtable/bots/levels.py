"""Playing strength by level: ``easy``, ``medium`` and ``hard``.

- ``easy``: a beginner, the game's own rules of thumb (its descriptor's ``beginner``,
  ``cardtable.games.<game>.easy.choose``); a game without one plays a random legal action that
  avoids its obvious blunders (its descriptor's ``blunder``, ``easy.is_blunder``, read from the
  view; a game without one has none).
- ``medium``: the game's heuristic bot (``cardtable.games.<game>.heuristic``).
- ``hard``: ISMCTS with its defaults (``cardtable.bots.ismcts``; ``ismcts`` is the same bot).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.engine.action import Action
from cardtable.engine.bot import Bot
from cardtable.engine.game import Game
from cardtable.engine.plugin import Beginner, Blunder


def _never(view: Mapping[str, Any], action: Action) -> bool:
    return False


def game_blunders(game_name: str) -> Blunder:
    """The game's ``is_blunder(view, action)`` (its descriptor's), or one that finds none."""
    from cardtable.games import descriptor

    return descriptor(game_name).blunder or _never


def game_beginner(game_name: str) -> Beginner | None:
    """The game's beginner's move (its descriptor's ``beginner``), if it has one."""
    from cardtable.games import descriptor

    return descriptor(game_name).beginner


class EasyBot(Bot):
    """A beginner: the game's beginner's move where it has one (``easy.choose``: simple rules of
    thumb with a beginner's mistakes), else random; never an obvious blunder when something
    else is legal."""

    name: ClassVar[str] = "easy"

    def __init__(self, game: Game, seat: int, *, seed: int | None = None) -> None:
        super().__init__(game, seat, seed=seed)
        self._blunder = game_blunders(game.name)
        self._beginner = game_beginner(game.name)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self._beginner is not None:
            return self._beginner(view, legal, self.rng)
        sound = [action for action in legal if not self._blunder(view, action)]
        return self.rng.choice(sound or list(legal))


BOTS: dict[str, type[Bot]] = {"easy": EasyBot}
