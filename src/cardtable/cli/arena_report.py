"""The arena's report (``cardtable arena``): each bot's win rate and points with their 95%
intervals, the JSON object, the table printed to the terminal and the chart of ``--plot``.

The command (``cli/arena.py``) reads the command line and plays the deals; everything it says
about them afterwards is built here, so the numbers of the table, the JSON and the chart come
from one ``ArenaResult`` per bot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

import cardtable
from cardtable.bots.evaluate import Z95, BotStats, Budget
from cardtable.cli.runs import require_matplotlib
from cardtable.engine.game import Game
from cardtable.i18n import _, ngettext

__all__ = [
    "ArenaResult",
    "plot_win_rates",
    "print_table",
    "report_dict",
    "results",
    "seat_bots",
    "wilson",
]


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
    require_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

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


def print_table(
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
            ).format(cap=f"{table.playout_cap_actions:,}", deals=", ".join(str(n) for n in capped))
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
