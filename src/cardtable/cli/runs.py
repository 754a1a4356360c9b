"""What the commands that run many games share: the progress bar, the hard bot's budget, --plot.

``arena``, its ``--ladder`` and ``review`` play or sample many deals; each shows the same
progress bar on the terminal's stderr (hidden when stderr is no terminal or JSON is asked for),
reads the same ``--bot-iterations`` / ``--bot-seconds`` into the search's ``Budget``, and checks
for matplotlib before playing anything when a plot is asked for.
"""

from __future__ import annotations

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)

from cardtable.bots.evaluate import Budget
from cardtable.bots.ismcts import DEFAULT_ITERATIONS
from cardtable.i18n import _


def progress_bar(
    errors: Console, *, shown: bool, extra: tuple[ProgressColumn, ...] = ()
) -> Progress:
    """A transient progress bar on ``errors``: the task, the bar, done of all, ``extra``
    columns, the time left; drawn only when ``shown``."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        *extra,
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=not shown,
    )


def budget_of(bot_iterations: int | None, bot_seconds: float | None) -> Budget | None:
    """The hard bot's budget from ``--bot-iterations`` / ``--bot-seconds`` (``None``: neither
    given, the bot's defaults)."""
    if bot_iterations is None and bot_seconds is None:
        return None
    return Budget(
        iterations=DEFAULT_ITERATIONS if bot_iterations is None else bot_iterations,
        time_limit=bot_seconds,
    )


def require_matplotlib() -> None:
    """``--plot`` needs matplotlib: say so before anything is played."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise click.UsageError(
            _("--plot needs matplotlib: pip install 'cardtable[plot]'")
        ) from None
