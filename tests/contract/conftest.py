"""Parametrization and the few game-specific hooks of the generic contract tests.

Every test that takes a ``case`` runs for every registered game (``cardtable.available()``), every
player count of its class, and each option set listed in its hooks. A new game needs one entry in
``HOOKS``: the tests fail with a message saying so until it has one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

import cardtable
from cardtable.cards.french import FRENCH_DECK, FRENCH_KINDS
from cardtable.cards.latin import LATIN_DECK
from cardtable.engine.action import Action
from cardtable.engine.game import Game, State
from cardtable.engine.record import replay
from cardtable.games import game_class


@dataclass(frozen=True)
class Hooks:
    """What the contract tests cannot know generically about one game."""

    #: All card texts of the deal in a ``debug_view()`` (hands, stock, table, piles…), as a list.
    cards: Callable[[Mapping[str, Any]], list[str]]
    #: The card texts a deal of this table holds (the deck after any trimming), as a list.
    deck: Callable[[Game], list[str]]
    #: ``check_points(states, actions, final)`` asserts that a finished deal's outcome is what
    #: the game's own scoring rule (restated from shared/rules as an oracle) gives for its cards
    #: and play: ``states`` are copies of the state before each of ``actions``.
    check_points: Callable[[Sequence[State], Sequence[Action], State], None]
    #: Texts of actions to try in every state besides those seen legal elsewhere.
    extra_action_texts: Callable[[Game], list[str]] = lambda game: []
    #: Option sets to run the contract under, besides the defaults.
    option_sets: Sequence[Mapping[str, Any]] = field(default_factory=lambda: [{}])
    #: For the costliest per-state checks (every seat's views and determinizations, every
    #: candidate action), how many states of a deal to check, evenly spread and always with the
    #: first and the last; None checks every state. Long deals (Pontinho's) keep the suite fast.
    states_checked: int | None = None


def _punttu_cards(debug: Mapping[str, Any]) -> list[str]:
    return (
        [c for hand in debug["hands"] for c in hand]
        + list(debug["stock"])
        + list(debug["trick"])
        + [c for pile in debug["won"] for c in pile]
    )


def _punttu_deck(game: Game) -> list[str]:
    removed = set(game.deal(seed=0).view(0)["removed"])
    return [str(c) for c in LATIN_DECK if str(c) not in removed]


def _putto_cards(debug: Mapping[str, Any]) -> list[str]:
    return (
        [c for hand in debug["hands"] for c in hand]
        + list(debug["stock"])
        + list(debug["table"])
        + [c for pile in debug["piles"] for c in pile]
    )


def _pontinho_cards(debug: Mapping[str, Any]) -> list[str]:
    # A joker laid in a run reads *=6c; as a card of the deck it is a joker, *.
    melds = [
        "*" if c.startswith("*") else c for meld in debug["melds"] for c in meld["cards"].split()
    ]
    single = [debug[key] for key in ("burned", "pending") if debug[key] is not None]
    return (
        [c for hand in debug["hands"] for c in hand]
        + list(debug["stock"])
        + list(debug["discard"])
        + melds
        + single
    )


def _pontinho_actions(game: Game) -> list[str]:
    # Every simple action and discard; a few melds, takes, advances and lay-offs of each shape.
    texts = ["draw", "burn", "pass", *(f"discard {c}" for c in FRENCH_KINDS)]
    for kind in ("meld", "take", "advance"):
        texts += [f"{kind} 7s 7h 7d", f"{kind} Ks Kh Kd *", f"{kind} 4c 5c *=6c 7c"]
    texts += [f"layoff {m} {c}" for m in (1, 2, 3) for c in ("7c", "*", "*=8c", "As")]
    return texts


def _punttu_worth(card: str) -> int:
    """PU-2: a figure (and an ace) is worth 1, every other card its number."""
    return 1 if card[0] in "AJQK" else int(card[0])


def _punttu_points(states: Sequence[State], actions: Sequence[Action], final: State) -> None:
    """PU-2, PU-7, PU-16: each seat's points are the card points of the tricks it won (its
    pile in the final state, a trick being one card per seat), and all of them together are
    every card point in play."""
    outcome = final.outcome
    assert outcome is not None
    won = final.debug_view()["won"]
    n = final.game.players
    assert list(outcome.points) == [sum(_punttu_worth(c) for c in pile) for pile in won]
    assert sum(outcome.points) == sum(_punttu_worth(c) for c in _punttu_deck(final.game))
    assert all(len(pile) % n == 0 for pile in won)
    assert outcome.details["tricks_won"] == [len(pile) // n for pile in won]
    assert sum(outcome.details["tricks_won"]) == len(actions) // n


#: PT-2's card points by rank.
_PUTTO_POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


def _putto_points(states: Sequence[State], actions: Sequence[Action], final: State) -> None:
    """PT-2, PT-12, PT-15 … PT-18, recomputed from the cards and the play, not from the
    outcome's own figures: each side's card points are those of its capture pile in the final
    state; a sweep is a capture of every card on the table (counted on the last play only with
    ``last_play_sweep``); primiera goes, suit by suit, to the one side with the most card points
    in that suit; the cards left go to the last capturer, or nobody. The outcome's points and
    details must be exactly these."""
    outcome = final.outcome
    assert outcome is not None
    game = final.game
    debug = final.debug_view()
    piles, left = debug["piles"], debug["table"]
    sides = len(game.sides)
    card_points = [sum(_PUTTO_POINTS.get(c[0], 0) for c in pile) for pile in piles]
    assert sum(card_points) + sum(_PUTTO_POINTS.get(c[0], 0) for c in left) == 120
    sweeps = [0] * sides
    last_capture: int | None = None
    for index, (before, action) in enumerate(zip(states, actions, strict=True)):
        if action.kind != "capture":
            continue
        seat = before.to_move
        assert seat is not None
        last_capture = seat
        rank = str(action).split()[1][0]
        table = before.debug_view()["table"]
        last = index == len(actions) - 1
        if table and all(c[0] == rank for c in table) and (
            game.options.last_play_sweep or not last
        ):
            sweeps[game.side_of(seat)] += 1
    if game.options.leftover == "last_capturer" and last_capture is not None:
        assert left == []  # PT-15: taken by the last capturer, into the pile counted above
        assert outcome.details["leftover_to"] == (
            last_capture if outcome.details["leftover"] else None
        )
    else:
        assert outcome.details["leftover"] == [] and outcome.details["leftover_to"] is None
    primiera: list[list[str]] = [[] for _ in range(sides)]
    for suit in "oceb":
        in_suit = [
            sum(_PUTTO_POINTS.get(c[0], 0) for c in pile if c[1] == suit) for pile in piles
        ]
        best = max(in_suit)
        if in_suit.count(best) == 1:
            primiera[in_suit.index(best)].append(suit)
    assert outcome.details["card_points"] == card_points
    assert outcome.details["sweeps"] == sweeps
    assert [sorted(won) for won in outcome.details["primiera"]] == [sorted(p) for p in primiera]
    assert list(outcome.points) == [
        card_points[side] + 3 * sweeps[side] + len(primiera[side]) for side in range(sides)
    ]


#: PO-2's penalty points of the ranks that are not worth their number, by ``figure_points``.
_PONTINHO_WORTH = {
    "13-12-11": {"*": 20, "A": 15, "T": 10, "J": 11, "Q": 12, "K": 13},
    "10": {"*": 20, "A": 15, "T": 10, "J": 10, "Q": 10, "K": 10},
}


def _pontinho_penalties(hands: Sequence[Sequence[str]], out: int, figures: str) -> list[int]:
    worth = _PONTINHO_WORTH[figures]
    return [
        0 if seat == out else sum(worth[c[0]] if c[0] in worth else int(c[0]) for c in hand)
        for seat, hand in enumerate(hands)
    ]


def _pontinho_points(states: Sequence[State], actions: Sequence[Action], final: State) -> None:
    """PO-2, PO-8, PO-22, PO-23, from the final state's hands, not the outcome's own figures:
    the deal ends when a seat's hand is empty (the seat that made the last action) and every
    other seat pays the penalty of the cards left in hand; or, void, when the stock ran out,
    nobody out and nobody paying. The same actions under the other ``figure_points`` score the
    figures the other way and nothing else."""
    outcome = final.outcome
    assert outcome is not None
    debug = final.debug_view()
    hands = debug["hands"]
    empty = [seat for seat, hand in enumerate(hands) if not hand]
    out = outcome.details["went_out"]
    if out is None:
        assert outcome.reason == "void" and set(outcome.points) == {0}
        assert empty == [] and debug["stock"] == []
        assert outcome.winners == tuple(range(final.game.players))
        return
    assert outcome.reason == "went_out"
    assert empty == [out] and states[-1].to_move == out
    assert [sorted(hand) for hand in outcome.details["hands"]] == [sorted(h) for h in hands]
    figures = str(final.game.options.figure_points)
    assert list(outcome.points) == _pontinho_penalties(hands, out, figures)
    assert outcome.winners == (out,)
    record = final.to_record()
    other = "10" if figures == "13-12-11" else "13-12-11"
    rescored = replay({**record, "options": {**record["options"], "figure_points": other}})
    assert rescored.state.outcome is not None
    assert list(rescored.state.outcome.points) == _pontinho_penalties(hands, out, other)


HOOKS: dict[str, Hooks] = {
    "punttu": Hooks(
        cards=_punttu_cards,
        deck=_punttu_deck,
        check_points=_punttu_points,
        extra_action_texts=lambda game: [f"play {c}" for c in LATIN_DECK],
        option_sets=[{}, {"trim": "twos"}, {"show_played": True}],
    ),
    "putto": Hooks(
        cards=_putto_cards,
        deck=lambda game: [str(c) for c in LATIN_DECK],
        check_points=_putto_points,
        extra_action_texts=lambda game: [
            f"{kind} {c}" for kind in ("play", "capture") for c in LATIN_DECK
        ],
        option_sets=[
            {},
            {"must_capture": True},
            {"leftover": "nobody", "last_play_sweep": False},
        ],
    ),
    "pontinho": Hooks(
        cards=_pontinho_cards,
        deck=lambda game: [str(c) for c in FRENCH_DECK],
        # No rule bounds a deal at the default table (PO-8 rebuilds the stock for ever, and
        # random play can go on far longer than any cap): the contract runs with
        # rebuild_limit=0 (void when the first stock runs out), which bounds a deal
        # (PontinhoGame.deal_length_bound documents how) and keeps the random deals short.
        check_points=_pontinho_points,
        extra_action_texts=_pontinho_actions,
        option_sets=[{"rebuild_limit": 0}],
        states_checked=24,
    ),
}


@dataclass(frozen=True)
class Case:
    """One table under contract: the game and its hooks."""

    game: Game
    known_hooks: Hooks | None

    @property
    def hooks(self) -> Hooks:
        """The game's hooks; a game without them fails with a message saying what to add."""
        if self.known_hooks is None:
            pytest.fail(
                f"add contract hooks for {self.game.name!r} to HOOKS in tests/contract/conftest.py"
            )
        return self.known_hooks

    def __repr__(self) -> str:
        return repr(self.game)


def _cases() -> list[Any]:
    params = []
    for name in cardtable.available():
        cls = game_class(name)
        hooks = HOOKS.get(name)
        for players in range(cls.min_players, cls.max_players + 1):
            for options in hooks.option_sets if hooks else [{}]:
                opts = "".join(f"-{k}={v}" for k, v in options.items())
                game = cardtable.game(name, players=players, **options)
                # Every property holds at any table size: the inner loop checks the smallest
                # table and four seats, `make test` every size.
                marks = () if players in (cls.min_players, min(4, cls.max_players)) else (
                    pytest.mark.slow,)
                params.append(pytest.param(Case(game, hooks), id=f"{name}-{players}p{opts}",
                                           marks=marks))
    return params


CASES = _cases()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", CASES)

