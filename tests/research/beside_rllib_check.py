"""Run by ``test_beside_rllib.py`` in a scratch environment that holds the research extra at its
lowest versions beside ``ray[rllib]``: the environments pass Gymnasium's and PettingZoo's own
checks there, and RLlib's PettingZoo wrapper plays a whole deal (no torch needed for that)."""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

from cardtable.research import pettingzoo
from cardtable.research.gymnasium import CardtableEnv

check_env(CardtableEnv("punttu", 2, opponents="random"), skip_render_check=True)
api_test(pettingzoo.env("putto", 2), num_cycles=200)

env = PettingZooEnv(pettingzoo.env("punttu", 2))
observations, _ = env.reset(seed=1)
steps, over = 0, False
while not over:
    agent = next(iter(observations))
    action = int(np.flatnonzero(observations[agent]["action_mask"])[0])
    observations, _, terminated, _, _ = env.step({agent: action})
    over = terminated.get("__all__", False)
    steps += 1
print(f"gymnasium {gymnasium.__version__}: a deal of {steps} steps through RLlib's wrapper")
