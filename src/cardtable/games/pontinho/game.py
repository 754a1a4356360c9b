"""The Pontinho table: player count, options, dealing and action text (PO-1 … PO-5, PO-24 … PO-26).

Action text (DESIGN.md): ``draw``, ``burn``, ``pass``, ``discard Qd``, ``meld 4c 5c *=6c 7c``,
``take 9h 9c 9s``, ``advance 9h 9c 9s``, ``layoff 2 8c``. Any case; ``10`` for ``T``; a bare ``*``
in sets (and, written in order, in runs). A meld is read with the one meld module and kept in its
canonical form, so ``str(action)`` is canonical and parses back to the same action. A lay-off may
name several cards (``layoff 2 8c 9c``): ``apply`` accepts it when the meld stays valid, though
``legal_actions`` lists lay-offs one card at a time (which reaches every lay-off).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from cardtable.cards.french import (
    DEFAULT_FIGURE_POINTS,
    FIGURE_POINTS_CHOICES,
    FRENCH_DECK,
    PENALTY_POINTS,
    format_cards,
    parse_card,
    parse_meld_card,
)
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.engine.options import Option
from cardtable.engine.setup import check_deck, check_keys, read_cards, read_hands
from cardtable.engine.shuffle import shuffle
from cardtable.errors import CardError, IllegalAction, MeldError
from cardtable.games.pontinho.actions import NUM_ACTION_IDS, PontinhoAction
from cardtable.games.pontinho.match import PontinhoMatch
from cardtable.games.pontinho.melds import FOUR_SUITS_CHOICES, FourSuits, make_meld
from cardtable.games.pontinho.state import HAND_SIZE, PontinhoState
from cardtable.i18n import N_, _

_SIMPLE = {"draw": "draw", "burn": "burn", "pass": "pass"}
_MELDING = {"meld": "meld", "take": "take", "advance": "advance"}


class PontinhoGame(Game):
    """Pontinho for 2 to 8 players (PO-3)."""

    name: ClassVar[str] = "pontinho"
    title: ClassVar[str] = N_("Pontinho")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    default_players: ClassVar[int] = 4
    lowest_wins: ClassVar[bool] = True
    num_action_ids: ClassVar[int] = NUM_ACTION_IDS
    #: The documented bound for random playouts (bench, contract tests) and for bots against
    #: bots (the arena): the rules have no limit on a deal's length (the stock is rebuilt,
    #: PO-8), so a deal that reaches this many actions is stopped and counted as void. Random
    #: play ends far sooner (see the game's tests for measurements); in the arena such deals
    #: are those where the players left can no longer go out (``cardtable arena pontinho -p 2
    #: --bots medium,random --seed 101 -o four_suits=joker_fills``: deal 21 cycles for ever
    #: with a hand of 2 cards against a hand of 1).
    playout_cap_actions: ClassVar[int] = 3000
    #: Every card of both decks left in one hand at the dearest figure points, and the jokers
    #: (PO-2).
    max_deal_points: ClassVar[int] = max(
        sum(points[card] for card in FRENCH_DECK) for points in PENALTY_POINTS.values()
    )
    #: Busting and buying back between deals (PO-24 … PO-26).
    own_match_class: ClassVar[type[PontinhoMatch]] = PontinhoMatch
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            name="figure_points",
            default=DEFAULT_FIGURE_POINTS,
            choices=FIGURE_POINTS_CHOICES,
            label=N_("Points of the figures"),
            choice_labels={"13-12-11": N_("K 13, Q 12, J 11"), "10": N_("10 each")},
            help=N_(
                "Penalty points of the figures left in hand: K 13, Q 12, J 11 (the house rule) "
                "or 10 each."
            ),
        ),
        Option(
            name="four_suits",
            default=str(FourSuits.WITH_JOKER),
            choices=FOUR_SUITS_CHOICES,
            label=N_("Sets of all four suits"),
            choice_labels={
                "with_joker": N_("Four suits and a joker (5 cards)"),
                "joker_fills": N_("Three suits and a joker in the fourth's place"),
            },
            help=N_(
                "May a set hold the four suits as natural cards? With a joker besides, as the "
                "house rules show (K K K K and a joker, 5 cards), or never: a joker then takes "
                "the fourth suit's place and a set has at most 4 cards."
            ),
        ),
        Option(
            name="bust",
            default=100,
            label=N_("Bust line (points)"),
            minimum=1,
            maximum=100000,
            help=N_("A player whose match total reaches this many points is out (estourou)."),
        ),
        Option(
            name="buybacks",
            default=1,
            label=N_("Buy-backs per player"),
            minimum=0,
            maximum=100,
            help=N_("How many times per match a player who is out may buy back in (voltar)."),
        ),
        Option(
            name="deals",
            default=0,
            label=N_("Deals in a match (0: until one player is left)"),
            minimum=0,
            maximum=1000,
            help=N_(
                "Play this many deals, fewest points winning (0: play until one player is left)."
            ),
        ),
        Option(
            name="rebuild_limit",
            default=-1,
            label=N_("Stock rebuilds per deal (-1: no limit)"),
            minimum=-1,
            maximum=1000,
            help=N_(
                "How many times the stock may be rebuilt from the discards in one deal (-1: no "
                "limit, the usual rule); when it runs out after that, the deal is void."
            ),
        ),
    )
    # PO-15's ``joker_swap`` is not offered: swapping a joker on the table is not implemented.

    __slots__ = ()

    def deal_length_bound(self) -> int | None:
        """The most actions a deal can take with ``rebuild_limit`` = r ≥ 0 (None without a
        limit: PO-8 lets a deal go on for ever).

        D, the cards drawn from the stock, is at most the first stock plus 108 per rebuild. Every
        meld, lay-off, take, advance and discard takes at least one card out of a hand, and at
        most 9n + D cards ever enter hands; there are at most D draws, at most n - 2 claim
        answers per draw, one burn: 9n + D + D + (n - 2)·D + 1 = 9n + n·D + 1.
        """
        limit = int(self.options.rebuild_limit)
        if limit < 0:
            return None
        n = self.players
        draws = len(FRENCH_DECK) - HAND_SIZE * n + len(FRENCH_DECK) * limit
        return HAND_SIZE * n + n * draws + 1

    # -- dealing (PO-4) --------------------------------------------------------------------------

    def _deal_seed(self, seed: int, dealer: int) -> PontinhoState:
        deck = list(FRENCH_DECK)
        shuffle(deck, random.Random(seed))
        n = self.players
        first = (dealer + 1) % n
        hands: list[list[int]] = [[] for _ in range(n)]
        # PO-4: nine cards each, one at a time from the first player; deck[0] is on top.
        for index in range(HAND_SIZE * n):
            hands[(first + index) % n].append(deck[index])
        state = PontinhoState.new(self, dealer, hands, deck[HAND_SIZE * n :])
        state.seed = seed
        return state

    def _deal_setup(self, setup: Mapping[str, Any], dealer: int) -> PontinhoState:
        check_keys(setup, self.name, ("hands", "stock", "discard"))
        hands = read_hands(setup, self.players, HAND_SIZE, parse_card, example="Qd", rule="PO-4")
        stock = read_cards(setup.get("stock", []), _("stock"), parse_card, "Qd")
        discard = read_cards(setup.get("discard", []), _("discard"), parse_card, "Qd")
        check_deck(
            [card for hand in hands for card in hand] + stock + discard, FRENCH_DECK, format_cards
        )
        return PontinhoState.new(self, dealer, hands, stock, discard)

    # -- actions -------------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """Read one action (see the module docstring); ``IllegalAction`` says what was expected."""
        if not isinstance(text, str):
            raise IllegalAction(
                _("an action is text such as 'discard Qd', not {value!r}").format(value=text)
            )
        return _parse(text)

    # -- hidden information: sampling for bots (``cardtable.games.pontinho.sampling``) ---------

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> PontinhoState:
        """A full deal consistent with a seat's view with memory (see ``pontinho.sampling``)."""
        from cardtable.games.pontinho.sampling import PontinhoSampler

        return PontinhoSampler(self, view).sample(rng)

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], PontinhoState]:
        """For searches: read ``view`` once, then each call deals its unseen cards anew."""
        from cardtable.games.pontinho.sampling import PontinhoSampler

        return PontinhoSampler(self, view).sample_fast

    # -- matches (PO-5, PO-24 … PO-26) -------------------------------------------------------

    def match_is_over(self, deals_played: int, totals: Sequence[int]) -> bool:
        """Whether a match with these totals per seat and no buy-back would be over: after
        ``deals`` deals when that option is set, or when at most one total is below ``bust``.
        ``PontinhoMatch`` decides the real end itself, as buy-backs (PO-25) change the totals
        and who is in; this answer is only for callers that know no more than the totals."""
        deals = int(self.options.deals)
        if deals and deals_played >= deals:
            return True
        bust = int(self.options.bust)
        return sum(1 for total in totals if total < bust) <= 1


def _expected() -> str:
    return _(
        "expected draw, burn, pass, discard X, meld …, take …, advance … or layoff N …, "
        "e.g. 'meld 4c 5c *=6c 7c' or 'layoff 2 8c'"
    )


@lru_cache(maxsize=4096)
def _parse(text: str) -> Action:
    words = text.split()
    if not words:
        raise IllegalAction(
            _("an empty text is not a pontinho action; {expected}").format(expected=_expected())
        )
    word = words[0].lower()
    args = words[1:]
    try:
        if word in _SIMPLE:
            if args:
                raise IllegalAction(
                    _("{text!r}: {kind!r} takes nothing after it").format(text=text, kind=word)
                )
            return PontinhoAction(_SIMPLE[word])
        if word == "discard":
            if len(args) != 1:
                raise IllegalAction(
                    _("{text!r}: discard one card, e.g. 'discard Qd'").format(text=text)
                )
            return PontinhoAction("discard", (parse_card(args[0]),))
        if word in _MELDING:
            if not args:
                raise IllegalAction(
                    _("{text!r}: name the cards of the meld, e.g. '{kind} 9h 9c 9s'").format(
                        text=text, kind=word
                    )
                )
            meld = make_meld(" ".join(args))
            return PontinhoAction(_MELDING[word], meld.cards)
        if word == "layoff":
            if len(args) < 2 or not args[0].isdecimal() or int(args[0]) < 1:
                raise IllegalAction(
                    _(
                        "{text!r}: write layoff, the meld's number (from 1) and the cards, "
                        "e.g. 'layoff 2 8c'"
                    ).format(text=text)
                )
            items = tuple(parse_meld_card(item) for item in args[1:])
            return PontinhoAction("layoff", items, meld=int(args[0]))
    except (CardError, MeldError) as error:
        raise IllegalAction(
            _("{text!r} is not a pontinho action: {error}").format(text=text, error=error)
        ) from None
    raise IllegalAction(
        _("{text!r} is not a pontinho action: {expected}").format(text=text, expected=_expected())
    )
