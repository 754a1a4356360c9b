"""The playout: the rollout policy played on from a sampled state, to the deal's end or a cap.

**The cap.** A deal has no bound (PO-8 rebuilds the stock), so a playout stops after
``MAX_ACTIONS`` actions. A capped playout is scored as if the deal ended there with nobody out:
each seat's penalty points in hand (PO-2, PO-23) — ``side_points`` does this, and the search's
reward (lowest wins) follows.
"""

from __future__ import annotations

import random

from cardtable.cards.french import penalty_table
from cardtable.games.pontinho.phase import Phase
from cardtable.games.pontinho.search.masks import best_with_top, can_meld_with
from cardtable.games.pontinho.search.policy import EPSILON, choose
from cardtable.games.pontinho.state import PontinhoState

#: A playout stops after this many actions and is scored by the points left in hand: the
#: search's horizon, a tuning of the hard bot (not a bound on a deal, which is
#: ``PontinhoGame.deal_length_bound`` / ``playout_cap_actions``).
MAX_ACTIONS = 400

_OVER = Phase.OVER
_DRAW_PHASE = Phase.DRAW
_CLAIM = Phase.CLAIM


def playout(state: PontinhoState, rng: random.Random, epsilon: float = EPSILON) -> None:
    """Play ``state`` on with the rollout policy (in place), at most ``MAX_ACTIONS`` actions.

    The same moves as ``choose`` played through ``apply_unchecked`` (the tests check it), with
    the draws and claim rounds — most of a deal's actions — played straight through the rules'
    effects (``state._do_*``), a whole claim round in one loop."""
    apply = state.apply_unchecked
    pick = rng.random
    points = penalty_table(state.game.options.figure_points)
    five = state.five
    hands = state.hands
    left = MAX_ACTIONS
    while left > 0:
        phase = state.phase
        if phase is _DRAW_PHASE:
            left -= 1
            discard = state.discard
            if discard:
                top = discard[-1]
                hand = hands[state.turn]
                if can_meld_with(hand, top):
                    meld = best_with_top(hand, top, points, False, five)
                    if meld is not None:
                        state._do_take(meld)
                        continue
            state._do_draw()
        elif phase is _CLAIM:
            claimants = state.claimants
            top = state.discard[-1]
            while left > 0:
                left -= 1
                hand = hands[claimants[0]]
                if len(hand) >= 4 and can_meld_with(hand, top):
                    meld = best_with_top(hand, top, points, True, five)
                    if meld is not None:
                        state._do_advance(meld)
                        break
                state._do_pass()
                if not claimants:
                    break  # everyone was asked (PO-21)
        elif phase is _OVER:
            return
        else:
            left -= 1
            apply(choose(state, pick, points, epsilon))


def side_points(state: PontinhoState) -> list[int]:
    """Penalty points per seat (every seat is its own side): the outcome's when the deal is over
    (0 for all in a void deal, PO-8), else — a playout stopped at the cap — each hand's points,
    as if the deal ended there with nobody out."""
    points = penalty_table(state.game.options.figure_points)
    out = state.went_out
    if state.phase is _OVER and out is None:
        return [0] * state.n
    return [
        0 if seat == out else sum(points[k] for k in hand) for seat, hand in enumerate(state.hands)
    ]
