"""Shared test configuration: the ``rule``, ``slow`` and ``subprocess`` markers, the hypothesis
profiles, and the refusal of ``CARDTABLE_REGOLD`` in CI (``tests/helpers/golden.py``).

Profiles (``HYPOTHESIS_PROFILE=thorough pytest …`` to pick another):

- ``default``: a moderate, derandomized number of examples so the suite is fast and reproducible.
- ``thorough``: many more random examples, for a nightly run or before a release.
"""

from __future__ import annotations

import os

import pytest
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
    config.addinivalue_line(
        "markers",
        "subprocess: a test that starts processes of its own (a proxy, a server binary)",
    )
