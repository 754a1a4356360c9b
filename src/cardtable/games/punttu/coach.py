"""What the coach counts in Punttu to say why a better card is better, in a player's words: the
trick the card is played to (won or not, and its card points), the card points of the tricks
after it and the tricks won in the deal.

A trick's winner takes every card point in it (PU-12, PU-16); the facts are read off the
sampled deal as the coach finishes it (``bots.review``), so nothing is said it did not count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.plugin import CoachFact, CoachFacts

if TYPE_CHECKING:
    from cardtable.games.punttu.state import PunttuState

FACTS = (
    # this trick goes to the mover's side (count)
    CoachFact("trick", "count"),
    # the card points the mover's side takes from this trick (PU-16)
    CoachFact("trick_points", "mean"),
    # the card points the mover's side takes in the tricks after this one: what a card kept
    # for later, or a lead given away, is worth
    CoachFact("later_points", "mean"),
    # the tricks the mover's side wins in the whole deal
    CoachFact("tricks", "mean"),
)


class _Watch:
    """Follows the sampled deal until the move's trick is settled, then reads the deal's end."""

    __slots__ = ("side", "trick", "points", "won", "taken", "settled", "side_points")

    def __init__(self, before: PunttuState, after: PunttuState, seat: int) -> None:
        game = after.game
        self.side = frozenset(s for s in range(after.n) if game.side_of(s) == game.side_of(seat))
        self.trick = before.tricks_played
        self.points = list(before.points)
        self.won = False
        self.taken = 0.0
        self.settled = False
        self.side_points = 0
        self.step(after)  # the move may end the trick itself

    def step(self, state: PunttuState) -> bool:
        if self.settled:
            return False
        if state.tricks_played == self.trick:
            return True
        self.settled = True
        self.side_points = sum(state.points[s] for s in self.side)
        winner = state.leader  # PU-14: the trick's winner leads the next one
        if winner in self.side:
            self.won = True
            self.taken = float(state.points[winner] - self.points[winner])
        return False

    def end(self, state: PunttuState) -> Sequence[float]:
        tricks = sum(len(state.won[s]) for s in self.side) // state.n
        later = sum(state.points[s] for s in self.side) - self.side_points
        return (1.0 if self.won else 0.0, self.taken, float(later), float(tricks))


def start(before: PunttuState, action_id: int, after: PunttuState, seat: int) -> _Watch:
    return _Watch(before, after, seat)


COACH_FACTS = CoachFacts(facts=FACTS, start=start)
