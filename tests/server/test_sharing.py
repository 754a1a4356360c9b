"""One encoded state per viewer, shared: a seat's connections get the same text whatever their
languages, all spectators get one text, and every text holds exactly the view the engine gives
that viewer now (the per-version view cache never serves a view of another seat, another
version or another deal)."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from tests.helpers.server import in_process_services, queued

from cardtable.server.storage import store
from cardtable.server.tables.table import Connection, SeatPlan, Table, TableConfig


def _states(connection: Connection) -> list[str]:
    return [t for t in queued(connection) if json.loads(t)["type"] == "state"]


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_states_are_shared_and_exact(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db")
        config = TableConfig(game="punttu", players=4, options={"deals": 2},
                             seats=tuple(SeatPlan(kind="person") for _ in range(4)))
        table = Table(code="SHARE1", config=config, services=services)
        await writer.run(lambda db: store.create_table(
            db, code="SHARE1", game="punttu", players=4, config=config.to_dict()))
        seat0 = [Connection(0, "en"), Connection(0, "hu")]
        others = [Connection(seat, lang) for seat, lang in ((1, "eu"), (2, "pt_BR"), (3, "en"))]
        watchers = [Connection(None, "pt_BR"), Connection(None, "en")]
        for connection in [*seat0, *others, *watchers]:
            await table.presence.attach(connection)
        for seat in range(4):
            await table.take_seat(seat, f"p{seat}", f"hash{seat}")
        assert table.status == "running" and table.match is not None
        rng = random.Random(7)
        steps = 0
        while table.status == "running":
            match = table.match
            a, b = _states(seat0[0]), _states(seat0[1])
            assert a and a == b  # the same text in English and in Hungarian
            w1, w2 = _states(watchers[0]), _states(watchers[1])
            assert w1 and w1 == w2
            latest = {0: json.loads(a[-1]), None: json.loads(w1[-1])}
            for connection in others:
                texts = _states(connection)
                assert texts
                latest[connection.seat] = json.loads(texts[-1])
            for seat, message in latest.items():
                assert message["version"] == table.version
                deal_seat = match.deal_seat(seat) if seat is not None else None
                assert message["seat"] == seat and message["deal_seat"] == deal_seat
                assert message["view"] == _json(match.deal_view(deal_seat))
                assert ("hand" in message["view"]) == (seat is not None)
            mover, phase = table.mover()
            if phase == "pause":  # the deal-end pause: everyone is ready for the next deal
                for seat in range(4):
                    await table.continue_deal(seat, len(match.deals))
                continue
            assert mover is not None and phase == "deal"
            legal = match.current.legal_actions()
            await table.act(mover, str(rng.choice(legal)), table.version)
            steps += 1
        assert steps > 40  # two deals: the cache crossed a new deal
        await writer.close()
        writer.engine.dispose()

    asyncio.run(scenario())
