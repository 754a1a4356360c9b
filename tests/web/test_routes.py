"""The client's strings go through gettext: every text the scripts ask ``t()`` for is listed in
``cardtable.web.strings`` (so ``make messages`` extracts it), and the catalog endpoint serves
them with every card's name."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.config import ServerConfig
from cardtable.web.language import choose
from cardtable.web.strings import CLIENT_STRINGS

SCRIPTS = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "static" / "js"
CALL = re.compile(r"""\bt\(\s*'((?:[^'\\]|\\.)*)'""")


def test_every_string_the_scripts_show_is_marked_for_translation() -> None:
    used = {m.group(1).replace("\\'", "'") for p in SCRIPTS.rglob("*.js")
            for m in CALL.finditer(p.read_text(encoding="utf-8"))}
    assert len(used) > 50
    assert used - set(CLIENT_STRINGS) == set()


def test_language_from_query_then_cookie_then_accept_language() -> None:
    assert choose(None, None, None) == "en"
    assert choose(None, None, "fr-FR,hu;q=0.8,en;q=0.5") == "hu"
    assert choose(None, None, "en;q=0.2,pt-BR;q=0.9") == "pt_BR"
    assert choose(None, "eu", "hu") == "eu"
    assert choose("pt-br", "eu", "hu") == "pt_BR"
    assert choose("xx", None, None) == "en"


def test_catalog_cards_and_pages(tmp_path: Path) -> None:
    with TestClient(create_app(ServerConfig(data_dir=tmp_path, bot_delay=0))) as http:
        catalog = http.get("/api/i18n/en").json()
        assert catalog["strings"]["Your turn."] == "Your turn."
        assert catalog["cards"]["latin"]["7c"] == "seven of cups"
        assert catalog["cards"]["french"]["*"] == "joker"
        assert set(catalog["languages"]) >= {"en", "pt_BR", "eu", "hu"}
        page = http.get("/", headers={"accept-language": "hu"})
        assert '<html lang="hu"' in page.text
        assert '<script type="module" src="/static/js/lobby.js">' in page.text
        card = http.get("/cards/latin/7c.svg")
        assert card.headers["content-type"].startswith("image/svg+xml")
        assert "<svg" in card.text
        assert http.get("/cards/latin/9c.svg").status_code == 404  # no nines in the Latin pack
        assert http.get("/cards/french/joker.svg").status_code == 200
        assert http.get("/static/js/table.js").status_code == 200
        assert http.get("/how/putto").status_code == 200
        assert http.get("/how/chess").status_code == 404


def test_replay_steps_only_for_a_finished_deal(tmp_path: Path) -> None:
    with TestClient(create_app(ServerConfig(data_dir=tmp_path, bot_delay=0))) as http:
        joined = http.post("/api/play", json={"game": "putto", "players": 2,
                                                 "options": {"deals": 1}}).json()
        code = joined["code"]
        early = http.get(f"/api/tables/{code}/deals/1/replay")
        assert early.status_code == 404  # a deal in progress holds hidden cards
        assert early.json()["error"]["code"] == "record/none"
        assert http.get("/api/tables/NOPE42/deals/1/replay").status_code == 404
        with http.websocket_connect(f"/ws/{code}") as ws:
            ws.send_json({"type": "hello", "token": joined["token"]})
            while True:
                message = ws.receive_json()
                if message["type"] == "match_end":
                    break
                if message["type"] == "state" and message["legal"]:
                    ws.send_json({"type": "action", "action": message["legal"][0],
                                  "version": message["version"]})
        steps = http.get(f"/api/tables/{code}/deals/1/replay").json()
        assert steps["game"] == "putto" and steps["deal"] == 1
        first, last = steps["steps"][0], steps["steps"][-1]
        assert [len(hand) for hand in first["hands"]] == [4, 4]  # every hand shown
        assert "hand" not in first["view"]
        assert last["action"] is None and last["view"]["over"]
        assert len(steps["steps"]) == len(http.get(steps["record"]).json()["actions"]) + 1
