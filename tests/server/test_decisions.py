"""Pontinho's decisions between deals through the guard, at table level (PO-24, PO-25).

A table is rebuilt from stored events with a known match seed (as after a restart), then four
people's moves are made through ``Table.act`` with a seeded random choice, until seat 1 busts
and must decide. Only that seat is offered and may make the decision; it is stored, the next
deal follows, and a table rebuilt from the store is in the same state.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from tests.helpers.server import in_process_services, queued

from cardtable.server.storage import store
from cardtable.server.storage.store import StoredEvent, StoredTable
from cardtable.server.tables.table import Connection, SeatPlan, Table, TableConfig
from cardtable.server.transport.errors import ServerError

#: Found by playing seeded random matches: seat 1 busts after the first deal and may buy back.
SEED = 0
OPTIONS = {"bust": 40, "rebuild_limit": 0}


@pytest.mark.rule("PO-25")
def test_buy_back_decision_through_the_guard(tmp_path: Path) -> None:
    async def scenario() -> None:
        writer, services = in_process_services(tmp_path / "t.db")
        config = TableConfig(game="pontinho", players=4, options=OPTIONS,
                             seats=tuple(SeatPlan(kind="person") for _ in range(4)))
        made = Table(code="PONTO1", config=config, services=services)
        full = dict(made.game.options)
        await writer.run(lambda db: store.create_table(
            db, code="PONTO1", game="pontinho", players=4,
            config={**config.to_dict(), "options": full}))
        start = [StoredEvent(1, "start", {"seed": SEED, "dealer": 0})]
        await writer.run(lambda db: store.append_events(db, "PONTO1", start, "running"))
        stored = writer.read(lambda db: store.load_table(db, "PONTO1"))
        assert isinstance(stored, StoredTable)
        table = Table.rebuild(stored, services)
        viewers = [Connection(seat) for seat in range(4)]
        for connection in viewers:
            await table.presence.attach(connection)
        rng = random.Random(SEED)
        assert table.match is not None
        # a refused move is said for a person: the seat counted from 1 as the table shows it,
        # without the rule ids the engine's own message cites (PO-6, PO-7)
        first = table.mover()[0]
        with pytest.raises(ServerError) as early:
            await table.act(first, "discard 2h", table.version)
        assert early.value.code == "action/illegal"
        assert f"seat {first + 1} must first draw" in early.value.message
        assert "PO-" not in early.value.message
        while table.mover()[1] == "deal":
            state = table.match.current
            await table.act(table.mover()[0], str(rng.choice(state.legal_actions())),
                            table.version)
        seat, phase = table.mover()
        assert (seat, phase) == (1, "decision")
        for other in (0, 2, 3):
            message = table.messages.state_message(other)
            assert message["legal"] == [] and "decision_view" not in message
            with pytest.raises(ServerError) as refused:
                await table.act(other, "buyback", table.version)
            assert refused.value.code == "action/not_your_turn"
        # the decider reloads the page: it is sent the deal's summary again, after its state
        # (the client's deal-end dialog holds the decision), and so is a late watcher
        for viewer in (Connection(1), Connection(None)):
            await table.presence.attach(viewer)
            kinds = [json.loads(text)["type"] for text in queued(viewer)]
            assert kinds.count("deal_end") == 1
            assert kinds.index("state") < kinds.index("deal_end")
        offered = table.messages.state_message(1)
        assert offered["phase"] == "decision" and offered["legal"] == ["buyback", "decline"]
        assert offered["decision_view"]["buybacks_left"] == 1
        with pytest.raises(ServerError) as illegal:
            await table.act(1, "play Ko", table.version)
        assert illegal.value.code == "action/illegal"
        version = table.version
        await table.act(1, "voltar", version)  # the engine's alias, stored canonically
        assert table.mover()[1] in ("deal", "decision")
        events = writer.read(lambda db: store.load_table(db, "PONTO1"))
        assert events is not None
        assert events.events[version].kind == "decision"
        assert events.events[version].data["text"] == "buyback"
        rebuilt = Table.rebuild(events, services)
        assert rebuilt.version == table.version
        assert (json.dumps(rebuilt.messages.state_message(1))
                == json.dumps(table.messages.state_message(1)))
        texts = [json.loads(text) for text in queued(viewers[1])]
        assert any(m["type"] == "deal_end" for m in texts)
        await writer.close()
        writer.engine.dispose()

    asyncio.run(scenario())
