"""The client's strings go through gettext: every text the scripts ask ``t()`` for is listed in
``cardtable.web.strings`` (so ``make messages`` extracts it), and the catalog endpoint serves
them with every card's name."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient
from tests.helpers.server import make_config

from cardtable.server.app import create_app
from cardtable.web.language import choose
from cardtable.web.strings import CLIENT_PLURALS, CLIENT_STRINGS

SCRIPTS = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "static" / "js"
CALL = re.compile(r"""\bt\(\s*'((?:[^'\\]|\\.)*)'""")
PLURAL_CALL = re.compile(r"""\btn\(\s*'((?:[^'\\]|\\.)*)',\s*'((?:[^'\\]|\\.)*)'""")


def _scripts() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in SCRIPTS.rglob("*.js"))


def test_every_string_the_scripts_show_is_marked_for_translation() -> None:
    used = {m.group(1).replace("\\'", "'") for m in CALL.finditer(_scripts())}
    assert len(used) > 50
    assert used - set(CLIENT_STRINGS) == set()


def test_every_plural_text_the_scripts_show_is_marked_with_both_forms() -> None:
    used = {(m.group(1), m.group(2)) for m in PLURAL_CALL.finditer(_scripts())}
    assert len(used) >= 4
    assert used - set(CLIENT_PLURALS) == set()


def test_language_from_query_then_cookie_then_accept_language() -> None:
    assert choose(None, None, None) == "en"
    assert choose(None, None, "fr-FR,hu;q=0.8,en;q=0.5") == "hu"
    assert choose(None, None, "en;q=0.2,pt-BR;q=0.9") == "pt_BR"
    assert choose(None, "eu", "hu") == "eu"
    assert choose("pt-br", "eu", "hu") == "pt_BR"
    assert choose("xx", None, None) == "en"


def test_catalog_cards_and_pages(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as http:
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
    with TestClient(create_app(make_config(tmp_path))) as http:
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


def test_catalog_sends_every_plural_form_and_the_rule(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as http:
        english = http.get("/api/i18n/en").json()
        assert english["plural"] == {"count": 2, "rule": "(n != 1)"}
        singular, plural = CLIENT_PLURALS[0]
        assert english["plurals"][singular] == [singular, plural]
        portuguese = http.get("/api/i18n/pt_BR").json()
        assert portuguese["plural"]["count"] == 3  # one, many (millions), other
        assert "1000000" in portuguese["plural"]["rule"]
        for forms in portuguese["plurals"].values():
            assert len(forms) == 3 and all(forms)
            assert not set(forms) & {singular, plural}


def test_games_name_every_option_and_choice_in_the_asked_language(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as http:
        plain = {g["game"]: g for g in http.get("/api/games").json()}
        putto = {o["name"]: o for o in plain["putto"]["options"]}
        assert putto["leftover"]["label"] == "Cards left on the table go to"
        assert putto["leftover"]["choice_labels"] == {"last_capturer": "the last to capture",
                                                      "nobody": "nobody"}
        assert putto["leftover"]["choices"] == ["last_capturer", "nobody"]  # kept as they were
        basque = {g["game"]: g for g in http.get("/api/games?lang=eu").json()}
        options = {o["name"]: o for o in basque["putto"]["options"]}
        assert options["teams"]["label"] == "Taldeak"
        assert options["teams"]["choice_labels"]["pairs"] == "bikoteak"
        assert options["must_capture"]["choice_labels"] == {}
        for game in basque.values():
            for option, english in zip(game["options"], plain[game["game"]]["options"],
                                       strict=True):
                assert option["label"] and option["help"] != english["help"]
                assert option["name"] == english["name"]


def test_rules_pages_from_a_query_and_from_a_table(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as http:
        page = http.get("/rules/pontinho?players=5&bust=150&buybacks=0",
                        headers={"accept-language": "en"})
        assert page.status_code == 200
        assert "reaches 150 points" in page.text and "No buying back" in page.text
        assert '<a href="/">Back to the lobby</a>' in page.text
        assert "nav.links { display: none; }" in page.text  # the links are never printed
        basque = http.get("/rules/punttu?lang=eu")
        assert '<html lang="eu">' in basque.text
        assert 'href="/rules/punttu?lang=hu"' in basque.text  # the same page in Hungarian
        cookie = http.get("/rules/putto", headers={"cookie": "lang=hu"})
        assert '<html lang="hu">' in cookie.text
        table = http.post("/api/tables", json={"game": "putto", "players": 6,
                                               "options": {"teams": "threes"}}).json()
        own = http.get(f"/t/{table['code'].lower()}/rules")
        assert own.status_code == 200
        assert "Two teams of three" in own.text
        assert f'href="/t/{table["code"]}">Back to the table</a>' in own.text
        how = http.get("/how/putto")
        assert 'href="/rules/putto"' in how.text


def test_rules_pages_refuse_bad_tables_clearly(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as http:
        cases = [
            ("/rules/chess", 404, "rules/unknown_game", "chess"),
            ("/rules/putto?colour=red", 422, "rules/bad_option", "colour"),
            ("/rules/pontinho?bust=lots", 422, "rules/bad_option", "bust"),
            ("/rules/pontinho?bust=0", 422, "rules/bad_option", "bust"),
            ("/rules/punttu?players=12", 422, "rules/bad_option", "12"),
            ("/rules/punttu?players=five", 422, "rules/bad_option", "five"),
            ("/t/NOPE42/rules", 404, "table/not_found", "no table"),
        ]
        for url, status, code, named in cases:
            answer = http.get(url)
            assert answer.status_code == status, url
            assert f'data-code="{code}"' in answer.text, url
            assert named in answer.text, url
        hungarian = http.get("/rules/pontinho?bust=lots&lang=hu")
        assert "Ezek a szabályok nem jeleníthetők meg" in hungarian.text
        assert "egész szám" in hungarian.text  # the engine's reason, in the page's language


def test_every_page_has_the_projects_icon(tmp_path: Path) -> None:
    """Issue 16 §7: /favicon.ico was a 404 on /how and /rules, which link no icon."""
    with TestClient(create_app(make_config(tmp_path))) as http:
        icon = http.get("/favicon.ico")
        assert icon.status_code == 200
        assert icon.headers["content-type"].startswith("image/svg+xml") and "<svg" in icon.text
        # the rules sheet is also a file of its own (cardtable rules): it links nothing and
        # the browser asks for /favicon.ico
        for path in ("/", "/how/putto"):
            assert '<link rel="icon" href="/cards/back.svg">' in http.get(path).text, path
