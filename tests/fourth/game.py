"""High card, a tiny trick game made for the tests only (no rules sheet, no terminal table).

Two or four players (a set of counts, not a range) each get five cards of the Latin 40-card
deck; the rest stay face down, unseen. The player after the dealer leads; everyone plays one
card in turn; the highest rank takes the trick (the first played among equals) and leads the
next. Each trick is worth a point; a deal is five tricks; a match is ``deals`` deals, the most
points winning.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from cardtable.cards.latin import CARD_INDEX, LATIN_DECK, card_text
from cardtable.engine.action import Action
from cardtable.engine.bot import Bot
from cardtable.engine.events import Event, event
from cardtable.engine.game import Game, State
from cardtable.engine.options import Option
from cardtable.engine.outcome import Outcome, best_sides
from cardtable.engine.plugin import LEVELS, GameDescriptor
from cardtable.engine.presets import Preset
from cardtable.errors import IllegalAction, SetupError

HAND = 5
PLAYS = tuple(Action("play", (card,)) for card in LATIN_DECK)
BY_TEXT = {str(action): action for action in PLAYS}


def _card(action: Action) -> int:
    card = action.cards[0]
    assert isinstance(card, int)
    return card


class HighCardGame(Game):
    name: ClassVar[str] = "highcard"
    title: ClassVar[str] = "High card"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    allowed_players: ClassVar[frozenset[int] | None] = frozenset({2, 4})
    num_action_ids: ClassVar[int] = len(LATIN_DECK)
    max_deal_actions: ClassVar[int] = 4 * HAND
    max_deal_points: ClassVar[int] = HAND
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(name="deals", default=1, minimum=1, maximum=10, help="Deals in a match."),
    )

    def _deal_seed(self, seed: int, dealer: int) -> State:
        deck = list(range(len(LATIN_DECK)))
        random.Random(seed).shuffle(deck)
        hands = [deck[i * HAND : (i + 1) * HAND] for i in range(self.players)]
        return HighCardState(self, hands, deck[self.players * HAND :], dealer, seed)

    def _deal_setup(self, setup: Mapping[str, Any], dealer: int) -> State:
        try:
            hands = [[CARD_INDEX[c] for c in hand] for hand in setup["hands"]]
            rest = [CARD_INDEX[c] for c in setup["rest"]]
        except (KeyError, TypeError) as error:
            raise SetupError(f"a High card setup holds hands and rest: {error}") from None
        if sorted(sum(hands, rest)) != list(range(len(LATIN_DECK))):
            raise SetupError("a High card setup holds the whole deck once")
        return HighCardState(self, hands, rest, dealer, None)

    def parse_action(self, text: str) -> Action:
        action = BY_TEXT.get(" ".join(str(text).split()))
        if action is None:
            raise IllegalAction(f"{text!r} is not a High card action; expected e.g. 'play Ko'")
        return action

    def match_is_over(self, deals_played: int, totals: Sequence[int]) -> bool:
        return deals_played >= int(self.options.deals)

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> State:
        """The hands the viewer cannot see, redealt from the cards it has not seen, then the
        deal's log replayed: a state whose view for the viewer is ``view``."""
        seat = view["seat"]
        played: dict[int, list[int]] = {s: [] for s in range(self.players)}
        for who, text in view["log"]:
            played[who].append(CARD_INDEX[text.split()[1]])
        mine = [CARD_INDEX[c] for c in view["hand"]]
        seen = set(mine) | {c for cards in played.values() for c in cards}
        unseen = [c for c in range(len(LATIN_DECK)) if c not in seen]
        rng.shuffle(unseen)
        hands = []
        for s in range(self.players):
            if s == seat:
                hands.append(played[s] + mine)
            else:
                size = view["hand_sizes"][s]
                hands.append(played[s] + unseen[:size])
                unseen = unseen[size:]
        state = HighCardState(self, hands, unseen, view["dealer"], None)
        for _who, text in view["log"]:
            state.apply(text)
        return state


class HighCardState(State):
    def __init__(
        self, game: HighCardGame, hands: list[list[int]], rest: list[int], dealer: int,
        seed: int | None,
    ) -> None:
        self.game = game
        self.n = game.players
        self.dealer = dealer
        self.seed = seed
        self.history = []
        self._dealt = ([list(h) for h in hands], list(rest))
        self.hands = [list(h) for h in hands]
        self.rest = list(rest)
        self.trick: list[tuple[int, int]] = []
        self.points = [0] * game.players
        self.leader = (dealer + 1) % game.players

    @property
    def setup(self) -> dict[str, Any]:
        hands, rest = self._dealt
        return {"hands": [[card_text(c) for c in h] for h in hands],
                "rest": [card_text(c) for c in rest]}

    @property
    def to_move(self) -> int | None:
        if not any(self.hands):
            return None
        return (self.leader + len(self.trick)) % self.n

    @property
    def outcome(self) -> Outcome | None:
        if self.to_move is not None:
            return None
        points = tuple(self.points)
        sides = self.game.sides
        return Outcome(points=points, sides=sides, winners=best_sides(points, sides),
                       reason="played_out")

    def legal_actions(self) -> list[Action]:
        seat = self.to_move
        return [] if seat is None else [PLAYS[c] for c in sorted(self.hands[seat])]

    def clone(self) -> Self:
        other = self._bare_clone()
        other.hands = [list(h) for h in self.hands]
        other.rest = list(self.rest)
        other.trick = list(self.trick)
        other.points = list(self.points)
        other.leader = self.leader
        return other

    def _verify(self, action: Action) -> None:
        seat = self.to_move
        assert seat is not None
        card = action.cards[0] if action.kind == "play" and action.cards else None
        if not isinstance(card, int) or card not in self.hands[seat]:
            raise IllegalAction(f"{action} is not a card of seat {seat}'s hand")

    def _apply(self, action: Action) -> tuple[Event, ...]:
        seat = self.to_move
        assert seat is not None
        card = _card(action)
        self._play(seat, card)
        events = [event("play", seat, card=card_text(card))]
        if not self.trick and self.history:
            events.append(event("trick", self.leader, points=list(self.points)))
        return tuple(events)

    def _play(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == self.n:
            best = max(self.trick, key=lambda play: play[1] % 10)  # the first among equals
            self.points[best[0]] += 1
            self.leader = best[0]
            self.trick = []

    def _public_view(self) -> dict[str, Any]:
        return {"trick": [[s, card_text(c)] for s, c in self.trick],
                "points": list(self.points), "hand_sizes": [len(h) for h in self.hands]}

    def _private_view(self, seat: int | None) -> dict[str, Any]:
        return {} if seat is None else {"hand": [card_text(c) for c in sorted(self.hands[seat])]}

    def _debug_view(self) -> dict[str, Any]:
        return {"hands": [[card_text(c) for c in h] for h in self.hands],
                "rest": [card_text(c) for c in self.rest], **self._public_view()}

    def _example_action(self) -> str:
        return "play Ko"

    def legal_action_ids(self) -> list[int]:
        seat = self.to_move
        return [] if seat is None else sorted(self.hands[seat])

    def apply_unchecked(self, action_id: int) -> None:
        seat = self.to_move
        assert seat is not None
        self._play(seat, action_id)

    def action_id(self, action: Action) -> int:
        return _card(action)

    def action_from_id(self, action_id: int) -> Action:
        return PLAYS[action_id]

    def secret_cards(self, seat: int) -> list[str]:
        others = [c for s, h in enumerate(self.hands) if s != seat for c in h]
        return [card_text(c) for c in [*others, *self.rest]]


class HighestCard(Bot):
    """Plays its highest card: the game's club player."""

    name: ClassVar[str] = "heuristic"

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return max(legal, key=lambda action: _card(action) % 10)


def side_points(state: Any) -> list[int]:
    return list(state.points)


def public_cards(view: Any) -> list[list[list[str]]]:
    return [[[card for _seat, card in view["trick"]]]]


#: High card as a plug-in, every fact the layers above the rules need in one place.
GAME = GameDescriptor(
    game_class=HighCardGame,
    bots={"heuristic": HighestCard},
    deck="latin",
    direction="right",
    match_options=("deals",),
    public_cards=public_cards,
    review_thresholds=(1.0, 2.0, 3.0),
    level_descriptions={level: f"High card's {level} bot." for level in LEVELS},
    presets=(Preset(name="source", title="High card", description="One deal, high card wins."),),
    summary="The highest card wins.",
    showcase=("7o", "Ao"),
)
