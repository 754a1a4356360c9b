"""A deal of Pontinho: drawing, burning, claims, melds, lay-offs, going out (PO-4 … PO-23).

Cards are plain ints inside (kinds 0‥52 of ``cardtable.cards.french``, the joker 52); melds are
``Meld`` values of the one meld package. The rules' effects are written once, in the ``_do_*``
methods, which both the checked ``apply`` (via ``_apply``) and the bots' ``apply_unchecked``
call; each action kind has one verifier (``verify``), and ``legal_action_ids`` lists exactly
what they accept. The actions and their ids are in ``actions``; what is remembered across
states (lay-offs per meld, melds per hand) in ``memo``. The module is longer than the project's
500 lines because it is one class over one deal's fields: the legal ids, the effects (shared by
both paths), the events of the checked path, the outcome, the views and the hidden cards, each
short and each reading the same fields.

The phases (``Phase``, the advanceable flag) are described in ``phase``.

Stock (PO-8): when a player must draw and the stock is empty, every discard but the top is
shuffled into a new stock with the engine's shuffle; if that leaves no stock the deal is void.
The shuffle's randomness is a seeded ``random.Random`` made from ``rng_seed`` (a stable hash of
the dealt cards, for seeded and setup deals alike, so a record with its setup replays exactly)
and the number of rebuilds so far: the state holds just those two numbers, so clones are
independent and identical for free.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from cardtable.cards.french import (
    FRENCH_KINDS,
    JOKER,
    NATURAL_KINDS,
    MeldCard,
    card_text,
    format_cards,
    hand_points,
    kind_of,
)
from cardtable.engine.action import Action
from cardtable.engine.events import Event, event
from cardtable.engine.fields import Fields
from cardtable.engine.game import State
from cardtable.engine.outcome import Outcome
from cardtable.engine.shuffle import shuffle
from cardtable.errors import IllegalAction
from cardtable.games.pontinho.actions import (
    ACTION_KINDS,
    ADVANCE,
    BURN,
    DISCARD,
    DRAW,
    LAYOFF,
    LAYOFF_ITEMS,
    MELD,
    PASS,
    TAKE,
    action_id,
    action_of_id,
    check_shape,
    item_of,
    items_of,
    meld_of,
    meld_table,
)
from cardtable.games.pontinho.melds import (
    FourSuits,
    Meld,
    lay_off,
)
from cardtable.games.pontinho.memo import (
    lay_off_one,
    layoff_items,
    meld_ids,
    meld_text,
    melds_with,
)
from cardtable.games.pontinho.phase import Phase
from cardtable.games.pontinho.verify import VERIFIERS
from cardtable.i18n import _

if TYPE_CHECKING:
    from cardtable.games.pontinho.game import PontinhoGame

HAND_SIZE = 9  # PO-4


@cache
def _claimants(n: int, seat: int, discarder: int | None) -> tuple[int, ...]:
    """PO-21: who is asked, in turn order after ``seat``, all but the discarder."""
    return tuple(s for s in ((seat + i) % n for i in range(1, n)) if s != discarder)


class PontinhoState(State):
    """One deal. ``hands[s]`` are lists of kinds; ``stock[-1]`` and ``discard[-1]`` are tops."""

    #: Its fields, once (``engine.fields``): ``__slots__``, ``clone`` and the sampler's copy
    #: come from here; the sampler sets ``hidden`` on each sample (the unseen cards, dealt
    #: anew, and what the view does not show: the rebuilds' seed and the recycled cards).
    FIELDS = Fields(
        nested=("hands",),
        lists=("stock", "discard", "melds", "owners", "melded", "claimants"),
        values=(
            "first",
            "burned",
            "pending",
            "burn_open",
            "phase",
            "turn",
            "advanceable",
            "discarder",
            "went_out",
            "rng_seed",
            "rebuilds",
            "recycled",
        ),
        hidden=("hands", "stock", "pending", "rng_seed", "recycled"),
    )
    __slots__ = FIELDS.slots

    game: PontinhoGame
    n: int
    _dealt: tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]
    #: The first player of the deal (PO-5), who alone may burn (PO-9).
    first: int
    hands: list[list[int]]
    stock: list[int]
    discard: list[int]
    melds: list[Meld]
    #: Who laid each meld (PO-27); meld number m is ``melds[m - 1]``.
    owners: list[int]
    #: Whether each seat has laid a meld of its own this deal (PO-16).
    melded: list[bool]
    burned: int | None
    #: The first player's first stock card, held apart until burned or kept (PO-9).
    pending: int | None
    burn_open: bool
    phase: Phase
    turn: int
    advanceable: bool
    discarder: int | None
    #: In CLAIM: the seats still to be asked, the first being asked now (PO-21).
    claimants: list[int]
    went_out: int | None
    rng_seed: int
    rebuilds: int
    #: Bit k set: a card of kind k went back into the stock from the discard pile (PO-8).
    recycled: int

    @classmethod
    def new(
        cls,
        game: PontinhoGame,
        dealer: int,
        hands: Sequence[Sequence[int]],
        stock_top_first: Sequence[int],
        discard: Sequence[int] = (),
    ) -> PontinhoState:
        state = cls.__new__(cls)
        state.game = game
        state.n = n = game.players
        state.dealer = dealer
        state.seed = None
        state.history = []
        state._dealt = (tuple(map(tuple, hands)), tuple(stock_top_first), tuple(discard))
        state.first = (dealer + 1) % n  # PO-5
        state.hands = [list(hand) for hand in hands]
        state.stock = list(reversed(stock_top_first))
        state.discard = list(discard)
        state.melds = []
        state.owners = []
        state.melded = [False] * n
        state.burned = None
        state.pending = None
        state.burn_open = True
        state.phase = Phase.DRAW
        state.turn = state.first
        # A setup's discard pile counts as discarded by the dealer (see the module docstring).
        state.advanceable = bool(discard)
        state.discarder = dealer if discard else None
        state.claimants = []
        state.went_out = None
        state.rng_seed = _stable_seed(state._dealt)
        state.rebuilds = 0
        state.recycled = 0
        return state

    @property
    def setup(self) -> dict[str, Any]:
        hands, stock, discard = self._dealt
        data: dict[str, Any] = {
            "hands": [[card_text(c) for c in hand] for hand in hands],
            "stock": [card_text(c) for c in stock],
        }
        if discard:
            data["discard"] = [card_text(c) for c in discard]
        return data

    # -- who moves -----------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase is Phase.OVER:
            return None
        if phase is Phase.CLAIM:
            return self.claimants[0]
        return self.turn

    @property
    def is_void(self) -> bool:
        """PO-8: the deal ended with no stock to draw from; nobody scores."""
        return self.phase is Phase.OVER and self.went_out is None

    # -- legal actions (PO-6, PO-7, PO-9, PO-16, PO-17 … PO-22) -----------------------------------

    def legal_action_ids(self, kind: str | None = None) -> list[int]:
        """Legal actions as ids (see ``actions``); with ``kind``, only the actions of that kind
        (``"meld"``, ``"layoff"``…), which spares a bot enumerating what it does not want."""
        phase = self.phase
        if phase is Phase.OVER:
            return []
        if phase is Phase.DRAW:
            ids = [DRAW] if kind is None or kind == "draw" else []
            if self.discard and (kind is None or kind == "take"):
                # PO-7: the top discard with at least two hand cards in a new meld.
                ids += [
                    TAKE + i
                    for i, _n in melds_with(self.hands[self.turn], self.discard[-1], self.five)
                ]
            return ids
        if phase is Phase.CLAIM:
            seat = self.claimants[0]
            ids = [PASS] if kind is None or kind == "pass" else []
            if kind is None or kind == "advance":
                hand = self.hands[seat]
                size = len(hand)
                # PO-17, PO-19: a new meld with the top discard, keeping a card in hand.
                found = melds_with(hand, self.discard[-1], self.five)
                ids += [ADVANCE + i for i, n in found if n <= size]
            return ids
        seat = self.turn
        hand = self.hands[seat]
        ids = []
        if phase is Phase.FIRST_DRAWN:
            assert self.pending is not None
            if kind is None or kind == "burn":
                ids.append(BURN)  # PO-9
            hand = [*hand, self.pending]
        if kind is None or kind == "meld":
            ids += meld_ids(hand, self.five)
        if self.melded[seat] and (kind is None or kind == "layoff"):  # PO-16
            have = set(hand)
            base = LAYOFF
            five = self.five
            for meld in self.melds:
                for item, card in layoff_items(meld, five):
                    if card in have:
                        ids.append(base + item)
                base += LAYOFF_ITEMS
        if kind is None or kind == "discard":
            ids += [DISCARD + card for card in sorted(set(hand))]
        return ids

    def legal_actions(self, kind: str | None = None) -> list[Action]:
        """Every legal action (or, with ``kind``, those of one kind), in a fixed order:
        draw/burn/pass, take/advance, melds, lay-offs, discards."""
        if kind is not None and kind not in ACTION_KINDS:
            raise IllegalAction(
                _("{kind!r} is not a pontinho action kind; the kinds are {kinds}").format(
                    kind=kind, kinds=", ".join(ACTION_KINDS)
                )
            )
        return [action_of_id(i) for i in self.legal_action_ids(kind)]

    # -- verifiers: one per action kind (PokerKit's ``verify_x``) -------------------------------

    def _verify(self, action: Action) -> None:
        """The action is well formed, then its kind's verifier (``verify.VERIFIERS``) checks it
        against the phase and the mover's cards; ``legal_action_ids`` lists exactly what passes
        (the contract tests check it over every action id)."""
        kind = action.kind
        if kind not in ACTION_KINDS:
            raise IllegalAction(
                _("{action!r} is not a pontinho action; expected one of {kinds}").format(
                    action=str(action), kinds=", ".join(ACTION_KINDS)
                )
            )
        check_shape(action)
        seat = self.to_move
        assert seat is not None
        VERIFIERS[kind](self, action, seat)

    @property
    def five(self) -> bool:
        """PO-12 as this table reads it: may a set hold four natural suits and a joker?"""
        return bool(self.game.options.four_suits == FourSuits.WITH_JOKER)

    # -- the rules' effects, written once ------------------------------------------------------

    def apply_unchecked(self, action_id: int) -> None:
        if action_id < DISCARD:
            if action_id == DRAW:
                self._do_draw()
            elif action_id == BURN:
                self._do_burn()
            else:
                self._do_pass()
        elif action_id < MELD:
            self._do_discard(action_id - DISCARD)
        elif action_id < LAYOFF:
            melds = meld_table()[0]
            if action_id < TAKE:
                self._do_meld(melds[action_id - MELD])
            elif action_id < ADVANCE:
                self._do_take(melds[action_id - TAKE])
            else:
                self._do_advance(melds[action_id - ADVANCE])
        else:
            number, item = divmod(action_id - LAYOFF, LAYOFF_ITEMS)
            self._do_layoff(number + 1, (item_of(item),))

    def _draw_from_stock(self) -> int | None:
        """PO-8: the top of the stock, rebuilt from the discards when empty; ``None`` (and the
        deal over, void) when there is nothing to rebuild it from."""
        stock = self.stock
        if not stock:
            discard = self.discard
            limit = self.game.options.rebuild_limit
            if len(discard) <= 1 or 0 <= limit <= self.rebuilds:
                self.phase = Phase.OVER
                return None
            pool = discard[:-1]
            del discard[:-1]
            shuffle(pool, random.Random(self.rng_seed + self.rebuilds))
            self.rebuilds += 1
            for card in pool:
                self.recycled |= 1 << card
            self.stock = stock = pool
        return stock.pop()

    def _do_draw(self) -> int | None:
        card = self._draw_from_stock()
        if card is None:
            return None
        seat = self.turn
        if self.burn_open and seat == self.first:  # PO-9: held apart, may be burned
            self.burn_open = False
            self.pending = card
        else:
            self.hands[seat].append(card)
        # PO-20, PO-21: a draw from the stock opens the claim round on an advanceable top.
        if self.advanceable:
            claimants = _claimants(self.n, seat, self.discarder)
            if claimants:
                self.claimants = list(claimants)
                self.phase = Phase.CLAIM
                return card
            self.advanceable = False
        self.phase = Phase.MAIN if self.pending is None else Phase.FIRST_DRAWN
        return card

    def _end_claims(self) -> None:
        self.claimants = []
        self.advanceable = False
        self.phase = Phase.MAIN if self.pending is None else Phase.FIRST_DRAWN

    def _do_pass(self) -> None:
        del self.claimants[0]
        if not self.claimants:
            self._end_claims()

    def _do_advance(self, meld: Meld) -> None:
        seat = self.claimants[0]
        self._lay_with_top(seat, meld)
        self._end_claims()

    def _do_take(self, meld: Meld) -> None:
        seat = self.turn
        self._lay_with_top(seat, meld)
        self.advanceable = False  # the card below is covered (PO-18)
        self.phase = Phase.MAIN
        if not self.hands[seat]:  # PO-7: one may take to go out
            self._go_out(seat)

    def _lay_with_top(self, seat: int, meld: Meld) -> None:
        top = self.discard.pop()
        hand = self.hands[seat]
        used = False
        for kind in meld.kinds:
            if kind == top and not used:
                used = True
            else:
                hand.remove(kind)
        self.melds.append(meld)
        self.owners.append(seat)
        self.melded[seat] = True

    def _keep_pending(self) -> None:
        """A MAIN action in FIRST_DRAWN keeps the held card: it joins the hand first."""
        if self.pending is not None:
            self.hands[self.turn].append(self.pending)
            self.pending = None
            self.phase = Phase.MAIN

    def _do_burn(self) -> int | None:
        assert self.pending is not None
        self.burned = self.pending  # PO-10: face up, out of play
        self.pending = None
        card = self._draw_from_stock()
        if card is None:
            return None
        self.hands[self.turn].append(card)
        self.phase = Phase.MAIN
        return card

    def _do_meld(self, meld: Meld) -> None:
        self._keep_pending()
        seat = self.turn
        hand = self.hands[seat]
        for kind in meld.kinds:
            hand.remove(kind)
        self.melds.append(meld)
        self.owners.append(seat)
        self.melded[seat] = True
        if not hand:  # PO-22
            self._go_out(seat)

    def _do_layoff(self, number: int, items: Sequence[MeldCard]) -> Meld:
        self._keep_pending()
        seat = self.turn
        hand = self.hands[seat]
        meld = self.melds[number - 1] = (
            lay_off_one(self.melds[number - 1], items[0], self.five)
            if len(items) == 1
            else lay_off(self.melds[number - 1], items, self.game.options.four_suits)
        )
        for item in items:
            hand.remove(kind_of(item))
        if not hand:  # PO-22
            self._go_out(seat)
        return meld

    def _do_discard(self, card: int) -> None:
        self._keep_pending()
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        if not hand:  # PO-22: out by discarding the last card
            self._go_out(seat)
            return
        self.advanceable = True
        self.discarder = seat
        self.turn = seat + 1 if seat + 1 < self.n else 0
        self.phase = Phase.DRAW

    def _go_out(self, seat: int) -> None:
        self.went_out = seat
        self.phase = Phase.OVER

    # -- the checked path: the same effects, described as events -------------------------------

    def _apply(self, action: Action) -> tuple[Event, ...]:
        seat = self.to_move
        assert seat is not None
        kind = action.kind
        events: list[Event] = []
        rebuilds = self.rebuilds
        if kind == "draw":
            card = self._do_draw()
            if self.rebuilds > rebuilds:
                events.append(event("rebuild", None, stock=len(self.stock) + 1))
            if card is not None:
                held = self.pending is not None
                events.append(
                    event("draw", seat, secret={"card": card_text(card)}, held_apart=held)
                )
        elif kind == "burn":
            burned = self.pending
            assert burned is not None
            card = self._do_burn()
            events.append(event("burn", seat, card=card_text(burned)))
            if self.rebuilds > rebuilds:
                events.append(event("rebuild", None, stock=len(self.stock) + 1))
            if card is not None:
                events.append(event("draw", seat, secret={"card": card_text(card)}))
        elif kind == "pass":
            self._do_pass()
            events.append(event("pass", seat))
        elif kind in ("take", "advance"):
            meld = meld_of(action)
            top = card_text(self.discard[-1])
            (self._do_take if kind == "take" else self._do_advance)(meld)
            events.append(
                event(kind, seat, card=top, meld=str(meld), number=len(self.melds), owner=seat)
            )
        elif kind == "meld":
            meld = meld_of(action)
            self._do_meld(meld)
            events.append(event("meld", seat, meld=str(meld), number=len(self.melds)))
        elif kind == "layoff":
            number = action.meld
            assert number is not None
            items = items_of(action)
            meld = self._do_layoff(number, items)
            events.append(
                event("layoff", seat, number=number, cards=format_cards(items), meld=str(meld))
            )
        else:
            discarded = action.cards[0]
            assert isinstance(discarded, int)
            self._do_discard(discarded)
            events.append(event("discard", seat, card=card_text(discarded)))
        if self.phase is Phase.OVER:
            outcome = self.outcome
            assert outcome is not None
            events.append(event("deal_end", None, **outcome.to_dict()))
        return tuple(events)

    # -- the end (PO-8, PO-22, PO-23) ------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        """PO-23: every other player's penalty points (PO-2) for the cards left in hand, 0 for
        the player who went out, who is the winner; a void deal (PO-8) scores 0 for all, who
        share it (reason ``void``, ``went_out`` None)."""
        if self.phase is not Phase.OVER:
            return None
        figure_points = self.game.options.figure_points
        hands = [[card_text(c) for c in _sorted(hand)] for hand in self.hands]
        out = self.went_out
        if out is None:
            return Outcome(
                points=(0,) * self.n,
                sides=self.game.sides,
                # Nobody scores: all share the best score, as equal best scores do (PO-26).
                winners=tuple(range(self.n)),
                reason="void",
                details={"went_out": None, "hands": hands},
            )
        points = tuple(
            0 if seat == out else hand_points(hand, figure_points)
            for seat, hand in enumerate(self.hands)
        )
        return Outcome(
            points=points,
            sides=self.game.sides,
            winners=(out,),
            reason="went_out",
            details={"went_out": out, "hands": hands},
        )

    # -- views (PO-27) -------------------------------------------------------------------------

    def _private_view(self, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return {}
        data: dict[str, Any] = {"hand": [card_text(c) for c in _sorted(self.hands[seat])]}
        if seat == self.turn and self.pending is not None:
            data["drawn"] = card_text(self.pending)  # PO-9: seen by its owner only
        return data

    def _public_view(self) -> dict[str, Any]:
        return {
            "phase": str(self.phase),
            "turn": self.turn if self.phase is not Phase.OVER else None,
            "first_player": self.first,
            "hand_sizes": [len(hand) for hand in self.hands],
            "stock": len(self.stock),
            "discard": [card_text(c) for c in self.discard],
            "advanceable": self.advanceable and bool(self.discard),
            "discarded_by": self.discarder if self.discard else None,
            "melds": [
                {"number": i + 1, "owner": owner, "kind": str(meld.kind), "cards": meld_text(meld)}
                for i, (meld, owner) in enumerate(zip(self.melds, self.owners, strict=True))
            ],
            "melded": list(self.melded),
            "burned": card_text(self.burned) if self.burned is not None else None,
            "burn_open": self.burn_open,
            "held_apart": self.pending is not None,
            "claim": (
                {
                    "card": card_text(self.discard[-1]),
                    "turn": self.turn,
                    "asked": self.claimants[0],
                    "still_to_ask": self.claimants[1:],
                }
                if self.phase is Phase.CLAIM
                else None
            ),
            "stock_rebuilds": self.rebuilds,
        }

    def _debug_view(self) -> dict[str, Any]:
        return {
            "phase": str(self.phase),
            "turn": self.turn,
            "hands": [[card_text(c) for c in hand] for hand in self.hands],
            "stock": [card_text(c) for c in reversed(self.stock)],
            "discard": [card_text(c) for c in self.discard],
            "melds": [
                {"owner": owner, "cards": meld_text(meld)}
                for meld, owner in zip(self.melds, self.owners, strict=True)
            ],
            "melded": list(self.melded),
            "burned": card_text(self.burned) if self.burned is not None else None,
            "pending": card_text(self.pending) if self.pending is not None else None,
            "burn_open": self.burn_open,
            "advanceable": self.advanceable,
            "discarder": self.discarder,
            "claimants": list(self.claimants),
            "went_out": self.went_out,
            "rng": [self.rng_seed, self.rebuilds],
            "recycled": [card_text(c) for c in range(len(FRENCH_KINDS)) if self.recycled >> c & 1],
        }

    def _example_action(self) -> str:
        return "discard Qd"

    # -- ids -----------------------------------------------------------------------------------

    def action_id(self, action: Action) -> int:
        return action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        return action_of_id(action_id)

    # -- hidden information ----------------------------------------------------------------------

    def secret_cards(self, seat: int) -> list[str]:
        """Other hands (until the deal ends), the stock and another seat's held-apart card —
        except cards of a kind that went back into the stock from the discard pile (PO-8):
        everyone saw those face up and the log still shows them, so their text is no secret,
        only where they now lie."""
        over = self.phase is Phase.OVER  # PO-23: the hands left are shown and counted
        hidden = [] if over else [c for s, h in enumerate(self.hands) if s != seat for c in h]
        hidden += self.stock
        if self.pending is not None and self.turn != seat:
            hidden.append(self.pending)
        recycled = self.recycled
        return [card_text(c) for c in hidden if not recycled >> c & 1]


# -- helpers ---------------------------------------------------------------------------------


def _sorted(cards: Iterable[int]) -> list[int]:
    """Cards in a readable order: by suit, then rank, jokers last (the kind order)."""
    return sorted(cards)


def _stable_seed(
    dealt: tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]],
) -> int:
    """A seed for the stock rebuilds from the dealt cards (stable across runs and machines)."""
    hands, stock, discard = dealt
    data = bytearray()
    for hand in hands:
        data += bytes(hand) + b"\xff"
    data += bytes(stock) + b"\xfe" + bytes(discard)
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big") >> 2


assert JOKER == NATURAL_KINDS
