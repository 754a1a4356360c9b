"""Bots: players that see only their seat's view (never the state) and choose a legal action.

``make_bot(name, game, seat, seed=…)`` builds one by name: ``random`` for every game; the levels
``easy`` (random, obvious blunders avoided), ``medium`` (the game's ``heuristic``, from
``cardtable.games.<game>.heuristic``) and ``hard`` (ISMCTS, ``cardtable.bots.ismcts``; also
``ismcts``), for the games that have what each needs.
"""

from cardtable.bots.base import Bot, available_bots, make_bot
from cardtable.bots.driver import play_out

__all__ = ["Bot", "available_bots", "make_bot", "play_out"]
