"""What a seat earns from a finished deal, for the research adapters.

- ``win``: 1 if the seat's side is among the deal's winners (equal best scores share the win,
  PU-18, PT-21; in Pontinho the player who went out, PO-23), else 0.
- ``points``: the deal points of the seat's side as the engine scores them: Punttu card points
  (PU-16), Putto side points (PT-16 … PT-19), Pontinho minus the penalty points (PO-23), so that
  more is always better.
"""

from __future__ import annotations

from cardtable.engine.game import Game
from cardtable.engine.outcome import Outcome
from cardtable.errors import OptionError
from cardtable.i18n import _

REWARDS = ("win", "points")


def check_reward(kind: str) -> str:
    if kind not in REWARDS:
        raise OptionError(
            _("reward must be one of {choices}, not {value!r}").format(
                choices=", ".join(REWARDS), value=kind
            )
        )
    return kind


def seat_reward(game: Game, outcome: Outcome, seat: int, kind: str) -> float:
    """``kind`` reward of ``seat`` for a deal that ended with ``outcome``."""
    if kind == "win":
        return 1.0 if seat in outcome.winners else 0.0
    points = float(outcome.points[game.side_of(seat)])
    return -points if game.lowest_wins else points
