"""Sampling a Pontinho deal from one seat's view: what a bot may imagine, never what it may see.

A seat's view with memory (``state.view(seat, memory=True)``, PO-27) shows its own hand (and,
for the first player, the card it holds apart, ``drawn``, PO-9), the melds on the table with
their owners, the whole discard pile, the burned card, the stock's size, every hand's size, the
phase, the claim round (who is asked, who is still to ask, PO-21), the advanceable flag and its
discarder, who has melded, and the log of every action's public text.

Everything else is dealt uniformly at random from the cards this seat has not seen — the 108
cards (PO-1) less its hand, its held-apart card, the melds on the table, the discard pile and the
burned card: the other hands (at their sizes), another seat's held-apart card, and the stock in
a random order. Future stock rebuilds (PO-8) get a fresh seed. What a player's choices suggest
(drawing rather than taking, passing a claim) is not modelled: every unseen card is alike. Once
the deal is over the hands are public (PO-23: the outcome shows them), so only the stock is
dealt anew.

The sampled state's ``history`` is the view's log (each text parsed back to its action), so its
view with memory equals the view it was built from; its ``setup`` is the position as if dealt
now (hands, stock and discard pile as they stand), so it does not replay through the log.
``sample_fast`` skips the history, for searches.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.cards.french import FRENCH_DECK, NATURAL_KINDS
from cardtable.cards.french import KIND_INDEX as _CARD
from cardtable.engine.hidden import check_view, shuffle_fast
from cardtable.errors import CardtableError
from cardtable.games.pontinho.melds import make_meld
from cardtable.games.pontinho.phase import Phase
from cardtable.games.pontinho.state import PontinhoState
from cardtable.i18n import _

if TYPE_CHECKING:
    from cardtable.engine.action import Action
    from cardtable.games.pontinho.game import PontinhoGame


class PontinhoSampler:
    """Reads one view once; then ``sample(rng)`` (with the log as history) or ``sample_fast(rng)``
    (for searches: no history) deal the unseen cards anew on each call."""

    __slots__ = (
        "game",
        "seat",
        "view",
        "known",
        "sizes",
        "stock_size",
        "hidden_pending",
        "pending",
        "pool",
        "public",
    )

    def __init__(self, game: PontinhoGame, view: Mapping[str, Any]) -> None:
        seat = check_view(view, game.name, game.players)
        n = game.players
        self.game = game
        self.seat = seat
        self.view = view
        phase = Phase(view["phase"])
        sizes: list[int] = list(view["hand_sizes"])
        self.sizes = sizes
        known: list[list[int] | None] = [None] * n
        known[seat] = [_CARD[t] for t in view["hand"]]
        went_out: int | None = None
        if phase is Phase.OVER:  # PO-23: the hands left are shown
            details = (view.get("outcome") or {}).get("details") or {}
            hands = details.get("hands")
            if not isinstance(hands, list) or len(hands) != n:
                raise CardtableError(_("the view of a finished deal does not show its hands"))
            known = [[_CARD[t] for t in hand] for hand in hands]
            went_out = details.get("went_out")
        self.known = known
        self.stock_size: int = view["stock"]
        drawn = view.get("drawn")
        self.pending = _CARD[drawn] if drawn is not None else None
        self.hidden_pending = bool(view["held_apart"]) and drawn is None
        # The public fields, read once: each sample is a ``public_copy`` of this state with the
        # hidden fields (``PontinhoState.FIELDS.hidden``) set anew.
        discard = [_CARD[t] for t in view["discard"]]
        public = PontinhoState.new(game, view["dealer"], [[] for _ in range(n)], (), discard)
        public.first = view["first_player"]
        public.phase = phase
        public.went_out = went_out
        public.turn = view["turn"] if view["turn"] is not None else (went_out or 0)
        public.melds = [make_meld(m["cards"]) for m in view["melds"]]
        public.owners = [m["owner"] for m in view["melds"]]
        public.melded = list(view["melded"])
        public.burned = _CARD[view["burned"]] if view["burned"] is not None else None
        public.burn_open = view["burn_open"]
        public.advanceable = view["advanceable"]
        public.discarder = view["discarded_by"]
        claim = view["claim"]
        public.claimants = [claim["asked"], *claim["still_to_ask"]] if claim else []
        public.rebuilds = view["stock_rebuilds"]
        self.public = public
        # The unseen multiset: 108 cards less everything this seat has seen.
        counts = [0] * (NATURAL_KINDS + 1)
        for kind in FRENCH_DECK:
            counts[kind] += 1
        seen: list[int] = [c for hand in known if hand is not None for c in hand]
        seen += public.discard
        for meld in public.melds:
            seen += meld.kinds
        if public.burned is not None:
            seen.append(public.burned)
        if self.pending is not None:
            seen.append(self.pending)
        for card in seen:
            counts[card] -= 1
        if min(counts) < 0:
            raise CardtableError(_("the view shows more copies of a card than the deck holds"))
        self.pool = [k for k, c in enumerate(counts) for _ in range(c)]
        hidden = sum(size for s, size in enumerate(sizes) if known[s] is None)
        hidden += self.stock_size + self.hidden_pending
        if hidden != len(self.pool):
            raise CardtableError(
                _(
                    "the view does not add up: {unseen} unseen cards for {hidden} hidden places"
                ).format(unseen=len(self.pool), hidden=hidden)
            )

    def sample_fast(self, rng: random.Random) -> PontinhoState:
        """A state for playouts: hidden cards dealt anew, ``history`` empty."""
        cards = self.pool[:]
        shuffle_fast(cards, rng)
        hands: list[list[int]] = []
        start = 0
        for s, size in enumerate(self.sizes):
            hand = self.known[s]
            if hand is not None:
                hands.append(hand[:])
            else:
                hands.append(cards[start : start + size])
                start += size
        pending = self.pending
        if self.hidden_pending:
            pending = cards[start]
            start += 1
        stock = cards[start:]  # stock[-1] is its top
        state = self.public.public_copy()
        state.hands = hands
        state.stock = stock
        state.pending = pending
        state._dealt = (
            tuple(tuple(hand) for hand in hands),
            tuple(reversed(stock)),
            self.public._dealt[2],
        )
        state.rng_seed = int(rng.random() * (1 << 53))
        state.recycled = 0  # the view does not show which cards went back into the stock
        return state

    def sample(self, rng: random.Random) -> PontinhoState:
        """A full state: as ``sample_fast``, with the view's log as its history."""
        state = self.sample_fast(rng)
        parse = self.game.parse_action
        history: list[tuple[int, Action]] = [(int(s), parse(text)) for s, text in self.view["log"]]
        state.history = history
        return state
