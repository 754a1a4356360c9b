"""``cardtable loadtest``: the server's load benchmark (not part of the test suite).

Starts ``cardtable serve`` in another process (unless ``--url`` is given), drives ``--tables``
four-seat tables with real WebSocket clients from this process as fast as the server answers,
and reports accepted actions per second, action-to-update latency percentiles and the idle
memory per table. The target on a 2-core machine with SQLite: 200 tables, at least 1,000
actions/s, p99 at most 100 ms.
"""

from __future__ import annotations

import asyncio
import json

import click

from cardtable.i18n import _


@click.command()
@click.option("--tables", type=click.IntRange(1, 5000), default=200, show_default=True,
              help="Concurrent four-seat tables.")
@click.option("--seconds", type=click.FloatRange(1, 600), default=20.0, show_default=True,
              help="Length of the measured window.")
@click.option("--warmup", type=click.FloatRange(0, 120), default=3.0, show_default=True,
              help="Seconds played before measuring.")
@click.option("--idle-tables", type=click.IntRange(0, 10000), default=300, show_default=True,
              help="Tables made (and left idle) to measure memory per table.")
@click.option("--url", default=None,
              help="A running server to load (default: start one on 127.0.0.1).")
@click.option("--pace", type=click.FloatRange(0, 600), default=0.0, show_default=True,
              help="Open loop: each table acts about every PACE seconds (±50%); 0: as fast "
                   "as the server answers (closed loop).")
@click.option("--db", default=None, metavar="URL",
              help="Database URL for the server started here (default: a fresh SQLite).")
@click.option("--bot-tables", type=click.IntRange(0, 1000), default=0, show_default=True,
              help="More tables, each of one client and three bots of --bot-level, played "
                   "beside the measured ones and not measured (how thinking bots slow them).")
@click.option("--bot-level", default="hard", show_default=True,
              help="The level of the bots at --bot-tables.")
@click.option("--pid", "pids", type=int, multiple=True, metavar="PID",
              help="With --url: a server process whose CPU time to measure (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON line.")
def loadtest(tables: int, seconds: float, warmup: float, idle_tables: int, url: str | None,
             pace: float, db: str | None, bot_tables: int, bot_level: str,
             pids: tuple[int, ...], as_json: bool) -> None:
    """Load the game server with real WebSocket clients and report what it sustains."""
    from cardtable.server.ops.loadtest import run

    report = asyncio.run(
        run(tables=tables, seconds=seconds, warmup=warmup, url=url, idle_tables=idle_tables,
            pace=pace, db=db, bot_tables=bot_tables, bot_level=bot_level, pids=pids)
    )
    data = report.to_dict()
    if as_json:
        click.echo(json.dumps(data))
        return
    click.echo(_("{tables} tables, {seconds} s measured").format(
        tables=data["tables"], seconds=data["seconds"]))
    click.echo(_("accepted actions: {n} ({rate}/s), errors: {errors}").format(
        n=data["accepted_actions"], rate=data["actions_per_second"], errors=data["errors"]))
    latency = data["latency_ms"]
    click.echo(_("action-to-update latency: p50 {p50} ms, p99 {p99} ms, max {max} ms").format(
        **latency))
    if data["server_cpu_ms_per_action"] is not None:
        click.echo(
            _("server CPU: {cpu} s in the window, {ms} ms per action; client CPU: {client} s")
            .format(cpu=data["server_cpu_s"], ms=data["server_cpu_ms_per_action"],
                           client=data["client_cpu_s"]))
    if data["idle_kib_per_table"] is not None:
        click.echo(_("memory per idle table: {kib} KiB (server resident: {mib} MiB)").format(
            kib=data["idle_kib_per_table"], mib=data["server_rss_mib"]))
