"""The OpenSpiel games pass ``pyspiel.random_sim_test`` with serialization."""

from __future__ import annotations

import pickle
import random
import runpy
from pathlib import Path

import numpy as np
import pyspiel
import pytest

import cardtable
import cardtable.research.openspiel  # noqa: F401  (registers the games)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    ("name", "params", "sims"),
    [
        ("cardtable_punttu", {"players": 2}, 3),
        ("cardtable_punttu", {"players": 5, "trim": "twos"}, 1),
        ("cardtable_putto", {"players": 4}, 2),
        ("cardtable_putto", {"players": 2, "must_capture": True}, 1),
        ("cardtable_pontinho", {"players": 2, "figure_points": "v10"}, 1),
    ],
)
def test_random_sim_test_passes(name: str, params: dict[str, object], sims: int) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_the_deal_is_chance_then_the_engine_plays() -> None:
    game = pyspiel.load_game("cardtable_putto", {"players": 2})
    state = game.new_initial_state()
    dealt = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _a, p in outcomes) - 1.0) < 1e-9
        assert len(outcomes) == 40 - dealt
        state.apply_action(outcomes[0][0])
        dealt += 1
    assert dealt == 40
    assert state.current_player() == 1  # dealer 0: the first player is seat 1 (PT-7)
    tensor = np.array(state.observation_tensor(1))
    assert tensor.shape == tuple(game.observation_tensor_shape())
    infostate = np.array(state.information_state_tensor(1))
    assert np.array_equal(tensor, infostate[: tensor.size])  # the observation, then the history
    assert state.observation_string(0) != state.observation_string(1)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
    restored = game.deserialize_state(clone.serialize())
    assert str(restored) == str(clone)


def test_zero_sum_returns_follow_the_engine_points() -> None:
    game = pyspiel.load_game("cardtable_punttu", {"players": 2})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    outcome = state.episode.state.outcome
    assert outcome is not None
    assert returns[0] == pytest.approx((outcome.points[0] - outcome.points[1]) / 2)
    assert sum(returns) == pytest.approx(0.0)


def test_the_mccfr_example_runs() -> None:
    main = runpy.run_path(str(EXAMPLES / "openspiel_mccfr.py"))["main"]
    result = main(["--iterations", "5", "--deals", "4"])
    assert result["infostates"] > 0
    assert -124 <= result["mean_return"] <= 124


def test_parameters_reach_the_engine_table() -> None:
    game = pyspiel.load_game("cardtable_pontinho", {"players": 3, "figure_points": "v10"})
    assert game.spec.table.options.figure_points == "10"
    assert game.spec.table.players == 3
    putto = pyspiel.load_game("cardtable_putto", {"players": 4})
    assert putto.spec.table.options.teams == "pairs"  # "" keeps the engine's default
    with pytest.raises(cardtable.OptionError):
        pyspiel.load_game("cardtable_putto", {"players": 4, "teams": "fives"})


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("cardtable_punttu", {"players": 3}),
        ("cardtable_putto", {"players": 4, "must_capture": True}),
        ("cardtable_pontinho", {"players": 2}),
    ],
)
def test_games_and_states_pickle_and_play_on_alike(name: str, params: dict[str, object]) -> None:
    """What OpenSpiel's games_sim_test does first (and Ray, or any other process): a game
    pickles to the same game, and a state half played to a state that plays on the same."""
    game = pyspiel.load_game(name, params)
    copy = pickle.loads(pickle.dumps(game))
    assert type(copy) is type(game)
    assert str(copy) == str(game)
    assert copy.get_parameters() == game.get_parameters()
    rng = random.Random(5)

    def random_action(state: pyspiel.State) -> int:
        if state.is_chance_node():
            return int(rng.choice([a for a, _p in state.chance_outcomes()]))
        return int(rng.choice(state.legal_actions()))

    state = copy.new_initial_state()
    while state.is_chance_node():  # the deal, then a few plays
        state.apply_action(random_action(state))
    for _ in range(4):
        state.apply_action(random_action(state))
    other = pickle.loads(pickle.dumps(state))
    assert str(other) == str(state)
    while not state.is_terminal():
        action = random_action(state)
        state.apply_action(action)
        other.apply_action(action)
        assert other.legal_actions() == state.legal_actions()
    assert other.is_terminal()
    assert other.returns() == state.returns()
