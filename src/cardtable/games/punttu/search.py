"""Punttu's rollout policy for tree searches: fast, mostly greedy, partly random.

It works directly on a sampled state's internals and integer action ids (the card ints), so it
must only ever be given a state a bot imagined (``Game.sample_state``), never the real deal.

The greedy move follows two rules of thumb: when the trick can be won cheaply and is worth it
(the last to play, or at least ``RICH`` points on the table), win it with the lowest card that
beats the table (PU-12: strictly higher); otherwise throw the card worth fewest points, the
lowest trick rank among equals (a lead loses least that way). With chance ``EPSILON`` a uniformly
random card is played instead (the Scopone study of Di Palma & Lanzi found mostly-greedy
rollouts with about 30% random moves best; here 15% measured a little better, within noise:
docs/levels.md, "Why the constants are what they are").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.engine.plugin import SearchHooks, prior_from_scores
from cardtable.games.punttu.deck import CARD_POINTS, TRICK_RANK
from cardtable.games.punttu.state import PunttuState

#: Chance of a uniformly random card instead of the greedy one.
EPSILON = 0.15
#: The search's reward: mostly the share of the deal's points, less the win itself: points tell
#: a search more, playout by playout, than a win or a loss does (measured: docs/levels.md).
WIN_WEIGHT = 0.3
#: Points on the table that make a trick worth winning before everyone has played.
RICH = 5

#: Action ids alike in every way, for tree searches: cards of one trick rank (PU-3) are worth the
#: same points (PU-2) and suits never matter, so a search treats them as one move.
ACTION_KEY: tuple[int, ...] = TRICK_RANK

#: The score gap (in points of medium's judgement) that divides a move's ``prior`` by e.
PRIOR_SPREAD = 2.0
#: The search leaves medium's move only when its choice is better by 1.5 standard errors (the
#: search's own gate, ``bots.ismcts``, as Putto's): ungated, ``hard`` rated below ``medium`` on
#: the two-player ladder the lobby shows (measured: docs/levels.md, "The ladder").
DEVIATION_Z = 1.5

#: Greedy order for throwing a card away: fewest points, then lowest trick rank.
_THROW_KEY: tuple[int, ...] = tuple(CARD_POINTS[c] * 8 + TRICK_RANK[c] for c in range(40))


def playout(state: PunttuState, rng: random.Random, epsilon: float = EPSILON) -> None:
    """Play ``state`` to the end of the deal with the rollout policy (in place).

    The rules of ``apply_unchecked`` (PU-11 … PU-16) run inline on local variables: the search
    spends most of its time here. The state is left over exactly as ``apply_unchecked`` would
    leave it: every hand empty, the points final and each trick's cards in its winner's pile
    (``outcome.details["tricks_won"]``; an oracle test compares the whole state)."""
    seat = state._to_move
    if seat is None:
        return
    pick = rng.random
    hands = state.hands
    stock = state.stock
    points = state.points
    won = state.won
    trick = state.trick
    n = state.n
    leader = state.leader
    rank = TRICK_RANK
    card_points = CARD_POINTS
    key = _THROW_KEY
    # The trick so far: its best trick rank, who holds it and the points on the table.
    best = -1
    best_at = 0
    pot = 0
    tricks = 0
    for i, c in enumerate(trick):
        pot += card_points[c]
        if rank[c] > best:
            best, best_at = rank[c], i
    while True:
        hand = hands[seat]
        size = len(hand)
        if size == 1:
            card = hand[0]
        elif pick() < epsilon:
            card = hand[int(pick() * size)]
        else:
            card = -1
            if trick and (pot >= RICH or len(trick) == n - 1):
                for c in hand:  # win it with the lowest card that beats it (PU-12)
                    if rank[c] > best and (card < 0 or rank[c] < rank[card]):
                        card = c
            if card < 0:  # throw the card worth least
                card = hand[0]
                for c in hand:
                    if key[c] < key[card]:
                        card = c
        hand.remove(card)
        if rank[card] > best:
            best, best_at = rank[card], len(trick)
        pot += card_points[card]
        trick.append(card)
        if len(trick) < n:
            seat = seat + 1 if seat + 1 < n else 0
            continue
        winner = (leader + best_at) % n  # PU-12
        points[winner] += pot  # PU-16
        won[winner] += trick
        trick.clear()
        tricks += 1
        best = -1
        pot = 0
        if stock:  # PU-13
            for offset in range(n):
                hands[(winner + offset) % n].append(stock.pop())
        leader = seat = winner  # PU-14
        if not hands[winner]:  # PU-15
            break
    state.leader = leader
    state.tricks_played += tricks
    state._to_move = None


def endgame(game: Game, view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """The exact move at two players once the stock is empty (PU-15): the unseen cards are then
    the opponent's hand, and the heuristic bot's minimax solves the rest of the deal from the view
    alone. ``None`` otherwise (the search decides)."""
    if view["players"] != 2 or view["stock"] != 0:
        return None
    from cardtable.games.punttu.heuristic import PunttuHeuristic

    return PunttuHeuristic(game, view["seat"]).choose(view, legal)


def side_points(state: PunttuState) -> list[int]:
    """Points per side of a finished deal (every seat is its own side, PU-16)."""
    return state.points


def prior(state: PunttuState, ids: list[int]) -> list[float]:
    """The medium bot's judgement of each card in ``ids`` for the seat to move, from what that
    seat would know in this sampled deal (its hand, the cards it has not seen: the other hands
    and the stock), 1 for the move it would play and less by ``PRIOR_SPREAD`` points: the
    search starts from medium's choices and corrects them."""
    from cardtable.games.punttu.heuristic import rank_scores, two_values

    mover = state._to_move
    assert mover is not None
    n = state.n
    hands = state.hands
    stock = state.stock
    trick = state.trick
    rank = TRICK_RANK
    unseen_ranks = [0] * 7
    for seat in range(n):
        if seat != mover:
            for c in hands[seat]:
                unseen_ranks[rank[c]] += 1
    for c in stock:
        unseen_ranks[rank[c]] += 1
    candidates = {rank[c] for c in ids}
    scores: list[tuple[int, float]]
    if n == 2 and not stock:
        led = trick[0] if trick else None
        scores = [(r, float(v)) for r, v in two_values(hands[mover], unseen_ranks, led, candidates)]
    else:
        best_rank = -1
        pot = 0
        for c in trick:
            pot += CARD_POINTS[c]
            if rank[c] > best_rank:
                best_rank = rank[c]
        later = [len(hands[(mover + k) % n]) for k in range(1, n - len(trick))]
        more = len(hands[mover]) > 1 or bool(stock)
        scores = rank_scores(n, best_rank, pot, unseen_ranks, later, more, candidates)
    # medium's own choice is the first best, lowest rank first (the order of ``scores``)
    values = prior_from_scores([score for _, score in scores], range(len(scores)), PRIOR_SPREAD)
    by_rank = {r: value for (r, _), value in zip(scores, values, strict=True)}
    return [by_rank[rank[c]] for c in ids]


#: What the hard bot's search takes from Punttu (``cardtable.bots.ismcts``).
HOOKS = SearchHooks(
    playout=playout,
    side_points=side_points,
    action_key=ACTION_KEY,
    endgame=endgame,
    prior=prior,
    win_weight=WIN_WEIGHT,
    deviation_z=DEVIATION_Z,
)
