"""The training example runs end to end (its measured result is in docs/research.md)."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_reinforce_example_trains_and_evaluates() -> None:
    main = runpy.run_path(str(EXAMPLES / "reinforce_punttu.py"))["main"]
    result = main(["--episodes", "64", "--batch", "32", "--eval", "20"])
    assert result["before"]["deals"] == 20 and result["after"]["deals"] == 20
    for data in (result["before"], *result["by_seat"].values()):
        assert 0.0 <= data["low"] <= data["rate"] <= data["high"] <= 1.0


@pytest.mark.slow
def test_the_maskable_ppo_example_trains_and_evaluates() -> None:
    """sb3-contrib and torch come with the ``train`` extra, which ``make test`` installs; a
    plain test install without it skips this test."""
    import pytest

    pytest.importorskip("sb3_contrib")
    main = runpy.run_path(str(EXAMPLES / "maskable_ppo.py"))["main"]
    result = main(["--game", "punttu", "--timesteps", "256", "--envs", "2", "--eval", "6"])
    for data in (result["before"], result["after"]):
        assert data["deals"] == 6 and 0.0 <= data["low"] <= data["rate"] <= data["high"] <= 1.0


def test_the_selfplay_league_rates_its_pool() -> None:
    main = runpy.run_path(str(EXAMPLES / "selfplay_league.py"))["main"]
    result = main(["--episodes", "64", "--snapshot-every", "16", "--batch", "16", "--eval", "10"])
    pool = result["pool"]
    assert list(pool)[0] == "random" and len(pool) == 5  # random, then a snapshot every 16
    assert sum(entry["games"] for entry in pool.values()) == 64
    assert result["after"]["deals"] == 10


@pytest.mark.slow
def test_the_jax_ppo_example_trains_and_evaluates(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The jax extra; a run of two tiny updates against medium with a share of self-play, its
    curve against both opponents, and a step policy for the arena.

    Nearly all the time is JAX compiling the update and the evaluation; the second run (the
    wall-time budget) differs only in what the loop in ``main`` reads (``--updates``,
    ``--eval-every``, ``--seconds``), so it is given the first run's compiled trainer instead
    of compiling the same program again (about 10 s)."""
    pytest.importorskip("jax")
    main = runpy.run_path(str(EXAMPLES / "ppo_jax_punttu.py"))
    made: list[Any] = []
    make_trainer = main["make_trainer"]

    def compiled_once(env: Any, args: Any) -> Any:
        if not made:
            made.append(make_trainer(env, args))
        return made[0]

    monkeypatch.setitem(main["main"].__globals__, "make_trainer", compiled_once)
    argv = ["--updates", "2", "--batch", "16", "--eval", "32", "--eval-every", "1",
            "--minibatches", "2", "--epochs", "1", "--hidden", "32", "--self-play", "0.25",
            "--margin", "0.5"]
    saved = tmp_path / "ppo.npz"
    result = main["main"]([*argv, "--save", str(saved)])
    assert [updates for _s, updates, _random, _medium in result["curve"]] == [0, 1, 2]
    for _s, _u, random_rate, medium_rate in result["curve"]:
        assert 0.0 <= random_rate <= 1.0 and 0.0 <= medium_rate <= 1.0
    assert len(result["load"]) == 2
    import numpy as np

    act = main["greedy_step_policy"](main["load_params"](str(saved)))
    mask = np.zeros(40, dtype=np.int8)
    mask[[3, 17]] = 1
    assert act(np.zeros(212, dtype=np.float32), mask) in (3, 17)
    # a wall-time budget already spent stops after the first update, which is still evaluated
    budget = main["main"]([*argv, "--eval-every", "5", "--updates", "10", "--seconds", "0"])
    assert [updates for _s, updates, _random, _medium in budget["curve"]] == [0, 1]
