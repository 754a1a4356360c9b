"""``cardtable bench``: one JSON line per game, player count and path (speed is not asserted)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardtable.cli import main


def test_bench_prints_one_json_line_per_measurement() -> None:
    result = CliRunner().invoke(
        main,
        [
            "bench",
            "--games",
            "punttu,putto",
            "--players",
            "2",
            "--paths",
            "api,fast",
            "--seconds",
            "0.05",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(d["game"], d["path"]) for d in lines] == [
        ("punttu", "api"),
        ("punttu", "fast"),
        ("putto", "api"),
        ("putto", "fast"),
    ]
    for data in lines:
        assert data["players"] == 2
        assert data["decisions"] >= data["deals"] > 0
        assert data["decisions_per_s"] > 0


def test_bench_rejects_an_unknown_path_or_game() -> None:
    for args in (["--paths", "warp"], ["--games", "poker"]):
        result = CliRunner().invoke(main, ["bench", "--seconds", "0.05", *args])
        assert result.exit_code == 2
        assert "warp" in result.output or "poker" in result.output
