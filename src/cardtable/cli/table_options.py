"""What every command that sets up a table shares: ``GAME``, ``--players``, ``-o key=value``.

Declared once so that ``play`` and ``arena`` (and later ``rules``) accept and check a table
the same way, with the same messages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

import cardtable
from cardtable.cli.help_text import HelpOption
from cardtable.engine.game import Game
from cardtable.engine.options import parse_option_assignments
from cardtable.errors import CardtableError
from cardtable.i18n import N_, _

F = TypeVar("F", bound=Callable[..., Any])


def table_arguments(example: str) -> Callable[[F], F]:
    """The ``GAME`` argument, ``--players/-p N`` and ``--option/-o KEY=VALUE`` (``example``
    shows a typical option in the help)."""

    def decorate(command: F) -> F:
        command = click.option(
            "--option",
            "-o",
            "assignments",
            multiple=True,
            metavar="KEY=VALUE",
            cls=HelpOption,
            help=N_("Table option, repeatable: e.g. {example}."),
            help_values={"example": example},
        )(command)
        command = click.option(
            "--players",
            "-p",
            type=int,
            default=None,
            metavar="N",
            help=_("Number of players (default: the game's usual number)."),
        )(command)
        return click.argument("game_name", metavar="GAME")(command)

    return decorate


def given_options(assignments: tuple[str, ...]) -> dict[str, str]:
    """The ``-o key=value`` options as given (validated by the game, not here)."""
    try:
        return parse_option_assignments(assignments)
    except CardtableError as error:
        raise click.BadParameter(str(error), param_hint="--option") from None


def make_table(game_name: str, players: int | None, assignments: tuple[str, ...]) -> Game:
    """The table the command line asks for, or a usage error that says what is wrong."""
    options = given_options(assignments)
    try:
        return cardtable.game(game_name, players, **options)
    except CardtableError as error:
        raise click.UsageError(str(error)) from None
