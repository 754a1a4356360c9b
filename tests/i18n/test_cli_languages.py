"""The command line speaks each language: --lang, then LANGUAGE/LC_ALL/LANG (issue 8)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from cardtable.cli import main
from cardtable.i18n import set_language

#: Per language, a phrase of the rules sheet and one of `play --help`, in that language.
SPOKEN = {
    "eu": ("Mahai honetan", "Jokalari kopurua"),
    "hu": ("Ennél az asztalnál", "Játékosok száma"),
    "pt_BR": ("Nesta mesa", "Número de jogadores"),
}


def run(args: list[str], env: dict[str, str] | None = None) -> Result:
    try:
        return CliRunner(env=env).invoke(main, args)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", sorted(SPOKEN))
def test_lang_option_translates_output(lang: str) -> None:
    rules_phrase, _help = SPOKEN[lang]
    result = run(["--lang", lang, "rules", "punttu"])
    assert result.exit_code == 0, result.output
    assert rules_phrase in result.output
    assert "At this table" not in result.output


@pytest.mark.parametrize("lang", sorted(SPOKEN))
def test_help_is_translated_when_shown(lang: str) -> None:
    """Click reads help texts at import; they must still follow --lang (issue 8 bug)."""
    _rules, help_phrase = SPOKEN[lang]
    result = run(["--lang", lang, "play", "--help"])
    assert result.exit_code == 0, result.output
    assert help_phrase in result.output
    assert "Number of players" not in result.output
    english = run(["play", "--help"], env={"LANGUAGE": "", "LC_ALL": "", "LANG": "C"})
    assert "Number of players" in english.output


def test_top_level_help_follows_lang() -> None:
    result = run(["--lang", "eu", "--help"])
    assert "Punttu, Pontinho eta Putto" in result.output


@pytest.mark.parametrize("variable", ["LANGUAGE", "LC_ALL", "LANG"])
def test_environment_picks_the_language(variable: str) -> None:
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
    env[variable] = "hu_HU.UTF-8" if variable != "LANGUAGE" else "hu"
    result = run(["rules", "putto"], env=env)
    assert "Ennél az asztalnál" in result.output


def test_rules_lang_option_overrides_the_environment() -> None:
    result = run(["rules", "pontinho", "--lang", "pt-BR"], env={"LANGUAGE": "hu"})
    assert "Nesta mesa" in result.output
    assert "trinca" in result.output


def test_clicks_own_words_follow_the_language() -> None:
    result = run(["--lang", "pt_BR", "rules", "--help"])
    assert result.output.startswith("Uso: ")
    assert "Opções:" in result.output and "Mostre esta mensagem e saia." in result.output
    error = run(["--lang", "eu", "rules", "punttu", "-p", "nine"])
    assert error.exit_code == 2
    assert "Errorea:" in error.output and "Erabilera:" in error.output
