"""``cardtable bench --paths env``: one JSON line per table with the AEC env's steps/s."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardtable.cli import main


def test_bench_measures_the_aec_environment() -> None:
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "--games",
            "punttu,pontinho",
            "--players",
            "2",
            "--paths",
            "env",
            "--seconds",
            "0.05",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(d["game"], d["path"], d["players"]) for d in lines] == [
        ("punttu", "env", 2),
        ("pontinho", "env", 2),
    ]
    for data in lines:
        assert data["steps"] >= data["deals"] > 0 and data["steps_per_s"] > 0
