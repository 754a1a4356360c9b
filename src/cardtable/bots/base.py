"""The registry of bots by name (the interface, ``Bot``, is the kernel's ``engine.bot``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.engine.action import Action
from cardtable.engine.bot import Bot
from cardtable.engine.game import Game
from cardtable.errors import OptionError
from cardtable.i18n import _


class RandomBot(Bot):
    """Plays a uniformly random legal action: the floor every other bot must beat."""

    name: ClassVar[str] = "random"
    decides_between_deals: ClassVar[bool] = True

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return legal[0] if len(legal) == 1 else self.rng.choice(list(legal))


def game_bots(game_name: str) -> dict[str, type[Bot]]:
    """The game's own bots (its descriptor's ``bots``: ``heuristic``)."""
    from cardtable.games import descriptor

    return dict(descriptor(game_name).bots)


def _all_bots(game: Game | type[Game] | str) -> dict[str, type[Bot]]:
    """Every bot that can play ``game`` by name, levels included."""
    from cardtable.bots import ismcts, levels

    name = game if isinstance(game, str) else game.name
    bots: dict[str, type[Bot]] = {"random": RandomBot, **levels.BOTS, **game_bots(name)}
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


__all__ = ["Bot", "RandomBot", "available_bots", "game_bots", "make_bot"]
