"""Every HTTP route's refusal goes through the app's one ``ServerError`` handler
(``transport/http.py``'s ``refused``): the status of its code, ``{"error": {"code", "message"}}``
in the request's language, and ``Retry-After`` exactly where a client must wait (a rate limit:
when it frees; ``server/busy``: 2 s). These are the answers the routes gave when each caught its
own refusals; the WebSocket still answers its own as ``error`` messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.i18n import translation
from cardtable.server.app import create_app
from cardtable.server.config import ServerConfig
from cardtable.server.transport.errors import MESSAGES


def refusal(code: str, lang: str = "en", **details: object) -> dict[str, Any]:
    message = MESSAGES[code] if lang == "en" else translation(lang).gettext(MESSAGES[code])
    return {"error": {"code": code, "message": message.format(**details)}}


def assert_refused(answer: Any, status: int, body: dict[str, Any]) -> None:
    assert (answer.status_code, answer.json()) == (status, body), answer.text
    assert answer.headers["content-type"] == "application/json"
    assert "retry-after" not in answer.headers
    assert "set-cookie" not in answer.headers  # a refusal makes no player


@pytest.mark.parametrize("path", ["/api/tables/NOPE", "/api/tables/NOPE/record",
                                  "/api/tables/NOPE/deals/1/record",
                                  "/api/tables/NOPE/deals/1/replay",
                                  "/api/tables/NOPE/deals/1/review", "/t/NOPE/qr.svg"])
def test_an_unknown_table_is_404_on_every_route_in_the_asked_language(
        start_sqlite_server: Any, path: str) -> None:
    server = start_sqlite_server()
    with server.http() as http:
        assert_refused(http.get(path), 404, refusal("table/not_found"))
        basque = http.get(path, headers={"accept-language": "eu"})
        assert_refused(basque, 404, refusal("table/not_found", "eu"))
        assert basque.json() != refusal("table/not_found")  # translated, not the English


def test_the_rules_page_of_an_unknown_table_stays_a_page(start_sqlite_server: Any) -> None:
    """An HTML page answers its own refusal: not the API's JSON."""
    with start_sqlite_server().http() as http:
        page = http.get("/t/NOPE/rules")
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")


def test_people_refusals_through_the_handler(start_sqlite_server: Any) -> None:
    """403 while sign-ups are closed (on every route that would make a player), 404 for an
    unknown player, 400 for a bad passkey."""
    server = start_sqlite_server(signups=False)
    closed = refusal("people/signups_closed")
    with server.http() as http:
        assert_refused(http.get("/api/me"), 403, closed)
        assert_refused(http.post("/api/me/friends/link"), 403, closed)
        assert_refused(http.post("/api/me/friends", json={"player": "NOPE"}), 403, closed)
        assert_refused(http.get("/api/players/NOPE"), 404, refusal("people/unknown"))
        assert_refused(http.delete("/api/me"), 404, refusal("people/unknown"))
        assert_refused(http.post("/api/passkeys/signin", json={"credential": {}}), 400,
                       refusal("people/bad_passkey"))


def test_a_bad_language_is_422(start_sqlite_server: Any) -> None:
    with start_sqlite_server().http() as http:
        assert_refused(http.patch("/api/me", json={"language": "xx"}), 422,
                       refusal("people/bad_language", language="xx"))


def test_a_rate_limit_says_when_to_try_again(start_sqlite_server: Any) -> None:
    server = start_sqlite_server(create_rate="1/hour")
    with server.http() as http:
        assert http.post("/api/play", json={"game": "punttu"}).status_code == 201
        for path, body in (("/api/tables", {"game": "punttu"}), ("/api/play", {"game": "punttu"}),
                           ("/api/quickmatch", {"game": "punttu"})):
            refused = http.post(path, json=body, headers={"accept-language": "hu"})
            assert (refused.status_code, refused.json()) == (429, refusal("rate/limited", "hu"))
            assert 0 < int(refused.headers["retry-after"]) <= 3600, path


def test_a_busy_table_answers_503_with_retry_after_2(tmp_path: Path) -> None:
    """The coach's review of a table whose bounded jobs are all queued: ``server/busy``."""
    app = create_app(ServerConfig(data_dir=tmp_path, bot_delay=0, bot_backend="thread"))
    with TestClient(app) as http:
        joined = http.post("/api/play", json={"game": "punttu", "players": 2, "level": "random",
                                              "options": {"deals": 1}}).json()
        with http.websocket_connect(f"/ws/{joined['code']}") as ws:
            ws.send_json({"type": "hello", "token": joined["token"]})
            while (message := ws.receive_json())["type"] != "match_end":
                if message["type"] == "state" and message["legal"]:
                    ws.send_json({"type": "action", "action": message["legal"][0],
                                  "version": message["version"]})
        app.state.lobby.services.pool.per_table = 0  # no room for one more bounded job
        busy = http.get(f"/api/tables/{joined['code']}/deals/1/review")
    assert (busy.status_code, busy.json()) == (503, refusal("server/busy"))
    assert busy.headers["retry-after"] == "2"
