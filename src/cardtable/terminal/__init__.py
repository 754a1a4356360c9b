"""Terminal tables, one renderer per game: ``renderer_for(game_name)`` finds it.

A front-end part of each game that needs neither the CLI nor Jinja2: ``cardtable.cli`` plays
with it, and importing one renderer loads only ``rich`` and the rules core.
"""

from __future__ import annotations

from cardtable.errors import CardtableError
from cardtable.i18n import _
from cardtable.terminal.base import Choice, SeatNames, TableRenderer


def renderers() -> dict[str, type[TableRenderer]]:
    """The terminal table of each game that has one (a front-end part of a game: the test
    ``tests/engine/test_plugins.py`` checks every registered game has it)."""
    return _registry()


def _registry() -> dict[str, type[TableRenderer]]:
    from cardtable.terminal.pontinho import PontinhoTable
    from cardtable.terminal.punttu import PunttuTable
    from cardtable.terminal.putto import PuttoTable

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
