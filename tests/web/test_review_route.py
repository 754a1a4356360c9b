"""The coach's review of a finished deal over HTTP (``cardtable.server.features.review``): refused
for a deal in progress, computed in the bots' pool once, then served from the cache. (The pool runs
on threads here: the counting stand-in of the review cannot be sent to a worker process.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.config import ServerConfig
from cardtable.server.features import review


@pytest.mark.slow
def test_review_of_a_finished_deal_only_and_computed_once(tmp_path: Path) -> None:
    review._cache.clear()
    calls: list[int] = []
    original = review._review

    def counted(record):  # type: ignore[no-untyped-def]
        calls.append(1)
        return original(record)

    review._review = counted  # type: ignore[assignment]
    try:
        with TestClient(create_app(ServerConfig(data_dir=tmp_path, bot_delay=0,
                                                   bot_backend="thread"))) as http:
            joined = http.post(
                "/api/play",
                json={"game": "punttu", "players": 2, "level": "random", "options": {"deals": 1}},
            ).json()
            code = joined["code"]
            early = http.get(f"/api/tables/{code}/deals/1/review")
            assert early.status_code == 404 and early.json()["error"]["code"] == "record/none"
            with http.websocket_connect(f"/ws/{code}") as ws:
                ws.send_json({"type": "hello", "token": joined["token"]})
                while True:
                    message = ws.receive_json()
                    if message["type"] == "match_end":
                        break
                    if message["type"] == "state" and message["legal"]:
                        ws.send_json(
                            {
                                "type": "action",
                                "action": message["legal"][-1],
                                "version": message["version"],
                            }
                        )
            graded = http.get(f"/api/tables/{code}/deals/1/review")
            assert graded.status_code == 200, graded.text
            data = graded.json()
            actions = http.get(f"/api/tables/{code}/deals/1/record").json()["actions"]
            assert data["game"] == "punttu" and len(data["moves"]) == len(actions)
            assert [m["played"] for m in data["moves"]] == actions
            assert {m["label"] for m in data["moves"]} <= {
                "good",
                "inaccuracy",
                "mistake",
                "blunder",
            }
            assert [s["seat"] for s in data["summary"]] == [0, 1]
            assert http.get(f"/api/tables/{code}/deals/1/review").json() == data
            assert len(calls) == 1
    finally:
        review._review = original  # type: ignore[assignment]
