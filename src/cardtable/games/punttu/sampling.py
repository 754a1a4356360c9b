"""Sampling a Punttu deal from one seat's view: what a bot may imagine, never what it may see.

A seat's view with memory (``state.view(seat, memory=True)``) shows its own hand, every card
played (``log``), the current trick, the points, the hand sizes and the stock's size (PU-20 …
PU-22). Everything else — the other hands and the stock's order — is dealt uniformly at random
from the cards the seat has not seen. No card a hand lacks can be inferred from play, since any
card may be played (PU-11: no duty to follow or to beat), so every unseen card is alike.

The public parts are rebuilt from the view: the won piles by replaying the log's complete tricks
(PU-12: the highest trick rank, the first of equals), the current trick, the leader, the points.
The sampled state's ``setup`` is a deal consistent with the log: each seat's cards in the order it
played them, then its hand, with the stock drawn in PU-13's order — so ``to_record()`` of a sampled
state replays to the same position.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.cards.latin import CARD_INDEX as _CARD
from cardtable.cards.latin import card_text
from cardtable.engine.hidden import check_view, deal_for_log, deal_hidden, unseen_cards
from cardtable.errors import CardtableError
from cardtable.games.punttu.deck import CARD_POINTS, HAND_SIZE, table_deck
from cardtable.games.punttu.state import PLAY_ACTIONS, PunttuState, _winning_index
from cardtable.i18n import _

if TYPE_CHECKING:
    from cardtable.games.punttu.game import PunttuGame


class PunttuSampler:
    """Reads one view once; then ``sample(rng)`` (a full state, records included) or
    ``sample_fast(rng)`` (for searches: no history, ``setup`` is the position as if dealt now)
    deal the unseen cards anew each call."""

    __slots__ = ("game", "seat", "hand", "log", "sizes", "stock_size", "pool", "public")

    def __init__(self, game: PunttuGame, view: Mapping[str, Any]) -> None:
        seat = check_view(view, game.name, game.players)
        n = game.players
        self.game = game
        self.seat = seat
        self.hand = [_CARD[text] for text in view["hand"]]
        log: list[tuple[int, int]] = []
        for s, text in view["log"]:
            card = _CARD.get(text[5:]) if text.startswith("play ") else None
            if card is None:
                card = _CARD[str(game.parse_action(text).cards[0])]
            log.append((int(s), card))
        self.log = log
        # The public fields, read once: each sample is a ``public_copy`` of this state with the
        # hidden fields (``PunttuState.FIELDS.hidden``) dealt anew.
        public = PunttuState.new(game, view["dealer"], [[] for _ in range(n)], ())
        public.tricks_played = view["tricks_played"]
        complete = public.tricks_played * n
        for start in range(0, complete, n):
            cards = [c for _s, c in log[start : start + n]]
            public.won[log[start + _winning_index(cards)][0]] += cards  # PU-12
        public.trick = [c for _s, c in log[complete:]]
        public.leader = view["leader"]
        public.points = list(view["points"])
        public._to_move = view["to_move"]
        if [[s, card_text(c)] for s, c in log[complete:]] != [list(x) for x in view["trick"]]:
            raise CardtableError(_("the view's trick is not the end of its log"))
        if [sum(CARD_POINTS[c] for c in pile) for pile in public.won] != public.points:
            raise CardtableError(_("the view's points are not those of its log's tricks"))
        self.public = public
        self.sizes: list[int] = list(view["hand_sizes"])
        self.stock_size: int = view["stock"]
        hidden = sum(self.sizes) - self.sizes[seat] + self.stock_size
        seen = [*self.hand, *(c for _s, c in log)]
        self.pool = unseen_cards(table_deck(n, game.options.trim), seen, hidden)

    def sample_fast(self, rng: random.Random) -> PunttuState:
        """A state for playouts: hidden cards dealt anew, ``history`` empty."""
        hands, stock = deal_hidden(self.pool, self.sizes, self.seat, self.hand, rng)
        state = self.public.public_copy()
        state.hands = hands
        state.stock = stock  # stock[-1] is its top
        state._dealt = (tuple(tuple(h) for h in hands), tuple(reversed(stock)))
        return state

    def sample(self, rng: random.Random) -> PunttuState:
        """A full state: as ``sample_fast``, with the history of the log and a deal (``setup``)
        from which that history replays to this very position."""
        state = self.sample_fast(rng)
        state.history = [(s, PLAY_ACTIONS[c]) for s, c in self.log]
        state._dealt = self._deal(state)
        return state

    def _deal(self, state: PunttuState) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """A deal that leads to ``state`` through the log: each seat receives the cards it played,
        in order, then its present hand (its j-th play is then its j-th card, which it holds by
        trick j); the stock is the cards drawn after each trick (PU-13: the winner first), then
        what is left of it."""
        n = self.game.players
        draws = (len(table_deck(n, self.game.options.trim)) - HAND_SIZE * n) // n
        hands, drawn = deal_for_log(self.log, state.hands, HAND_SIZE, self._drawers(draws))
        return hands, (*drawn, *reversed(state.stock))

    def _drawers(self, draws: int) -> list[int]:
        """Who drew after each of the first ``draws`` tricks, in order: the winner first, then
        the others in turn order (PU-13)."""
        n = self.game.players
        drawers: list[int] = []
        for trick in range(min(self.public.tricks_played, draws)):
            start = trick * n
            cards = [c for _s, c in self.log[start : start + n]]
            winner = self.log[start + _winning_index(cards)][0]
            drawers += [(winner + offset) % n for offset in range(n)]
        return drawers
