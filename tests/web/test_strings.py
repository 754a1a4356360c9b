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
