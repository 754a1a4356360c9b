"""``cardtable arena``: bots against each other over many duplicate deals, with win rates.

    cardtable arena punttu --players 2 --bots hard,medium --deals 2000 --seed 1 --jobs 4

The deals are played by ``cardtable.bots.evaluate.head_to_head``: every deal once per seat
rotation, so each bot holds every seat of the same cards and the luck of the deal cancels out;
with ``--jobs`` in several processes, with the same results for a seed whatever the number.
This module only reads the command line, shows progress and reports the stats: a table, one
JSON object (``--json``, ``--out``) and a chart of the win rates (``--plot``).

A deal that reaches the game's ``playout_cap_actions`` (Pontinho: 3,000 actions; its stock can
be rebuilt for ever, PO-8) is stopped and counted as void — nobody scores, every side shares it
— and the report names it: ``capped_deals`` and each bot's ``capped`` in the JSON, a line under
the table.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from pathlib import Path

import click
from rich.console import Console
from rich.progress import (
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from cardtable.bots.evaluate import (
    DealResult,
    head_to_head,
    searching_bots,
)
from cardtable.bots.ismcts import DEFAULT_ITERATIONS, DEFAULT_TIME_LIMIT
from cardtable.bots.paired import pairs_of
from cardtable.cli.arena_report import (
    plot_win_rates,
    print_table,
    report_dict,
    results,
    seat_bots,
)
from cardtable.cli.runs import budget_of, progress_bar, require_matplotlib
from cardtable.cli.table_options import make_table, requested_options, table_arguments
from cardtable.engine.game import MAX_SEED
from cardtable.errors import CardtableError
from cardtable.i18n import _

__all__ = ["arena"]

MAX_DEALS = 10_000_000
MAX_JOBS = 256


class _RateColumn(ProgressColumn):
    """Deals finished per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text("", style="progress.data.speed")
        return Text(_("{rate:.1f} deals/s").format(rate=speed), style="progress.data.speed")


def _names(text: str, players: int) -> list[str]:
    # A Python policy (package.module:name) keeps its case; bot levels do not have one.
    names = [n.strip() if ":" in n else n.strip().lower() for n in text.split(",")]
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
@table_arguments("-o teams=alone")
@click.option(
    "--bots",
    default="heuristic,random",
    show_default=True,
    metavar="NAME,NAME[,...]",
    help=_(
        "Bots seated in this order from seat 1, repeated around the table: heuristic,random at "
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
    "--jobs",
    "-j",
    type=click.IntRange(1, MAX_JOBS),
    default=None,
    metavar="K",
    help=_(
        "Processes to play the deals in (default: the number of CPUs; 1 plays in this "
        "process). The results for a seed are the same whatever the number."
    ),
)
@click.option(
    "--backend",
    type=click.Choice(["process", "ray"]),
    default="process",
    show_default=True,
    help=_(
        "Where the --jobs workers run: processes of this machine, or Ray's tasks (pip install "
        "'cardtable[ray]'; RAY_ADDRESS names a cluster). The results are the same."
    ),
)
@click.option(
    "--bot-iterations",
    type=click.IntRange(1, None),
    default=None,
    metavar="N",
    help=_(
        "Search iterations per decision of the hard bot, at most (default {n:,}). Alone, it "
        "also lifts the time limit, so the run replays exactly. The search stops sooner when "
        "its choice has settled (from 1,000 iterations, Pontinho 300: the move it prefers has "
        "led for the latter half of the search) or can no longer change."
    ).format(n=DEFAULT_ITERATIONS),
)
@click.option(
    "--bot-seconds",
    type=click.FloatRange(0.0, None, min_open=True),
    default=None,
    metavar="X",
    help=_(
        "Thinking time per decision of the hard bot, at most (default {s:g} s). A time limit "
        "makes the results depend on the machine's speed."
    ).format(s=DEFAULT_TIME_LIMIT or 0.0),
)
@click.option(
    "--records",
    type=click.Path(file_okay=False, writable=True, path_type=Path),
    default=None,
    metavar="DIR",
    help=_(
        "Save every game played (each deal once per rotation) as a game record in this "
        "directory, with the bots of each seat: a dataset of bot play."
    ),
)
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object, no table."))
@click.option(
    "--out",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    metavar="FILE.json",
    help=_("Also write the JSON object to this file."),
)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    metavar="FILE.png",
    help=_(
        "Draw the win rates and their 95% CIs to this PNG file (with --ladder: the ratings; "
        "needs matplotlib)."
    ),
)
@click.option(
    "--ladder",
    is_flag=True,
    help=_(
        "Play a round robin of random, easy, medium and hard (--bots is ignored) on the same "
        "duplicate deals and rate the levels (Bradley-Terry, Elo scale, random at 0)."
    ),
)
@click.option(
    "--ladder-into",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    metavar="FILE.json",
    help=_(
        "With --ladder: merge the ratings into this ladder file (the lobby's is "
        "src/cardtable/bots/ladder.json)."
    ),
)
def arena(
    game_name: str,
    players: int | None,
    bots: str,
    deals: int,
    seed: int | None,
    jobs: int | None,
    backend: str,
    bot_iterations: int | None,
    bot_seconds: float | None,
    assignments: tuple[str, ...],
    records: Path | None,
    as_json: bool,
    out: Path | None,
    plot: Path | None,
    ladder: bool = False,
    ladder_into: Path | None = None,
    preset: str | None = None,
) -> None:
    """Play bots against each other on duplicate deals and report their win rates.

    Every deal is played once per seat rotation: the same cards, the bots moved one seat on
    each time, so every bot holds every seat of every deal and the luck of the cards cancels.

    A bot's win rate is the share of deals its side won; a deal won by several sides together
    counts 1/k to each. With teams (Putto's pairs), a bot's side is its team: partners share
    one result, and a team of two different bots gives both the same wins; no bot may play for
    two teams at once. The interval is the 95% Wilson score interval over the deals its side
    played; rotations of one deal are correlated, so read it as a rough guide.

    Mean points are its side's points per deal (penalty points where the lowest total wins),
    with a 95% CI over deals: each deal's rotations are averaged first, since they are
    correlated, and the interval is mean ± 1.96·s/√n over those n deal means. Where the game
    reports who went out (Pontinho), the share of its games in which the bot went out is
    shown too.
    """
    table = make_table(game_name, players, assignments, preset)
    if ladder:  # the round robin lives in its own module
        from cardtable.cli.ladder import run_ladder

        run_ladder(
            table,
            assignments,
            preset=preset,
            # Python policies named in --bots join the round robin, rated beside the levels.
            entrants=tuple(name.strip() for name in bots.split(",") if ":" in name),
            deals=deals,
            seed=seed,
            jobs=jobs,
            bot_iterations=bot_iterations,
            bot_seconds=bot_seconds,
            as_json=as_json,
            out=out,
            plot=plot,
            into=ladder_into,
        )
        return
    names = _names(bots, table.players)
    try:
        searchers = searching_bots(table, names)
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
                    seating=", ".join(f"{seat} {bot}" for seat, bot in enumerate(seats, 1)),
                ),
                param_hint="--bots",
            )
    if (bot_iterations is not None or bot_seconds is not None) and not searchers:
        raise click.BadParameter(
            _("only the hard bot thinks within a budget, and none of {bots} is hard").format(
                bots=", ".join(dict.fromkeys(names))
            ),
            param_hint="--bot-iterations/--bot-seconds",
        )
    budget = budget_of(bot_iterations, bot_seconds)
    if plot is not None:
        require_matplotlib()
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    processes = jobs if jobs is not None else (os.cpu_count() or 1)
    run_seed = secrets.randbits(63) if seed is None else seed

    errors = Console(stderr=True, highlight=False)
    shown = errors.is_terminal and not as_json
    progress = progress_bar(
        errors, shown=shown, extra=(_RateColumn(), TimeElapsedColumn(), TextColumn("·"))
    )
    capped: list[int] = []
    differences = pairs_of(list(dict.fromkeys(seats)))

    def note_capped(deal: DealResult) -> None:
        for difference in differences:
            difference.add(deal)
        if any(game.capped for game in deal.games):
            capped.append(deal.number)

    start = time.perf_counter()
    with progress:
        task = progress.add_task(_("deals"), total=deals)
        stats = head_to_head(
            table.name,
            table.players,
            seats,
            deals,
            run_seed,
            progress=lambda done: progress.update(task, completed=done),
            jobs=processes,
            budget=budget,
            table_options=requested_options(table.name, preset, assignments),
            on_deal=note_capped,
            records=records,
            backend=backend,
        )
    if shown:
        elapsed = time.perf_counter() - start
        errors.print(
            _("{deals} deals in {seconds:.1f} s ({rate:.1f} deals/s, {jobs} processes)").format(
                deals=deals, seconds=elapsed, rate=deals / elapsed, jobs=processes
            ),
            style="dim",
        )
    report = results(table, seats, stats)
    data = report_dict(
        table,
        deals=deals,
        seed=run_seed,
        jobs=processes,
        seats=seats,
        budget=budget,
        report=report,
        capped_deals=capped,
    )
    data["points_difference"] = [difference.to_dict() for difference in differences]
    data["points_difference_interval"] = "paired-normal-95-over-deals"
    if out is not None:
        out.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    if plot is not None:
        plot_win_rates(data, plot)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    print_table(table, deals, run_seed, report, budget, capped)
