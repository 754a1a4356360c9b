"""The README's first look holds: a screenshot of each game that exists, a one-line demo that
runs, and the install said as it is (cardtable is not on a public package index)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from cardtable.cli.main import main
from cardtable.games import descriptors

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PNG = b"\x89PNG\r\n\x1a\n"


def test_each_game_has_a_screenshot_that_exists() -> None:
    pictures = dict(re.findall(r"!\[([^\]]+)\]\((docs/screenshots/[\w-]+\.png)\)", README))
    shown = {Path(path).stem for path in pictures.values()}
    assert shown == {game.name for game in descriptors()}
    for alt, path in pictures.items():
        assert alt.strip() and (ROOT / path).read_bytes().startswith(PNG), path


def test_the_one_line_demo_runs() -> None:
    assert "\ncardtable play punttu --watch\n" in README
    result = CliRunner().invoke(main, ["play", "punttu", "--watch", "--delay", "0", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output


def test_the_install_is_from_the_repository() -> None:
    install = README.split("## Install", 1)[1].split("\n## ", 1)[0]
    assert "not on a public package index" in install
    assert "pip install -e '.[test,research]'" in install
    # no line tells a reader to install by the bare name from an index
    assert not re.search(r"^\s*(\.venv/bin/)?pip install cardtable\b", README, re.MULTILINE)
