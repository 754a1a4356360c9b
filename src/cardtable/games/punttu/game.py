"""The Punttu table: player count, options, dealing and action text."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards.latin import LATIN_DECK, format_cards, parse_card
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.engine.options import Option
from cardtable.engine.setup import check_deck, check_keys, read_cards, read_hands
from cardtable.engine.shuffle import deal_round_robin, shuffle
from cardtable.errors import CardError, IllegalAction
from cardtable.games.punttu.deck import FULL_DECK_POINTS, HAND_SIZE, removed_cards, table_deck
from cardtable.games.punttu.sampling import PunttuSampler
from cardtable.games.punttu.state import PLAY_ACTIONS, PunttuState
from cardtable.i18n import N_, _


class PunttuGame(Game):
    """Punttu for 2 to 8 players (PU-5, PU-6)."""

    name: ClassVar[str] = "punttu"
    title: ClassVar[str] = N_("Punttu")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    default_players: ClassVar[int] = 4
    num_action_ids: ClassVar[int] = 40
    #: One play per card of the 40 (PU-11 … PU-15).
    max_deal_actions: ClassVar[int] = len(LATIN_DECK)
    #: Every card point of the whole deck (PU-2), which one seat could win.
    max_deal_points: ClassVar[int] = FULL_DECK_POINTS
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            name="trim",
            default="aces",
            choices=("aces", "twos"),
            label=N_("Cards left out of the pack"),
            choice_labels={"aces": N_("aces, then sotas"), "twos": N_("twos, then aces")},
            help=N_(
                "Which cards leave the deck so it divides evenly: aces then sotas, or twos "
                "then aces as in Briscola."
            ),
        ),
        Option(
            name="deals",
            default=1,
            minimum=1,
            maximum=100,
            label=N_("Deals in a match"),
            help=N_("Number of deals in a match; scores add up and the highest total wins."),
        ),
        Option(
            name="show_played",
            default=False,
            label=N_("Show the cards already played"),
            help=N_("Show every card played in earlier tricks (for beginners)."),
        ),
    )

    __slots__ = ()

    # -- dealing -------------------------------------------------------------------------------

    def deal_length_bound(self) -> int:
        """One play per card in play at this table (PU-7 trims the deck, PU-15)."""
        return len(table_deck(self.players, self.options.trim))

    def _deal_seed(self, seed: int, dealer: int) -> PunttuState:
        deck = list(table_deck(self.players, self.options.trim))
        shuffle(deck, random.Random(seed))
        n = self.players
        # PU-8: three cards each, one at a time, starting with the first player (PU-9).
        hands = deal_round_robin(deck, n, (dealer + 1) % n, HAND_SIZE)
        state = PunttuState.new(self, dealer, hands, deck[HAND_SIZE * n :])
        state.seed = seed
        return state

    def _deal_setup(self, setup: Mapping[str, Any], dealer: int) -> PunttuState:
        check_keys(setup, self.name, ("hands", "stock"))
        hands = read_hands(setup, self.players, HAND_SIZE, parse_card, example="Ko", rule="PU-8")
        stock = read_cards(setup.get("stock", []), _("stock"), parse_card, "Ko")
        trim = self.options.trim
        check_deck(
            [card for hand in hands for card in hand] + stock,
            table_deck(self.players, trim),
            format_cards,
            removed=removed_cards(self.players, trim),
            removed_note=_("removed from the deck with {n} players and trim={trim}").format(
                n=self.players, trim=trim
            ),
        )
        return PunttuState.new(self, dealer, hands, stock)

    # -- actions -------------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """``play Ko``; also ``Ko`` alone, ``p Ko``, any case."""
        if not isinstance(text, str):
            raise IllegalAction(
                _("an action is text such as 'play Ko', not {value!r}").format(value=text)
            )
        action = _PARSED.get(text)
        if action is not None:
            return action
        words = text.split()
        if len(words) == 2 and words[0].lower() in ("play", "p"):
            words = words[1:]
        if len(words) == 1:
            try:
                return PLAY_ACTIONS[parse_card(words[0])]
            except CardError as error:
                raise IllegalAction(
                    _("{text!r} is not a punttu action: {error}").format(text=text, error=error)
                ) from None
        raise IllegalAction(
            _("{text!r} is not a punttu action: expected 'play' and a card, e.g. 'play Ko'").format(
                text=text
            )
        )

    # -- hidden information ----------------------------------------------------------------------

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> PunttuState:
        """A full deal consistent with a seat's view with memory (see ``punttu.sampling``)."""
        return PunttuSampler(self, view).sample(rng)

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], PunttuState]:
        """For searches: read ``view`` once, then each call deals its unseen cards anew (a state
        for playouts: no history, and a ``setup`` that is the position as if dealt now)."""
        return PunttuSampler(self, view).sample_fast

    # -- matches -------------------------------------------------------------------------------

    def match_is_over(self, deals_played: int, totals: Sequence[int]) -> bool:
        """PU-19: a match is ``deals`` deals."""
        return deals_played >= int(self.options.deals)


_PARSED: dict[str, Action] = {str(action): action for action in PLAY_ACTIONS}
assert len(_PARSED) == len(LATIN_DECK)
