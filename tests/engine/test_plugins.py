"""A game is one plug-in (issue 17): its package exports one descriptor, registered once, and
every front end has its part for every registered game. A fourth game added to the registry
without one of them fails here, naming the game and the part."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardtable
from cardtable.engine.bot import Bot
from cardtable.engine.match import Match
from cardtable.engine.plugin import GameDescriptor, SearchHooks
from cardtable.games import descriptor, descriptors

NAMES = cardtable.available()
STATIC = Path(cardtable.__file__).parent / "web" / "static" / "js"


def test_the_registry_lists_each_game_once_by_its_descriptor() -> None:
    assert NAMES == ["pontinho", "punttu", "putto"]
    for game in descriptors():
        assert isinstance(game, GameDescriptor)
        package = __import__(f"cardtable.games.{game.name}", fromlist=["GAME"])
        assert package.GAME is game
        assert cardtable.game(game.name).name == game.name


@pytest.mark.parametrize("name", NAMES)
def test_every_descriptor_is_whole(name: str) -> None:
    game = descriptor(name)
    assert issubclass(game.game_class, cardtable.Game)
    assert issubclass(game.match_class, Match)
    table = cardtable.game(name)
    assert type(table.match(seed=1)) is game.match_class
    assert set(game.bots) == {"heuristic"}
    assert all(issubclass(bot, Bot) for bot in game.bots.values())
    assert game.blunder is not None
    assert isinstance(game.search, SearchHooks)
    assert game.search.playout is not None and game.search.side_points is not None
    assert game.deck in ("latin", "italian", "french")
    assert game.turn in ("left", "right")
    assert set(game.match_options) <= {o.name for o in game.game_class.option_specs}
    assert game.game_class.max_deal_points > 0
    assert table.deal_length_bound() is not None or table.playout_cap_actions is not None


@pytest.mark.parametrize("name", NAMES)
def test_every_registered_game_has_every_front_end_part(name: str) -> None:
    from cardtable.research.encodings import ENCODINGS
    from cardtable.research.observations import OBSERVERS
    from cardtable.rules.render import SHEETS
    from cardtable.terminal import renderers
    from cardtable.web.strings import CLIENT_STRINGS, HOW_TO_PLAY

    parts = {
        "terminal table (terminal)": name in renderers(),
        "rules sheet (rules/render.py SHEETS)": name in SHEETS,
        "research step encoding (research/encodings)": name in ENCODINGS,
        "research observation (research/observations)": name in OBSERVERS,
        "how-to-play page (web/strings.py HOW_TO_PLAY)": name in HOW_TO_PLAY,
        "browser drawing module (web/static/js/games/GAME.js)": (STATIC / "games" / f"{name}.js")
        .is_file(),
        "browser string of its title": descriptor(name).title in CLIENT_STRINGS,
    }
    missing = [part for part, present in parts.items() if not present]
    assert not missing, f"{name} lacks: {', '.join(missing)}"


def test_the_browser_restates_no_game() -> None:
    """Titles, decks and directions of play come from the registry (/api/games and the pages'
    data-games), not from lists in cards.js, lobby.js or replay.js."""
    for script in ("cards.js", "lobby.js", "replay.js"):
        text = (STATIC / script).read_text("utf-8")
        for name in NAMES:
            assert f"'{name}'" not in text and f"{name}:" not in text, (script, name)
