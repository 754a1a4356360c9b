"""The games, one package each, and the registry that ``cardtable.game()`` looks names up in."""

from __future__ import annotations

import difflib

from cardtable.engine.game import Game
from cardtable.errors import UnknownGame
from cardtable.i18n import _


def _registry() -> dict[str, type[Game]]:
    # Imported here so that loading one game does not load the others' modules first.
    from cardtable.games.pontinho import PontinhoGame
    from cardtable.games.punttu import PunttuGame
    from cardtable.games.putto import PuttoGame

    return {cls.name: cls for cls in (PontinhoGame, PunttuGame, PuttoGame)}


def available() -> list[str]:
    """Names of the games cardtable plays."""
    return sorted(_registry())


def game_class(name: str) -> type[Game]:
    """The ``Game`` class of ``name``; ``UnknownGame`` says which names exist."""
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


def game(name: str, players: int | None = None, **options: object) -> Game:
    """A table of ``name`` for ``players`` with validated, frozen table ``options``."""
    return game_class(name)(players, **options)
