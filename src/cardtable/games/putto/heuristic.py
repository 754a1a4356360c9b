"""Putto's heuristic bot: how a good club player weighs each card, one turn ahead.

It sees only its seat's view (PT-22: the table, hand sizes, stock size, sweeps and pile sizes are
public; ``log`` is the perfect recall of every play and capture) and scores each legal action by

- what it takes now: the card points of the captured cards and of the capturing card (PT-2, PT-9),
  3 more for a sweep (PT-12, PT-18), and how the capture moves each suit's primiera (PT-16,
  PT-17): a point in a suit still contested is worth more than one in a suit already decided;
- what it leaves to the next player: for each rank on the table afterwards, the chance that the
  next player holds a card of it (estimated from the unseen cards of that rank, PT-22: a rank
  whose other cards are all seen is dead and safe) times what that capture would bring — the
  table's cards of that rank, the capturing card, and 3 for a sweep if that rank is all that is
  left. Taken by an opponent this is a loss; by a partner (PT-3: a team pools its captures) a
  small gain;
- what it keeps: a card in hand that can still capture later (its rank not dead) is worth a part
  of what it would take, so the bot spends dead and low cards first;
- near the end, with ``leftover=last_capturer`` (PT-15), who is likely to make the last capture
  and so take the cards still on the table.

Unseen cards are the 40 less the hand, the card turned up at the deal (``turned_up``, PT-5) and
every card named in ``log``; replaying the log on the turned-up row (``publiclog``) gives each
side's captures.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from cardtable.cards.latin import CARD_INDEX as _CARD
from cardtable.cards.latin import LATIN_DECK
from cardtable.engine.action import Action
from cardtable.engine.bot import Bot
from cardtable.games.putto.deck import CARD_POINTS, SWEEP_POINTS
from cardtable.games.putto.publiclog import replay

_Move = TypeVar("_Move")

if TYPE_CHECKING:
    from cardtable.games.putto.state import PuttoState

#: Card notation to card int (``suit * 10 + rank``; captures go by ``card % 10``, PT-9).
#: PT-2: card points depend on the rank only.
_RANK_POINTS: tuple[int, ...] = tuple(CARD_POINTS[rank] for rank in range(10))
assert all(CARD_POINTS[c] == _RANK_POINTS[c % 10] for c in LATIN_DECK)


class PuttoHeuristic(Bot):
    """A fast rule-of-thumb player; deterministic (ties go to the card lowest in PT-1 order,
    capture before play), so it needs no randomness."""

    name: ClassVar[str] = "heuristic"

    #: Share of what a partner moving next could take that counts for us (they may not take it).
    partner_share: ClassVar[float] = 0.5
    #: Share of a kept card's future capture that it is worth in hand.
    keep_share: ClassVar[float] = 0.25
    #: Worth of one primiera point won for certain (PT-16).
    primiera_point: ClassVar[float] = 1.0

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        memory = Memory(view)
        return first_best(legal, [self._score(view, memory, action) for action in legal])

    # -- scoring -------------------------------------------------------------------------------

    def _score(self, view: dict[str, Any], memory: Memory, action: Action) -> float:
        return self.score_move(
            memory, _card_of(action), action.kind == "capture", view["stock"], view["hand_sizes"]
        )

    @classmethod
    def score_move(
        cls, memory: Memory, card: int, capture: bool, stock: int, hand_sizes: Sequence[int]
    ) -> float:
        """The score of one move, from plain ints and what the seat knows: the hard bot's search
        asks it of sampled deals too (``search.prior``)."""
        rank = card % 10
        table = memory.table
        sizes = list(hand_sizes)
        seat = memory.seat
        if stock == 0:
            sizes[seat] -= 1  # PT-13: no card to draw back
        cards_left = sum(sizes)
        score = 0.0
        last: int | None
        if capture:
            taken = [c for c in table if c % 10 == rank]
            after = [c for c in table if c % 10 != rank]
            score += sum(CARD_POINTS[c] for c in taken) + CARD_POINTS[card]
            # PT-12, PT-18: a sweep, unless it is the deal's last play and that does not count.
            if not after and (cards_left or memory.last_play_sweep):
                score += SWEEP_POINTS
            score += cls.primiera_point * memory.primiera_gain([*taken, card])
            last = seat
        else:
            after = [*table, card]
            last = memory.last_capturer
        score -= cls.keep_share * memory.keep_value(rank, memory.hand.count(rank) - 1)

        if cards_left == 0:  # the deal ends with this action
            if memory.leftover and last is not None:  # PT-15
                left: float = sum(CARD_POINTS[c] for c in after)
                left += cls.primiera_point * memory.primiera_gain(after)
                score += left if memory.side_of[last] == memory.side else -left
            return score

        nxt = _next_mover(seat, sizes)
        partner = memory.side_of[nxt] == memory.side
        threat = memory.threat(after, sizes[nxt], cards_left)
        score += cls.partner_share * threat if partner else -threat
        if not capture and not partner:
            # A card the next player leaves alone can be taken back with a pair from our hand.
            pair = memory.hand.count(rank) - 1
            if pair > 0:
                same = sum(CARD_POINTS[c] for c in after if c % 10 == rank)
                score += 0.5 * memory.miss_chance(rank, sizes[nxt]) * (same + _RANK_POINTS[rank])
        if memory.leftover and stock == 0:
            # PT-15: late in the deal the last capture also takes what stays on the table.
            score += memory.leftover_edge(after, last, nxt, sizes)
        return score


class Memory:
    """What the seat knows, read once per decision from its view (PT-22, ``log``)."""

    __slots__ = (
        "seat",
        "side",
        "side_of",
        "hand",
        "table",
        "unseen",
        "unseen_total",
        "suit_points",
        "suit_left",
        "last_capturer",
        "leftover",
        "last_play_sweep",
    )

    @classmethod
    def of_state(cls, state: PuttoState, seat: int) -> Memory:
        """What ``seat`` knows in ``state``, read off the state's fields instead of a view: the
        same values as from its view with memory (a test checks it), for the hard bot's search,
        whose states are samples of what the bot may imagine."""
        memory = cls.__new__(cls)
        side_of = list(state._side_of)
        memory.seat = seat
        memory.side_of = side_of
        memory.side = side_of[seat]
        options = state.game.options
        memory.leftover = options.leftover == "last_capturer"
        memory.last_play_sweep = state._last_play_sweep
        memory.hand = [c % 10 for c in state.hands[seat]]
        memory.table = list(state.table)
        memory.last_capturer = state.last_capturer
        unseen = [0.0] * 10
        for other, hand in enumerate(state.hands):
            if other != seat:
                for c in hand:
                    unseen[c % 10] += 1.0
        for c in state.stock:
            unseen[c % 10] += 1.0
        memory.unseen = unseen
        memory.unseen_total = sum(unseen)
        piles = [[0] * 4 for _ in state.piles]
        suit_left = [30.0] * 4
        for index, pile in enumerate(state.piles):
            mine = piles[index]
            for c in pile:
                mine[c // 10] += CARD_POINTS[c]
                suit_left[c // 10] -= CARD_POINTS[c]
        memory.suit_points = piles
        memory.suit_left = suit_left
        return memory

    def __init__(self, view: dict[str, Any]) -> None:
        sides: list[list[int]] = view["sides"]
        side_of = [0] * view["players"]
        for index, seats in enumerate(sides):
            for s in seats:
                side_of[s] = index
        self.seat: int = view["seat"]
        self.side_of: list[int] = side_of
        self.side: int = side_of[self.seat]
        options: dict[str, Any] = view["options"]  # the table's validated options, all of them
        self.leftover: bool = options["leftover"] == "last_capturer"
        self.last_play_sweep: bool = bool(options["last_play_sweep"])
        hand = [_CARD[t] for t in view["hand"]]
        table = [_CARD[t] for t in view["table"]]
        self.hand: list[int] = [c % 10 for c in hand]
        self.table: list[int] = table

        # Replay the public log on the row turned up at the deal (PT-5, ``publiclog``).
        known = [False] * 40
        for c in hand:
            known[c] = True
        row: list[int] = [_CARD[t] for t in view["turned_up"]]
        for c in row:
            known[c] = True
        moves: list[tuple[int, int, bool]] = []
        for s, text in view["log"]:
            kind, _, name = text.partition(" ")
            c = _CARD[name]
            known[c] = True
            moves.append((s, c, kind == "capture"))
        replayed = replay(row, moves, side_of, len(sides))
        piles = [[0] * 4 for _ in sides]  # card points per side and suit (PT-16)
        for side, captured in enumerate(replayed.piles):
            for c in captured:
                piles[side][c // 10] += CARD_POINTS[c]
        self.last_capturer: int | None = replayed.last_capturer

        unknown_by_rank = [0] * 10
        unknown: list[int] = []
        for c in range(40):
            if not known[c]:
                unknown.append(c)
                unknown_by_rank[c % 10] += 1
        unseen = [float(unknown_by_rank[r]) for r in range(10)]
        self.unseen: list[float] = unseen
        self.unseen_total: float = sum(unseen)

        # Primiera: each side's known suit points, and the suit points still to be won.
        self.suit_points: list[list[int]] = piles
        suit_left = [30.0] * 4
        for pile in piles:
            for suit in range(4):
                suit_left[suit] -= pile[suit]
        self.suit_left: list[float] = suit_left

    # -- estimates -----------------------------------------------------------------------------

    def holds_chance(self, rank: int, size: int) -> float:
        """Chance that a hand of ``size`` unseen cards holds at least one of ``rank``."""
        return 1.0 - self.miss_chance(rank, size)

    def miss_chance(self, rank: int, size: int) -> float:
        good = self.unseen[rank]
        if good <= 0.0:
            return 1.0
        total = self.unseen_total
        miss = 1.0
        for i in range(size):
            if total - i <= 0:
                break
            miss *= max(0.0, (total - good - i) / (total - i))
        return miss

    def threat(self, after: list[int], size: int, cards_left: int) -> float:
        """Expected best capture for a player with ``size`` unseen cards on table ``after``."""
        if not after:
            return 0.0
        values: dict[int, int] = {}
        for c in after:
            values[c % 10] = values.get(c % 10, 0) + CARD_POINTS[c]
        sweep = len(values) == 1 and (cards_left > 1 or self.last_play_sweep)  # PT-12, PT-18
        options = []
        for r, points in values.items():
            chance = self.holds_chance(r, size)
            if chance > 0.0:
                options.append((points + _RANK_POINTS[r] + (SWEEP_POINTS if sweep else 0), chance))
        options.sort(reverse=True)
        expected = 0.0
        free = 1.0
        for value, chance in options:
            expected += free * chance * value
            free *= 1.0 - chance
        return expected

    def keep_value(self, rank: int, others_in_hand: int) -> float:
        """What a card of ``rank`` may still capture later: nothing if the rank is dead."""
        if others_in_hand > 0:
            return 0.0  # another card of the rank stays in hand to capture with
        live = self.unseen[rank] + sum(1 for c in self.table if c % 10 == rank)
        if live <= 0.0:
            return 0.0
        return min(live, 1.0) * 2 * _RANK_POINTS[rank]

    def primiera_gain(self, cards: Sequence[int]) -> float:
        """How much taking ``cards`` raises our chance of each suit's primiera (PT-16, PT-17)."""
        gain = 0.0
        for suit in range(4):
            added = sum(CARD_POINTS[c] for c in cards if c // 10 == suit)
            if added:
                gain += self._suit_chance(suit, added) - self._suit_chance(suit, 0)
        return gain

    def _suit_chance(self, suit: int, added: int) -> float:
        ours = self.suit_points[self.side][suit] + added
        rivals = max(
            (points[suit] for index, points in enumerate(self.suit_points) if index != self.side),
            default=0,
        )
        left = max(self.suit_left[suit] - added, 0.0)
        margin = ours - rivals
        if margin > left:
            return 1.0
        if -margin > left:
            return 0.0
        return 0.5 + 0.5 * margin / (left + 1.0)

    def leftover_edge(
        self, after: list[int], last: int | None, nxt: int, sizes: list[int]
    ) -> float:
        """PT-15: the table's points, to the side likely to capture last, weighted by how little
        play is left (only the last few turns decide it)."""
        cards_left = sum(sizes)
        if cards_left > 4 or not after:
            return 0.0
        points = sum(CARD_POINTS[c] for c in after)
        if points == 0:
            return 0.0
        ranks = {c % 10 for c in after}
        miss = 1.0
        for r in ranks:
            miss *= self.miss_chance(r, sizes[nxt])
        ours_now = last is not None and self.side_of[last] == self.side
        next_ours = self.side_of[nxt] == self.side
        # If the next player captures, the last capture is theirs for now; otherwise it stays.
        chance_ours = (1.0 - miss) * (1.0 if next_ours else 0.0) + miss * (1.0 if ours_now else 0.0)
        return 0.5 * points * (2.0 * chance_ours - 1.0)


def first_best(moves: Sequence[_Move], scores: Sequence[float]) -> _Move:
    """The first of ``moves`` with the best score, scores that differ by rounding alone being
    equal: how medium picks, from a view (``PuttoHeuristic.choose``) or a sampled deal
    (``medium.medium_move``)."""
    best, best_score = moves[0], float("-inf")
    for move, score in zip(moves, scores, strict=True):
        if score > best_score + 1e-9:
            best, best_score = move, score
    return best


def _next_mover(seat: int, sizes: list[int]) -> int:
    """PT-7: the next seat clockwise that still holds cards."""
    n = len(sizes)
    for offset in range(1, n + 1):
        nxt = (seat + offset) % n
        if sizes[nxt]:
            return nxt
    return seat


def _card_of(action: Action) -> int:
    card = action.cards[0]
    assert isinstance(card, int)
    return int(card)


BOTS: dict[str, type[Bot]] = {"heuristic": PuttoHeuristic}
