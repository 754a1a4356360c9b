"""The Putto table: players, teams, options, dealing and action text."""

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
from cardtable.errors import CardError, IllegalAction, OptionError, SetupError
from cardtable.games.putto.deck import CARD_POINTS, HAND_SIZE, SWEEP_POINTS
from cardtable.games.putto.sampling import PuttoSampler
from cardtable.games.putto.state import ACTIONS, PuttoState
from cardtable.i18n import N_, _

#: PT-4: the seats of each side, per ``teams`` choice and player count.
TEAMS: dict[str, dict[int, tuple[tuple[int, ...], ...]]] = {
    "pairs": {4: ((0, 2), (1, 3)), 6: ((0, 3), (1, 4), (2, 5))},
    "threes": {6: ((0, 2, 4), (1, 3, 5))},
}


class PuttoGame(Game):
    """Putto for 2 to 6 players, alone or in teams (PT-3, PT-4)."""

    name: ClassVar[str] = "putto"
    title: ClassVar[str] = N_("Putto")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    num_action_ids: ClassVar[int] = 80
    #: One play per card of the 40 (PT-14).
    max_deal_actions: ClassVar[int] = len(LATIN_DECK)
    #: Every card point (120, PT-2), a sweep on every play (PT-12) and each suit's primiera
    #: (PT-16).
    max_deal_points: ClassVar[int] = sum(CARD_POINTS) + SWEEP_POINTS * len(LATIN_DECK) + 4
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            name="teams",
            default="alone",
            default_for=lambda n: "pairs" if n in (4, 6) else "alone",
            choices=("alone", "pairs", "threes"),
            label=N_("Teams"),
            choice_labels={
                "alone": N_("everyone alone"),
                "pairs": N_("pairs"),
                "threes": N_("two teams of three"),
            },
            help=N_(
                "Who plays together: everyone alone; pairs, partners opposite (4 or 6 players, "
                "the default there); or two teams of three in alternate seats (6 players)."
            ),
        ),
        Option(
            name="must_capture",
            default=False,
            label=N_("Capturing is compulsory"),
            help=N_(
                "A card that matches a table card must capture (otherwise capturing is optional)."
            ),
        ),
        Option(
            name="leftover",
            default="last_capturer",
            choices=("last_capturer", "nobody"),
            label=N_("Cards left on the table go to"),
            choice_labels={"last_capturer": N_("the last to capture"), "nobody": N_("nobody")},
            help=N_(
                "Who takes the cards left on the table at the end: the last to capture, or nobody."
            ),
        ),
        Option(
            name="last_play_sweep",
            default=True,
            label=N_("A sweep on the last play counts"),
            help=N_("Whether a sweep on the very last play of a deal counts."),
        ),
        Option(
            name="deals",
            default=4,
            default_for=lambda n: n,
            minimum=1,
            maximum=100,
            label=N_("Deals in a match"),
            help=N_("Number of deals in a match (default: one per seat, so everyone deals once)."),
        ),
        Option(
            name="target",
            default=0,
            minimum=0,
            maximum=10000,
            label=N_("Play to a total (0: off)"),
            help=N_(
                "Play to this total instead of a number of deals (0: off); the match ends "
                "after the deal in which a side reaches it."
            ),
        ),
    )

    __slots__ = ()

    def _check_options(self, given: set[str]) -> None:
        teams = self.options.teams
        if teams != "alone" and self.players not in TEAMS[teams]:
            raise OptionError(
                _("teams={teams} needs {counts} players, not {n}").format(
                    teams=teams,
                    counts=_(" or ").join(str(c) for c in TEAMS[teams]),
                    n=self.players,
                )
            )
        # PT-21: deals or a target. A ``deals`` equal to its default for this player count is
        # what ``describe()`` writes for every match, so a table rebuilt from its own options
        # (the server's stored tables, a match record replayed) is accepted; any other count
        # given with a target contradicts it.
        default_deals = next(o for o in self.option_specs if o.name == "deals").default_value(
            self.players
        )
        if self.options.target and "deals" in given and self.options.deals != default_deals:
            raise OptionError(
                _(
                    "a match is played to a number of deals or to a target, "
                    "not both: give deals or target"
                )
            )

    def _sides(self) -> tuple[tuple[int, ...], ...]:
        teams = self.options.teams
        if teams == "alone":
            return tuple((seat,) for seat in range(self.players))
        return TEAMS[teams][self.players]

    # -- dealing -------------------------------------------------------------------------------

    def deal_length_bound(self) -> int:
        """Every card but the one turned face up is played once (PT-5, PT-14)."""
        return len(LATIN_DECK) - 1

    def _deal_seed(self, seed: int, dealer: int) -> PuttoState:
        deck = list(LATIN_DECK)
        shuffle(deck, random.Random(seed))
        n = self.players
        # PT-5: four cards each, one at a time from the first player (PT-7).
        hands = deal_round_robin(deck, n, (dealer + 1) % n, HAND_SIZE)
        table = [deck[HAND_SIZE * n]]
        state = PuttoState.new(self, dealer, hands, deck[HAND_SIZE * n + 1 :], table)
        state.seed = seed
        return state

    def _deal_setup(self, setup: Mapping[str, Any], dealer: int) -> PuttoState:
        check_keys(setup, self.name, ("hands", "stock", "table"))
        hands = read_hands(setup, self.players, HAND_SIZE, parse_card, example="7c", rule="PT-5")
        stock = read_cards(setup.get("stock", []), _("stock"), parse_card, "7c")
        table = read_cards(setup.get("table", []), _("table"), parse_card, "7c")
        if len(table) != 1:
            raise SetupError(
                _(
                    "setup 'table' holds the one face-up card that starts the table (PT-5), "
                    "not {count}"
                ).format(count=len(table))
            )
        check_deck([c for hand in hands for c in hand] + stock + table, LATIN_DECK, format_cards)
        return PuttoState.new(self, dealer, hands, stock, table)

    # -- actions -------------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """``play 7c`` or ``capture 7c`` (also ``p 7c``, ``c 7c``, ``take 7c``; any case)."""
        if not isinstance(text, str):
            raise IllegalAction(
                _("an action is text such as 'capture 7c', not {value!r}").format(value=text)
            )
        action = _PARSED.get(text)
        if action is not None:
            return action
        words = text.split()
        kind = _KINDS.get(words[0].lower()) if len(words) == 2 else None
        if kind is None:
            raise IllegalAction(
                _(
                    "{text!r} is not a putto action: expected 'play' or 'capture' and a card, "
                    "e.g. 'capture 7c'"
                ).format(text=text)
            )
        try:
            card = parse_card(words[1])
        except CardError as error:
            raise IllegalAction(
                _("{text!r} is not a putto action: {error}").format(text=text, error=error)
            ) from None
        return ACTIONS[card + (40 if kind == "capture" else 0)]

    # -- hidden information ----------------------------------------------------------------------

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> PuttoState:
        """A full deal consistent with a seat's view with memory (see ``putto.sampling``)."""
        return PuttoSampler(self, view).sample(rng)

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], PuttoState]:
        """For searches: read ``view`` once, then each call deals its unseen cards anew (a state
        for playouts: no history, and a ``setup`` that is the position as if dealt now)."""
        return PuttoSampler(self, view).sample_fast

    # -- matches -------------------------------------------------------------------------------

    def match_is_over(self, deals_played: int, totals: Sequence[int]) -> bool:
        """PT-21: ``deals`` deals, or the deal in which a side reaches ``target``."""
        target = int(self.options.target)
        if target:
            return max(totals) >= target
        return deals_played >= int(self.options.deals)


_KINDS = {"play": "play", "p": "play", "capture": "capture", "c": "capture", "take": "capture"}
_PARSED: dict[str, Action] = {str(action): action for action in ACTIONS}
