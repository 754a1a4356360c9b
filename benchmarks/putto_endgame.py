"""Putto's endgame measured on its own: ``medium`` until the stock is empty, then the hard bot's
endgame (``cardtable.games.putto.endgame``), as a policy for the arena (docs/levels.md)::

    PYTHONPATH=benchmarks cardtable arena putto --players 4 \\
        --bots putto_endgame:policy,medium --deals 600 --seed 17 --json

It costs no search, so runs of thousands of deals take minutes where ``hard`` takes hours: the
gain of the endgame is told apart from the noise of the search before it. Measurement only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.action import Action
from cardtable.games import game as make_game
from cardtable.games.putto.endgame import endgame
from cardtable.games.putto.game import PuttoGame
from cardtable.games.putto.heuristic import PuttoHeuristic

_tables: dict[tuple[object, ...], PuttoGame] = {}


def policy(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """The endgame's move once the stock is empty, else ``medium``'s."""
    key = (view["players"], tuple(sorted(view["options"].items())))
    table = _tables.get(key)
    if table is None:
        made = make_game("putto", players=view["players"], **dict(view["options"]))
        assert isinstance(made, PuttoGame)
        table = _tables[key] = made
    medium = PuttoHeuristic(table, view["seat"])
    return endgame(table, view, legal) or medium.choose(view, legal)
