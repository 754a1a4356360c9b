"""``cardtable bench``: random-playout speed per game, player count and path, as JSON lines.

``--paths ismcts`` (not in the default, which stays quick) measures the hard bot instead: its
ISMCTS iterations per second and the median and 95th percentile time of its decisions at its
default budget, over ``--decisions`` decisions.
"""

from __future__ import annotations

import json
from typing import Any

import click

from cardtable.bots.bench import measure_search
from cardtable.bots.ismcts import can_search
from cardtable.engine.bench import PATHS, measure
from cardtable.engine.game import Game
from cardtable.errors import CardtableError
from cardtable.games import available, game_class
from cardtable.games import game as make_game
from cardtable.i18n import _


def _measure_env(table: Game, *, seconds: float, seed: int) -> dict[str, Any]:
    try:
        from cardtable.research.bench import measure_env
        from cardtable.research.pettingzoo import CardtableAECEnv  # noqa: F401 (needs the extra)
    except ImportError as error:
        raise click.UsageError(
            _(
                "--paths env needs the research extra: pip install 'cardtable[research]' ({error})"
            ).format(error=error)
        ) from None
    return measure_env(table, seconds=seconds, seed=seed)


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


@click.command()
@click.option(
    "--games",
    default=",".join(available()),
    show_default=True,
    help="Comma-separated games to measure.",
)
@click.option(
    "--players",
    default="",
    help="Comma-separated player counts (default: 2, 4 and 6, or the game's range).",
)
@click.option(
    "--paths",
    default=",".join(PATHS),
    show_default=True,
    help=(
        "api: legal_actions() + apply(); text: apply(text); fast: unchecked bot path; "
        "ismcts (not in the default): the hard bot's iterations/s and decision times; "
        "env (not in the default): PettingZoo AEC env steps/s, random masked steps."
    ),
)
@click.option(
    "--decisions",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="Decisions of the hard bot to time, for --paths ismcts.",
)
@click.option(
    "--seconds",
    type=click.FloatRange(min=0.05),
    default=1.0,
    show_default=True,
    help="Time per measurement.",
)
@click.option("--seed", type=int, default=0, show_default=True)
def bench(games: str, players: str, paths: str, decisions: int, seconds: float, seed: int) -> None:
    """Measure deals/s and decisions/s of random playouts; one JSON line per measurement."""
    try:
        for name in _split(games):
            cls = game_class(name)
            counts = (
                [int(p) for p in _split(players)]
                if players
                else [p for p in (2, 4, 6) if p in cls.player_counts()]
            )
            for count in counts:
                table = make_game(name, count)
                for path in _split(paths):
                    if path == "env":  # the research API's AEC env (needs cardtable[research])
                        click.echo(json.dumps(_measure_env(table, seconds=seconds, seed=seed)))
                        continue
                    if path == "ismcts":
                        if can_search(table):
                            result = measure_search(table, decisions=decisions, seed=seed)
                            click.echo(json.dumps(result))
                        continue
                    if path not in PATHS:
                        raise click.BadParameter(
                            _("unknown path {path!r}; expected {paths}").format(
                                path=path, paths=", ".join((*PATHS, "ismcts", "env"))
                            ),
                            param_hint="--paths",
                        )
                    click.echo(json.dumps(measure(table, path, seconds=seconds, seed=seed)))
    except (CardtableError, ValueError) as error:
        raise click.UsageError(str(error)) from None
