"""A deal of Punttu: tricks, drawing from the stock, scoring (PU-8 … PU-22).

Cards are plain ints 0‥39 inside (see ``cardtable.cards.latin``). ``apply_unchecked`` holds the
rules of a turn once; the checked ``apply`` verifies, then calls it and describes what happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable.cards.latin import LATIN_DECK, LatinCard, card_text
from cardtable.engine.action import Action
from cardtable.engine.events import Event, event
from cardtable.engine.fields import Fields
from cardtable.engine.game import State
from cardtable.engine.hidden import unseen_texts
from cardtable.engine.outcome import Outcome, best_sides
from cardtable.errors import IllegalAction
from cardtable.games.punttu.deck import CARD_POINTS, TRICK_RANK, removed_cards
from cardtable.i18n import _

if TYPE_CHECKING:
    from cardtable.games.punttu.game import PunttuGame

#: One ``play`` action per card, shared by every state (actions are immutable values).
PLAY_ACTIONS: tuple[Action, ...] = tuple(Action("play", (card,)) for card in LATIN_DECK)


class PunttuState(State):
    """One deal. ``hands[s]`` and ``won[s]`` are lists of card ints; ``stock[-1]`` is its top."""

    #: Its fields, once (``engine.fields``): ``__slots__``, ``clone`` and the sampler's copy
    #: come from here; the sampler deals ``hidden`` anew.
    FIELDS = Fields(
        nested=("hands", "won"),
        lists=("stock", "trick", "points"),
        values=("leader", "tricks_played", "_to_move"),
        hidden=("hands", "stock"),
    )
    __slots__ = FIELDS.slots

    game: PunttuGame
    hands: list[list[int]]
    stock: list[int]
    trick: list[int]
    won: list[list[int]]
    points: list[int]
    n: int
    leader: int
    tricks_played: int
    _to_move: int | None
    _dealt: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]

    @classmethod
    def new(
        cls,
        game: PunttuGame,
        dealer: int,
        hands: Sequence[Sequence[int]],
        stock_top_first: Sequence[int],
    ) -> PunttuState:
        state = cls.__new__(cls)
        state.game = game
        state.n = game.players
        state.dealer = dealer
        state.seed = None
        state._dealt = (tuple(map(tuple, hands)), tuple(stock_top_first))
        state.history = []
        state.hands = [list(hand) for hand in hands]
        state.stock = list(reversed(stock_top_first))
        state.trick = []
        state.leader = (dealer + 1) % state.n  # PU-9: the dealer's right is esku
        state.won = [[] for _ in range(state.n)]
        state.points = [0] * state.n
        state.tricks_played = 0
        state._to_move = state.leader
        return state

    @property
    def setup(self) -> dict[str, Any]:
        hands, stock = self._dealt
        return {
            "hands": [[card_text(c) for c in hand] for hand in hands],
            "stock": [card_text(c) for c in stock],
        }

    # -- the rules -----------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self._to_move

    def legal_action_ids(self) -> list[int]:
        """PU-11: any card in hand may be played; there is no duty to follow or to beat."""
        seat = self._to_move
        return [] if seat is None else self.hands[seat][:]

    def legal_actions(self) -> list[Action]:
        seat = self._to_move
        return [] if seat is None else [PLAY_ACTIONS[card] for card in sorted(self.hands[seat])]

    def _verify(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        if action.kind != "play" or len(action.cards) != 1:
            raise IllegalAction(
                _("{action!r} is not a punttu action: expected 'play' and one card").format(
                    action=str(action)
                )
            )
        card = action.cards[0]
        if type(card) is not LatinCard:
            raise IllegalAction(_("{card!r} is not a Latin-deck card").format(card=card))
        if card in self.hands[seat]:
            return
        if card in removed_cards(self.n, self.game.options.trim):
            raise IllegalAction(
                _(
                    "{card} is not in play: it is removed from the deck with {n} players (PU-6)"
                ).format(card=card, n=self.n)
            )
        raise IllegalAction.about_seat(
            _("seat {seat} does not hold {card} (PU-11: play a card from your hand)"),
            seat=seat,
            card=card,
        )

    def apply_unchecked(self, action_id: int) -> None:
        """Play card ``action_id`` for the seat on turn; settle the trick when it is complete."""
        seat = self._to_move
        assert seat is not None
        self.hands[seat].remove(action_id)
        trick = self.trick
        trick.append(action_id)
        n = self.n
        if len(trick) < n:
            # PU-11: the others play in turn order.
            self._to_move = seat + 1 if seat + 1 < n else 0
            return
        best_index = _winning_index(trick)
        winner = (self.leader + best_index) % n
        self.won[winner] += trick
        self.points[winner] += sum(map(CARD_POINTS.__getitem__, trick))  # PU-16
        self.trick = []
        self.tricks_played += 1
        stock = self.stock
        hands = self.hands
        if stock:
            # PU-13: the winner draws first, then the others in turn order.
            for offset in range(n):
                hands[(winner + offset) % n].append(stock.pop())
        self.leader = winner  # PU-14: the winner leads the next trick
        # PU-15: the deal ends when every hand is empty.
        self._to_move = winner if hands[winner] else None

    def _apply(self, action: Action) -> tuple[Event, ...]:
        seat = self._to_move
        assert seat is not None
        card = action.cards[0]
        assert isinstance(card, int)
        leader = self.leader
        trick = [*self.trick, card]
        stock_before = len(self.stock)
        self.apply_unchecked(card)
        events = [event("play", seat, card=card_text(card))]
        if len(trick) == self.n:
            winner = self.leader
            events.append(
                event(
                    "trick",
                    winner,
                    cards=[[(leader + i) % self.n, card_text(c)] for i, c in enumerate(trick)],
                    points=sum(CARD_POINTS[c] for c in trick),
                )
            )
            if stock_before:
                for offset in range(self.n):
                    drawer = (winner + offset) % self.n
                    events.append(
                        event("draw", drawer, secret={"card": card_text(self.hands[drawer][-1])})
                    )
            if self._to_move is None:
                events.append(event("deal_end", None, points=list(self.points)))
        return tuple(events)

    @property
    def outcome(self) -> Outcome | None:
        """PU-16 … PU-18: card points per seat; equal highest scores share the win."""
        if self._to_move is not None:
            return None
        sides = self.game.sides
        return Outcome(
            points=tuple(self.points),
            sides=sides,
            winners=best_sides(self.points, sides),
            reason="played_out",
            details={"tricks_won": [len(pile) // self.n for pile in self.won]},
        )

    # -- views ---------------------------------------------------------------------------------

    def _private_view(self, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return {}
        return {"hand": [card_text(c) for c in sorted(self.hands[seat])]}

    def _public_view(self) -> dict[str, Any]:
        n = self.n
        trick = self.trick
        data: dict[str, Any] = {
            "phase": "over" if self._to_move is None else "play",
            "hand_sizes": [len(hand) for hand in self.hands],  # PU-22
            "stock": len(self.stock),  # PU-22
            "leader": self.leader,
            # PU-20: the current trick is face up, with who played each card.
            "trick": [[(self.leader + i) % n, card_text(c)] for i, c in enumerate(trick)],
            # PU-12: who would take the trick as it lies (public: everyone sees the cards).
            "winning": (
                [(self.leader + _winning_index(trick)) % n, card_text(trick[_winning_index(trick)])]
                if trick
                else None
            ),
            "points": list(self.points),  # PU-22
            "tricks_played": self.tricks_played,
            "tricks_total": (40 - len(removed_cards(n, self.game.options.trim))) // n,
            "removed": [card_text(c) for c in removed_cards(n, self.game.options.trim)],
        }
        if self.game.options.show_played:  # PU-21
            data["played"] = [card_text(c) for c in sorted(c for p in self.won for c in p)]
        return data

    def _debug_view(self) -> dict[str, Any]:
        return {
            "hands": [[card_text(c) for c in hand] for hand in self.hands],
            "stock": [card_text(c) for c in reversed(self.stock)],
            "leader": self.leader,
            "trick": [card_text(c) for c in self.trick],
            "won": [[card_text(c) for c in pile] for pile in self.won],
            "points": list(self.points),
        }

    def _example_action(self) -> str:
        return "play Ko"

    # -- fast path and hidden information ------------------------------------------------------

    def action_id(self, action: Action) -> int:
        card = action.cards[0] if action.kind == "play" and len(action.cards) == 1 else None
        if not isinstance(card, int) or card not in LATIN_DECK:
            raise IllegalAction(_("{action!r} has no punttu action id").format(action=str(action)))
        return int(card)

    def action_from_id(self, action_id: int) -> Action:
        return PLAY_ACTIONS[action_id]

    def secret_cards(self, seat: int) -> list[str]:
        return unseen_texts(self.hands, self.stock, seat, card_text)


def _winning_index(trick: Sequence[int]) -> int:
    """PU-12: the index of the card that takes ``trick``: the highest trick rank (PU-3), and
    among equal highest cards the first played (hence the strict ``>``)."""
    rank = TRICK_RANK
    best_index = 0
    best_rank = rank[trick[0]]
    for index in range(1, len(trick)):
        if rank[trick[index]] > best_rank:
            best_rank = rank[trick[index]]
            best_index = index
    return best_index
