"""``cardtable arena --backend process|ray``: the same results for a seed whatever the backend
and the number of workers (issue 15 §3). Deals and bots are seeded by deal index and added up
in deal order, so where a chunk of deals is played cannot change a bit of the report."""

from __future__ import annotations

import importlib.util
import json
from typing import Any

import pytest
from click.testing import CliRunner

from cardtable.cli import main

#: The arena here starts worker processes (and Ray its own).
pytestmark = pytest.mark.subprocess

#: A searching bot on a fixed budget (no time limit: replays exactly) against a random one.
ARGS = ("punttu", "--players", "2", "--bots", "hard,random", "--deals", "6", "--seed", "5",
        "--bot-iterations", "30", "--json")


def arena(*extra: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["arena", *ARGS, *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    data.pop("jobs")
    return data


def test_one_and_two_process_workers_agree() -> None:
    one = arena("--backend", "process", "--jobs", "1")
    assert arena("--backend", "process", "--jobs", "2") == one


@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is not installed (pip install 'cardtable[ray]')")
def test_ray_agrees_with_the_process_workers() -> None:
    assert arena("--backend", "ray", "--jobs", "2") == arena("--backend", "process",
                                                           "--jobs", "2")


def test_an_unknown_backend_is_refused() -> None:
    result = CliRunner().invoke(main, ["arena", *ARGS, "--backend", "spark"])
    assert result.exit_code == 2
    assert "spark" in result.output
