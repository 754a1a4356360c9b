"""``cardtable review RECORD [--seat N] [--json]``: the coach's grades of a recorded deal.

The grading is ``cardtable.bots.review`` (every decision judged from the deciding seat's view
only, by many sampled deals played on by ``medium``); this module reads the command line, shows
a progress bar on a terminal and prints the grades: a table of the decisions that were not
forced and a summary per seat, or one JSON object.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from cardtable.bots.review import LABEL_TEXT, Review, review_record
from cardtable.cli.help_text import HelpOption
from cardtable.cli.runs import progress_bar
from cardtable.engine.record import load
from cardtable.errors import CardtableError
from cardtable.games import descriptors
from cardtable.i18n import _

#: How each label shows in the terminal.
_STYLE = {"good": "", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


@click.command()
@click.argument("record", type=click.Path(dir_okay=False, path_type=Path, allow_dash=True))
@click.option(
    "--seat",
    "seats",
    type=int,
    multiple=True,
    metavar="S",
    help=_(
        "Review only this seat, counted from 1 as the table shows seats (repeatable; "
        "default: every seat)."
    ),
)
@click.option(
    "--samples",
    type=click.IntRange(2, 10_000),
    default=None,
    cls=HelpOption,
    help_values={"defaults": ", ".join(f"{game.title} {game.review_samples}"
                                       for game in descriptors())},
    help="Sampled deals per decision (more: slower and surer; default: {defaults}).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampled deals.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object.")
def review(
    record: Path, seats: tuple[int, ...], samples: int | None, seed: int, as_json: bool
) -> None:
    """Grade every decision of the deal in RECORD, from the deciding seat's view only.

    Each decision's moves are played on in many deals sampled from what the seat knew then,
    by the medium bot for every seat; the move played is labelled by the points it surely lost
    (19 times in 20) against the best: good, inaccuracy, mistake or blunder.
    """
    errors = Console(stderr=True, highlight=False)
    try:
        data = load(sys.stdin.read() if str(record) == "-" else record)
        players = data.get("players")
        for seat in seats:
            if not isinstance(players, int) or not 1 <= seat <= players:
                raise click.BadParameter(
                    _("there is no seat {seat} at this table").format(seat=seat),
                    param_hint="--seat",
                )
        progress = progress_bar(errors, shown=errors.is_terminal and not as_json)
        with progress:
            task = progress.add_task(_("decisions"), total=None)
            result = review_record(
                data,
                seats=[seat - 1 for seat in seats] or None,  # the engine counts from 0
                samples=samples,
                seed=seed,
                progress=lambda done, total: progress.update(task, completed=done, total=total),
            )
    except CardtableError as error:
        click.echo(
            _("cardtable review: {file}: {error}").format(file=record, error=error), err=True
        )
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    _print(Console(highlight=False), result)


def _print(console: Console, result: Review) -> None:
    table = Table(
        title=_("The coach's review ({samples} sampled deals per decision)").format(
            samples=result.samples
        )
    )
    table.add_column("#", justify="right")
    table.add_column(_("seat"), justify="right")
    table.add_column(_("played"))
    table.add_column(_("best"))
    table.add_column(_("points lost"), justify="right")
    table.add_column(_("95% CI"), justify="right")
    table.add_column(_("grade"))
    for move in result.moves:
        if move.forced:
            continue
        style = _STYLE[move.label]
        table.add_row(
            str(move.number),
            str(move.seat + 1),
            move.played,
            "" if move.label == "good" else move.best,
            f"{move.loss:.1f}",
            f"[{move.low:+.1f}, {move.high:+.1f}]",
            _(LABEL_TEXT[move.label]),
            style=style,
        )
    console.print(table)
    summary = Table(title=_("Summary"))
    summary.add_column(_("seat"), justify="right")
    summary.add_column(_("decisions"), justify="right")
    summary.add_column(_("points lost"), justify="right")
    summary.add_column(_("best moves"), justify="right")
    for label in ("inaccuracy", "mistake", "blunder"):
        summary.add_column(_(LABEL_TEXT[label]), justify="right")
    for seat in result.summaries:
        summary.add_row(
            str(seat.seat + 1),
            str(seat.decisions),
            f"{seat.points_lost:.1f}",
            f"{100 * seat.best_share:.0f}%",
            *(str(seat.labels[label]) for label in ("inaccuracy", "mistake", "blunder")),
        )
    console.print(summary)
