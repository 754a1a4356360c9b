"""The one replay of Putto's public log (``putto.publiclog``) leaves what the rules left: the
table, each side's captured cards in the order taken, the last capturer and the leftover."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.cards.latin import CARD_INDEX
from cardtable.games.putto.publiclog import replay
from cardtable.games.putto.state import PuttoState


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {}), (4, {"teams": "alone"}), (2, {"leftover": "nobody"})],
)
def test_the_replayed_log_is_the_state_the_rules_left(
    players: int, options: dict[str, str]
) -> None:
    game = cardtable.game("putto", players=players, **options)
    rng = random.Random(players)
    side_of = [game.side_of(s) for s in range(players)]
    leftover = game.options.leftover == "last_capturer"
    checked_over = 0
    for seed in range(6):
        state = game.deal(seed=seed)
        assert isinstance(state, PuttoState)
        while True:
            view = state.view(0, memory=True)
            moves = [
                (s, CARD_INDEX[text.split()[1]], text.startswith("capture "))
                for s, text in view["log"]
            ]
            turned_up = [CARD_INDEX[t] for t in view["turned_up"]]
            replayed = replay(
                turned_up, moves, side_of, len(game.sides), over=state.is_over, leftover=leftover
            )
            assert replayed.table == state.table
            assert replayed.piles == state.piles
            assert replayed.last_capturer == state.last_capturer
            assert replayed.leftover == state.leftover
            if state.is_over:
                checked_over += bool(state.leftover)
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked_over or not leftover  # some deal ended with cards left to the last capturer
