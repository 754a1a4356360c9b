"""Sampling a Putto deal from one seat's view: what a bot may imagine, never what it may see.

A seat's view with memory shows its own hand, the table, the card turned up at the deal
(``turned_up``, PT-5), every play and capture (``log``), the sweeps, the pile sizes, the hand sizes
and the stock's size (PT-22). The other hands and the stock's order are dealt uniformly at random
from the cards the seat has not seen. Play reveals nothing about what a hand lacks: capturing is
optional (PT-11), and even with ``must_capture`` a player may always play another card, so every
unseen card is alike.

The public parts are rebuilt by replaying the log on the turned-up card (``publiclog``): the
table, each side's pile (PT-9), the last capturer and, once the deal is over, the leftover
(PT-15). The sweeps are
the view's. The sampled state's ``setup`` is a deal consistent with the log: each seat receives
the cards it played, in order, then its hand, and the stock is the cards drawn after each play
(PT-13) — so ``to_record()`` of a sampled state replays to the same position.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.cards.latin import CARD_INDEX as _CARD
from cardtable.cards.latin import LATIN_DECK, card_text
from cardtable.engine.hidden import check_view, deal_for_log, deal_hidden, unseen_cards
from cardtable.errors import CardtableError
from cardtable.games.putto.deck import HAND_SIZE
from cardtable.games.putto.publiclog import replay
from cardtable.games.putto.state import ACTIONS, CAPTURE, PuttoState
from cardtable.i18n import _

if TYPE_CHECKING:
    from cardtable.games.putto.game import PuttoGame

_ACTION_ID: dict[str, int] = {str(action): i for i, action in enumerate(ACTIONS)}


class PuttoSampler:
    """Reads one view once; then ``sample(rng)`` (a full state, records included) or
    ``sample_fast(rng)`` (for searches: no history, ``setup`` is the position as if dealt now)
    deal the unseen cards anew each call."""

    __slots__ = (
        "game",
        "seat",
        "hand",
        "log",
        "turned_up",
        "sizes",
        "stock_size",
        "pool",
        "public",
    )

    def __init__(self, game: PuttoGame, view: Mapping[str, Any]) -> None:
        seat = check_view(view, game.name, game.players)
        self.game = game
        self.seat = seat
        self.hand = [_CARD[text] for text in view["hand"]]
        self.turned_up = tuple(_CARD[text] for text in view["turned_up"])
        log: list[tuple[int, int]] = []  # (seat, action id)
        for s, text in view["log"]:
            action_id = _ACTION_ID.get(text)
            if action_id is None:
                action_id = _ACTION_ID[str(game.parse_action(text))]
            log.append((int(s), action_id))
        self.log = log
        # Replay the public log on the turned-up row (PT-9, PT-10, PT-15).
        replayed = replay(
            self.turned_up,
            ((s, a % CAPTURE, a >= CAPTURE) for s, a in log),
            tuple(game.side_of(s) for s in range(game.players)),
            len(game.sides),
            over=view["to_move"] is None,
            leftover=game.options.leftover == "last_capturer",
        )
        table, piles = replayed.table, replayed.piles
        if [card_text(c) for c in table] != list(view["table"]):
            raise CardtableError(_("the view's table is not what its log leaves"))
        if [len(pile) for pile in piles] != list(view["captured"]):
            raise CardtableError(_("the view's captured piles are not those of its log"))
        # The public fields, read once: each sample is a ``public_copy`` of this state with the
        # hidden fields (``PuttoState.FIELDS.hidden``) dealt anew.
        public = PuttoState.new(game, view["dealer"], [[] for _ in range(game.players)], (), table)
        public.piles = piles
        public.sweeps = list(view["sweeps"])
        public.last_capturer = replayed.last_capturer
        public.leftover = replayed.leftover
        public.plays = len(log)
        public._to_move = view["to_move"]
        self.public = public
        self.sizes: list[int] = list(view["hand_sizes"])
        self.stock_size: int = view["stock"]
        hidden = sum(self.sizes) - self.sizes[seat] + self.stock_size
        seen = [*self.hand, *self.turned_up, *(a % CAPTURE for _s, a in log)]
        self.pool = unseen_cards(LATIN_DECK, seen, hidden)

    def sample_fast(self, rng: random.Random) -> PuttoState:
        """A state for playouts: hidden cards dealt anew, ``history`` empty."""
        hands, stock = deal_hidden(self.pool, self.sizes, self.seat, self.hand, rng)
        state = self.public.public_copy()
        state.hands = hands
        state.stock = stock  # stock[-1] is its top
        state._dealt = (tuple(tuple(h) for h in hands), tuple(reversed(stock)), self.turned_up)
        return state

    def sample(self, rng: random.Random) -> PuttoState:
        """A full state: as ``sample_fast``, with the history of the log and a deal (``setup``)
        from which that history replays to this very position."""
        state = self.sample_fast(rng)
        state.history = [(s, ACTIONS[a]) for s, a in self.log]
        state._dealt = self._deal(state)
        return state

    def _deal(
        self, state: PuttoState
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
        """A deal that leads to ``state`` through the log: each seat receives the cards it played,
        in order, then its hand (its j-th play is its j-th card, held by then); the stock is the
        card drawn after each play while it lasts (PT-13), then what is left of it."""
        n = self.game.players
        draws = len(LATIN_DECK) - len(self.turned_up) - HAND_SIZE * n
        hands, drawn = deal_for_log(
            ((s, a % CAPTURE) for s, a in self.log),
            state.hands,
            HAND_SIZE,
            (s for s, _a in self.log[:draws]),
        )
        return hands, (*drawn, *reversed(state.stock)), self.turned_up
