"""Shared test configuration: the ``rule`` and ``slow`` markers and those of what a test needs,
the hypothesis profiles, and the refusal of ``CARDTABLE_REGOLD`` in CI
(``tests/helpers/golden.py``).

Profiles (``HYPOTHESIS_PROFILE=thorough pytest …`` to pick another):

- ``default``: a moderate, derandomized number of examples so the suite is fast and reproducible.
- ``thorough``: many more random examples, for a nightly run or before a release.
"""

from __future__ import annotations

import os
import types
from pathlib import Path

import pytest
from _pytest.mark.expression import Expression
from hypothesis import HealthCheck, settings
from tests.helpers.golden import REGOLD_VARIABLE, regold

settings.register_profile(
    "default",
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

#: tests/cluster starts a whole local cluster (PostgreSQL, Redis, three servers, nginx) and
#: kills its processes: ``make test-cluster`` runs it, after the main suite.
collect_ignore = [] if os.environ.get("CARDTABLE_TEST_CLUSTER") else ["cluster"]


def pytest_configure(config: pytest.Config) -> None:
    if regold() and os.environ.get("CI"):
        raise pytest.UsageError(
            f"{REGOLD_VARIABLE} rewrites golden files instead of comparing them: never in CI"
        )
    config.addinivalue_line(
        "markers", 'rule(id): the rule of shared/rules/<game>.md a test checks, e.g. "PU-12"'
    )
    config.addinivalue_line(
        "markers",
        "slow: a test that takes many seconds; `make check` (the inner loop) leaves these out, "
        "`make test` runs them",
    )
    for name, what in NEEDS.items():
        config.addinivalue_line(
            "markers", f"{name}: needs {what} (set in tests/conftest.py; `make check` omits it)"
        )


#: What a test needs beyond this process, as markers `make check` leaves out (the inner loop runs
#: in this process alone). Each is set from what the test uses (its fixtures, its module's
#: imports, the names its code calls), so a new test is marked the moment it uses a browser, a
#: database server, Redis, a subprocess or the PDF writer; a module whose code starts worker
#: processes deep inside says so with ``pytestmark``.
NEEDS = {
    "browser": "Chromium (the browser fixtures of tests/web)",
    "postgresql": "a PostgreSQL server (tests/pg.py, or the database fixture's postgresql case)",
    "redis": "a Redis server (tests/redisserver.py)",
    "subprocess": "other processes (a server, the CLI or a tool run as a command)",
    "pdf": "the PDF writer (WeasyPrint)",
}
BROWSER_FIXTURES = frozenset({"browser", "new_page", "live"})
#: A module that holds one of these (imported under any name) needs what it names.
NEEDS_BY_MODULE = {
    "tests.pg": "postgresql",
    "tests.redisserver": "redis",
    "subprocess": "subprocess",
    "tests.server.faults": "subprocess",
    "weasyprint": "pdf",
}
#: A test whose own code names one of these needs what it names.
NEEDS_BY_NAME = {"render_rules_pdf": "pdf", "PdfReader": "pdf"}

#: Modules that are long as a whole, by path under tests/: the JAX environments (each test
#: compiles its functions) and the HTTP API fuzzed by schemathesis (a running server and 60
#: requests per operation). They are ``slow``, and a run that leaves slow tests out does not even
#: import them (``pytest_ignore_collect``): importing JAX and building schemathesis's tests cost
#: seconds per worker.
SLOW_MODULES = ("research/test_jax_", "server/test_schemathesis.py")
TESTS = Path(__file__).parent


def _in_slow_module(path: Path) -> bool:
    relative = path.relative_to(TESTS).as_posix() if path.is_relative_to(TESTS) else ""
    return relative.startswith(SLOW_MODULES)


def _leaves_slow_out(config: pytest.Config) -> bool:
    """Whether ``-m`` deselects a slow test whatever its other markers."""
    text = config.getoption("markexpr", "")
    if not text:
        return False
    expression = Expression.compile(text)
    return not any(expression.evaluate(lambda name, others=others: name == "slow" or others)
                   for others in (False, True))


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if _in_slow_module(collection_path) and _leaves_slow_out(config):
        return True
    return None  # let pytest decide


def _needs_of_module(module: types.ModuleType) -> set[str]:
    needs = set()
    for value in vars(module).values():
        name = value.__name__ if isinstance(value, types.ModuleType) else getattr(
            value, "__module__", None)
        if isinstance(name, str):
            needs.update(need for prefix, need in NEEDS_BY_MODULE.items()
                         if name == prefix or name.startswith(prefix + "."))
    return needs


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    by_module: dict[str, set[str]] = {}
    for item in items:
        needs = set()
        module = getattr(item, "module", None)
        if module is not None:
            if module.__name__ not in by_module:
                by_module[module.__name__] = _needs_of_module(module)
            needs |= by_module[module.__name__]
        code = getattr(getattr(item, "function", None), "__code__", None)
        if code is not None:
            needs.update(NEEDS_BY_NAME[n] for n in code.co_names if n in NEEDS_BY_NAME)
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            needs.add("browser")
        callspec = getattr(item, "callspec", None)
        if callspec is not None and "postgresql" in callspec.params.values():
            needs.add("postgresql")
        for need in sorted(needs):
            item.add_marker(need)
        if _in_slow_module(item.path):
            item.add_marker("slow")
