"""Punttu's ``medium`` bot at two players as a pure JAX function, to train and measure against
inside a compiled loop.

``medium`` (``cardtable.games.punttu.heuristic.PunttuHeuristic``) is deterministic and reads
only its seat's view, so the same judgement written on arrays plays the same card from the
same ``PunttuState``: a learner that trains against it in JAX trains against the bot the arena
seats, at the JAX environment's speed rather than the engine's. Two players only, because
that is where it matters (the 2-player ladder) and where its endgame is an exact solve:

- while the stock lasts, every trick rank in hand is scored by ``rank_scores``' formula (what
  the trick is likely to bring, less what the card is worth kept for later) and the best,
  lowest rank on ties, is played;
- once the stock is empty, the unseen cards are the opponent's hand and the rest of the deal is
  ``solve_two``'s minimax, unrolled here over the at most three tricks left (hands as three
  rank slots, the played slot removed at each level).

The card played is the lowest card id of the chosen rank, as the bot's ``by_rank`` picks it.
The scores are computed in float64 with the bot's operations in the bot's order and rounded
where Python rounds them (``_rounded``, ``_exact``), because the bot's ties are often exact only
up to rounding (two ranks scoring 0.2352941176470591 and …976): in float32 one move in 300
went the other way, in float64 as the compiler likes to rearrange it one in 800, as written
none in 40,000 (the test drives both on the same deals and compares every move).
"""

from __future__ import annotations

from collections.abc import Callable

import jax
import jax.numpy as jnp
import numpy as np

from cardtable.games.punttu.deck import HAND_SIZE, TRICK_RANK
from cardtable.games.punttu.heuristic import (
    BEAT_WILLINGNESS,
    CAPTURE_POINTS,
    DUMP_POINTS,
    LEAD_COST,
)
from cardtable.research.jaxenv.core import Array
from cardtable.research.jaxenv.punttu import CARDS, PunttuEnv, PunttuState

RANKS = 7
#: PU-2, PU-3: a trick rank's points (rank 0 is the ace and the figures, 1 point each).
_RANK_POINTS = np.array([1 if rank == 0 else rank + 1 for rank in range(RANKS)], dtype=np.int32)
_CARD_RANK = np.array(TRICK_RANK, dtype=np.int32)
#: A value below any minimax outcome (a deal has 124 points), for slots that hold no card.
_NONE = -10_000


def medium_action(env: PunttuEnv, state: PunttuState) -> Array:
    """The card ``medium`` plays for ``state.current_player`` (one state: ``jax.vmap`` it)."""
    score, hand = medium_scores(env, state)
    card_rank = jnp.asarray(_CARD_RANK)
    rank = jnp.int32(0)
    with jax.enable_x64(True):
        # The first best is the lowest rank, as the bot breaks ties (elementwise only: a
        # reduction's batching rule would build its start value in float32).
        best = score[0]
        for other in range(1, RANKS):
            better = score[other] > best
            rank = jnp.where(better, jnp.int32(other), rank)
            best = jnp.where(better, score[other], best)
    return jnp.argmax(hand & (card_rank == rank)).astype(jnp.int32)  # its lowest card


def medium_scores(env: PunttuEnv, state: PunttuState) -> tuple[Array, Array]:
    """The bot's score of each trick rank (float64; minus infinity for ranks not in hand),
    and the hand."""
    if env.num_players != 2:
        raise ValueError("the JAX medium bot plays 2-player Punttu only")
    me = state.current_player
    hand = state.hands[me]
    card_rank = jnp.asarray(_CARD_RANK)
    rank_points = jnp.asarray(_RANK_POINTS)
    leading = state.trick_len == 0
    led = state.trick[0]
    led_rank = jnp.where(leading, -1, card_rank[jnp.maximum(led, 0)])
    in_trick = (~leading) & (jnp.arange(CARDS) == led)
    # What the bot has seen: its hand, the removed cards, every card played (PU-20: it remembers).
    unseen = ~(hand | env._removed | state.played | in_trick)
    ranks = jnp.arange(RANKS)
    by_rank = card_rank[None, :] == ranks[:, None]  # (ranks, cards)
    unseen_ranks = (by_rank & unseen[None, :]).sum(axis=1)
    candidates = (by_rank & hand[None, :]).any(axis=1)
    stock = env._stock_size - state.stock_pos

    endgame = _solve_two(hand, unseen, led_rank, leading, card_rank, rank_points)
    scored = _rank_scores(
        led_rank,
        jnp.where(leading, 0, rank_points[jnp.maximum(led_rank, 0)]),
        unseen_ranks,
        state.hands[1 - me].sum(),
        leading,
        (hand.sum() > 1) | (stock > 0),
        rank_points,
    )
    with jax.enable_x64(True):  # the bot's float64 scores, only here: nothing else changes
        score = jnp.where(stock == 0, endgame.astype(jnp.float64), scored())
        return jnp.where(candidates, score, -jnp.inf), hand


def _rank_scores(
    best_rank: Array,
    pot: Array,
    unseen_ranks: Array,
    opponent_cards: Array,
    leading: Array,
    more_tricks: Array,
    rank_points: Array,
) -> Callable[[], Array]:
    """``heuristic.rank_scores`` at two players, every rank at once: one rival, so its points
    weigh as much as ours and only a lead has a later player (the opponent, its hand's size).

    The counts are worked out here, in int32; the scores by the function returned, to be
    called with float64 enabled: the bot's operations in the bot's order, so that its ties
    (two ranks scoring the same up to rounding) break the same way."""
    ranks = jnp.arange(RANKS)
    unseen = unseen_ranks.sum()
    below = jnp.cumsum(unseen_ranks) - unseen_ranks
    above = unseen - below - unseen_ranks
    # The points of the lowest unseen rank above each rank (0 when none is left).
    higher = (ranks[None, :] > ranks[:, None]) & (unseen_ranks[None, :] > 0)
    beat_points = jnp.where(higher.any(axis=1), rank_points[jnp.argmax(higher, axis=1)], 0)
    size = opponent_cards
    misses, draws = _comb(unseen - above, size), _comb(unseen, size)
    sure = (above > 0) & (size > 0) & (unseen - above < size)
    never = (above <= 0) | (size <= 0)
    beats = ranks > best_rank
    gained = pot + rank_points  # the table's points and the card's
    future_points = rank_points + CAPTURE_POINTS

    def scores() -> Array:
        f64 = jnp.float64
        points = rank_points.astype(f64)
        zero = (unseen < 0).astype(jnp.int64)  # never true: see _rounded
        (share,) = _rounded(zero, above.astype(f64) / _exact(unseen, above))
        (holds,) = _rounded(zero, jnp.where(unseen > 0, 1.0 - share, 1.0))
        kept, lost = _rounded(zero, holds * future_points, (1.0 - holds) * points)
        future = kept - lost
        # _holds_any: 1 - C(unseen - above, size) / C(unseen, size), the chance the opponent
        # holds a card that beats this one.
        holds_any = jnp.where(sure, 1.0, 1.0 - misses.astype(f64) / _exact(draws, misses))
        chance = BEAT_WILLINGNESS * jnp.where(never, 0.0, holds_any)
        keep = jnp.where(leading, 1.0 - chance, 1.0)
        beat, dump = _rounded(zero, chance * beat_points, (1.0 - chance) * DUMP_POINTS)
        added = jnp.where(leading, beat + dump, 0.0)
        total = gained + added
        ours, theirs = _rounded(zero, keep * total, (1.0 - keep) * total)
        trick_worth = ours - theirs
        trick_worth = jnp.where(more_tricks, trick_worth - LEAD_COST * keep, trick_worth)
        beaten = -gained.astype(f64)  # a card the table beats gives its points away
        return jnp.where(beats, trick_worth, beaten) - future

    return scores


def _rounded(zero: Array, *values: Array) -> tuple[Array, ...]:
    """``values`` rounded to float64 as such before they are added: otherwise the compiler
    contracts ``a * b - c`` into one fused multiply-add, rounded once, not as Python rounds it.
    An optimisation barrier does not survive to the code generator; passing the bits through
    an exclusive or with ``zero`` does, an int64 zero the compiler cannot know is zero (it
    comes from the data)."""
    return tuple(
        jax.lax.bitcast_convert_type(
            jax.lax.bitcast_convert_type(value, jnp.int64) ^ zero, jnp.float64
        )
        for value in values
    )


def _exact(divisor: Array, like: Array) -> Array:
    """``divisor`` (a count, at least 1) as a float64 array shaped like the dividend, behind an
    optimisation barrier: XLA turns a division by a broadcast value into a multiplication by
    its reciprocal, which is one unit in the last place off now and then (12/34), and that was
    enough to break the bot's near-ties the other way."""
    whole = jnp.broadcast_to(jnp.maximum(divisor, 1), like.shape).astype(jnp.float64)
    result: Array = jax.lax.optimization_barrier(whole)  # type: ignore[no-untyped-call]
    return result


def _comb(n: Array, k: Array) -> Array:
    """C(n, k) for k ≤ 3, in integers (as ``math.comb``)."""
    result: Array = jnp.select(
        [k == 0, k == 1, k == 2], [1, n, n * (n - 1) // 2], n * (n - 1) * (n - 2) // 6
    )
    return result


def _solve_two(
    hand: Array,
    unseen: Array,
    led_rank: Array,
    leading: Array,
    card_rank: Array,
    rank_points: Array,
) -> Array:
    """``heuristic.two_values`` per rank (the point difference each leads to), ``_NONE`` for
    ranks not in hand. Hands are three rank slots, the cards first and -1 after them."""

    def slots(cards: Array) -> Array:
        index = jnp.nonzero(cards, size=HAND_SIZE, fill_value=-1)[0]
        return jnp.where(index >= 0, card_rank[jnp.maximum(index, 0)], -1)

    def without(ranks: Array, i: int) -> Array:
        return jnp.concatenate([ranks[:i], ranks[i + 1 :], jnp.array([-1])])

    def best(values: list[Array]) -> Array:
        result: Array = jnp.max(jnp.stack(values))
        return result

    def lead(mover: Array, other: Array, depth: int) -> Array:
        """``_lead``: ``mover`` leads, both holding at most ``depth`` cards; 0 when empty."""
        if depth == 0:
            return jnp.zeros((), jnp.int32)
        values = [
            jnp.where(mover[i] >= 0, -answer(other, without(mover, i), mover[i], depth), _NONE)
            for i in range(depth)
        ]
        return jnp.where(mover[0] >= 0, best(values), 0)

    def answer(mover: Array, other: Array, led: Array, depth: int) -> Array:
        """``_answer``: ``mover`` (at most ``depth`` cards) answers ``led``."""
        values = [
            jnp.where(mover[i] >= 0, settle(without(mover, i), other, led, mover[i], depth - 1),
                      _NONE)
            for i in range(depth)
        ]
        return best(values)

    def settle(follower: Array, leader: Array, led: Array, played: Array, depth: int) -> Array:
        """``_settle``: PU-12, only a strictly higher card takes the trick; PU-14, its taker
        leads the next."""
        points = rank_points[jnp.maximum(led, 0)] + rank_points[jnp.maximum(played, 0)]
        won = points + lead(follower, leader, depth)
        lost = -points - lead(leader, follower, depth)
        return jnp.where(played > led, won, lost)

    mine, theirs = slots(hand), slots(unseen)
    per_slot = [
        jnp.where(
            leading,
            -answer(theirs, without(mine, i), mine[i], HAND_SIZE),
            settle(without(mine, i), theirs, led_rank, mine[i], HAND_SIZE - 1),
        )
        for i in range(HAND_SIZE)
    ]
    values = jnp.stack(per_slot)  # (slots,)
    in_slot = mine[:, None] == jnp.arange(RANKS)[None, :]  # (slots, ranks)
    return jnp.max(jnp.where(in_slot, values[:, None], _NONE), axis=0)
