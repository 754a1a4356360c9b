"""Golden files: what the code produced once, kept in ``tests/golden/`` and compared ever after.

A refactor that changes no behaviour leaves every golden file as it is; one that changes a view,
a record or a bot's choice fails the test with a diff of what changed. The files are JSON
(compared as parsed JSON, so the order of an object's keys does not matter), written one object
per line below a chosen depth so that a diff names the view or step that changed.

To regenerate them after a change in behaviour that is meant (review the diff before committing):

    CARDTABLE_REGOLD=1 .venv/bin/python -m pytest tests/engine/test_views.py \\
        tests/engine/test_golden_records.py

A test then writes its file when it is missing or differs, and is skipped saying so. Never set
``CARDTABLE_REGOLD`` in CI: a run with it cannot fail on a difference, which is why ``make test``
and ``make check`` empty it and ``tests/conftest.py`` refuses it when ``CI`` is set. Without it,
a missing file fails the test.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

#: Where the golden files live.
GOLDEN = Path(__file__).resolve().parent.parent / "golden"

#: The switch that rewrites golden files instead of comparing them.
REGOLD_VARIABLE = "CARDTABLE_REGOLD"


def regold() -> bool:
    """Whether this run rewrites golden files (``CARDTABLE_REGOLD=1``)."""
    return os.environ.get(REGOLD_VARIABLE, "") not in ("", "0")


def dumps(data: Any, *, depth: int = 2) -> str:
    """``data`` as JSON text: objects and lists nested less than ``depth`` deep spread over
    lines, everything deeper on one line each (a view, a step), ending with a newline."""

    def write(value: Any, level: int, indent: str) -> str:
        if level >= depth or not isinstance(value, dict | list) or not value:
            return json.dumps(value, ensure_ascii=False)
        inner = indent + " "
        if isinstance(value, dict):
            items = [
                f"{inner}{json.dumps(str(key), ensure_ascii=False)}: "
                f"{write(item, level + 1, inner)}"
                for key, item in value.items()
            ]
            return "{\n" + ",\n".join(items) + "\n" + indent + "}"
        items = [inner + write(item, level + 1, inner) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"

    return write(data, 0, "") + "\n"


def differences(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected``, one line per difference found (its path
    and both values, at the deepest level where they still have the same shape)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found = []
        for key in [*expected, *(k for k in actual if k not in expected)]:
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                found.append(f"{where}: gone (was {_short(expected[key])})")
            elif key not in expected:
                found.append(f"{where}: new ({_short(actual[key])})")
            else:
                found += differences(expected[key], actual[key], where)
        return found
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [d for i, (e, a) in enumerate(zip(expected, actual, strict=True))
                for d in differences(e, a, f"{path}[{i}]")]
    if expected == actual:
        return []
    return [f"{path or '(all)'}: {_short(expected)} -> {_short(actual)}"]


def _short(value: Any, limit: int = 120) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_golden(name: str, data: Any, *, depth: int = 2) -> None:
    """Assert that ``data`` (JSON-safe) equals the golden file ``tests/golden/<name>``, showing
    what differs; with ``CARDTABLE_REGOLD=1``, write the file instead when it differs."""
    path = GOLDEN / name
    actual = json.loads(json.dumps(data))  # tuples as lists, keys as text: as read back
    expected: Any = None
    if path.exists():
        expected = json.loads(path.read_text(encoding="utf-8"))
    if regold():
        if expected != actual:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(dumps(actual, depth=depth), encoding="utf-8")
            pytest.skip(f"{REGOLD_VARIABLE}: rewrote {path.relative_to(GOLDEN.parent)}")
        return
    if expected is None:
        pytest.fail(
            f"no golden file {path.relative_to(GOLDEN.parent)}: write it with "
            f"{REGOLD_VARIABLE}=1 (see tests/helpers/golden.py) and review it"
        )
    if expected != actual:
        found = differences(expected, actual)
        more = f"\n… and {len(found) - 20} more" if len(found) > 20 else ""
        shown = "\n".join(found[:20]) + more
        pytest.fail(
            f"{name} differs from its golden file (a change of behaviour; if it is meant, "
            f"regenerate with {REGOLD_VARIABLE}=1 and review the diff):\n{shown}",
            pytrace=False,
        )
