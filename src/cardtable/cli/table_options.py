"""What every command that sets up a table shares: ``GAME``, ``--players``, ``--preset NAME``,
``-o key=value``.

Declared once so that ``play``, ``rules`` and ``arena`` accept and check a table the same way,
with the same messages. A house-rule preset (``engine/presets.py``) is taken as the server takes
it: its options first, then the ``-o`` ones over them (a table that changes one of the preset's
options is then "custom", named from its options wherever it is shown).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

import cardtable
from cardtable.cli.help_text import HelpOption
from cardtable.engine.game import Game
from cardtable.engine.options import parse_option_assignments
from cardtable.engine.presets import CUSTOM, UnknownPreset
from cardtable.errors import CardtableError
from cardtable.games import descriptor
from cardtable.i18n import N_, _

F = TypeVar("F", bound=Callable[..., Any])


def table_arguments(example: str) -> Callable[[F], F]:
    """The ``GAME`` argument, ``--players/-p N``, ``--preset NAME`` and ``--option/-o
    KEY=VALUE`` (``example`` shows a typical option in the help)."""

    def decorate(command: F) -> F:
        command = click.option(
            "--preset",
            default=None,
            metavar="NAME",
            help=_(
                "House rules by name (e.g. scopa for Putto; an unknown name lists the game's): "
                "its options, then the -o ones over them."
            ),
        )(command)
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


def requested_options(
    game_name: str, preset: str | None, assignments: tuple[str, ...]
) -> dict[str, Any]:
    """The options the command line asks for: ``preset``'s (none for ``None`` or ``custom``),
    then the ``-o`` ones, which win. An unknown preset is a usage error (exit 2) that lists the
    game's presets by name, with their titles in the user's language."""
    options: dict[str, Any] = dict(given_options(assignments))
    if preset is None:
        return options
    try:
        game = descriptor(game_name)
    except CardtableError as error:
        raise click.UsageError(str(error)) from None
    try:
        return game.with_preset(preset, options)
    except UnknownPreset as unknown:
        known = [f"{found.name} ({_(found.title)})" for found in unknown.presets]
        raise click.BadParameter(
            _("{game} has no house rules called {preset!r}; choose one of: {known}").format(
                game=_(game.title), preset=preset, known=", ".join([*known, CUSTOM])
            ),
            param_hint="--preset",
        ) from None


def make_table(
    game_name: str,
    players: int | None,
    assignments: tuple[str, ...],
    preset: str | None = None,
) -> Game:
    """The table the command line asks for, or a usage error that says what is wrong."""
    options = requested_options(game_name, preset, assignments)
    try:
        return cardtable.game(game_name, players, **options)
    except CardtableError as error:
        raise click.UsageError(str(error)) from None
