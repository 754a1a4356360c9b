"""Medium's judgement of a sampled deal, for the hard bot: its score of each move and its move,
read off a state's fields (``Memory.of_state``) instead of a view.

Only ever given states a bot imagined (``PuttoGame.sample_state``): the search's prior
(``search.prior``) and the endgame's model of the other seats (``endgame``) ask it. The
heuristic itself (``heuristic.py``) sees views only and imports no state.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.putto.heuristic import Memory, PuttoHeuristic, first_best
from cardtable.games.putto.state import CAPTURE, PuttoState, action_order


def move_scores(state: PuttoState, ids: Sequence[int]) -> list[float]:
    """Medium's score of each action id in ``ids`` for the seat to move in ``state``, from what
    that seat knows there (``Memory.of_state``): for searches of sampled deals, never the real
    one."""
    seat = state._to_move
    assert seat is not None
    memory = Memory.of_state(state, seat)
    stock = len(state.stock)
    sizes = [len(hand) for hand in state.hands]
    score = PuttoHeuristic.score_move
    return [score(memory, a % CAPTURE, a >= CAPTURE, stock, sizes) for a in ids]


def medium_move(state: PuttoState) -> int:
    """The action id medium plays for the seat to move in ``state`` (a sampled deal): the first
    best in the order of ``legal_actions``, as ``PuttoHeuristic.choose`` picks it."""
    ids = sorted(state.legal_action_ids(), key=action_order)
    if len(ids) == 1:
        return ids[0]
    return first_best(ids, move_scores(state, ids))
