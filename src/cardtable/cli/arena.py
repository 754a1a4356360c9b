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
import math
import os
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import (
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text

import cardtable
from cardtable.bots.evaluate import (
    Z95,
    BotStats,
    Budget,
    DealResult,
    head_to_head,
    searching_bots,
)
from cardtable.bots.ismcts import DEFAULT_ITERATIONS, DEFAULT_TIME_LIMIT
from cardtable.bots.paired import pairs_of
from cardtable.cli.runs import budget_of, progress_bar, require_matplotlib
from cardtable.cli.table_options import given_options, make_table, table_arguments
from cardtable.engine.game import MAX_SEED, Game
from cardtable.errors import CardtableError
from cardtable.i18n import _, ngettext

__all__ = ["Z95", "ArenaResult", "arena", "plot_win_rates", "results", "seat_bots", "wilson"]

MAX_DEALS = 10_000_000
MAX_JOBS = 256


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """One bot's results, counted per side: a deal its side won counts once however many of its
    seats the side held; a deal won by k sides together counts 1/k.

    ``mean_points`` are its side's points per deal (penalty points where the lowest total
    wins) and ``points_ci95`` their 95% interval over deals (each deal's rotations averaged
    first; ``None`` below two deals). ``went_out`` counts the seat-deals in which it went out,
    for games that report it (else ``None``); ``capped`` the seat-deals stopped at the game's
    cap and counted void.
    """

    name: str
    seats: tuple[int, ...]  # the seats it holds in the first rotation
    seat_deals: int
    side_deals: float
    wins: float
    mean_points: float
    deals: int = 0
    points_ci95: tuple[float, float] | None = None
    went_out: int | None = None
    capped: int = 0

    @property
    def win_rate(self) -> float:
        rate = self.wins / self.side_deals if self.side_deals else 0.0
        return min(1.0, max(0.0, rate))  # shares of ½, ⅓… may add up a hair past 1

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.win_rate, self.side_deals)

    @property
    def went_out_rate(self) -> float | None:
        if self.went_out is None:
            return None
        return self.went_out / self.seat_deals if self.seat_deals else 0.0

    @property
    def went_out_interval(self) -> tuple[float, float] | None:
        rate = self.went_out_rate
        return None if rate is None else wilson(rate, self.seat_deals)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        data: dict[str, Any] = {
            "seats": list(self.seats),
            "seat_deals": self.seat_deals,
            "side_deals": self.side_deals,
            "deals": self.deals,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [low, high],
            "mean_points": self.mean_points,
            "mean_points_ci95": None if self.points_ci95 is None else list(self.points_ci95),
            "capped": self.capped,
        }
        went_out = self.went_out_interval
        if went_out is not None:
            data["went_out"] = self.went_out
            data["went_out_rate"] = self.went_out_rate
            data["went_out_ci95"] = list(went_out)
        return data


def wilson(rate: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``rate`` observed over ``n`` trials."""
    if n <= 0:
        return (0.0, 1.0)
    rate = min(1.0, max(0.0, rate))
    denominator = 1 + z * z / n
    centre = (rate + z * z / (2 * n)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / denominator
    # The interval always holds ``rate``; the clamps only mend rounding at 0 and 1.
    return (max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half)))


def seat_bots(names: Sequence[str], players: int) -> list[str]:
    """The bots around the table in the first rotation: the names repeated in seat order."""
    return [names[seat % len(names)] for seat in range(players)]


def results(table: Game, seats: Sequence[str], stats: dict[str, BotStats]) -> list[ArenaResult]:
    """``head_to_head``'s per-seat stats turned into per-side results.

    ``head_to_head`` counts each seat's side result, so a bot holding whole sides of ``t`` seats
    (``arena`` checks it does) has ``wins / t`` side wins over ``seat_deals / t`` side-deals.
    Every Putto team choice has sides of one size. Points are already per side.
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
                deals=entry.deals,
                points_ci95=entry.points_interval(),
                went_out=entry.went_out,
                capped=entry.capped,
            )
        )
    return out


def fair_share(table: Game) -> float:
    """The win rate of each of equally strong bots: one over the number of sides."""
    return 1 / len(table.sides)


def report_dict(
    table: Game,
    *,
    deals: int,
    seed: int,
    jobs: int,
    seats: Sequence[str],
    budget: Budget | None,
    report: Sequence[ArenaResult],
    capped_deals: Sequence[int] = (),
) -> dict[str, Any]:
    """The run's parameters and every bot's stats, as one JSON-safe object. ``cap_actions`` is
    the game's cap on a deal's actions (None: deals always end) and ``capped_deals`` the numbers
    (from 0) of the deals stopped there in some rotation, counted void."""
    return {
        "version": cardtable.__version__,
        "game": table.name,
        "title": table.title,
        "players": table.players,
        "options": dict(table.options),
        "bot_names": list(dict.fromkeys(seats)),
        "deals": deals,
        "seed": seed,
        "jobs": jobs,
        "budget": None
        if budget is None
        else {"iterations": budget.iterations, "time_limit": budget.time_limit},
        "seats": list(seats),
        "sides": [list(side) for side in table.sides],
        "lowest_wins": table.lowest_wins,
        "fair_share": fair_share(table),
        "interval": "wilson-95",
        "points_interval": "normal-95-over-deals",
        "cap_actions": table.playout_cap_actions,
        "capped_deals": list(capped_deals),
        "bots": {result.name: result.to_dict() for result in report},
    }


def plot_win_rates(data: dict[str, Any], path: Path) -> None:
    """Draw ``data`` (``report_dict``'s object) as a PNG bar chart at ``path``: each bot's win
    rate with its 95% interval as error bars, and the fair share as a dashed line."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise click.UsageError(
            _("--plot needs matplotlib: pip install 'cardtable[plot]'")
        ) from None
    names = list(data["bots"])
    rates = [data["bots"][name]["win_rate"] for name in names]
    intervals = [data["bots"][name]["ci95"] for name in names]
    below = [max(0.0, rate - low) for rate, (low, _high) in zip(rates, intervals, strict=True)]
    above = [max(0.0, high - rate) for rate, (_low, high) in zip(rates, intervals, strict=True)]
    figure = Figure(figsize=(max(4.0, 1.4 * len(names) + 2.0), 4.0), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots()
    positions = list(range(len(names)))
    axes.bar(positions, rates, yerr=[below, above], capsize=6, color="tab:blue", alpha=0.8)
    axes.axhline(
        data["fair_share"],
        color="tab:red",
        linestyle="--",
        label=_("fair share {share:.1%}").format(share=data["fair_share"]),
    )
    axes.set_xticks(positions, names)
    axes.set_ylim(0.0, 1.0)
    axes.set_ylabel(_("win rate (95% CI)"))
    axes.set_title(
        _("{title}, {n} players: {deals} duplicate deals, seed {seed}").format(
            title=_(data["title"]), n=data["players"], deals=data["deals"], seed=data["seed"]
        )
    )
    axes.legend(loc="upper right")
    figure.savefig(path, format="png", dpi=100)


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
    help=_("With --ladder: merge the ratings into this ladder file (the lobby's is "
           "src/cardtable/bots/ladder.json)."),
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
    table = make_table(game_name, players, assignments)
    if ladder:  # the round robin lives in its own module
        from cardtable.cli.ladder import run_ladder

        run_ladder(table, assignments, deals=deals, seed=seed, jobs=jobs,
                   bot_iterations=bot_iterations, bot_seconds=bot_seconds, as_json=as_json,
                   out=out, plot=plot, into=ladder_into)
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
                    seating=", ".join(f"{seat} {bot}" for seat, bot in enumerate(seats)),
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
            table_options=given_options(assignments),
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
    _print_table(table, deals, run_seed, report, budget, capped)


def _print_table(
    table: Game,
    deals: int,
    seed: int,
    report: Sequence[ArenaResult],
    budget: Budget | None,
    capped: Sequence[int] = (),
) -> None:
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
    going_out = any(result.went_out is not None for result in report)
    grid = Table()
    grid.add_column(_("Bot"))
    grid.add_column(_("Games"), justify="right")
    grid.add_column(_("Win rate"), justify="right")
    grid.add_column(_("95% CI (Wilson)"), justify="right")
    grid.add_column(_("Penalty/deal") if table.lowest_wins else _("Points/deal"), justify="right")
    grid.add_column(_("95% CI"), justify="right")
    if going_out:
        grid.add_column(_("Went out"), justify="right")
        grid.add_column(_("95% CI (Wilson)"), justify="right")
    best = max(result.win_rate for result in report)
    for result in report:
        low, high = result.interval
        points = result.points_ci95
        row = [
            result.name,
            str(result.seat_deals),
            f"{result.win_rate:.1%}",
            f"{low:.1%} – {high:.1%}",
            f"{result.mean_points:.1f}",
            "–" if points is None else f"{points[0]:.1f} – {points[1]:.1f}",
        ]
        went_out = result.went_out_interval
        if going_out:
            rate = result.went_out_rate
            row += (
                ["–", "–"]
                if went_out is None or rate is None
                else [f"{rate:.1%}", f"{went_out[0]:.1%} – {went_out[1]:.1%}"]
            )
        grid.add_row(*row, style="bold" if result.win_rate == best else None)
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
        ).format(share=fair_share(table)),
        _(
            "Penalty/deal: its side's penalty points per deal (the lowest total wins); "
            "95% CI over deals, each deal's rotations averaged first."
        )
        if table.lowest_wins
        else _(
            "Points/deal: its side's points per deal; "
            "95% CI over deals, each deal's rotations averaged first."
        ),
    ]
    if going_out:
        lines.append(_("Went out: share of its games in which the bot went out."))
    if any(len(side) > 1 for side in table.sides):
        lines.append(_("Partners share one result: a team counts as one side."))
    if capped:
        lines.append(
            ngettext(
                "Stopped unfinished after {cap} actions and counted as void (nobody scores, "
                "all share it): deal {deals}.",
                "Stopped unfinished after {cap} actions and counted as void (nobody scores, "
                "all share them): deals {deals}.",
                len(capped),
            ).format(
                cap=f"{table.playout_cap_actions:,}", deals=", ".join(str(n) for n in capped)
            )
        )
    if budget is not None and budget.time_limit is None:
        lines.append(
            _("hard thinks {n:,} iterations per decision at most.").format(n=budget.iterations)
        )
    elif budget is not None:
        lines.append(
            _("hard thinks {n:,} iterations and {s:g} s per decision at most.").format(
                n=budget.iterations, s=budget.time_limit
            )
        )
    for line in lines:
        console.print(line, style="dim")
