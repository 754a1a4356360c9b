"""The JAX Putto environment plays exactly the engine's Putto: random trajectories driven
through both side by side, from the same deals, agree on every mask, seat on turn, observation,
reward and terminal state (PT-5 … PT-19), under every table option."""

from __future__ import annotations

from typing import Any

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

from cardtable.cards.latin import card_text
from cardtable.research.episode import Episode
from cardtable.research.jaxenv.putto import PuttoEnv, PuttoState

#: (players, options, reward, trajectories): the default pairs, everyone alone, and each option
#: away from its default (PT-4, PT-11, PT-15, PT-18).
TABLES: list[tuple[int, dict[str, Any], str, int]] = [
    (4, {}, "win", 120),
    (2, {}, "points", 60),
    (3, {"must_capture": True, "leftover": "nobody"}, "win", 40),
    (6, {"teams": "threes", "last_play_sweep": False}, "points", 30),
]
IDS = ["4p-pairs", "2p-points", "3p-must-capture-leftover-nobody", "6p-threes-no-last-sweep"]

_COMPILED: dict[str, Compiled] = {}


def compiled(players: int, options: dict[str, Any], reward: str) -> Compiled:
    """The batched functions of one table, compiled once for the module."""
    key = f"{players} {sorted(options.items())} {reward}"
    if key not in _COMPILED:
        env = PuttoEnv(players, reward=reward, **options)
        _COMPILED[key] = Compiled(env, "putto", players, **options)
    return _COMPILED[key]


def turned_up(states: PuttoState, i: int) -> dict[str, Any]:
    """The setup's face-up card of JAX deal ``i``."""
    return {"table": [card_text(c) for c in np.flatnonzero(np.asarray(states.table[i]))]}


@pytest.mark.slow
@pytest.mark.rule("PT-5")
@pytest.mark.rule("PT-7")
@pytest.mark.rule("PT-9")
@pytest.mark.rule("PT-12")
@pytest.mark.rule("PT-15")
@pytest.mark.rule("PT-17")
@pytest.mark.parametrize("source", ["engine seeds", "jax keys"])
@pytest.mark.parametrize(("players", "options", "reward", "count"), TABLES, ids=IDS)
def test_deals_play_out_the_same_in_both(
    players: int, options: dict[str, Any], reward: str, count: int, source: str
) -> None:
    table = compiled(players, options, reward)
    if source == "engine seeds":
        episodes, states = engine_deals(table, range(count))
    else:
        episodes, states = jax_deals(table, players, count, turned_up)
    dealers = np.asarray(states.dealer)
    np.testing.assert_array_equal(states.current_player, (dealers + 1) % players)  # PT-7
    states = play_side_by_side(table, episodes, states)
    check_finished(table.game, episodes, states, reward)


@pytest.mark.slow
def test_sweeps_and_captures_happen_in_the_compared_deals() -> None:
    """The side-by-side trajectories reach the rules they are meant to check: captures, sweeps
    and leftovers all occur in the 4-player deals the slow test compares."""
    table = compiled(4, {}, "win")
    episodes, states = engine_deals(table, range(40))
    states = play_side_by_side(table, episodes, states)
    assert np.asarray(states.sweeps).sum() > 0
    outcomes = [episode.state.outcome for episode in episodes]
    assert any(o is not None and o.details["leftover"] for o in outcomes)
    np.testing.assert_array_equal(np.asarray(states.piles).sum(axis=(1, 2)), 40)  # PT-15


def test_must_capture_masks_out_the_plain_play() -> None:
    env = PuttoEnv(2, must_capture=True)
    state = jax.jit(env.init)(jax.random.key(1))
    hand = np.asarray(state.hands[state.current_player])
    ranks_on_table = {c % 10 for c in np.flatnonzero(np.asarray(state.table))}
    mask = np.asarray(state.legal_action_mask)
    for card in np.flatnonzero(hand):
        matches = card % 10 in ranks_on_table
        assert mask[40 + card] == matches
        assert mask[card] == (not matches)


def last_play_sweep_deal(table: Compiled) -> tuple[int, list[int]]:
    """A seed and the actions of a deal whose very last play captures the whole table (a
    greedy capturer finds one among the first few hundred deals)."""
    for seed in range(2000):
        episode = Episode(table.game, seed=seed)
        actions = []
        while not episode.is_over:
            steps = episode.legal_steps()
            action = max(steps)  # a capture (40 + card) whenever there is one
            episode.step(action)
            actions.append(action)
        if actions[-1] >= 40 and not episode.state.leftover:  # type: ignore[attr-defined]
            return seed, actions
    raise AssertionError("no deal ends with a capture of the whole table")


@pytest.mark.slow
@pytest.mark.rule("PT-18")
@pytest.mark.parametrize("last_play_sweep", [True, False])
def test_a_capture_of_the_whole_table_on_the_last_play(last_play_sweep: bool) -> None:
    table = compiled(2, {"last_play_sweep": last_play_sweep}, "points")
    seed, actions = last_play_sweep_deal(table)
    episodes, states = engine_deals(table, range(seed, seed + 1))
    for action in actions:
        episodes[0].step(action)
        states = table.step(states, jnp.array([action]))
    check_finished(table.game, episodes, states, "points")
    engine_sweeps = sum(episodes[0].state.sweeps)  # type: ignore[attr-defined]
    assert int(np.asarray(states.sweeps).sum()) == engine_sweeps
