"""The research extra installs beside ``ray[rllib]`` (which pins gymnasium to one version) and
works at the lowest versions it allows: its dependencies are lower bounds, not pins, for this.

A scratch environment gets the project with ``[research]``, ``ray[rllib]`` at the version the
project's ``ray`` extra pins, and a constraint file holding every research dependency at its
lower bound, so pip must find one set that satisfies all three; then ``beside_rllib_check.py``
runs there. The suite's own environment has the newest versions, so both ends are tested.

The scratch environment is made without pip of its own (the suite's pip installs into it with
``--python``: seeding pip there cost about 5 s) and nothing is byte-compiled at install
(``--no-compile``: compiling ray, pandas, scipy and pyarrow cost about 30 s, and the check
imports only a small part of them); the resolution and the installed files are the same.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
CHECK = Path(__file__).with_name("beside_rllib_check.py")

pytestmark = pytest.mark.slow


def _extras() -> dict[str, list[Requirement]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return {name: [Requirement(text) for text in texts]
            for name, texts in project["optional-dependencies"].items()}


def lowest_versions(requirements: list[Requirement]) -> list[str]:
    """Each ``>=`` bound as an exact pin (the constraint that tests the lowest versions)."""
    pins = []
    for requirement in requirements:
        bounds = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        assert bounds, f"{requirement} has no lower bound: the research extra must give one"
        pins.append(f"{requirement.name}=={bounds[0]}")
    return pins


def test_every_research_dependency_is_a_lower_bound_not_a_pin() -> None:
    for requirement in _extras()["research"] + _extras()["jax"]:
        operators = {spec.operator for spec in requirement.specifier}
        assert operators == {">="}, f"{requirement}: give a lower bound, not {operators}"


def test_the_research_extra_at_its_lowest_versions_beside_rllib(tmp_path: Path) -> None:
    extras = _extras()
    (ray,) = (r for r in extras["ray"] if r.name == "ray")
    constraints = tmp_path / "lowest.txt"
    constraints.write_text("\n".join(lowest_versions(extras["research"])) + "\n")
    venv.create(tmp_path / "env", with_pip=False)
    python = tmp_path / "env" / "bin" / "python"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--disable-pip-version-check", "--no-compile",
         "--constraint", str(constraints), f"{ROOT}[research]", f"ray[rllib]{ray.specifier}"],
        capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stderr[-3000:]
    check = subprocess.run([str(python), str(CHECK)], capture_output=True, text=True,
                           timeout=300, cwd=tmp_path)
    assert check.returncode == 0, check.stderr[-3000:]
    assert "a deal of 40 steps through RLlib's wrapper" in check.stdout, check.stdout
