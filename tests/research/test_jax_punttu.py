"""The JAX Punttu environment plays exactly the engine's Punttu: random trajectories driven
through both side by side, from the same deals, agree on every mask, seat on turn, observation,
reward and terminal state (PU-8 … PU-18); and the pgx conventions hold."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from tests.research.jax_sidebyside import (
    Compiled,
    check_finished,
    engine_deals,
    jax_deals,
    play_side_by_side,
)

from cardtable.research.jaxenv.punttu import PunttuEnv, PunttuState

#: (players, trim, trajectories): two players most, and the trimmed decks of PU-6 and PU-6a.
TABLES = [(2, "aces", 160), (3, "aces", 40), (6, "twos", 30), (7, "aces", 30)]


_COMPILED: dict[tuple[int, str, str], Compiled] = {}


def compiled(players: int, trim: str, reward: str = "win") -> Compiled:
    """The batched functions of one table, compiled once for the module."""
    key = (players, trim, reward)
    if key not in _COMPILED:
        env = PunttuEnv(players, trim=trim, reward=reward)
        _COMPILED[key] = Compiled(env, "punttu", players, trim=trim)
    return _COMPILED[key]


@pytest.mark.slow
@pytest.mark.rule("PU-8")
@pytest.mark.rule("PU-9")
@pytest.mark.rule("PU-12")
@pytest.mark.rule("PU-13")
@pytest.mark.rule("PU-16")
@pytest.mark.parametrize("source", ["engine seeds", "jax keys"])
@pytest.mark.parametrize(("players", "trim", "count"), TABLES)
def test_deals_play_out_the_same_in_both(players: int, trim: str, count: int, source: str) -> None:
    table = compiled(players, trim)
    if source == "engine seeds":
        episodes, states = engine_deals(table, range(count))
    else:
        episodes, states = jax_deals(table, players, count)
    dealers = np.asarray(states.dealer)
    np.testing.assert_array_equal(states.current_player, (dealers + 1) % players)  # PU-9
    states = play_side_by_side(table, episodes, states)
    check_finished(table.game, episodes, states, "win")


def test_points_reward_is_the_card_points() -> None:
    table = compiled(2, "aces", "points")
    episodes, states = engine_deals(table, range(20))
    states = play_side_by_side(table, episodes, states)
    check_finished(table.game, episodes, states, "points")
    np.testing.assert_array_equal(np.asarray(states.rewards).sum(axis=1), 124)  # PU-4


def test_an_illegal_action_ends_the_deal_with_a_penalty_and_no_change() -> None:
    table = compiled(2, "aces")
    states = table.init(jax.random.split(jax.random.key(7), 4))
    illegal = jnp.argmin(states.legal_action_mask, axis=1)  # a card not in the hand
    after = table.step(states, illegal)
    assert np.asarray(after.terminated).all()
    for i, player in enumerate(np.asarray(states.current_player)):
        assert list(np.asarray(after.rewards[i])) == [-1.0 if s == player else 0.0 for s in (0, 1)]
    np.testing.assert_array_equal(after.hands, states.hands)
    np.testing.assert_array_equal(after.trick, states.trick)


def test_a_finished_deal_does_not_change_and_gives_no_reward() -> None:
    table = compiled(2, "aces")
    episodes, states = engine_deals(table, range(3))
    states = play_side_by_side(table, episodes, states)
    again = table.step(states, jnp.zeros(3, dtype=jnp.int32))
    assert np.asarray(again.terminated).all()
    assert not np.asarray(again.rewards).any()
    np.testing.assert_array_equal(again.points, states.points)


def test_the_step_is_pure_and_traced_once() -> None:
    table = compiled(2, "aces")
    traces: list[int] = []

    def counted(state: PunttuState, action: jax.Array) -> PunttuState:
        traces.append(1)  # runs only while JAX traces the function
        return table.env.step(state, action)

    step = jax.jit(jax.vmap(counted))
    states = table.init(jax.random.split(jax.random.key(3), 8))
    actions = jnp.argmax(states.legal_action_mask, axis=1)
    first, second = step(states, actions), step(states, actions)
    leaves = jax.tree_util.tree_leaves
    for a, b in zip(leaves(first), leaves(second), strict=True):
        np.testing.assert_array_equal(a, b)
    assert len(traces) == 1


def test_observation_size_and_spaces_match_the_observer() -> None:
    env = PunttuEnv(2)
    assert env.num_actions == 40
    assert env.num_players == 2
    assert env.observation_size == env.observer.size == 212
    state = jax.jit(env.init)(jax.random.key(0))
    assert state.observation.shape == (212,)
    assert state.observation.dtype == jnp.float32
