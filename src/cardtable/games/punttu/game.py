"""The Punttu table: player count, options, dealing and action text."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards.latin import LATIN_DECK, format_cards, parse_card
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.engine.options import Option
from cardtable.engine.shuffle import shuffle
from cardtable.errors import CardError, IllegalAction, SetupError
from cardtable.games.punttu.deck import HAND_SIZE, removed_cards, table_deck
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
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            name="trim",
            default="aces",
            choices=("aces", "twos"),
            help=N_(
                "Which cards leave the deck so it divides evenly: aces then sotas (aces), "
                "or twos then aces as in Briscola (twos)."
            ),
        ),
        Option(
            name="deals",
            default=1,
            minimum=1,
            maximum=100,
            help=N_("Number of deals in a match; scores add up and the highest total wins."),
        ),
        Option(
            name="show_played",
            default=False,
            help=N_("Show every card played in earlier tricks (for beginners)."),
        ),
    )

    __slots__ = ()

    # -- dealing -------------------------------------------------------------------------------

    def _deal_seed(self, seed: int, dealer: int) -> PunttuState:
        deck = list(table_deck(self.players, self.options.trim))
        shuffle(deck, random.Random(seed))
        n = self.players
        first = (dealer + 1) % n
        hands: list[list[int]] = [[] for _ in range(n)]
        # PU-8: three cards each, one at a time, starting with the first player; deck[0] is on top.
        for index in range(HAND_SIZE * n):
            hands[(first + index) % n].append(deck[index])
        state = PunttuState.new(self, dealer, hands, deck[HAND_SIZE * n :])
        state.seed = seed
        return state

    def _deal_setup(self, setup: Mapping[str, Any], dealer: int) -> PunttuState:
        unexpected = sorted(set(setup) - {"hands", "stock"})
        if unexpected:
            raise SetupError(
                _("a punttu setup has only 'hands' and 'stock', not {keys}").format(
                    keys=", ".join(repr(k) for k in unexpected)
                )
            )
        hands_text = setup.get("hands")
        stock_text = setup.get("stock", [])
        if not isinstance(hands_text, list) or len(hands_text) != self.players:
            raise SetupError(
                _("setup 'hands' must be a list of {n} hands, one per seat").format(n=self.players)
            )
        hands = [
            self._setup_cards(hand, _("hand of seat {seat}").format(seat=seat))
            for seat, hand in enumerate(hands_text)
        ]
        stock = self._setup_cards(stock_text, _("stock"))
        for seat, hand in enumerate(hands):
            if len(hand) != HAND_SIZE:
                raise SetupError(
                    _(
                        "the hand of seat {seat} has {count} cards; each hand starts with "
                        "{size} (PU-8)"
                    ).format(seat=seat, count=len(hand), size=HAND_SIZE)
                )
        self._check_deck([card for hand in hands for card in hand] + stock)
        return PunttuState.new(self, dealer, hands, stock)

    @staticmethod
    def _setup_cards(cards: object, where: str) -> list[int]:
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise SetupError(
                _('setup {where} must be a list of card texts such as "Ko"').format(where=where)
            )
        try:
            return [parse_card(c) for c in cards]
        except CardError as error:
            raise SetupError(_("setup {where}: {error}").format(where=where, error=error)) from None

    def _check_deck(self, cards: Sequence[int]) -> None:
        """A setup must hold each card of the table's deck exactly once (PU-5, PU-6)."""
        counts = Counter(cards)
        removed = set(removed_cards(self.players, self.options.trim))
        problems = []
        twice = sorted(card for card, count in counts.items() if count > 1)
        if twice:
            problems.append(_("more than once: {cards}").format(cards=format_cards(twice)))
        out = sorted(card for card in counts if card in removed)
        if out:
            problems.append(
                _("removed from the deck with {n} players and trim={trim}: {cards}").format(
                    n=self.players, trim=self.options.trim, cards=format_cards(out)
                )
            )
        missing = sorted(set(table_deck(self.players, self.options.trim)) - set(counts))
        if missing:
            problems.append(_("missing: {cards}").format(cards=format_cards(missing)))
        if problems:
            raise SetupError(
                _("the setup is not the {size}-card deck of this table ({problems})").format(
                    size=len(table_deck(self.players, self.options.trim)),
                    problems="; ".join(problems),
                )
            )

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

    # -- matches -------------------------------------------------------------------------------

    def match_is_over(self, deals_played: int, totals: Sequence[int]) -> bool:
        """PU-19: a match is ``deals`` deals."""
        return deals_played >= int(self.options.deals)


_PARSED: dict[str, Action] = {str(action): action for action in PLAY_ACTIONS}
assert len(_PARSED) == len(LATIN_DECK)
