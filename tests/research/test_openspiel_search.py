"""OpenSpiel's own Python ISMCTS plays every game unchanged: the states resample themselves
from an information state with the engine's samplers."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import cardtable.research.openspiel  # noqa: F401  (registers the games)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("cardtable_punttu", {"players": 2}),
    ("cardtable_punttu", {"players": 4}),
    ("cardtable_putto", {"players": 2}),
    ("cardtable_putto", {"players": 4}),
    ("cardtable_pontinho", {"players": 2, "max_steps": 60}),
    ("cardtable_pontinho", {"players": 4, "max_steps": 60}),
]
IDS = [f"{name[10:]}-{params['players']}" for name, params in GAMES]


def dealt_and_played(game: pyspiel.Game, seed: int, steps: int) -> pyspiel.State:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_a_resampled_state_keeps_the_information_state_and_redeals_the_rest(
    name: str, params: dict[str, Any]
) -> None:
    game = pyspiel.load_game(name, params)
    state = dealt_and_played(game, seed=5, steps=9)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(6)]
    hidden = set()
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
        hidden.add(str(world.episode.state.secret_cards(seat)))
        for other in range(game.num_players()):
            if other != seat:  # nothing of the true hidden cards is kept for the others
                assert world.episode.received[other] == [
                    [len(state.episode.log), world.episode._private_cards(other)]
                ]
        clone = world.clone()
        clone.apply_action(clone.legal_actions()[0])
        assert world.information_state_string(seat) == state.information_state_string(seat)
    assert len(hidden) > 1
    with pytest.raises(pyspiel.SpielError, match="cannot be serialized"):
        worlds[0].serialize()


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_openspiel_ismcts_plays_every_game(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        uct_c=2.0,
        max_simulations=4,
        random_state=np.random.RandomState(1),
    )
    for seed in range(3):
        state = dealt_and_played(game, seed=seed, steps=4 + seed)
        if state.is_terminal():
            continue
        action = int(bot.step(state))
        assert action in state.legal_actions()


def test_the_ismcts_example_runs() -> None:
    main = runpy.run_path(str(EXAMPLES / "openspiel_ismcts.py"))["main"]
    result = main(["--game", "punttu", "--simulations", "3", "--deals", "2"])
    assert result["deals"] == 2
    assert -62 <= result["mean_return"] <= 62
    result = main(
        [
            "--game",
            "pontinho",
            "--opponent",
            "medium",
            "--simulations",
            "2",
            "--deals",
            "1",
            "--max-steps",
            "60",
        ]
    )
    assert result["deals"] == 1
