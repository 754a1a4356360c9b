"""What the coach counts in Putto to say why a better move is better, in a player's words: the
cards the move captures and whether it sweeps (PT-9, PT-12), whether the next player sweeps
right after it (the risk of leaving a lone card or rank), and the deal's breakdown for the
mover's side: sweeps, card points and the primiera (PT-16, PT-17).

The facts are read off each sampled deal as the coach finishes it (``bots.review``), so
nothing is said it did not count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.plugin import CoachFact, CoachFacts
from cardtable.games.putto.state import CAPTURE, deal_points

if TYPE_CHECKING:
    from cardtable.games.putto.state import PuttoState

FACTS = (
    CoachFact("captured", "mean"),  # table cards the move captures (known at once)
    CoachFact("sweep", "count"),  # the move sweeps the table (known at once)
    CoachFact("swept_next", "count", fewer_is_better=True),  # the next player sweeps after it
    CoachFact("sweeps", "mean"),  # the side's sweeps in the deal
    CoachFact("card_points", "mean"),  # the side's card points at the end (PT-2)
    CoachFact("primiera", "mean"),  # the suits of the primiera the side wins (PT-17)
)


class _Watch:
    """Reads the move at once, watches the next player's move, then reads the deal's end."""

    __slots__ = ("side", "captured", "swept", "next_side", "next_sweeps", "swept_next")

    def __init__(self, before: PuttoState, action_id: int, after: PuttoState, seat: int) -> None:
        side_of = after._side_of
        self.side = side_of[seat]
        if action_id >= CAPTURE:
            rank = (action_id - CAPTURE) % 10
            self.captured = float(sum(1 for c in before.table if c % 10 == rank))
        else:
            self.captured = 0.0
        self.swept = after.sweeps[self.side] > before.sweeps[self.side]
        mover = after.to_move
        # the next player, if an opponent: a partner's sweep is no risk
        self.next_side = -1 if mover is None or side_of[mover] == self.side else side_of[mover]
        self.next_sweeps = after.sweeps[self.next_side] if self.next_side >= 0 else 0
        self.swept_next = False

    def step(self, state: PuttoState) -> bool:
        if self.next_side >= 0:
            self.swept_next = state.sweeps[self.next_side] > self.next_sweeps
        return False

    def end(self, state: PuttoState) -> Sequence[float]:
        side = self.side
        _points, card_points, primiera = deal_points(state.piles, state.sweeps)
        return (
            self.captured,
            1.0 if self.swept else 0.0,
            1.0 if self.swept_next else 0.0,
            float(state.sweeps[side]),
            float(card_points[side]),
            float(len(primiera[side])),
        )


def start(before: PuttoState, action_id: int, after: PuttoState, seat: int) -> _Watch:
    return _Watch(before, action_id, after, seat)


COACH_FACTS = CoachFacts(facts=FACTS, start=start)
