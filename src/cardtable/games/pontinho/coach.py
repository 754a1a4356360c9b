"""What the coach counts in Pontinho to say why a better move is better, in a player's words:
going out first (PO-22) and the penalty points left in hand at the end (PO-2, PO-23).

Read off each sampled deal as the coach finishes it (``bots.review``); a void deal (PO-8), or
one cut at the coach's cap, counts as nobody going out and no penalty.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable.engine.plugin import CoachFact, CoachFacts

if TYPE_CHECKING:
    from cardtable.games.pontinho.state import PontinhoState

FACTS = (
    CoachFact("out", "count"),  # the mover goes out first
    CoachFact("penalty", "mean", fewer_is_better=True),  # penalty points left in hand
)


class _Watch:
    __slots__ = ("seat", "side")

    def __init__(self, seat: int, side: int) -> None:
        self.seat = seat
        self.side = side

    def step(self, state: Any) -> bool:
        return False

    def end(self, state: PontinhoState) -> Sequence[float]:
        outcome = state.outcome
        if outcome is None:
            return (0.0, 0.0)
        return (1.0 if outcome.details.get("went_out") == self.seat else 0.0,
                float(outcome.points[self.side]))


def start(before: PontinhoState, action_id: int, after: PontinhoState, seat: int) -> _Watch:
    return _Watch(seat, after.game.side_of(seat))


COACH_FACTS = CoachFacts(facts=FACTS, start=start)
