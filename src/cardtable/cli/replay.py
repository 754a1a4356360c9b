"""``cardtable replay FILE [--json]``: check a game record and print its result."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from cardtable.engine.record import replay as replay_record
from cardtable.errors import RecordError
from cardtable.i18n import _


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path, allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON line.")
def replay(file: Path, as_json: bool) -> None:
    """Replay the game record FILE, checking every action, and print the result.

    Exits with status 2 and a message on stderr if the record is malformed or an action is
    illegal (the message names the action's number, its text, the seat and the reason).
    """
    try:
        source = sys.stdin.read() if str(file) == "-" else file
        if isinstance(source, str) and not source.lstrip().startswith("{"):
            raise RecordError(_("the record is not a JSON object"))
        replayed = replay_record(source)
    except RecordError as error:
        click.echo(_("cardtable replay: {file}: {error}").format(file=file, error=error), err=True)
        sys.exit(2)
    result = replayed.result()
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False))
        return
    console = Console()
    table = Table(
        title=_("{game}: {status}").format(
            game=result["game"], status=_("over") if result["over"] else _("in progress")
        )
    )
    table.add_column(_("side"))
    table.add_column(_("seats"))
    table.add_column(_("points"), justify="right")
    # for people, sides and seats counted from 1 as the table shows them (--json: from 0)
    winners = set(result["winners"])
    for index, (side, points) in enumerate(zip(result["sides"], result["points"], strict=True)):
        mark = " ★" if winners & set(side) else ""
        seats = ", ".join(str(seat + 1) for seat in side)
        table.add_row(str(index + 1), seats, f"{points}{mark}")
    console.print(table)
    if result["to_move"] is not None:
        console.print(_("Seat {seat} is to move.").format(seat=result["to_move"] + 1))
