"""PettingZoo AEC environments of the three games: ``env("putto", players=4, **options)``.

Agents are ``player_0`` … ``player_{n-1}`` (seat i is ``player_i``). Each observation is a dict
``{"observation": float32 vector, "action_mask": int8 vector}`` (PettingZoo's habit for card
games): the vector is the seat's ``Observer`` encoding of its own view, the mask its legal
steps (all zero when it is not on turn). Actions are steps of the game's ``StepEncoding``.
A deal is an episode; every agent is rewarded when it ends (``reward="win"`` or ``"points"``,
see ``cardtable.research.rewards``). After ``max_steps`` steps (default
``cardtable.research.episode.default_max_steps(game)``: only a Pontinho deal can reach it) a
deal still running is truncated, every reward 0. An illegal step raises
``cardtable.IllegalAction`` and changes nothing. ``parallel_env`` wraps it for the parallel API
(one seat acts at a time in all three games, claim rounds included: PO-21 asks the claimants
in turn).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

from cardtable.games import game as make_game
from cardtable.research.encodings import encoding_for
from cardtable.research.episode import Episode, max_steps_for, refuse_match_options
from cardtable.research.image import Frame
from cardtable.research.observations import observer_for
from cardtable.research.render_modes import RENDER_MODES, check_render_mode, render_episode
from cardtable.research.rewards import check_reward, seat_reward


class CardtableAECEnv(AECEnv):  # type: ignore[misc]
    """One table of a cardtable game as a PettingZoo AEC environment."""

    metadata = {
        "name": "cardtable_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        reward: str = "win",
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        self.table = make_game(game, players, **options)
        refuse_match_options(self.table.name, options)
        self.reward_kind = check_reward(reward)
        self.max_steps = max_steps_for(self.table, max_steps)
        self.render_mode = check_render_mode(render_mode)
        self.encoding = encoding_for(self.table)
        self.observer = observer_for(self.table)
        self.possible_agents = [f"player_{seat}" for seat in range(self.table.players)]
        self.agents = list(self.possible_agents)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.observer.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoding.num_steps,), np.int8),
            }
        )
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {
            agent: spaces.Discrete(self.encoding.num_steps) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.episode: Episode | None = None
        self.metadata = {**self.metadata, "name": f"cardtable_{game}_v0"}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = self._rng.randrange(self.table.players)
        self.episode = Episode(
            self.table,
            seed=self._rng.getrandbits(63),
            dealer=dealer,
            encoding=self.encoding,
            observer=self.observer,
        )
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.episode.to_move)

    def _agent(self, seat: int | None) -> str:
        assert seat is not None
        return self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.episode is not None, "call reset() first"
        seat = self._seat_of[agent]
        return {
            "observation": self.episode.observe(seat),
            "action_mask": self.episode.mask(seat),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self.episode
        assert episode is not None and action is not None
        episode.step(int(action))  # IllegalAction for a step outside the mask
        self._cumulative_rewards[agent] = 0.0
        if episode.is_over:
            outcome = episode.state.outcome
            assert outcome is not None
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = seat_reward(self.table, outcome, seat, self.reward_kind)
                self.terminations[name] = True
        elif episode.steps >= self.max_steps:  # a deal that would not end: cut, no winner
            for name in self.possible_agents:
                self.truncations[name] = True
        else:
            self.agent_selection = self._agent(episode.to_move)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | Frame | None:
        return render_episode(self.episode, self.render_mode)

    def close(self) -> None:
        self.episode = None


def env(game: str, players: int | None = None, **kwargs: Any) -> CardtableAECEnv:
    """The AEC environment of ``game`` at a table of ``players`` with table ``options``
    (``reward=``, ``render_mode=`` and ``max_steps=`` are the environment's own). An illegal
    step raises ``IllegalAction`` and changes nothing; ``terminate_illegal`` is the opt-in
    alternative."""
    return CardtableAECEnv(game, players, **kwargs)


def terminate_illegal(aec: CardtableAECEnv, illegal_reward: float = -1.0) -> AECEnv:
    """PettingZoo's convention for illegal moves (``TerminateIllegalWrapper``): a step outside
    the mask ends the game for every agent, the offender getting ``illegal_reward`` and the
    others 0, with a warning, instead of raising. The mask it reads is the observation's
    ``action_mask``."""
    return TerminateIllegalWrapper(aec, float(illegal_reward))


def parallel_env(game: str, players: int | None = None, **kwargs: Any) -> ParallelEnv:
    """The same environment behind PettingZoo's parallel API (one seat acts per step)."""
    return turn_based_aec_to_parallel(env(game, players, **kwargs))
