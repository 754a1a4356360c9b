"""Observation tensors per game, built from a seat's view only (see ``base``)."""

from __future__ import annotations

from cardtable.engine.game import Game
from cardtable.research.games import part_for
from cardtable.research.observations.base import Layout, Observer, Vector
from cardtable.research.observations.pontinho import PontinhoObserver
from cardtable.research.observations.punttu import PunttuObserver
from cardtable.research.observations.putto import PuttoObserver

OBSERVERS: dict[str, type[Observer]] = {
    cls.game_name: cls for cls in (PunttuObserver, PuttoObserver, PontinhoObserver)
}


def observer_for(game: Game) -> Observer:
    """The observer of ``game``'s table."""
    return part_for(OBSERVERS, game)(game)


__all__ = ["OBSERVERS", "Layout", "Observer", "Vector", "observer_for"]
