"""cardtable: Punttu, Pontinho and Putto — rules engine, bots, terminal and online play.

>>> import cardtable
>>> table = cardtable.game("punttu", players=4)
>>> state = table.deal(seed=42)
>>> state.to_move
1
>>> len(state.legal_actions())
3
"""

from cardtable.engine.action import Action
from cardtable.engine.events import Event
from cardtable.engine.game import Game, State
from cardtable.engine.match import Match
from cardtable.engine.options import Option, TableOptions
from cardtable.engine.outcome import Outcome
from cardtable.errors import (
    CardError,
    CardtableError,
    IllegalAction,
    OptionError,
    RecordError,
    SetupError,
    UnknownGame,
)
from cardtable.games import available, game

__version__ = "0.1.0"

__all__ = [
    "Action",
    "CardError",
    "CardtableError",
    "Event",
    "Game",
    "IllegalAction",
    "Match",
    "Option",
    "OptionError",
    "Outcome",
    "RecordError",
    "SetupError",
    "State",
    "TableOptions",
    "UnknownGame",
    "available",
    "game",
]
