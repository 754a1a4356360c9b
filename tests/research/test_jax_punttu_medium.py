"""The JAX ``medium`` plays the card the ``medium`` bot plays: both driven on the same deals,
every move compared (the bot's own choice half the time, a random card otherwise, so the deals
reach states the bot alone would not)."""

from __future__ import annotations

import random

import jax
import numpy as np
import pytest
from tests.research.jax_sidebyside import Compiled, engine_deals

from cardtable.games.punttu.heuristic import PunttuHeuristic
from cardtable.research.jaxenv.punttu import PunttuEnv
from cardtable.research.jaxenv.punttu_medium import medium_action


def test_the_jax_medium_plays_the_bots_card_on_every_move() -> None:
    env = PunttuEnv(2)
    table = Compiled(env, "punttu", 2)
    medium = jax.jit(jax.vmap(lambda state: medium_action(env, state)))
    episodes, states = engine_deals(table, range(120))
    bots = [PunttuHeuristic(table.game, seat) for seat in range(2)]
    rng = random.Random(5)
    for _turn in range(env.deal_length):
        chosen = np.asarray(medium(states))
        steps = []
        for i, episode in enumerate(episodes):
            seat = episode.to_move
            assert seat is not None
            action = bots[seat].choose(episode.view(seat), episode.state.legal_actions())
            card = action.cards[0]
            assert isinstance(card, int)
            assert chosen[i] == card, (i, _turn, episode.view(seat))
            step = card if rng.random() < 0.5 else rng.choice(episode.legal_steps())
            episode.step(step)
            steps.append(step)
        states = table.step(states, np.array(steps, dtype=np.int32))
    assert np.asarray(states.terminated).all()


def test_only_two_players() -> None:
    env = PunttuEnv(3)
    state = env.init(jax.random.key(0))
    with pytest.raises(ValueError, match="2-player"):
        medium_action(env, state)  # type: ignore[arg-type]
