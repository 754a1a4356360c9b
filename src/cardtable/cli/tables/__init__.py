"""Terminal tables, one renderer per game: ``renderer_for(game_name)`` finds it."""

from __future__ import annotations

from cardtable.cli.tables.base import Choice, SeatNames, TableRenderer
from cardtable.errors import CardtableError
from cardtable.i18n import _


def renderers() -> dict[str, type[TableRenderer]]:
    """The terminal table of each game that has one (a front-end part of a game: the test
    ``tests/engine/test_plugins.py`` checks every registered game has it)."""
    return _registry()


def _registry() -> dict[str, type[TableRenderer]]:
    from cardtable.cli.tables.pontinho import PontinhoTable
    from cardtable.cli.tables.punttu import PunttuTable
    from cardtable.cli.tables.putto import PuttoTable

    return {cls.game_name: cls for cls in (PontinhoTable, PunttuTable, PuttoTable)}


def renderer_for(game_name: str, names: SeatNames) -> TableRenderer:
    """The terminal table of ``game_name``; an error if none is written yet."""
    cls = _registry().get(game_name)
    if cls is None:
        raise CardtableError(
            _("{game} cannot be played in the terminal yet; terminal tables exist for: {games}")
            .format(game=game_name, games=", ".join(sorted(_registry())))
        )
    return cls(names)


__all__ = ["Choice", "SeatNames", "TableRenderer", "renderer_for", "renderers"]
