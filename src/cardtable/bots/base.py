"""The bot interface and the registry of bots by name."""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.errors import OptionError
from cardtable.i18n import _


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


class RandomBot(Bot):
    """Plays a uniformly random legal action: the floor every other bot must beat."""

    name: ClassVar[str] = "random"
    decides_between_deals: ClassVar[bool] = True

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return legal[0] if len(legal) == 1 else self.rng.choice(list(legal))


def _game_bots(game_name: str) -> dict[str, type[Bot]]:
    """Bots a game's package provides in its ``heuristic`` module (``BOTS``)."""
    try:
        module = importlib.import_module(f"cardtable.games.{game_name}.heuristic")
    except ModuleNotFoundError:
        return {}
    bots: dict[str, type[Bot]] = getattr(module, "BOTS", {})
    return bots


def _all_bots(game: Game | type[Game] | str) -> dict[str, type[Bot]]:
    """Every bot that can play ``game`` by name, levels included."""
    from cardtable.bots import ismcts, levels

    name = game if isinstance(game, str) else game.name
    bots: dict[str, type[Bot]] = {"random": RandomBot, **levels.BOTS, **_game_bots(name)}
    if "heuristic" in bots:
        bots["medium"] = bots["heuristic"]
    if isinstance(game, str):
        from cardtable.games import game_class

        game = game_class(game)
    if ismcts.can_search(game):
        bots.update(ismcts.BOTS)
    return bots


def available_bots(game_name: str) -> list[str]:
    """Names of the bots that can play ``game_name``: ``random``, the levels ``easy``,
    ``medium`` (the game's ``heuristic``) and ``hard`` (ISMCTS, also called ``ismcts``) where
    the game has what they need."""
    return sorted(_all_bots(game_name))


def make_bot(name: str, game: Game, seat: int, *, seed: int | None = None) -> Bot:
    """A bot called ``name`` for ``seat`` at table ``game``, seeded with ``seed``; a name
    ``package.module:name`` seats that Python policy (``cardtable.bots.policy``)."""
    if ":" in name:
        from cardtable.bots.policy import PolicyBot

        return PolicyBot(game, seat, seed=seed, spec=name)
    bots = _all_bots(game)
    cls = bots.get(name.strip().lower())
    if cls is None:
        raise OptionError(
            _("unknown bot {name!r} for {game}; choose one of: {bots}").format(
                name=name, game=game.name, bots=", ".join(sorted(bots))
            )
        )
    return cls(game, seat, seed=seed)
