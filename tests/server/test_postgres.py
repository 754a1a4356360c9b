"""The storage faults on a real PostgreSQL (``tests/pg.py``): an outage while writes wait, a bot's
move during an outage (the table that used to be lost for good, issue 14 §2 b), the first
request after a database restart (stale pooled connections, §2 c), and a second server refused
by the advisory lock (§4)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tests.helpers.server import Client, RunningServer, make_config, quick_play
from tests.pg import Cluster
from tests.server.faults import HeldBotMoves, assert_only_stored_was_shown, eventually

from cardtable.errors import CardtableError
from cardtable.server.app import prepare_database
from cardtable.server.migrations import upgrade
from cardtable.server.storage import store
from cardtable.server.storage.db import make_engine
from cardtable.server.storage.writer import StorageUnavailable, Writer


def test_writes_wait_out_an_outage_and_pooled_connections_are_checked(
    pg_cluster: Cluster, pg_url: str
) -> None:
    engine = make_engine(pg_url)
    upgrade(engine)

    async def run() -> None:
        patient = Writer(engine, retry_seconds=60)
        patient.start()
        await patient.run(lambda db: store.create_table(
            db, code="PGAAAA", game="punttu", players=2, config={}))
        seen: list[bool] = []
        patient.listeners.append(seen.append)
        pg_cluster.stop()
        try:
            write = asyncio.ensure_future(patient.run(lambda db: store.create_table(
                db, code="PGBBBB", game="punttu", players=2, config={})))
            while not seen:
                await asyncio.sleep(0.01)
            assert not write.done()
        finally:
            pg_cluster.start()
        await asyncio.wait_for(write, 30)
        assert seen == [False, True]
        # every pooled connection went stale with the restart: checked before use
        assert await patient.query(lambda db: store.code_exists(db, "PGBBBB"))
        await patient.close()

        hasty = Writer(engine, retry_seconds=0.2)
        hasty.start()
        pg_cluster.stop()
        try:
            with pytest.raises(StorageUnavailable):
                await hasty.run(lambda db: store.create_table(
                    db, code="PGCCCC", game="punttu", players=2, config={}))
            with pytest.raises(StorageUnavailable):
                await hasty.query(lambda db: store.code_exists(db, "PGAAAA"))
        finally:
            pg_cluster.start()
        assert not await hasty.query(lambda db: store.code_exists(db, "PGCCCC"))
        await hasty.close()

    asyncio.run(run())
    engine.dispose()


def test_a_bot_move_during_an_outage_is_not_lost_and_the_table_rebuilds(
    pg_cluster: Cluster, pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Observed before: the bot's move stayed in memory unstored, the next move was stored on
    top of the gap, and after a restart the table could not be rebuilt (500 for good)."""
    bots = HeldBotMoves(monkeypatch)
    config = make_config(tmp_path, db=pg_url, write_retry_seconds=0.2)
    server = RunningServer(config)
    joined = quick_play(server, "punttu", players=2)
    code = joined["code"]

    async def run() -> None:
        me = await Client.open(server, code, joined["token"])
        turn = await me.my_turn()
        assert turn is not None
        while turn["view"]["trick"]:  # lead a trick, so that the bot's move comes next
            await me.act(turn["legal"][0], turn["version"])
            turn = await me.my_turn()
            assert turn is not None
        bots.hold()
        await me.act(turn["legal"][0], turn["version"])
        await me.until(lambda m: m["type"] == "ack")
        pg_cluster.stop()  # while the bot's answer is held: its move meets the outage
        bots.let_go()
        try:
            await me.until(lambda m: m["type"] == "status" and m["storage"] == "unavailable")
            table = server.lobby.tables[code]
            for _ in range(500):
                if table.suspended:
                    break
                await asyncio.sleep(0.02)
            assert table.suspended
        finally:
            pg_cluster.start()
        turn = await me.my_turn()
        for _ in range(1):  # a move on top of the outage
            assert turn is not None
            await me.act(turn["legal"][0], turn["version"])
            turn = await me.my_turn()
        assert assert_only_stored_was_shown(server, code, [me]) >= 3
        await me.close()

    try:
        asyncio.run(run())
    finally:
        server.stop()
    again = RunningServer(config)
    try:
        with again.http() as http:
            assert http.get(f"/api/tables/{code}").status_code == 200
            assert http.get("/readyz").json()["status"] == "ready"

        async def finish() -> None:
            me = await Client.open(again, code, joined["token"])
            turn = await me.my_turn()
            while turn is not None:
                await me.act(turn["legal"][0], turn["version"])
                turn = await me.my_turn()
            assert me.messages[-1]["type"] == "match_end"
            await me.close()

        asyncio.run(finish())
    finally:
        again.stop()


def test_the_first_request_after_a_database_restart_is_answered(
    pg_cluster: Cluster, pg_url: str, tmp_path: Path
) -> None:
    server = RunningServer(make_config(tmp_path, db=pg_url))
    try:
        joined = quick_play(server, "putto", players=2)
        pg_cluster.restart()
        with server.http() as http:
            # every pooled connection is stale now: the first requests still succeed
            made = http.post("/api/play", json={"game": "punttu", "players": 2})
            assert made.status_code == 201, made.text
            assert http.get(f"/api/tables/{joined['code']}").status_code == 200
            eventually(lambda: http.get("/readyz").status_code == 200)
    finally:
        server.stop()


def test_a_second_server_on_the_same_postgresql_is_refused(pg_url: str, tmp_path: Path) -> None:
    first = prepare_database(make_config(tmp_path, db=pg_url))
    try:
        with pytest.raises(CardtableError, match="another cardtable server"):
            prepare_database(make_config(tmp_path, db=pg_url))
    finally:
        first.release()
        first.engine.dispose()
    second = prepare_database(make_config(tmp_path, db=pg_url))  # free again once released
    second.release()
    second.engine.dispose()

