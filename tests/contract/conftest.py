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
from cardtable.engine.game import Game, State
from cardtable.games import game_class


@dataclass(frozen=True)
class Hooks:
    """What the contract tests cannot know generically about one game."""

    #: All card texts of the deal in a ``debug_view()`` (hands, stock, table, piles…), as a list.
    cards: Callable[[Mapping[str, Any]], list[str]]
    #: The card texts a deal of this table holds (the deck after any trimming), as a list.
    deck: Callable[[Game], list[str]]
    #: The most actions a deal can take (the documented bound on a deal's length).
    #: The sum of all sides' points at the end of a deal, or None if the game has no such sum.
    #: Asserts that a finished deal's points add up (each game's own scoring rule, restated
    #: from shared/rules as an oracle).
    check_points: Callable[[State], None]
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


def _punttu_points(final: State) -> None:
    """PU-2, PU-7, PU-16: the seats' points are every card point of the cards in play."""
    outcome = final.outcome
    assert outcome is not None
    in_play = sum(1 if c[0] in "AJQK" else int(c[0]) for c in _punttu_deck(final.game))
    assert sum(outcome.points) == in_play


#: PT-2's card points by rank.
_PUTTO_POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


def _putto_points(final: State) -> None:
    """PT-2, PT-15, PT-16: the sides' card points and the cards left on the table are the
    pack's 120; each side's points are its card points, 3 per sweep and a point per primiera
    suit, and no suit's primiera goes to two sides."""
    outcome = final.outcome
    assert outcome is not None
    details = outcome.details
    left = sum(_PUTTO_POINTS.get(c[0], 0) for c in final.debug_view()["table"])
    assert sum(details["card_points"]) + left == 120
    suits = [suit for won in details["primiera"] for suit in won]
    assert len(suits) == len(set(suits)) <= 4
    for side, points in enumerate(outcome.points):
        assert points == (
            details["card_points"][side] + 3 * details["sweeps"][side]
            + len(details["primiera"][side])
        )


def _pontinho_points(final: State) -> None:
    """PO-2, PO-23: each player pays the penalty of the cards left in hand, the one who went
    out nothing; a void deal (PO-8) costs nobody anything."""
    outcome = final.outcome
    assert outcome is not None
    out = outcome.details["went_out"]
    if out is None:
        assert outcome.reason == "void" and set(outcome.points) == {0}
        return
    figures = (11, 12, 13) if final.game.options.figure_points == "13-12-11" else (10, 10, 10)
    worth = {"*": 20, "A": 15, "T": 10, "J": figures[0], "Q": figures[1], "K": figures[2]}
    for seat, hand in enumerate(outcome.details["hands"]):
        expected = 0 if seat == out else sum(
            worth[c[0]] if c[0] in worth else int(c[0]) for c in hand
        )
        assert outcome.points[seat] == expected, (seat, hand)
    assert outcome.points[out] == 0 and outcome.winners == (out,)


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
                params.append(pytest.param(Case(game, hooks), id=f"{name}-{players}p{opts}"))
    return params


CASES = _cases()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", CASES)

