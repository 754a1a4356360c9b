"""Every registered game has its browser part, and the browser restates no game (issue 17 §1):
the table page loads a game's drawing module by its name (games/GAME.js) and reads its title,
deck, direction of play and scoring from the page's data-games, which the registry fills. A
fourth game needs its module file and nothing in the shared scripts.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import cardtable
from cardtable.games import descriptors
from cardtable.server.app import create_app
from cardtable.server.config import ServerConfig

STATIC = Path(cardtable.__file__).parent / "web" / "static" / "js"
NAMES = [game.name for game in descriptors()]
#: What the table page calls on every game module; the rest (memory, scoreNow, dockExtra…)
#: is optional and has a default.
REQUIRED = ("centre", "hand")


def page_games(tmp_path: Path) -> dict[str, Any]:
    with TestClient(create_app(ServerConfig(data_dir=tmp_path))) as client:
        html = client.get("/").text
    found = re.search(r'data-games="([^"]*)"', html)
    assert found, "the page shell carries no data-games"
    data: dict[str, Any] = json.loads(unescape(found.group(1)))
    return data


def test_the_pages_carry_every_registered_games_front_end_data(tmp_path: Path) -> None:
    games = page_games(tmp_path)
    assert sorted(games) == sorted(NAMES)
    for game in descriptors():
        assert games[game.name] == {**game.front_end(),
                                    "lowest_wins": game.game_class.lowest_wins}
        assert games[game.name]["direction"] == game.direction


@pytest.mark.parametrize("name", NAMES)
def test_every_registered_game_has_a_browser_module(name: str, new_page: Any) -> None:
    assert (STATIC / "games" / f"{name}.js").is_file()
    page = new_page()
    page.goto("/")
    exported = page.evaluate("""async (name) => {
      const module = (await import(`/static/js/games/${name}.js`)).default;
      return Object.entries(module).filter(([, v]) => typeof v === 'function').map(([k]) => k);
    }""", name)
    missing = [part for part in REQUIRED if part not in exported]
    assert not missing, f"games/{name}.js lacks {missing}"


def test_the_shared_scripts_name_no_game() -> None:
    """Outside games/, no script says a game's name as a string or a key (one default, the
    daily deal's first choice, is named and falls back to the server's first game)."""
    allowed = {("daily.js", "punttu")}
    for script in sorted(STATIC.rglob("*.js")):
        if script.parent.name == "games":
            continue
        text = script.read_text("utf-8")
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
        for name in NAMES:
            if (script.name, name) in allowed:
                continue
            assert f"'{name}'" not in code and f"{name}:" not in code, (script.name, name)
