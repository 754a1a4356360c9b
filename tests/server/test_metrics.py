"""``/metrics``: what Prometheus reads follows what happened at the tables."""

from __future__ import annotations

import asyncio
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from tests.helpers.server import Client, quick_play


def scrape(server: Any) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    with server.http() as http:
        answer = http.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


def test_metrics_count_the_play(start_sqlite_server: Any) -> None:
    server = start_sqlite_server(gc_on_clock=True)  # as served: its collections are counted
    joined = quick_play(server, "punttu", players=2)
    before = scrape(server)
    assert before[("cardtable_tables", (("state", "running"),))] == 1
    assert before[("cardtable_storage_available", ())] == 1

    async def run() -> None:
        me = await Client.open(server, joined["code"], joined["token"])
        turn = await me.my_turn()
        assert turn is not None
        await me.act("fly away", turn["version"])
        await me.until(lambda m: m["type"] == "error")
        for _ in range(3):
            assert turn is not None
            await me.act(turn["legal"][0], turn["version"])
            turn = await me.my_turn()
        during = scrape(server)
        assert during[("cardtable_connections", ())] == 1
        assert during[("cardtable_errors_total", (("code", "action/illegal"),))] == 1
        people = during[("cardtable_actions_total", (("by", "person"),))]
        assert people == 3
        assert during[("cardtable_actions_total", (("by", "bot"),))] >= 3
        moves = during[("cardtable_action_to_update_seconds_count", ())]
        assert moves == people + during[("cardtable_actions_total", (("by", "bot"),))]
        assert during[("cardtable_commit_seconds_count", ())] >= 1
        assert turn is not None
        await me.send({"type": "hint", "version": turn["version"]})
        await me.until(lambda m: m["type"] == "hint")
        after = scrape(server)
        assert after[("cardtable_bot_wait_seconds_count", ())] == 1  # the hint's search
        assert after[("cardtable_bot_queue_depth", ())] == 0
        # the young collections the server runs on its clock (server/ops/collector.py), 10 a second
        young = ("cardtable_gc_pause_seconds_count", (("generation", "young"),))
        for _ in range(100):
            if scrape(server).get(young, 0) >= 1:
                break
            await asyncio.sleep(0.05)
        assert scrape(server)[young] >= 1
        await me.close()

    asyncio.run(run())
