"""The Gymnasium single-seat environment passes Gymnasium's checker and plays against bots."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cardtable.errors import OptionError
from cardtable.research.gymnasium import CardtableEnv


@pytest.mark.parametrize(
    ("game", "players", "opponents"),
    [("punttu", 2, "random"), ("putto", 4, "easy"), ("pontinho", 3, "medium")],
)
def test_check_env_passes(game: str, players: int, opponents: str) -> None:
    check_env(CardtableEnv(game, players, opponents=opponents, render_mode="rgb_array"))


def test_registered_ids_make_the_environment() -> None:
    env = gymnasium.make("cardtable/Putto-v0", players=2)
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert info["action_mask"].any()


def test_masked_play_ends_with_a_win_reward() -> None:
    env = CardtableEnv("punttu", 2, seat=1, opponents="easy")
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    rewards = []
    terminated = False
    while not terminated:
        legal = np.flatnonzero(env.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        rewards.append(reward)
        assert not truncated and env.observation_space.contains(obs)
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert env.episode is not None
    outcome = env.episode.state.outcome
    assert outcome is not None
    assert rewards[-1] == float(1 in outcome.winners)
    assert not info["action_mask"].any()


def test_an_illegal_action_ends_the_episode_with_the_penalty_and_a_reason() -> None:
    env = CardtableEnv("putto", 2, illegal_reward=-5.0)
    env.reset(seed=1)
    assert env.episode is not None
    before = env.episode.view(0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert (reward, terminated) == (-5.0, True)
    assert "not legal" in info["illegal_action"]
    assert env.episode.view(0) == before


def test_bad_opponents_are_refused() -> None:
    with pytest.raises(OptionError, match="unknown bot"):
        CardtableEnv("punttu", 2, opponents="grandmaster")
    with pytest.raises(OptionError, match="one per other seat"):
        CardtableEnv("punttu", 3, opponents=["easy"])


def test_a_deal_past_max_steps_is_truncated() -> None:
    """The agent's steps and the bots' actions count alike; once ``max_steps`` moves are made in
    a deal that goes on, the step says ``truncated`` with reward 0, and the next needs a reset."""
    env = CardtableEnv("putto", 2, seat=0, opponents="random", max_steps=6)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    results = []
    truncated = False
    while not truncated:
        _obs, reward, terminated, truncated, _info = env.step(
            int(rng.choice(np.flatnonzero(env.action_masks())))
        )
        assert not terminated
        results.append(reward)
    assert results == [0.0, 0.0, 0.0]  # three of the agent's steps, three of the bot's actions
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    with pytest.raises(OptionError, match="max_steps"):
        CardtableEnv("putto", 2, max_steps=-3)


def test_reset_deals_anew_a_deal_that_ends_before_the_agent_acts() -> None:
    """Seed 759: the first deal of 2-player Pontinho against ``medium`` is won by the bot before
    the agent's first decision (found by searching seeds). ``reset`` must hand back a deal where
    the agent acts, and count the one dealt anew."""
    env = CardtableEnv("pontinho", 2, seat=0, opponents="medium")
    _obs, info = env.reset(seed=759)
    assert env.episode is not None and env.episode.to_move == 0
    assert info["redeals"] == 1 and info["action_mask"].any()
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # no ResetNeeded
    _obs, info = env.reset(seed=760)
    assert info["redeals"] == 0


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("punttu", 2, {"deals": 3}), ("putto", 4, {"target": 11}), ("pontinho", 3, {"bust": 50})],
)
def test_match_options_are_refused_where_an_episode_is_one_deal(
    game: str, players: int, options: dict[str, object]
) -> None:
    """Once ``deals=3`` played one deal without a word; now every adapter refuses it."""
    import pyspiel

    import cardtable.research.openspiel  # noqa: F401
    from cardtable.research.pettingzoo import env

    with pytest.raises(OptionError, match="match options"):
        CardtableEnv(game, players, **options)
    with pytest.raises(OptionError, match="match options"):
        env(game, players, **options)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game(f"cardtable_{game}", {"players": players, **options})
    if game == "pontinho":
        with pytest.raises(OptionError, match="Punttu and Putto"):
            CardtableEnv(game, players, episode="match", **options)


def test_a_match_episode_plays_every_deal_and_rewards_the_match() -> None:
    """``episode="match"`` with ``deals=3``: three deals in one episode (PU-19), reward at the
    end only, by the match's winners; the totals are those of the three deals."""
    env = CardtableEnv("punttu", 2, opponents="easy", episode="match", deals=3)
    _obs, info = env.reset(seed=11)
    assert info["deal"] == 1
    rng = np.random.default_rng(0)
    deals_seen, rewards, terminated = {1}, [], False
    while not terminated:
        _obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(env.action_masks())))
        )
        assert not truncated
        deals_seen.add(info["deal"])
        rewards.append(reward)
    assert deals_seen == {1, 2, 3} and rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert env.match is not None and env.match.is_over
    outcome = env.match.outcome
    assert outcome is not None and info["totals"] == list(outcome.points)
    assert sum(outcome.points) == 3 * 124  # every card point of three 2-player deals
    assert rewards[-1] == float(0 in outcome.winners)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)


def test_opponents_can_be_step_policies_and_self_play() -> None:
    """A step policy sees its own seat's observation and mask (Pontinho: one call per step of a
    multi-step action); ``SelfPlay`` takes a new snapshot of the learner every ``every`` resets."""
    from cardtable.research.opponents import SelfPlay, load_policy

    calls: list[tuple[int, int]] = []

    def first_legal(obs: np.ndarray, mask: np.ndarray) -> int:
        calls.append((obs.size, int(mask.sum())))
        return int(np.flatnonzero(mask)[0])

    env = CardtableEnv("pontinho", 2, seat=1, opponents=first_legal)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(30):
        _obs, _r, terminated, truncated, _info = env.step(
            int(rng.choice(np.flatnonzero(env.action_masks())))
        )
        if terminated or truncated:
            break
    assert calls and all(size == env.observer.size and legal > 0 for size, legal in calls)
    snapshots: list[int] = []

    def snapshot() -> object:
        snapshots.append(len(snapshots))
        return first_legal

    league = SelfPlay(snapshot, every=3)
    env = CardtableEnv("putto", 4, opponents=league)
    for seed in range(7):
        env.reset(seed=seed)
    assert league.refreshes == 3 and len(snapshots) == 3  # resets 1, 4 and 7; one per reset
    assert load_policy("numpy:argmax") is np.argmax
    with pytest.raises(OptionError, match="package.module:name"):
        load_policy("argmax")
    with pytest.raises(OptionError, match="an opponent is"):
        CardtableEnv("punttu", 2, opponents=[3])  # type: ignore[list-item]


def test_hard_budget_is_settable() -> None:
    env = CardtableEnv("punttu", 2, opponents="hard", hard_iterations=8)
    env.reset(seed=0)
    bot = env._bots[1].bot
    assert bot is not None and bot.iterations == 8 and bot.time_limit is None
    with pytest.raises(OptionError, match="hard_iterations"):
        CardtableEnv("punttu", 2, opponents="hard", hard_iterations=0)


@pytest.mark.parametrize(("game", "players"), [("punttu", 2), ("putto", 4), ("pontinho", 3)])
def test_rgb_array_renders_the_public_table_from_the_card_art(game: str, players: int) -> None:
    """``render_mode="rgb_array"`` (what SB3's ``make_vec_env`` asks for) gives one frame size
    all deal long; the frame changes as cards are played, and shows no hand face up."""
    env = CardtableEnv(game, players, opponents="random", render_mode="rgb_array")
    env.reset(seed=2)
    first = env.render()
    assert isinstance(first, np.ndarray) and first.dtype == np.uint8 and first.ndim == 3
    rng = np.random.default_rng(2)
    for _ in range(3):
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    later = env.render()
    assert isinstance(later, np.ndarray) and later.shape == first.shape
    assert not np.array_equal(first, later)
    # Drawn from the public view only: the same frame when every hidden card is dealt anew.
    import copy
    import random

    from cardtable.research.image import render_rgb

    episode = env.episode
    assert episode is not None
    seat = episode.to_move if episode.to_move is not None else 0
    world = copy.copy(episode)
    world.state = env.table.sampler(episode.view(seat))(random.Random(9))
    assert world.state.secret_cards(seat) != episode.state.secret_cards(seat)
    assert np.array_equal(render_rgb(world), later)
