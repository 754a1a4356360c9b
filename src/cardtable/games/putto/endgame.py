"""Putto's endgame for the hard bot: once the stock is empty, look to the end of the deal.

With the stock gone (PT-13, PT-14) nothing more is drawn: the cards this seat has not seen are
exactly the other hands, so every remaining play can be looked through to the end. For each
sampled split of those cards among the other hands (``PuttoGame.sample_state``: only the split
is unknown; at two players there is none, the opponent's hand is what is unseen), each of the
seat's moves is valued by playing the deal out with every other seat playing as ``medium``
does (``medium.medium_move``, which judges from that seat's own knowledge) and this seat
choosing, at each of its later turns, the move that ends best. The move with the best total
over the samples is played; medium's own move wins a tie.

The value of a finished deal is the seat's side's points less the best other side's (PT-16,
PT-17, with the leftover of PT-15 and the last-play sweep of PT-18 as the table has them): at
two sides, the points difference.

Why a best reply to ``medium`` rather than a minimax: the other players are modelled as the
good players the bots are, not as players who see every card. Measured against ``medium``
(docs/levels.md), at two players it gains +0.67 points a deal where an exact minimax gains +0.48,
and at four it gains about a point a deal where a minimax over sampled splits loses half a
point (partners and rivals credited with seeing every card play moves nobody would).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable.engine.action import Action
from cardtable.games.putto.medium import medium_move
from cardtable.games.putto.state import PuttoState, deal_points

if TYPE_CHECKING:
    from cardtable.games.putto.game import PuttoGame

#: Sampled splits of the unseen cards among the other hands (at three or more players).
SAMPLES = 16


def endgame(game: PuttoGame, view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """The hard bot's move once the stock is empty (see the module's documentation); ``None``
    while the stock lasts (the search decides then).

    The samples are seeded from the position itself, so one position always gets one move
    (reproducible without the bot's random stream, which this hook does not get)."""
    if view["stock"] != 0 or len(legal) < 2:
        return None
    seat = view["seat"]
    rng = random.Random(_position_seed(view))
    # With one other hand left (always at two players) the unseen cards are that hand: every
    # sample is the position itself.
    others = sum(1 for other, size in enumerate(view["hand_sizes"]) if other != seat and size)
    samples = 1 if others <= 1 else SAMPLES
    first = game.sample_state(view, rng)
    ids = [first.action_id(action) for action in legal]
    totals = dict.fromkeys(ids, 0)
    for index in range(samples):
        state = first if index == 0 else game.sample_state(view, rng)
        side = state._side_of[seat]
        for action_id in ids:
            after = state.clone()
            after.apply_unchecked(action_id)
            totals[action_id] += best_reply_value(after, seat, side)
    medium = medium_move(first)
    best = max(ids, key=lambda a: (totals[a], a == medium))
    return legal[ids.index(best)]


def best_reply_value(state: PuttoState, seat: int, side: int) -> int:
    """The end value (``side``'s points less the best other side's) of ``state`` when ``seat``
    plays each of its turns as well as it can and every other seat plays as medium does."""
    while True:
        mover = state._to_move
        if mover is None:
            points = deal_points(state.piles, state.sweeps)[0]
            return points[side] - max(p for other, p in enumerate(points) if other != side)
        if mover == seat:
            break
        state.apply_unchecked(medium_move(state))
    best = None
    for action_id in state.legal_action_ids():
        after = state.clone()
        after.apply_unchecked(action_id)
        value = best_reply_value(after, seat, side)
        if best is None or value > best:
            best = value
    assert best is not None
    return best


def _position_seed(view: dict[str, Any]) -> int:
    text = repr((view["seat"], view["hand"], view["table"], view["log"]))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
