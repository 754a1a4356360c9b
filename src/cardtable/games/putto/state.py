"""A deal of Putto: playing, capturing, sweeps, drawing and scoring (PT-8 … PT-19, PT-22).

Cards are plain ints 0‥39 inside; ``card % 10`` is the rank that captures go by (PT-9).
Action ids: ``card`` plays it onto the table, ``40 + card`` captures with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable.cards.latin import LATIN_DECK, LATIN_SUITS, LatinCard, card_text, parse_card
from cardtable.engine.action import Action
from cardtable.engine.events import Event, event
from cardtable.engine.fields import Fields
from cardtable.engine.game import State
from cardtable.engine.hidden import unseen_texts
from cardtable.engine.outcome import Outcome, best_sides
from cardtable.errors import IllegalAction
from cardtable.games.putto.deck import CARD_POINTS, SORT_KEY, SWEEP_POINTS
from cardtable.i18n import _

if TYPE_CHECKING:
    from cardtable.games.putto.game import PuttoGame

CAPTURE = 40


def sweep_scores(*, last_play: bool, last_play_sweep: bool) -> bool:
    """Whether a capture that empties the table counts as a sweep (PT-12): always, but on the
    deal's very last play only where the table's ``last_play_sweep`` says so (PT-18). The one
    place this rule is written; the terminal's capture hints ask it too (``capture_preview``)."""
    return not last_play or last_play_sweep


def deal_points(
    piles: Sequence[Sequence[int]], sweeps: Sequence[int]
) -> tuple[list[int], list[int], list[list[int]]]:
    """A finished deal's score per side (PT-16, PT-17), the one place it is counted (the
    outcome and the hard bot's playouts ask it): the points, the card points (PT-2) and the
    suits whose primiera each side won (most card points in the suit, alone: a tie gives nobody
    the point). Written for speed: the search scores every playout with it."""
    sides = len(piles)
    suit_points = [[0, 0, 0, 0] for _ in range(sides)]
    card_points = [0] * sides
    for i, pile in enumerate(piles):
        mine = suit_points[i]
        for c in pile:
            mine[c // 10] += CARD_POINTS[c]
        card_points[i] = sum(mine)
    primiera: list[list[int]] = [[] for _ in range(sides)]
    for suit in range(4):
        best = -1
        holder = -1
        for i in range(sides):
            p = suit_points[i][suit]
            if p > best:
                best, holder = p, i
            elif p == best:
                holder = -1
        if holder >= 0:
            primiera[holder].append(suit)
    points = [card_points[i] + SWEEP_POINTS * sweeps[i] + len(primiera[i]) for i in range(sides)]
    return points, card_points, primiera


def capture_preview(view: Any, card: str) -> tuple[list[str], bool]:
    """What capturing with ``card`` (a card of the viewer's hand) would do, read off the
    viewer's ``view``: the table cards it would take (PT-9: every card of its rank) and whether
    it would score a sweep (PT-12, PT-18). For front ends that show it before the move, so
    that none of them re-derives the rules."""
    rank = parse_card(card).rank
    table = list(view["table"])
    taken = [text for text in table if parse_card(text).rank == rank]
    # The last play: the stock is empty and this card is the last one in anybody's hand.
    last_play = view["stock"] == 0 and sum(view["hand_sizes"]) == 1
    sweeps = bool(taken) and len(taken) == len(table) and sweep_scores(
        last_play=last_play, last_play_sweep=bool(view["options"]["last_play_sweep"])
    )
    return taken, sweeps
#: Every action, by id: ``play`` for ids 0‥39, ``capture`` for 40‥79.
ACTIONS: tuple[Action, ...] = tuple(Action("play", (card,)) for card in LATIN_DECK) + tuple(
    Action("capture", (card,)) for card in LATIN_DECK
)


class PuttoState(State):
    """One deal. ``piles[side]`` holds the side's captured cards; ``stock[-1]`` is its top."""

    #: Its fields, once (``engine.fields``): ``__slots__``, ``clone`` and the sampler's copy
    #: come from here; the sampler deals ``hidden`` anew.
    FIELDS = Fields(
        nested=("hands", "piles"),
        lists=("stock", "table", "sweeps", "leftover", "_counts"),
        values=(
            "_side_of",
            "last_capturer",
            "plays",
            "_to_move",
            "_must_capture",
            "_last_play_sweep",
        ),
        hidden=("hands", "stock"),
    )
    __slots__ = FIELDS.slots

    game: PuttoGame
    n: int
    hands: list[list[int]]
    stock: list[int]
    table: list[int]
    piles: list[list[int]]
    sweeps: list[int]
    last_capturer: int | None
    leftover: list[int]
    plays: int
    _to_move: int | None
    _side_of: tuple[int, ...]
    #: How many table cards of each rank (0‥9) lie on the table: the capture test in O(1).
    _counts: list[int]
    _must_capture: bool
    _last_play_sweep: bool
    _dealt: tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]

    @classmethod
    def new(
        cls,
        game: PuttoGame,
        dealer: int,
        hands: Sequence[Sequence[int]],
        stock_top_first: Sequence[int],
        table: Sequence[int],
    ) -> PuttoState:
        state = cls.__new__(cls)
        state.game = game
        state.n = game.players
        state.dealer = dealer
        state.seed = None
        state.history = []
        state._dealt = (tuple(map(tuple, hands)), tuple(stock_top_first), tuple(table))
        state._side_of = tuple(game.side_of(seat) for seat in range(game.players))
        state.hands = [list(hand) for hand in hands]
        state.stock = list(reversed(stock_top_first))
        state.table = list(table)
        state.piles = [[] for _ in game.sides]
        state.sweeps = [0] * len(game.sides)
        state.last_capturer = None
        state.leftover = []
        state.plays = 0
        state._counts = [0] * 10
        for card in table:
            state._counts[card % 10] += 1
        state._must_capture = bool(game.options.must_capture)
        state._last_play_sweep = bool(game.options.last_play_sweep)
        state._to_move = (dealer + 1) % state.n  # PT-7: the dealer's left plays first
        return state

    @property
    def setup(self) -> dict[str, Any]:
        hands, stock, table = self._dealt
        return {
            "hands": [[card_text(c) for c in hand] for hand in hands],
            "stock": [card_text(c) for c in stock],
            "table": [card_text(c) for c in table],
        }

    # -- the rules -----------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self._to_move

    def legal_action_ids(self) -> list[int]:
        """PT-8 … PT-11: play any card; capture with a card whose rank lies on the table;
        with ``must_capture`` such a card can only capture."""
        seat = self._to_move
        if seat is None:
            return []
        counts = self._counts
        must = self._must_capture
        ids = []
        for card in self.hands[seat]:
            if counts[card % 10]:
                ids.append(CAPTURE + card)
                if not must:
                    ids.append(card)
            else:
                ids.append(card)
        return ids

    def legal_actions(self) -> list[Action]:
        return [ACTIONS[i] for i in sorted(self.legal_action_ids(), key=action_order)]

    def _verify(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        card = action.cards[0] if len(action.cards) == 1 and action.meld is None else None
        if action.kind not in ("play", "capture") or type(card) is not LatinCard:
            raise IllegalAction(
                _(
                    "{action!r} is not a putto action: expected 'play' or 'capture' and one card"
                ).format(action=str(action))
            )
        if card not in self.hands[seat]:
            raise IllegalAction.about_seat(
                _("seat {seat} does not hold {card} (PT-8: play a card from your hand)"),
                seat=seat,
                card=card,
            )
        matches = self._counts[card % 10] > 0
        if action.kind == "capture" and not matches:
            raise IllegalAction(
                _("{card} captures nothing: no table card has its rank (PT-9)").format(card=card)
            )
        if action.kind == "play" and matches and self._must_capture:
            raise IllegalAction(
                _(
                    "{card} matches a table card and must capture at this table "
                    "(must_capture, PT-11)"
                ).format(card=card)
            )

    def apply_unchecked(self, action_id: int) -> None:
        seat = self._to_move
        assert seat is not None
        hand = self.hands[seat]
        if action_id >= CAPTURE:
            card = action_id - CAPTURE
            hand.remove(card)
            rank = card % 10
            table = self.table
            if self._counts[rank] == len(table):
                taken = table
                self.table = []
            else:
                taken = [c for c in table if c % 10 == rank]
                self.table = [c for c in table if c % 10 != rank]
            self._counts[rank] = 0
            side = self._side_of[seat]
            pile = self.piles[side]
            pile += taken
            pile.append(card)  # PT-9
            self.last_capturer = seat
            if not self.table and sweep_scores(  # PT-12: a sweep
                last_play=not self.stock and not any(self.hands),
                last_play_sweep=self._last_play_sweep,
            ):
                self.sweeps[side] += 1
        else:
            hand.remove(action_id)
            self.table.append(action_id)  # PT-10
            self._counts[action_id % 10] += 1
        self.plays += 1
        if self.stock:  # PT-13
            hand.append(self.stock.pop())
        n = self.n
        hands = self.hands
        nxt = seat + 1 if seat + 1 < n else 0
        if hands[nxt]:  # PT-7: clockwise (the usual case, kept fast)
            self._to_move = nxt
            return
        for offset in range(2, n + 1):  # skip hands already played out
            nxt = (seat + offset) % n
            if hands[nxt]:
                self._to_move = nxt
                return
        self._to_move = None  # PT-14
        if (
            self.table
            and self.last_capturer is not None
            and (self.game.options.leftover == "last_capturer")
        ):  # PT-15
            self.piles[self._side_of[self.last_capturer]] += self.table
            self.leftover = self.table
            self.table = []
            self._counts = [0] * 10

    def _apply(self, action: Action) -> tuple[Event, ...]:
        seat = self._to_move
        assert seat is not None
        card = action.cards[0]
        assert isinstance(card, int)
        capture = action.kind == "capture"
        taken = [card_text(c) for c in self.table if c % 10 == card % 10] if capture else []
        sweeps_before = sum(self.sweeps)
        drew = bool(self.stock)
        self.apply_unchecked(self.action_id(action))
        if capture:
            played = event(
                "capture",
                seat,
                card=card_text(card),
                taken=taken,
                sweep=sum(self.sweeps) > sweeps_before,
            )
        else:
            played = event("play", seat, card=card_text(card))
        events = [played]
        if drew:
            events.append(event("draw", seat, secret={"card": card_text(self.hands[seat][-1])}))
        if self._to_move is None:
            outcome = self.outcome
            assert outcome is not None
            if self.leftover:
                assert self.last_capturer is not None
                events.append(
                    event(
                        "leftover", self.last_capturer, cards=[card_text(c) for c in self.leftover]
                    )
                )
            events.append(event("deal_end", None, **outcome.to_dict()))
        return tuple(events)

    @property
    def outcome(self) -> Outcome | None:
        """PT-16 … PT-19: card points, 3 per sweep and primiera per side."""
        if self._to_move is not None:
            return None
        sides = self.game.sides
        totals, card_points, suits = deal_points(self.piles, self.sweeps)
        points = tuple(totals)
        primiera = [[LATIN_SUITS[suit] for suit in won] for won in suits]
        return Outcome(
            points=points,
            sides=sides,
            winners=best_sides(points, sides),
            reason="played_out",
            details={
                "card_points": card_points,
                "sweeps": list(self.sweeps),
                "sweep_points": [SWEEP_POINTS * n for n in self.sweeps],
                "primiera": primiera,
                "leftover": [card_text(c) for c in self.leftover],
                "leftover_to": self.last_capturer if self.leftover else None,
            },
        )

    # -- views ---------------------------------------------------------------------------------

    def _private_view(self, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return {}
        return {"hand": [card_text(c) for c in sorted(self.hands[seat], key=SORT_KEY.__getitem__)]}

    def _public_view(self) -> dict[str, Any]:
        return {
            "phase": "over" if self._to_move is None else "play",
            "hand_sizes": [len(hand) for hand in self.hands],  # PT-22
            "stock": len(self.stock),
            "table": [card_text(c) for c in self.table],
            # PT-5/PT-22: the card turned up at the deal was seen by all, even once captured.
            "turned_up": [card_text(c) for c in self._dealt[2]],
            "sweeps": list(self.sweeps),
            "captured": [len(pile) for pile in self.piles],  # pile sizes are plain to see
            "plays": self.plays,
        }

    def _debug_view(self) -> dict[str, Any]:
        return {
            "hands": [[card_text(c) for c in hand] for hand in self.hands],
            "stock": [card_text(c) for c in reversed(self.stock)],
            "table": [card_text(c) for c in self.table],
            "piles": [[card_text(c) for c in pile] for pile in self.piles],
            "sweeps": list(self.sweeps),
            "last_capturer": self.last_capturer,
        }

    def _example_action(self) -> str:
        return "capture 7c"

    # -- fast path and hidden information ------------------------------------------------------

    def action_id(self, action: Action) -> int:
        card = action.cards[0] if len(action.cards) == 1 else None
        if action.kind not in ("play", "capture") or type(card) is not LatinCard:
            raise IllegalAction(_("{action!r} has no putto action id").format(action=str(action)))
        return int(card) + (CAPTURE if action.kind == "capture" else 0)

    def action_from_id(self, action_id: int) -> Action:
        return ACTIONS[action_id]

    def secret_cards(self, seat: int) -> list[str]:
        return unseen_texts(self.hands, self.stock, seat, card_text)


def action_order(action_id: int) -> tuple[int, int]:
    """Legal actions listed card by card (PT-1 order), capture before play."""
    card = action_id % CAPTURE
    return (SORT_KEY[card], 0 if action_id >= CAPTURE else 1)
