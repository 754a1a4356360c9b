"""A plain ``pip install cardtable``: every command works, or says which extra it needs.

``cardtable loadtest`` crashed with ``ModuleNotFoundError: httpx`` because httpx was only in the
``test`` extra. Here a subprocess hides every package that only an extra brings (read from
``pyproject.toml``: matplotlib, numpy, gymnasium, pytest, playwright…) with an import blocker on
``sys.meta_path``, then imports every module the commands use, asks each command for its help,
and runs the options that need an extra, which must name it (``pip install 'cardtable[…]'``).
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _distribution(requirement: str) -> str:
    name = re.match(r"[A-Za-z0-9_.\-]+", requirement)
    assert name is not None, requirement
    return re.sub(r"[-_.]+", "-", name.group(0)).lower()


def optional_modules() -> list[str]:
    """The top-level import names of the packages that only an extra installs."""
    main = {_distribution(r) for r in PYPROJECT["dependencies"]}
    extras = {_distribution(r) for reqs in PYPROJECT["optional-dependencies"].values()
              for r in reqs} - main
    modules = {
        module
        for module, dists in importlib.metadata.packages_distributions().items()
        if any(_distribution(d) in extras for d in dists)
    }
    assert {"matplotlib", "numpy", "pytest"} <= modules  # the mapping found the extras
    return sorted(modules)


BLOCKER = """
import importlib.abc, sys
BLOCKED = set(sys.argv[1].split(","))
class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)
        return None
sys.meta_path.insert(0, Blocker())
"""

IMPORT_EVERYTHING = BLOCKER + """
import pkgutil, cardtable
failed = []
for info in pkgutil.walk_packages(cardtable.__path__, "cardtable."):
    if info.name.startswith("cardtable.research."):
        continue  # the research API: its adapters need the research extra (docs/research.md)
    if info.name.startswith("cardtable.server.migrations."):
        continue  # Alembic's scripts, run by Alembic only
    try:
        __import__(info.name)
    except Exception as error:
        failed.append(f"{info.name}: {error!r}")
print("\\n".join(failed))
"""

RUN_CLI = BLOCKER + """
from cardtable.cli import main
main(sys.argv[2:], prog_name="cardtable")
"""


def run(script: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", script, ",".join(optional_modules()), *args],
        capture_output=True, text=True, timeout=120, cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "COLUMNS": "200"},
    )


def test_every_module_the_commands_use_imports_without_the_extras() -> None:
    done = run(IMPORT_EVERYTHING)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", done.stdout


def test_every_command_answers_without_the_extras() -> None:
    help_text = run(RUN_CLI, "--help")
    assert help_text.returncode == 0, help_text.stderr
    commands = re.findall(r"^  (\w+)\s", help_text.stdout.split("Commands:")[1], re.MULTILINE)
    assert {"play", "replay", "rules", "arena", "bench", "serve", "loadtest"} <= set(commands)
    for command in commands:
        done = run(RUN_CLI, command, "--help")
        assert done.returncode == 0, (command, done.stderr)


@pytest.mark.parametrize(("args", "extra"), [
    (["arena", "punttu", "--deals", "1", "--plot", "out.png"], "plot"),
    (["bench", "--paths", "env", "--games", "punttu", "--seconds", "0.1"], "research"),
])
def test_an_option_that_needs_an_extra_names_it(tmp_path: Path, args: list[str],
                                                extra: str) -> None:
    done = run(RUN_CLI, *args, cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert f"pip install 'cardtable[{extra}]'" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_load_test_runs_without_the_extras() -> None:
    """It crashed at once with ModuleNotFoundError: httpx (only in the test extra); httpx is a
    main dependency now. One table for one second against a server it starts itself."""
    done = run(RUN_CLI, "loadtest", "--tables", "1", "--seconds", "1", "--warmup", "0",
               "--idle-tables", "0", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["tables"] == 1 and report["accepted_actions"] > 0
