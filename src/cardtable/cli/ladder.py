"""``cardtable arena GAME --players N --ladder``: the round robin of levels, rated.

The round robin and the fit are ``cardtable.bots.ladder``; this module shows the progress, prints
the ratings and each pair's result, writes the JSON (``--json``, ``--out``), merges the ratings
into a ladder file (``--ladder-into``: the lobby's is ``src/cardtable/bots/ladder.json``) and
draws them (``--plot``).
"""

from __future__ import annotations

import json
import os
import secrets
import shlex
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from cardtable.bots.ladder import LEVELS, Ladder, round_robin, save_into
from cardtable.cli.runs import budget_of, progress_bar, require_matplotlib
from cardtable.cli.table_options import requested_options
from cardtable.engine.game import MAX_SEED, Game
from cardtable.i18n import _


def run_ladder(
    table: Game,
    assignments: tuple[str, ...],
    *,
    deals: int,
    seed: int | None,
    jobs: int | None,
    bot_iterations: int | None,
    bot_seconds: float | None,
    as_json: bool,
    out: Path | None,
    plot: Path | None,
    into: Path | None,
    entrants: tuple[str, ...] = (),
    preset: str | None = None,
) -> None:
    """Play the round robin on ``table`` and report it (see the module's documentation);
    ``entrants``: Python policies (``package.module:name``) rated beside the levels."""
    if plot is not None:
        require_matplotlib()
    budget = budget_of(bot_iterations, bot_seconds)
    run_seed = secrets.randbits(63) & MAX_SEED if seed is None else seed
    processes = jobs if jobs is not None else (os.cpu_count() or 1)
    errors = Console(stderr=True, highlight=False)
    levels = LEVELS + tuple(name for name in entrants if name not in LEVELS)
    pairs = len(levels) * (len(levels) - 1) // 2
    progress = progress_bar(errors, shown=errors.is_terminal and not as_json)
    order = {
        (a, b): i
        for i, (a, b) in enumerate((a, b) for n, a in enumerate(levels) for b in levels[n + 1 :])
    }
    with progress:
        task = progress.add_task(_("deals"), total=deals * pairs)
        ladder = round_robin(
            table.name,
            table.players,
            deals,
            run_seed,
            levels=levels,
            jobs=processes,
            budget=budget,
            table_options=requested_options(table.name, preset, assignments),
            progress=lambda a, b, done: progress.update(
                task, completed=order[(a, b)] * deals + done
            ),
        )
    data = ladder.to_dict()
    command = [
        "cardtable",
        "arena",
        table.name,
        "--players",
        str(table.players),
        "--ladder",
        "--deals",
        str(deals),
        "--seed",
        str(run_seed),
    ]
    if entrants:
        command += ["--bots", ",".join(entrants)]
    if preset is not None:
        command += ["--preset", preset]
    for assignment in assignments:
        command += ["-o", assignment]
    if bot_iterations is not None:
        command += ["--bot-iterations", str(bot_iterations)]
    if bot_seconds is not None:
        command += ["--bot-seconds", f"{bot_seconds:g}"]
    data["command"] = " ".join(shlex.quote(part) for part in command)
    if out is not None:
        out.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    if into is not None:
        save_into(into, ladder, data["command"])
    if plot is not None:
        plot_ladder(data, table.title, plot)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    _print(ladder, table)


def _print(ladder: Ladder, table: Game) -> None:
    console = Console(highlight=False)
    console.print(
        _(
            "{title}, {n} players: ladder over {deals} duplicate deals per pair · seed {seed}"
        ).format(title=_(table.title), n=ladder.players, deals=ladder.deals, seed=ladder.seed),
        style="bold",
    )
    grid = Table()
    grid.add_column(_("Level"))
    grid.add_column(_("Rating"), justify="right")
    grid.add_column(_("95% CI"), justify="right")
    for rating in sorted(ladder.ratings, key=lambda r: -r.rating):
        grid.add_row(rating.name, f"{rating.rating:.0f}", f"{rating.low:.0f} – {rating.high:.0f}")
    console.print(grid)
    pairs = Table()
    pairs.add_column(_("Pair"))
    pairs.add_column(_("Score of the first"), justify="right")
    pairs.add_column(
        _("Penalty difference") if table.lowest_wins else _("Points difference"), justify="right"
    )
    pairs.add_column(_("95% CI"), justify="right")
    for a, b, score, gap in ladder.pairs:
        interval = gap.interval()
        pairs.add_row(
            f"{a} – {b}",
            f"{score:.1%}",
            f"{gap.mean:+.1f}",
            "–" if interval is None else f"{interval[0]:+.1f} – {interval[1]:+.1f}",
        )
    console.print(pairs)
    for line in (
        _("Rating: Bradley–Terry on the Elo scale, random at 0 (400 more: about 10 wins in 11)."),
        _("Score: the first level's share of the deals won between the two, seats alternating."),
        _("Points difference: the first level's points per deal minus the second's, paired deals."),
    ):
        console.print(line, style="dim")


def plot_ladder(data: dict[str, Any], title: str, path: Path) -> None:
    """Draw the ladder's ratings with their 95% intervals as a PNG at ``path``."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    names = list(data["ratings"])
    values = [data["ratings"][n]["rating"] for n in names]
    low = [max(0.0, v - data["ratings"][n]["ci95"][0]) for n, v in zip(names, values, strict=True)]
    high = [max(0.0, data["ratings"][n]["ci95"][1] - v) for n, v in zip(names, values, strict=True)]
    figure = Figure(figsize=(6.0, 4.0), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots()
    positions = list(range(len(names)))
    axes.errorbar(positions, values, yerr=[low, high], fmt="o", capsize=6, color="tab:blue")
    axes.set_xticks(positions, names)
    axes.set_ylabel(_("rating (Elo scale, random = 0; 95% CI)"))
    axes.set_title(
        _("{title}, {n} players: ladder, {deals} deals per pair, seed {seed}").format(
            title=_(title), n=data["players"], deals=data["deals"], seed=data["seed"]
        )
    )
    axes.grid(axis="y", alpha=0.3)
    figure.savefig(path, format="png", dpi=100)
