"""House-rule presets over HTTP: a table made with a preset takes its options and keeps its
name (stored: a restarted server still says it); an option changed makes it custom; an unknown
preset is a clear 400 that makes nothing; ``/api/games`` lists each game's presets and each
option's default per player count (Putto's friends' form showed "everyone alone" at four)."""

from __future__ import annotations

from typing import Any

from cardtable.games import descriptor


def made(http: Any, body: dict[str, Any]) -> dict[str, Any]:
    response = http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def test_a_preset_sets_its_options_and_is_kept_across_a_restart(
    start_sqlite_server: Any,
) -> None:
    server = start_sqlite_server()
    with server.http() as http:
        scopa = made(http, {"game": "putto", "players": 4, "preset": "scopa"})
        assert scopa["preset"] == "scopa"
        assert scopa["options"]["must_capture"] is True
        assert scopa["options"]["last_play_sweep"] is False
        assert scopa["options"]["teams"] == "pairs"  # not a preset's: its default at four
        changed = made(http, {"game": "putto", "preset": "scopa",
                              "options": {"must_capture": False}})
        assert changed["preset"] == "custom" and changed["options"]["must_capture"] is False
        named = made(http, {"game": "pontinho", "options": {"figure_points": "10",
                                                             "buybacks": 0}})
        assert named["preset"] == "common"  # options that match a preset are that preset
        plain = made(http, {"game": "punttu"})
        assert plain["preset"] == "source"
        played = http.post("/api/play", json={"game": "punttu", "preset": "briscola",
                                              "level": "random", "players": 3})
        assert played.status_code == 201, played.text
        assert played.json()["table"]["preset"] == "briscola"
        assert played.json()["table"]["options"]["trim"] == "twos"
    server.stop()
    again = start_sqlite_server()
    with again.http() as http:
        for table in (scopa, changed, named):
            fetched = http.get(f"/api/tables/{table['code']}").json()
            assert fetched["preset"] == table["preset"]
            assert fetched["options"] == table["options"]
    again.stop()


def test_an_unknown_preset_is_refused_and_makes_nothing(start_sqlite_server: Any) -> None:
    server = start_sqlite_server()
    with server.http() as http:
        before = http.get("/api/tables").json()["total"]
        for path in ("/api/tables", "/api/play"):
            response = http.post(path, json={"game": "putto", "preset": "scopone",
                                              "public": True} if path == "/api/tables"
                                 else {"game": "putto", "preset": "scopone"})
            assert response.status_code == 400, response.text
            error = response.json()["error"]
            assert error["code"] == "table/unknown_preset"
            assert "'scopone'" in error["message"] and "source, scopa, custom" in error["message"]
        assert http.get("/api/tables").json()["total"] == before
    server.stop()


def test_api_games_lists_presets_and_defaults_per_player_count(start_sqlite_server: Any) -> None:
    server = start_sqlite_server()
    with server.http() as http:
        games = {g["game"]: g for g in http.get("/api/games?lang=hu").json()}
    server.stop()
    for name, game in games.items():
        presets = descriptor(name).presets
        assert [p["name"] for p in game["presets"]] == [p.name for p in presets]
        assert [p["options"] for p in game["presets"]] == [dict(p.options) for p in presets]
        assert game["summary"] and game["showcase"]
    putto = {o["name"]: o for o in games["putto"]["options"]}
    assert putto["teams"]["default"] == "pairs"  # at the default four players (PT-4)
    assert putto["teams"]["defaults"] == {"2": "alone", "3": "alone", "4": "pairs",
                                          "5": "alone", "6": "pairs"}
    assert putto["deals"]["defaults"]["6"] == 6  # one deal per seat (PT-21)
    assert putto["must_capture"]["defaults"] == {}
    scopa = games["putto"]["presets"][1]
    assert scopa["title"] == "Scopa-stílus"  # translated into the language asked for
