"""The PettingZoo AEC environments pass PettingZoo's own API and seed tests."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from cardtable.errors import IllegalAction, OptionError
from cardtable.research.pettingzoo import env, parallel_env

GAMES = [("punttu", 2), ("punttu", 4), ("putto", 4), ("putto", 3), ("pontinho", 3)]

pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_api_and_seed_tests_pass(game: str, players: int) -> None:
    api_test(env(game, players), num_cycles=60)
    seed_test(lambda: env(game, players), num_cycles=60)


def test_the_parallel_wrapper_passes_the_parallel_api_test() -> None:
    parallel_api_test(parallel_env("putto", 4), num_cycles=60)


def play_out(aec: object, rng: random.Random) -> dict[str, float]:
    """Masked random play to the end; the rewards each agent collected."""
    totals: dict[str, float] = {}
    for agent in aec.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _info = aec.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        step = None
        if not (terminated or truncated):
            step = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        aec.step(step)  # type: ignore[attr-defined]
    return totals


@pytest.mark.parametrize("reward", ["win", "points"])
def test_rewards_are_the_deals_result(reward: str) -> None:
    aec = env("putto", 4, reward=reward)
    aec.reset(seed=3)
    assert aec.episode is not None
    episode = aec.episode
    totals = play_out(aec, random.Random(1))
    outcome = episode.state.outcome
    assert outcome is not None
    for seat in range(4):
        side = aec.table.side_of(seat)
        expected = (
            float(outcome.points[side]) if reward == "points" else float(seat in outcome.winners)
        )
        assert totals[f"player_{seat}"] == expected


def test_pontinho_points_are_minus_the_penalty() -> None:
    aec = env("pontinho", 2, reward="points")
    aec.reset(seed=5)
    assert aec.episode is not None
    episode = aec.episode
    totals = play_out(aec, random.Random(2))
    outcome = episode.state.outcome
    assert outcome is not None
    assert [totals[f"player_{s}"] for s in range(2)] == [-float(p) for p in outcome.points]


def test_an_illegal_step_raises_and_changes_nothing() -> None:
    aec = env("punttu", 2)
    aec.reset(seed=1)
    agent = aec.agent_selection
    before = aec.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        aec.step(illegal)
    after = aec.observe(agent)
    assert aec.agent_selection == agent
    assert (after["observation"] == before["observation"]).all()
    assert (after["action_mask"] == before["action_mask"]).all()


def test_only_the_seat_on_turn_has_legal_steps_and_render_is_public_text() -> None:
    aec = env("punttu", 3, render_mode="ansi")
    aec.reset(seed=2)
    on_turn = aec.agent_selection
    for agent in aec.agents:
        assert aec.observe(agent)["action_mask"].any() == (agent == on_turn)
    text = aec.render()
    assert isinstance(text, str) and "punttu" in text and "to_move" in text
    assert "hand" not in text.replace("hand_sizes", "")


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError):
        env("putto", 4, reward="glory")
    with pytest.raises(OptionError):
        env("putto", 4, teams="fives")
    with pytest.raises(OptionError, match="render_mode"):
        env("punttu", 2, render_mode="svg")


@pytest.mark.parametrize("game", ["pontinho", "putto"])
def test_a_deal_past_max_steps_is_truncated_with_no_reward(game: str) -> None:
    """Random Pontinho players can rebuild the stock without end (PO-8 sets no limit): the
    environment cuts a deal at ``max_steps`` steps, every agent truncated, every reward 0."""
    aec = env(game, 2, max_steps=7)
    aec.reset(seed=3)
    rng = random.Random(3)
    steps = 0
    for _agent in aec.agent_iter():
        obs, reward, terminated, truncated, _info = aec.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 7
    assert aec.episode is not None and not aec.episode.is_over
    with pytest.raises(OptionError, match="max_steps"):
        env(game, 2, max_steps=0)


def test_terminate_illegal_ends_the_game_with_the_penalty_instead_of_raising() -> None:
    """PettingZoo's usual opt-in: an illegal step ends the game for all, the offender gets the
    penalty and the others 0; without the wrapper the same step raises and changes nothing."""
    import warnings

    from cardtable.errors import IllegalAction
    from cardtable.research.pettingzoo import terminate_illegal

    plain = env("putto", 3)
    plain.reset(seed=5)
    illegal = int(np.flatnonzero(plain.observe(plain.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        plain.step(illegal)
    wrapped = terminate_illegal(env("putto", 3), illegal_reward=-2.0)
    wrapped.reset(seed=5)
    offender = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(illegal)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards == {a: (-2.0 if a == offender else 0.0) for a in wrapped.agents}
    for _agent in wrapped.agent_iter():
        *_rest, terminated, truncated, _info = wrapped.last()
        assert terminated or truncated
        wrapped.step(None)


def test_rgb_array_frames_in_pettingzoo_too() -> None:
    aec = env("putto", 2, render_mode="rgb_array")
    aec.reset(seed=1)
    frame = aec.render()
    assert isinstance(frame, np.ndarray) and frame.shape[2] == 3 and frame.dtype == np.uint8
