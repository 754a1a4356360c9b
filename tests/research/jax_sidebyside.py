"""Driving a JAX environment and the engine side by side, for the JAX environments' tests:
random legal plays in both from the same deals, comparing everything an agent sees."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import jax
import numpy as np

from cardtable.cards.latin import card_text, parse_card
from cardtable.engine.game import Game
from cardtable.games import game as make_game
from cardtable.research.episode import Episode
from cardtable.research.jaxenv.core import Env
from cardtable.research.rewards import seat_reward


class Compiled:
    """One table's batched functions, compiled once and shared by a module's tests."""

    def __init__(self, env: Env, game_name: str, players: int, **options: Any) -> None:
        self.env = env
        self.game = make_game(game_name, players, **options)
        self.init = jax.jit(jax.vmap(env.init))
        self.deal = jax.jit(jax.vmap(env.deal))  # type: ignore[attr-defined]
        self.step = jax.jit(jax.vmap(env.step))


def play_side_by_side(table: Compiled, episodes: list[Episode], states: Any) -> Any:
    """Random legal plays in both, comparing the seat on turn, its mask and its observation
    before each step (every deal of these games has the same length); returns the final
    batch of states."""
    rng = random.Random(len(episodes))
    for _turn in range(table.env.deal_length):  # type: ignore[attr-defined]
        masks = np.asarray(states.legal_action_mask)
        players = np.asarray(states.current_player)
        observations = np.asarray(states.observation)
        assert not np.asarray(states.terminated).any()
        actions = []
        for i, episode in enumerate(episodes):
            seat = episode.to_move
            assert seat is not None
            assert players[i] == seat
            np.testing.assert_array_equal(masks[i], episode.mask().astype(bool))
            np.testing.assert_allclose(observations[i], episode.observe(seat), atol=1e-6)
            action = rng.choice(episode.legal_steps())
            episode.step(action)
            actions.append(action)
        states = table.step(states, np.array(actions, dtype=np.int32))
    return states


def check_finished(game: Game, episodes: list[Episode], states: Any, reward: str) -> None:
    """Every deal over in both, with the engine's rewards, and pgx's all-true final mask."""
    assert all(episode.is_over for episode in episodes)
    assert np.asarray(states.terminated).all()
    assert np.asarray(states.legal_action_mask).all()
    rewards = np.asarray(states.rewards)
    for i, episode in enumerate(episodes):
        outcome = episode.state.outcome
        assert outcome is not None
        expected = [seat_reward(game, outcome, seat, reward) for seat in range(game.players)]
        assert list(rewards[i]) == expected


#: A game's setup keys beyond hands and stock, for JAX deal i of a batch of states.
Extra = Callable[[Any, int], dict[str, Any]]


def jax_deals(
    table: Compiled, seed: int, count: int, extra: Extra | None = None
) -> tuple[list[Episode], Any]:
    """``count`` JAX deals from keys, and the engine deals given the same cards as a setup (the
    engine checks that each is a whole deck for the table); ``extra(states, i)`` gives a game's
    other setup keys (Putto's table)."""
    states = table.init(jax.random.split(jax.random.key(seed), count))
    hands, stocks = np.asarray(states.hands), np.asarray(states.stock)
    episodes = []
    for i in range(count):
        setup = {
            "hands": [[card_text(c) for c in np.flatnonzero(held)] for held in hands[i]],
            "stock": [card_text(int(c)) for c in stocks[i]],
            **(extra(states, i) if extra else {}),
        }
        state = table.game.deal(setup=setup, dealer=int(states.dealer[i]))
        episodes.append(Episode(table.game, state=state))
    return episodes, states


def engine_deals(table: Compiled, seeds: range) -> tuple[list[Episode], Any]:
    """Engine deals from ``seeds`` (each seat dealing in turn) and the JAX states made from
    their setups: every card list of the setup (hands, stock, Putto's table) in its order."""
    players = table.game.players
    episodes = [Episode(table.game, seed=seed, dealer=seed % players) for seed in seeds]
    setups = [episode.state.setup for episode in episodes]

    def ids(cards: Any) -> Any:
        return [ids(c) for c in cards] if isinstance(cards, list) else int(parse_card(cards))

    columns = [np.array([ids(setup[key]) for setup in setups]) for key in setups[0]]
    dealers = np.array([episode.state.dealer for episode in episodes])
    return episodes, table.deal(*columns, dealers)
