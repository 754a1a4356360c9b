"""The games, one package each, and the one registry every front end and adapter asks.

A game is a plug-in: its package exports one ``GameDescriptor`` as ``GAME`` (its game class
with the match class, its bots, blunder check, search hooks, deck and turn direction) and is
named once, in ``_registry`` below. ``cardtable.game()``, the bots, the CLI, the server, the
browser (through ``/api/games``) and the research adapters find everything through here.
"""

from __future__ import annotations

import difflib
from functools import cache
from typing import TYPE_CHECKING

from cardtable.engine.game import Game
from cardtable.engine.plugin import GameDescriptor
from cardtable.errors import UnknownGame
from cardtable.i18n import _

if TYPE_CHECKING:
    from cardtable.engine.match import Match

@cache
def _registry() -> dict[str, GameDescriptor]:
    """The registry. A fourth game is its package plus its name on the import line below
    (docs/architecture.md, "Adding a game"). Imported on first use, so that importing one
    game's modules does not load the others first."""
    from cardtable.games import pontinho, punttu, putto

    return {package.GAME.name: package.GAME for package in (pontinho, punttu, putto)}


def register(game: GameDescriptor) -> None:
    """Add a game from outside this package (a test's own game): from then on every front end
    finds it as it finds the three. ``unregister`` takes it away again."""
    registry = _registry()
    if game.name in registry:
        raise ValueError(f"a game named {game.name!r} is already registered")
    registry[game.name] = game


def unregister(name: str) -> None:
    """Take away a game ``register`` added."""
    _registry().pop(name, None)


def available() -> list[str]:
    """Names of the games cardtable plays."""
    return sorted(_registry())


def descriptors() -> list[GameDescriptor]:
    """Every registered game's descriptor, by name."""
    registry = _registry()
    return [registry[name] for name in sorted(registry)]


def descriptor(name: str) -> GameDescriptor:
    """The descriptor of ``name``; ``UnknownGame`` says which names exist."""
    registry = _registry()
    key = name.strip().lower() if isinstance(name, str) else name
    if key in registry:
        return registry[key]
    close = difflib.get_close_matches(str(name).lower(), registry, n=1)
    hint = _(" (did you mean {name}?)").format(name=close[0]) if close else ""
    raise UnknownGame(
        _("unknown game {name!r}{hint}; cardtable plays: {games}").format(
            name=name, hint=hint, games=", ".join(sorted(registry))
        )
    )


def game_class(name: str) -> type[Game]:
    """The ``Game`` class of ``name``; ``UnknownGame`` says which names exist."""
    return descriptor(name).game_class


def game(name: str, players: int | None = None, **options: object) -> Game:
    """A table of ``name`` for ``players`` with validated, frozen table ``options``."""
    return game_class(name)(players, **options)


def match_class(table: Game) -> type[Match]:
    """The class of ``table``'s matches, as its game declares it (``Game.match_class``)."""
    return descriptor(table.name).match_class
