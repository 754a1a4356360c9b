"""Putto's endgame (``games.putto.endgame``): once the stock is empty the hard bot looks to the
end of the deal, playing its best reply to medium players.

The oracle is written with the public API only: every move of the seat tried through ``apply``,
every other seat played by the real medium bot from its own view with memory, and the deal
scored by its ``outcome`` (PT-14 … PT-18). At two players the unseen cards are the opponent's
hand, so the endgame's move must be the oracle's best exactly.
"""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.bots import make_bot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.engine.action import Action
from cardtable.engine.game import State
from cardtable.games.putto.endgame import endgame
from cardtable.games.putto.game import PuttoGame
from cardtable.games.putto.state import PuttoState


def _stock_empty(players: int, seed: int, **options: object) -> State:
    """Deal ``seed`` played by random moves (through ``apply``, so views hold the log) until the
    stock is empty and the seat to move has a choice."""
    state = cardtable.game("putto", players=players, **options).deal(seed=seed)
    rng = random.Random(seed)
    while True:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        if state.view(seat)["stock"] == 0 and len(legal) > 1:
            return state
        state.apply(rng.choice(legal))


def _table(state: State) -> PuttoGame:
    assert isinstance(state.game, PuttoGame)
    return state.game


def _oracle_value(state: State, seat: int) -> int:
    """``seat``'s side's points less the other side's at the end, ``seat`` playing its best and
    the other seats as the medium bot does (two sides)."""
    while (mover := state.to_move) is not None and mover != seat:
        bot = make_bot("medium", state.game, mover)
        state.apply(bot.choose(state.view(mover, memory=True), state.legal_actions()))
    if state.to_move is None:
        outcome = state.outcome
        assert outcome is not None
        side = state.game.side_of(seat)
        return outcome.points[side] - outcome.points[1 - side]
    return max(_after(state, action, seat) for action in state.legal_actions())


def _after(state: State, action: Action, seat: int) -> int:
    child = state.clone()
    child.apply(action)
    return _oracle_value(child, seat)


@pytest.mark.parametrize("options", [{}, {"leftover": "nobody"}, {"last_play_sweep": False}])
def test_at_two_players_the_endgame_plays_the_best_reply_to_medium(
    options: dict[str, object],
) -> None:
    """PT-13, PT-15, PT-18: the move's end value is the best of every legal move's, and where
    medium's own move is worse the endgame leaves it."""
    improved = 0
    for seed in range(12):
        state = _stock_empty(2, seed, **options)
        seat = state.to_move
        assert seat is not None
        view, legal = state.view(seat, memory=True), state.legal_actions()
        values = {action: _after(state, action, seat) for action in legal}
        chosen = endgame(_table(state), view, legal)
        assert chosen in legal
        assert values[chosen] == max(values.values())
        medium = make_bot("medium", state.game, seat).choose(view, legal)
        improved += values[medium] < values[chosen]
    assert improved > 0


def test_the_endgame_waits_for_the_stock_to_run_out() -> None:
    state = cardtable.game("putto", players=4).deal(seed=5)
    seat = state.to_move
    assert seat is not None
    assert endgame(_table(state), state.view(seat, memory=True), state.legal_actions()) is None


@pytest.mark.slow
@pytest.mark.parametrize(("players", "teams"), [(3, "alone"), (4, "pairs"), (6, "threes")])
def test_at_a_full_table_the_move_is_legal_and_depends_on_the_view_alone(
    players: int, teams: str
) -> None:
    """With the split of the unseen cards sampled (PT-22: the other hands are hidden), the move
    is legal, and the same view gives the same move whatever the bot's seed or the deal behind
    it: the hard bot plays it without a search."""
    for seed in range(2):
        state = _stock_empty(players, seed, teams=teams)
        seat = state.to_move
        assert seat is not None
        view, legal = state.view(seat, memory=True), state.legal_actions()
        chosen = endgame(_table(state), view, legal)
        assert chosen in legal
        assert endgame(_table(state), dict(view), list(legal)) == chosen
        bot = ISMCTSBot(state.game, seat, seed=seed + 1, iterations=4)
        assert bot.choose(view, legal) == chosen
        assert bot.last_search is None  # no search ran


@pytest.mark.parametrize("players", [2, 4])
def test_the_model_of_the_other_seats_is_the_medium_bot(players: int) -> None:
    """``medium_move`` on a deal sampled from a seat's view is the medium bot's choice from that
    view: it judges from what the seat knows, so the hidden cards of the sample do not matter."""
    from cardtable.games.putto.medium import medium_move

    state = cardtable.game("putto", players=players).deal(seed=players)
    rng = random.Random(players)
    while (seat := state.to_move) is not None:
        view, legal = state.view(seat, memory=True), state.legal_actions()
        chosen = make_bot("medium", state.game, seat).choose(view, legal)
        sample = state.game.sample_state(view, rng)
        assert isinstance(sample, PuttoState)
        assert sample.action_from_id(medium_move(sample)) == chosen
        state.apply(rng.choice(legal))
