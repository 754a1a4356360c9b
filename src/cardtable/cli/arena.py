"""``cardtable arena``: bots against each other over many duplicate deals, with win rates.

    cardtable arena punttu --players 2 --bots heuristic,random --deals 1000 --seed 1

The deals are played by ``cardtable.bots.evaluate.head_to_head``: every deal once per seat
rotation, so each bot holds every seat of the same cards and the luck of the deal cancels out.
This module only reads the command line, shows progress and reports the stats.
"""

from __future__ import annotations

import json
import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import cardtable
from cardtable.bots.base import make_bot
from cardtable.bots.evaluate import BotStats, head_to_head
from cardtable.engine.game import MAX_SEED, Game
from cardtable.engine.options import parse_option_assignments
from cardtable.errors import CardtableError
from cardtable.i18n import _

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054
MAX_DEALS = 10_000_000


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """One bot's results, counted per side: a deal its side won counts once however many of its
    seats the side held; a deal won by k sides together counts 1/k."""

    name: str
    seats: tuple[int, ...]  # the seats it holds in the first rotation
    seat_deals: int
    side_deals: float
    wins: float
    mean_points: float

    @property
    def win_rate(self) -> float:
        rate = self.wins / self.side_deals if self.side_deals else 0.0
        return min(1.0, max(0.0, rate))  # shares of ½, ⅓… may add up a hair past 1

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.win_rate, self.side_deals)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "seats": list(self.seats),
            "seat_deals": self.seat_deals,
            "side_deals": self.side_deals,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [low, high],
            "mean_points": self.mean_points,
        }


def wilson(rate: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``rate`` observed over ``n`` trials."""
    if n <= 0:
        return (0.0, 1.0)
    rate = min(1.0, max(0.0, rate))
    denominator = 1 + z * z / n
    centre = (rate + z * z / (2 * n)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_bots(names: Sequence[str], players: int) -> list[str]:
    """The bots around the table in the first rotation: the names repeated in seat order."""
    return [names[seat % len(names)] for seat in range(players)]


def results(table: Game, seats: Sequence[str], stats: dict[str, BotStats]) -> list[ArenaResult]:
    """``head_to_head``'s per-seat stats turned into per-side results.

    ``head_to_head`` counts each seat's side result, so a bot holding whole sides of ``t`` seats
    (``arena`` checks it does) has ``wins / t`` side wins over ``seat_deals / t`` side-deals.
    Every Putto team choice has sides of one size.
    """
    sizes = {len(side) for side in table.sides}
    size = sizes.pop() if len(sizes) == 1 else 1
    out = []
    for name, entry in stats.items():
        out.append(
            ArenaResult(
                name=name,
                seats=tuple(seat for seat, bot in enumerate(seats) if bot == name),
                seat_deals=entry.seat_deals,
                side_deals=entry.seat_deals / size,
                wins=entry.wins / size,
                mean_points=entry.mean_points,
            )
        )
    return out


def _names(text: str, players: int) -> list[str]:
    names = [name.strip().lower() for name in text.split(",")]
    if any(not name for name in names) or len(set(names)) < 2:
        raise click.BadParameter(
            _(
                "name two or more different bots separated by commas, e.g. heuristic,random; "
                "got {text!r}"
            ).format(text=text),
            param_hint="--bots",
        )
    if len(names) > players:
        raise click.BadParameter(
            _("{count} bots cannot share a table of {n} players").format(
                count=len(names), n=players
            ),
            param_hint="--bots",
        )
    return names


@click.command()
@click.argument("game_name", metavar="GAME")
@click.option(
    "--players",
    "-p",
    type=int,
    default=None,
    metavar="N",
    help=_("Number of players (default: the game's usual number)."),
)
@click.option(
    "--bots",
    default="heuristic,random",
    show_default=True,
    metavar="NAME,NAME[,...]",
    help=_(
        "Bots seated in this order from seat 0, repeated around the table: heuristic,random at "
        "4 seats is heuristic, random, heuristic, random."
    ),
)
@click.option(
    "--deals",
    type=click.IntRange(1, MAX_DEALS),
    default=1000,
    show_default=True,
    metavar="N",
    help=_("Number of different deals; each is played once per seat rotation."),
)
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=None,
    metavar="S",
    help=_("Seed of the whole run, to replay it exactly (default: random, and printed)."),
)
@click.option(
    "--option",
    "-o",
    "assignments",
    multiple=True,
    metavar="KEY=VALUE",
    help=_("Table option, repeatable: e.g. -o teams=alone."),
)
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object, no table."))
def arena(
    game_name: str,
    players: int | None,
    bots: str,
    deals: int,
    seed: int | None,
    assignments: tuple[str, ...],
    as_json: bool,
) -> None:
    """Play bots against each other on duplicate deals and report their win rates.

    Every deal is played once per seat rotation: the same cards, the bots moved one seat on
    each time, so every bot holds every seat of every deal and the luck of the cards cancels.

    A bot's win rate is the share of deals its side won; a deal won by several sides together
    counts 1/k to each. With teams (Putto's pairs), a bot's side is its team: partners share
    one result, and a team of two different bots gives both the same wins; no bot may play for
    two teams at once. The interval is the
    95% Wilson score interval over the deals its side played; rotations of one deal are
    correlated, so read it as a rough guide. Mean points are its side's points per deal.
    """
    try:
        options = parse_option_assignments(assignments)
    except CardtableError as error:
        raise click.BadParameter(str(error), param_hint="--option") from None
    try:
        table = cardtable.game(game_name, players, **options)
    except CardtableError as error:
        raise click.UsageError(str(error)) from None
    names = _names(bots, table.players)
    for name in dict.fromkeys(names):
        try:
            make_bot(name, table, 0)
        except CardtableError as error:
            raise click.BadParameter(str(error), param_hint="--bots") from None
    seats = seat_bots(names, table.players)
    for name in dict.fromkeys(names):
        teams = {table.side_of(seat) for seat, bot in enumerate(seats) if bot == name}
        if len(teams) > 1 and len(table.sides[0]) > 1:
            raise click.BadParameter(
                _(
                    "{bot} would play for more than one team ({seating}); seat the bots so "
                    "that each plays for one team, e.g. two names for two pairs"
                ).format(
                    bot=name,
                    seating=", ".join(f"{seat} {bot}" for seat, bot in enumerate(seats)),
                ),
                param_hint="--bots",
            )
    run_seed = secrets.randbits(63) if seed is None else seed

    errors = Console(stderr=True, highlight=False)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )
    with progress:
        task = progress.add_task(_("deals"), total=deals)
        stats = head_to_head(
            table.name,
            table.players,
            seats,
            deals,
            run_seed,
            progress=lambda done: progress.update(task, completed=done),
            **options,
        )
    report = results(table, seats, stats)

    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": table.name,
                    "players": table.players,
                    "options": dict(table.options),
                    "deals": deals,
                    "seed": run_seed,
                    "seats": seats,
                    "sides": [list(side) for side in table.sides],
                    "interval": "wilson-95",
                    "bots": {result.name: result.to_dict() for result in report},
                },
                ensure_ascii=False,
            )
        )
        return
    _print_table(table, deals, run_seed, report)


def _print_table(table: Game, deals: int, seed: int, report: Sequence[ArenaResult]) -> None:
    console = Console(highlight=False)
    title = _("{title}, {n} players: {deals} deals × {rotations} seat rotations · seed {seed}")
    console.print(
        title.format(
            title=_(table.title),
            n=table.players,
            deals=deals,
            rotations=table.players,
            seed=seed,
        ),
        style="bold",
    )
    grid = Table()
    grid.add_column(_("Bot"))
    grid.add_column(_("Games"), justify="right")
    grid.add_column(_("Win rate"), justify="right")
    grid.add_column(_("95% CI (Wilson)"), justify="right")
    grid.add_column(_("Points/deal"), justify="right")
    best = max(result.win_rate for result in report)
    for result in report:
        low, high = result.interval
        grid.add_row(
            result.name,
            str(result.seat_deals),
            f"{result.win_rate:.1%}",
            f"{low:.1%} – {high:.1%}",
            f"{result.mean_points:.1f}",
            style="bold" if result.win_rate == best else None,
        )
    console.print(grid)
    seating = ", ".join(
        _("{seat} {bot}").format(seat=seat, bot=bot)
        for result in report
        for seat, bot in ((seat, result.name) for seat in result.seats)
    )
    lines = [
        _("Seats in the first rotation: {seating}; then every bot moves one seat on.").format(
            seating=seating
        ),
        _("Games: seat-deals, every deal counted once for each seat a bot held."),
        _(
            "Win rate: share of deals the bot's side won (shared wins split). "
            "Bots of equal strength would each win {share:.1%}."
        ).format(share=1 / len(table.sides)),
    ]
    if any(len(side) > 1 for side in table.sides):
        lines.append(_("Partners share one result: a team counts as one side."))
    for line in lines:
        console.print(line, style="dim")
