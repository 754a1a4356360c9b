"""Punttu's heuristic bot: how a good club player reasons about one trick at a time.

It sees only its seat's view (PU-20, PU-21: it remembers every card played, from ``log``) and
weighs each card it could play by

- what the trick is likely to bring: the cards on the table, the card played, and what the players
  still to play can add — each of them could beat it only with a strictly higher card (PU-12: the
  first of equal cards wins), and only if one is still unseen;
- what the card is worth kept for later: its chance of taking a future trick (no unseen strictly
  higher card turns up against it), times its points and what it would take with it, less its
  points lost to a rival otherwise. Small cards are worth little kept, so they are what the bot
  leads (a small lead loses few points) and throws under a card it cannot beat; a strong card is
  kept for a rich trick and spent only when the trick pays for it (the strategy notes of the
  rules file);
- that the winner leads next (PU-14), which is a small disadvantage: the others answer after
  seeing the lead, and the last to play in a trick chooses with full knowledge of it.

At two players, once the stock is empty (PU-15), the unseen cards are exactly the opponent's hand,
so the rest of the deal is solved exactly by a tiny minimax.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from math import comb
from typing import Any, ClassVar

from cardtable.cards.latin import CARD_INDEX as _CARD
from cardtable.cards.latin import LATIN_DECK
from cardtable.engine.action import Action
from cardtable.engine.bot import Bot
from cardtable.games.punttu.deck import CARD_POINTS, TRICK_RANK

#: Card notation to card int, for reading the view quickly.
#: Trick ranks run 0 (ace, figures) to 6 (seven); a card's points follow from its rank (PU-2, PU-3).
_RANKS = 7
_RANK_POINTS: tuple[int, ...] = tuple(1 if rank == 0 else rank + 1 for rank in range(_RANKS))
assert all(_RANK_POINTS[TRICK_RANK[c]] == CARD_POINTS[c] for c in LATIN_DECK)


class PunttuHeuristic(Bot):
    """A fast rule-of-thumb player. Deterministic: the same view always gives the same card, ties
    going to the lower rank, then to the lower card, so it needs no randomness at all."""

    name: ClassVar[str] = "heuristic"

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        # One candidate per trick rank: cards of equal rank are worth the same (PU-2, PU-3).
        by_rank: dict[int, Action] = {}
        for action in sorted(legal, key=lambda a: _card_of(a)):
            by_rank.setdefault(TRICK_RANK[_card_of(action)], action)
        if len(by_rank) == 1:
            return next(iter(by_rank.values()))

        seat: int = view["seat"]
        n: int = view["players"]
        hand = [_CARD[text] for text in view["hand"]]
        trick = [(int(s), _CARD[text]) for s, text in view["trick"]]
        seen = set(hand)
        seen.update(_CARD[text] for text in view["removed"])
        for _seat, text in view["log"]:
            seen.add(_CARD[text.split()[-1]])
        unseen_ranks = [0] * _RANKS
        for card in LATIN_DECK:
            if card not in seen:
                unseen_ranks[TRICK_RANK[card]] += 1
        stock: int = view["stock"]

        if n == 2 and stock == 0:
            return by_rank[solve_two(hand, unseen_ranks, trick[0][1] if trick else None, by_rank)]

        best_rank = -1  # PU-12: strict ``>``, so the first of equal highest cards stays best
        for _s, played in trick:
            best_rank = max(best_rank, TRICK_RANK[played])
        pot = sum(CARD_POINTS[played] for _s, played in trick)
        later_sizes = [view["hand_sizes"][(seat + k) % n] for k in range(1, n - len(trick))]
        more_tricks = len(hand) > 1 or stock > 0
        return by_rank[
            best_rank_to_play(n, best_rank, pot, unseen_ranks, later_sizes, more_tricks, by_rank)
        ]


#: How likely a later player who holds a beating card uses it (they may fear being overtaken).
BEAT_WILLINGNESS = 0.6
#: Points a later player who cannot or will not beat is expected to throw in.
DUMP_POINTS = 1.5
#: Points of disadvantage in having to lead the next trick (PU-14).
LEAD_COST = 1.0
#: Points a card kept for later is expected to take with it when it wins a trick.
CAPTURE_POINTS = 4.0


def best_rank_to_play(
    n: int,
    best_rank: int,
    pot: int,
    unseen_ranks: Sequence[int],
    later_sizes: Sequence[int],
    more_tricks: bool,
    candidates: Iterable[int],
) -> int:
    """The trick rank worth playing (see the module's documentation): the best expected worth
    of the trick less the card's worth kept for later; ties go to the lower rank.

    ``best_rank`` is the highest trick rank on the table (-1 for a lead) and ``pot`` its points;
    ``unseen_ranks`` counts the cards of each rank the player has not seen; ``later_sizes`` are
    the hand sizes of the players still to play this trick. Plain ints, so that the hard bot's
    search can ask the same judgement of a sampled deal.
    """
    choice = -1
    choice_score = 0.0
    for rank, score in rank_scores(
        n, best_rank, pot, unseen_ranks, later_sizes, more_tricks, candidates
    ):
        if choice < 0 or score > choice_score:
            choice, choice_score = rank, score
    return choice


def rank_scores(
    n: int,
    best_rank: int,
    pot: int,
    unseen_ranks: Sequence[int],
    later_sizes: Sequence[int],
    more_tricks: bool,
    candidates: Iterable[int],
) -> list[tuple[int, float]]:
    """Each candidate rank, lowest first, with the score ``best_rank_to_play`` maximises (in
    points): the hard bot's search weighs every move by it, not only the best one."""
    unseen = sum(unseen_ranks)
    # A point won by one of n - 1 rivals costs us about 1 / (n - 1) of a point of our own.
    opponent_weight = 1.0 / (n - 1)
    below = [0] * _RANKS
    for rank in range(1, _RANKS):
        below[rank] = below[rank - 1] + unseen_ranks[rank - 1]
    scores = []
    for rank in sorted(candidates):
        points = _RANK_POINTS[rank]
        above = unseen - below[rank] - unseen_ranks[rank]
        # PU-12: a card still to be played later takes its trick if nobody answers it with a
        # strictly higher card. Its worth in hand is its chance of that, times its own points
        # plus what it would take with it, less its points going to an opponent otherwise.
        holds = (1.0 - above / unseen) ** (n - 1) if unseen else 1.0
        future = holds * (points + CAPTURE_POINTS) - opponent_weight * (1.0 - holds) * points
        if rank > best_rank:
            beat_points = next(
                (_RANK_POINTS[r] for r in range(rank + 1, _RANKS) if unseen_ranks[r]), 0
            )
            keep = 1.0
            added = 0.0
            for size in later_sizes:
                chance = BEAT_WILLINGNESS * _holds_any(unseen, above, size)
                keep *= 1.0 - chance
                added += chance * beat_points + (1.0 - chance) * DUMP_POINTS
            total = pot + points + added
            trick_worth = keep * total - opponent_weight * (1.0 - keep) * total
            if more_tricks:
                trick_worth -= LEAD_COST * keep
        else:
            # Already beaten by a card on the table: whatever we add goes to someone else.
            trick_worth = -opponent_weight * (pot + points)
        scores.append((rank, trick_worth - future))
    return scores


def _card_of(action: Action) -> int:
    card = action.cards[0]
    assert isinstance(card, int)
    return int(card)


def _holds_any(unseen: int, good: int, size: int) -> float:
    """Chance that ``size`` cards drawn from ``unseen`` include one of ``good`` of them."""
    if good <= 0 or size <= 0:
        return 0.0
    if unseen - good < size:
        return 1.0
    return 1.0 - comb(unseen - good, size) / comb(unseen, size)


def solve_two(
    hand: Sequence[int], unseen_ranks: Sequence[int], led: int | None, candidates: Iterable[int]
) -> int:
    """Best trick rank to play at two players once the stock is empty: everything is known
    (PU-15). ``hand`` holds cards, ``led`` the card led to this trick (None when leading)."""
    best_rank = -1
    best_value = -1_000
    for rank, value in two_values(hand, unseen_ranks, led, candidates):
        if value > best_value:
            best_rank, best_value = rank, value
    return best_rank


def two_values(
    hand: Sequence[int], unseen_ranks: Sequence[int], led: int | None, candidates: Iterable[int]
) -> list[tuple[int, int]]:
    """Each candidate rank, lowest first, with the point difference it leads to for the player
    (``solve_two``'s minimax), for the hard bot's search to weigh every move."""
    mine = tuple(sorted(TRICK_RANK[card] for card in hand))
    theirs = tuple(rank for rank in range(_RANKS) for _ in range(unseen_ranks[rank]))
    led_rank = -1 if led is None else TRICK_RANK[led]
    values = []
    for rank in sorted(candidates):
        rest = _without(mine, rank)
        value = (
            -_answer(theirs, rest, rank) if led_rank < 0 else _settle(rest, theirs, led_rank, rank)
        )
        values.append((rank, value))
    return values


def _without(ranks: tuple[int, ...], rank: int) -> tuple[int, ...]:
    index = ranks.index(rank)
    return ranks[:index] + ranks[index + 1 :]


@lru_cache(maxsize=65536)
def _lead(mover: tuple[int, ...], other: tuple[int, ...]) -> int:
    """Point difference, for ``mover``, of the rest of the deal when ``mover`` leads next."""
    return max(-_answer(other, _without(mover, rank), rank) for rank in set(mover))


@lru_cache(maxsize=65536)
def _answer(mover: tuple[int, ...], other: tuple[int, ...], led: int) -> int:
    """Point difference, for ``mover``, of the rest of the deal when it answers ``led``."""
    return max(_settle(_without(mover, rank), other, led, rank) for rank in set(mover))


def _settle(follower: tuple[int, ...], leader: tuple[int, ...], led: int, answer: int) -> int:
    """Point difference, for the follower, once ``answer`` has been played on ``led``.

    ``follower`` and ``leader`` are the hands left after the trick. PU-12: only a strictly higher
    card takes the trick; its taker leads the next one (PU-14).
    """
    points = _RANK_POINTS[led] + _RANK_POINTS[answer]
    if answer > led:
        return points + (_lead(follower, leader) if follower else 0)
    return -points - (_lead(leader, follower) if leader else 0)


BOTS: dict[str, type[Bot]] = {"heuristic": PunttuHeuristic}
