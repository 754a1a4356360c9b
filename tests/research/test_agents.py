"""``cardtable.research.agents``: a step policy ``(observation, mask) -> step`` plays at the
arena and is rated on the ladder beside random/easy/medium/hard, seeing what the research
environments would show it, and nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from cardtable.cli.main import main
from cardtable.games import game
from cardtable.research.agents import ArenaPolicy, from_logits, from_sb3, masked_argmax, playable
from cardtable.research.episode import Episode

TINY = """
import torch

from cardtable.research.agents import ArenaPolicy, from_logits

torch.manual_seed(0)
network = torch.nn.Linear(212, 40)  # 2-player Punttu: 212 observation values, 40 steps
agent = ArenaPolicy(from_logits(lambda obs: network(torch.as_tensor(obs))))
"""


@pytest.mark.parametrize("name", ["punttu", "putto", "pontinho"])
def test_the_policy_sees_the_environments_observation_and_mask(name: str) -> None:
    seen: list[tuple[np.ndarray, np.ndarray]] = []

    def last_legal(obs: np.ndarray, mask: np.ndarray) -> int:
        seen.append((obs, mask))
        return int(np.flatnonzero(mask)[-1])

    agent = ArenaPolicy(last_legal)
    episode = Episode(game(name, 2), seed=11)
    for _ in range(25):
        if episode.is_over:
            break
        seat = episode.to_move
        seen.clear()
        expected = [(episode.observe(seat), episode.mask(seat))]
        action = agent(episode.view(seat), episode.state.legal_actions())
        # The same steps through the episode give the observation and mask at every step.
        for step_obs, step_mask in seen:
            obs, mask = expected[-1]
            assert np.array_equal(step_obs, obs) and np.array_equal(step_mask, mask)
            if episode.step(int(np.flatnonzero(mask)[-1])) is None:
                expected.append((episode.observe(seat), episode.mask(seat)))
        assert episode.log[-1] == [seat, str(action)]


def test_a_torch_policy_is_rated_on_the_ladder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    pytest.importorskip("torch")
    (tmp_path / "tiny_agent.py").write_text(TINY)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(
        main,
        [
            "arena", "punttu", "--players", "2", "--ladder", "--bots", "tiny_agent:agent",
            "--deals", "3", "--seed", "5", "--jobs", "1", "--bot-iterations", "8", "--json",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    rated = set(data["ratings"])
    assert rated == {"random", "easy", "medium", "hard", "tiny_agent:agent"}
    assert "--bots tiny_agent:agent" in data["command"]


def test_masks_without_a_legal_step_are_made_playable() -> None:
    masks = np.array([[0, 1, 0], [0, 0, 0]], dtype=np.int8)
    assert playable(masks).tolist() == [[0, 1, 0], [1, 1, 1]]
    assert masked_argmax(np.array([5.0, 1.0, 9.0]), masks[0]) == 1
    assert masked_argmax([5.0, 1.0, 9.0], masks[1]) == 2


def test_sb3_models_are_given_the_mask_or_checked() -> None:
    class Unmasked:
        def predict(self, obs: object, deterministic: bool = True) -> tuple[int, None]:
            return 0, None

    class Masked:
        def predict(self, obs: object, action_masks: np.ndarray, deterministic: bool = True):
            return int(np.flatnonzero(action_masks)[-1]), None

    mask = np.array([0, 1, 1], dtype=np.int8)
    assert from_sb3(Unmasked())(np.zeros(3), mask) == 1
    assert from_sb3(Masked())(np.zeros(3), mask) == 2
    assert from_logits(lambda obs: np.array([0.0, 2.0, 1.0]))(np.zeros(3), mask) == 1
