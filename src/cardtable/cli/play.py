"""``cardtable play``: play a whole match in the terminal against bots, or watch bots play.

    cardtable play punttu --players 4 --seat 1 --bots heuristic --seed 7

The command builds the table, the bots and the match, then hands them to the generic
``Session`` loop; how the game looks is its ``TableRenderer`` (``cardtable.terminal``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import secrets
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from cardtable import __version__
from cardtable.bots.base import Bot, make_bot
from cardtable.cli.session import Ending, Session
from cardtable.cli.table_options import make_table, table_arguments
from cardtable.engine.game import MAX_SEED
from cardtable.engine.match import Match
from cardtable.errors import CardtableError
from cardtable.i18n import _, ngettext
from cardtable.terminal import SeatNames, renderer_for

DEFAULT_DELAY = 0.6
_INNERMOST_LIST = re.compile(r"\[[^\[\]{}]*\]")


def bot_seed(match_seed: int, seat: int) -> int:
    """Seed of the bot at ``seat``: derived from the match seed, so a match replays exactly."""
    digest = hashlib.sha256(f"cardtable-bot:{match_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def _bot_names(text: str, seats: list[int]) -> dict[int, str]:
    """``--bots``: names for the bot seats in seat order, the list repeated around the table
    as ``arena`` seats its bots (``hard,easy`` at three bot seats: hard, easy, hard)."""
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise click.BadParameter(
            _("give bot names separated by commas, e.g. heuristic,random; got {text!r}").format(
                text=text
            ),
            param_hint="--bots",
        )
    if len(names) > len(seats):
        raise click.BadParameter(
            ngettext(
                "there is {n} bot seat (seat {seats}): give at most {n} bot name; got {count}",
                "there are {n} bot seats (seats {seats}): give at most {n} bot names; got {count}",
                len(seats),
            ).format(
                n=len(seats), seats=", ".join(str(seat + 1) for seat in seats), count=len(names)
            ),
            param_hint="--bots",
        )
    return {seat: names[index % len(names)] for index, seat in enumerate(seats)}


def _save(path: Path, match: Match, players: list[Bot | None]) -> None:
    """The game as a record: one deal, or the match if the table plays several."""
    record: dict[str, Any]
    record = match.to_record() if match.game.options.get("deals", 1) != 1 else (
        match.current.to_record()
    )
    record["meta"] = {
        "program": f"cardtable {__version__} play",
        "seed": match.seed,
        "seats": ["human" if p is None else p.name for p in players],
    }
    path.write_text(record_text(record), encoding="utf-8")


def record_text(record: dict[str, Any]) -> str:
    """JSON with one key per line but each list of cards or actions on a single line."""
    text = json.dumps(record, ensure_ascii=False, indent=1)

    def flatten(found: re.Match[str]) -> str:
        try:
            return json.dumps(json.loads(found.group(0)), ensure_ascii=False)
        except json.JSONDecodeError:  # a bracket inside a string: leave that list as it is
            return found.group(0)

    return _INNERMOST_LIST.sub(flatten, text) + "\n"



@click.command()
@table_arguments("-o deals=3 -o show_played=true")
@click.option(
    "--seat",
    type=int,
    default=None,
    metavar="S",
    help=_("Your seat, from 1 (default 1), as the table shows seats. Seats play in order 1, 2, 3…"),
)
@click.option(
    "--bots",
    default="heuristic",
    show_default=True,
    metavar="NAME[,NAME...]",
    help=_(
        "Bots for the other seats in seat order, the list repeated around the table: "
        "hard,easy at three bot seats is hard, easy, hard."
    ),
)
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=None,
    help=_("Match seed, to play the same cards again (default: random, and printed)."),
)
@click.option("--watch", is_flag=True, help=_("Watch: bots play every seat."))
@click.option(
    "--delay",
    type=click.FloatRange(0, 60),
    default=DEFAULT_DELAY,
    show_default=True,
    metavar="SECONDS",
    help=_("Pause before each bot move, so you can follow."),
)
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    metavar="FILE",
    help=_("Save the game as a record when it ends or you quit (see `cardtable replay`)."),
)
def play(
    game_name: str,
    players: int | None,
    preset: str | None,
    seat: int | None,
    bots: str,
    seed: int | None,
    assignments: tuple[str, ...],
    watch: bool,
    delay: float,
    record_path: Path | None,
) -> None:
    """Play GAME in the terminal against bots (or --watch them play).

    GAME is one of the games cardtable plays, e.g. punttu. Type a card or its number to play
    it; ? shows the commands; q leaves (Ctrl-D too).
    """
    table = make_table(game_name, players, assignments, preset)
    if watch and seat is not None:
        raise click.UsageError(_("--watch has no human seat: leave out --seat"))
    # seats are counted from 1 on the command line as on the screen
    human = None if watch else (0 if seat is None else seat - 1)
    if human is not None and not 0 <= human < table.players:
        raise click.BadParameter(
            _("your seat must be from 1 to {n} at a table of {n}, not {seat}").format(
                n=table.players, seat=seat
            ),
            param_hint="--seat",
        )
    if record_path is not None and not record_path.resolve().parent.is_dir():
        raise click.BadParameter(
            _("there is no folder {folder} to save the record in").format(
                folder=record_path.parent
            ),
            param_hint="--record",
        )
    match_seed = secrets.randbits(63) if seed is None else seed
    bot_seats = [s for s in range(table.players) if s != human]
    seat_players: list[Bot | None] = [None] * table.players
    try:
        for s, name in _bot_names(bots, bot_seats).items():
            seat_players[s] = make_bot(name, table, s, seed=bot_seed(match_seed, s))
    except CardtableError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from None
    names = SeatNames([None if p is None else p.name for p in seat_players])
    try:
        renderer = renderer_for(table.name, names)
    except CardtableError as error:
        raise click.UsageError(str(error)) from None

    console = Console(highlight=False)
    match = table.match(seed=match_seed)
    intro = _("{title} for {n} players · seed {seed}").format(
        title=_(table.title), n=table.players, seed=match_seed
    )
    console.print(f"[bold]{intro}[/bold]")
    console.print(
        _("[dim]To play these cards again: --seed {seed}. Type ? for help, q to quit.[/dim]")
        .format(seed=match_seed)
        if human is not None
        else _("[dim]To watch these cards again: --seed {seed}.[/dim]").format(seed=match_seed)
    )
    if human is not None:
        _enable_line_editing()
    session = Session(
        match=match, players=seat_players, renderer=renderer, console=console, delay=delay
    )
    status = 0
    try:
        ending = session.run()
    except KeyboardInterrupt:
        console.print()
        console.print(_("Interrupted."))
        ending, status = Ending.QUIT, 130
    if ending is Ending.QUIT:
        console.print(_("You left the table (seed {seed}).").format(seed=match_seed))
    if record_path is not None:
        try:
            _save(record_path, match, seat_players)
        except OSError as error:
            console.print(
                _("Could not save the record to {path}: {error}").format(
                    path=record_path, error=error.strerror
                ),
                style="red",
                markup=False,
            )
            status = status or 1
        else:
            console.print(
                _("Record saved to {path}.").format(path=record_path), soft_wrap=True, markup=False
            )
    if status:
        sys.exit(status)


def _enable_line_editing() -> None:
    """Arrow keys and history at the prompt, where the platform has ``readline``."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # Windows has no readline
            import readline  # noqa: F401
