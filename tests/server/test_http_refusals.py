"""HTTP refusals carry the status docs/protocol.md gives their code ("Errors"): 503 with
``Retry-After`` while the database is away, so a client or a balancer knows when to try again,
and 409 for a table set aside, on every route that looks a table up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.server import RunningServer, quick_play
from tests.server.faults import HeldLock, damage


def database(server: RunningServer) -> Path:
    return Path(server.config.data_dir) / "cardtable.db"


def test_a_refused_join_and_table_say_when_to_try_again(start_sqlite_server: Any) -> None:
    server = start_sqlite_server(write_retry_seconds=0.2)
    with server.http() as http:
        made = http.post("/api/tables", json={"game": "punttu", "seats": [
            {"kind": "person"}, {"kind": "person"}]})
        assert made.status_code == 201, made.text
        code = made.json()["code"]
        with HeldLock(database(server)):
            for refused in (http.post(f"/api/tables/{code}/join", json={"name": "Ane"}),
                            http.post("/api/tables", json={"game": "putto"}),
                            http.post("/api/play", json={"game": "punttu"})):
                assert refused.status_code == 503, refused.text
                assert refused.json()["error"]["code"] == "server/storage_unavailable"
                assert int(refused.headers["retry-after"]) > 0


def test_a_table_set_aside_answers_409_on_every_route(start_server: Any) -> None:
    """A stored action the engine refuses (a damaged table): its summary, records and replay
    steps all answer ``table/unplayable`` with 409."""
    server = start_server()
    bad = quick_play(server, "punttu", players=2)
    server.stop()
    damage(server.config.db_url, bad["code"])
    again = start_server()
    code = bad["code"]
    with again.http() as http:
        for path in (f"/api/tables/{code}", f"/api/tables/{code}/record",
                     f"/api/tables/{code}/deals/1/record", f"/api/tables/{code}/deals/1/replay"):
            answer = http.get(path)
            assert answer.status_code == 409, (path, answer.text)
            assert answer.json()["error"]["code"] == "table/unplayable", path
