"""Archival (``cardtable db archive``): a finished table keeps its summary and records and
loses its events and chat; an unfinished or recent one is untouched."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from typing import Any

from click.testing import CliRunner
from sqlalchemy import func, select
from tests.helpers.server import Client, RunningServer

from cardtable.cli.main import main
from cardtable.server.storage import archive
from cardtable.server.storage.db import make_engine


def _finished_table(server: RunningServer, play: Callable[..., dict[str, Any]]) -> str:
    joined = play(server, "putto", level="random", players=2, options={"deals": 1})
    code = str(joined["code"])

    async def finish() -> None:
        client = await Client.open(server, code, joined["token"])
        while (state := await client.my_turn()) is not None:
            await client.act(state["legal"][0], state["version"])
        await client.close()

    asyncio.run(finish())
    return code


def test_an_archived_table_keeps_its_records_and_drops_its_events(
    start_server: Callable[..., RunningServer], play_against_bots: Callable[..., dict[str, Any]],
) -> None:
    server = start_server()
    code = _finished_table(server, play_against_bots)
    waiting = play_against_bots(server, "punttu", level="random")["code"]
    with server.http() as http:
        before = [http.get(path).json() for path in (
            f"/api/tables/{code}/record", f"/api/tables/{code}/deals/1/record")]
        summary = http.get(f"/api/tables/{code}").json()
    engine = make_engine(server.config.db_url)
    # not yet due: finished today
    assert archive.archive(engine, days=1) == []
    later = dt.datetime.now(dt.UTC) + dt.timedelta(days=2)
    assert archive.archive(engine, days=1, now=later) == [code]
    with engine.connect() as db:
        events = db.scalar(select(func.count()).select_from(archive.EVENTS)
                           .where(archive.EVENTS.c.table_code == code))
        others = db.scalar(select(func.count()).select_from(archive.EVENTS)
                           .where(archive.EVENTS.c.table_code == waiting))
    assert events == 0 and others  # the unfinished table keeps its events
    assert archive.archive(engine, days=1, now=later) == []  # once
    engine.dispose()
    server.lobby.tables.pop(code, None)  # as after a restart: read from the store
    with server.http() as http:
        after = [http.get(path).json() for path in (
            f"/api/tables/{code}/record", f"/api/tables/{code}/deals/1/record")]
        assert http.get(f"/api/tables/{code}").json() == summary
        assert http.get(f"/api/tables/{code}/deals/2/record").status_code == 404
    assert after == before


def test_the_archive_command_says_what_it_did(tmp_path: Any) -> None:
    result = CliRunner().invoke(main, ["db", "archive", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Archived 0 finished tables." in result.output
