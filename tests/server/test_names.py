"""Names that only imitate others are refused: what the table calls a bot or the viewer, in any
of the four languages, and invisible characters (zero-width, a byte order mark)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.server.transport.names import imitation

IMITATIONS = ["Bot 2", "Bot 2 (hard)", "bot 3 (medium)", "BOT  4", "You", "you", "ＹＯＵ",
              "Você", "Zu", "Te", "Y\u200bou", "\ufeffana", "ana\u200d", "an\u2060a"]
FINE = ["Ana", "Bottom", "Bot", "Robot 2", "Youssef", "Você e eu", "Zoé", "Tea", "Guest 123"]


@pytest.mark.parametrize("name", IMITATIONS)
def test_an_imitating_name_is_refused_with_its_reason(name: str) -> None:
    assert imitation(name) is not None


@pytest.mark.parametrize("name", FINE)
def test_a_name_that_only_resembles_is_fine(name: str) -> None:
    assert imitation(name) is None


def test_the_lobby_refuses_an_imitating_name_and_makes_nothing(server: Any) -> None:
    with server.http() as http:
        before = http.get("/api/tables").json()["total"]
        for name in ("Bot 2 (hard)", "You", "Te", "\ufeffAna", "A\u200bna"):
            refused = http.post("/api/play", json={"game": "punttu", "name": name})
            assert refused.status_code == 422, name
            error = refused.json()["error"]
            assert error["code"] == "request/invalid" and "name" in error["message"], name
        made = http.post("/api/tables", json={"game": "punttu", "players": 2, "public": True,
                                              "seats": [{"kind": "person"}] * 2}).json()
        joined = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bot 1"})
        assert joined.status_code == 422
        assert http.get("/api/tables").json()["total"] == before + 1
