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
from cardtable.games.pontinho.melds import Meld, make_meld
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
        "dealer",
        "first",
        "known",
        "sizes",
        "stock_size",
        "hidden_pending",
        "pending",
        "discard",
        "melds",
        "owners",
        "melded",
        "burned",
        "burn_open",
        "phase",
        "turn",
        "advanceable",
        "discarder",
        "claimants",
        "went_out",
        "rebuilds",
        "pool",
    )

    def __init__(self, game: PontinhoGame, view: Mapping[str, Any]) -> None:
        seat = check_view(view, game.name, game.players)
        n = game.players
        self.game = game
        self.seat = seat
        self.view = view
        self.dealer: int = view["dealer"]
        self.first: int = view["first_player"]
        self.phase = Phase(view["phase"])
        over = self.phase is Phase.OVER
        sizes: list[int] = list(view["hand_sizes"])
        self.sizes = sizes
        known: list[list[int] | None] = [None] * n
        known[seat] = [_CARD[t] for t in view["hand"]]
        self.went_out: int | None = None
        if over:  # PO-23: the hands left are shown
            details = (view.get("outcome") or {}).get("details") or {}
            hands = details.get("hands")
            if not isinstance(hands, list) or len(hands) != n:
                raise CardtableError(_("the view of a finished deal does not show its hands"))
            known = [[_CARD[t] for t in hand] for hand in hands]
            self.went_out = details.get("went_out")
        self.known = known
        self.stock_size: int = view["stock"]
        self.turn: int = view["turn"] if view["turn"] is not None else (self.went_out or 0)
        drawn = view.get("drawn")
        self.pending = _CARD[drawn] if drawn is not None else None
        self.hidden_pending = bool(view["held_apart"]) and drawn is None
        self.discard = [_CARD[t] for t in view["discard"]]
        self.melds: list[Meld] = [make_meld(m["cards"]) for m in view["melds"]]
        self.owners: list[int] = [m["owner"] for m in view["melds"]]
        self.melded: list[bool] = list(view["melded"])
        self.burned = _CARD[view["burned"]] if view["burned"] is not None else None
        self.burn_open: bool = view["burn_open"]
        self.advanceable: bool = view["advanceable"]
        self.discarder: int | None = view["discarded_by"]
        claim = view["claim"]
        self.claimants: list[int] = [claim["asked"], *claim["still_to_ask"]] if claim else []
        self.rebuilds: int = view["stock_rebuilds"]
        # The unseen multiset: 108 cards less everything this seat has seen.
        counts = [0] * (NATURAL_KINDS + 1)
        for kind in FRENCH_DECK:
            counts[kind] += 1
        seen: list[int] = [c for hand in known if hand is not None for c in hand]
        seen += self.discard
        for meld in self.melds:
            seen += meld.kinds
        if self.burned is not None:
            seen.append(self.burned)
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
        state = PontinhoState.__new__(PontinhoState)
        state.game = self.game
        state.n = self.game.players
        state.dealer = self.dealer
        state.seed = None
        state.history = []
        state._dealt = (
            tuple(tuple(hand) for hand in hands),
            tuple(reversed(stock)),
            tuple(self.discard),
        )
        state.first = self.first
        state.hands = hands
        state.stock = stock
        state.discard = self.discard[:]
        state.melds = self.melds[:]
        state.owners = self.owners[:]
        state.melded = self.melded[:]
        state.burned = self.burned
        state.pending = pending
        state.burn_open = self.burn_open
        state.phase = self.phase
        state.turn = self.turn
        state.advanceable = self.advanceable
        state.discarder = self.discarder
        state.claimants = self.claimants[:]
        state.went_out = self.went_out
        state.rng_seed = int(rng.random() * (1 << 53))
        state.rebuilds = self.rebuilds
        state.recycled = 0
        return state

    def sample(self, rng: random.Random) -> PontinhoState:
        """A full state: as ``sample_fast``, with the view's log as its history."""
        state = self.sample_fast(rng)
        parse = self.game.parse_action
        history: list[tuple[int, Action]] = [(int(s), parse(text)) for s, text in self.view["log"]]
        state.history = history
        return state
