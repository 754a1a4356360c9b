"""``--preset NAME`` on every command that sets up a table (``play``, ``rules``, ``arena``): the
house-rule preset's options first, then the ``-o`` ones over them, as the server takes
``preset`` and ``options``; an unknown preset is a usage error naming the game's presets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardtable.cli import main
from cardtable.i18n import set_language


def run(*args: str) -> Result:
    try:
        return CliRunner().invoke(main, list(args))
    finally:
        set_language("en")  # the rules command sets the process-wide language


def test_rules_with_a_preset_state_its_rules_and_name_it() -> None:
    result = run("rules", "putto", "--preset", "scopa")
    assert result.exit_code == 0, result.output
    assert "Rule set: Scopa style." in result.output
    assert "Capturing is compulsory" in result.output  # the preset's must_capture=true


def test_an_option_given_after_a_preset_wins_and_the_table_is_custom() -> None:
    result = run("rules", "putto", "--preset", "scopa", "-o", "must_capture=false")
    assert result.exit_code == 0, result.output
    assert "Rule set: Custom." in result.output
    assert "Capturing is compulsory" not in result.output
    # an option no preset sets (the match's length) leaves the preset as it is
    result = run("rules", "pontinho", "--preset", "common", "-o", "bust=150")
    assert result.exit_code == 0, result.output
    assert "Rule set: Common Brazilian rules." in result.output
    assert "king, queen and jack 10 each" in result.output
    assert "reaches 150 points" in result.output


def test_custom_is_the_options_alone() -> None:
    result = run("rules", "punttu", "--preset", "custom")
    assert result.exit_code == 0, result.output
    assert "Rule set: Basque table." in result.output  # the defaults: the source's table


@pytest.mark.parametrize("command", [["rules"], ["play", "--watch", "--delay", "0"],
                                     ["arena", "--deals", "1", "--json"]])
def test_an_unknown_preset_is_a_usage_error_naming_the_games_presets(
        command: list[str], tmp_path: Path) -> None:
    result = run(command[0], "putto", *command[1:], "--preset", "briscola")
    assert result.exit_code == 2, result.output
    assert "'briscola'" in result.output
    assert "source (Hungarian table), scopa (Scopa style)" in result.output
    assert "Rule set" not in result.output and "seed" not in result.output  # nothing ran


def test_the_error_is_in_the_users_language() -> None:
    result = run("--lang", "pt_BR", "rules", "putto", "--preset", "nada")
    assert result.exit_code == 2, result.output
    assert "Putto não tem regras da casa chamadas 'nada'" in result.output
    assert "source (Mesa húngara), scopa (Estilo Scopa), custom" in result.output


def test_arena_plays_the_presets_rules(tmp_path: Path) -> None:
    result = run("arena", "putto", "--players", "2", "--preset", "scopa", "--deals", "1",
                 "--seed", "1", "--records", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["options"]["must_capture"] is True
    records = sorted(tmp_path.glob("*.json"))
    assert records
    for path in records:
        assert json.loads(path.read_text())["options"]["must_capture"] is True


def test_play_takes_the_preset(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    result = run("play", "pontinho", "--watch", "--delay", "0", "--seed", "3", "--preset",
                 "common", "-o", "bust=30", "--record", str(record))
    assert result.exit_code == 0, result.output
    options = json.loads(record.read_text())["options"]
    assert (options["figure_points"], options["buybacks"], options["bust"]) == ("10", 0, 30)


def test_the_help_lists_the_preset_option() -> None:
    for command in ("play", "rules", "arena"):
        result = run(command, "--help")
        assert "--preset NAME" in result.output, command
