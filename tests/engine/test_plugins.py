"""A game is one plug-in: its package exports one descriptor, registered once, and every front
end has its part for every registered game. A fourth game added to the registry without one of
them fails here, naming the game and the part; a descriptor missing a fact fails when it is
made. Every list of games here comes from the registry or from the games' packages."""

from __future__ import annotations

import dataclasses
import pkgutil
from pathlib import Path

import pytest

import cardtable
import cardtable.games
from cardtable.engine.bot import Bot
from cardtable.engine.match import Match
from cardtable.engine.plugin import LEVELS, GameDescriptor, SearchHooks
from cardtable.errors import OptionError
from cardtable.games import descriptor, descriptors

NAMES = cardtable.available()
STATIC = Path(cardtable.__file__).parent / "web" / "static" / "js"


def test_the_registry_lists_each_game_once_by_its_descriptor() -> None:
    packages = sorted(m.name for m in pkgutil.iter_modules(cardtable.games.__path__) if m.ispkg)
    assert packages == NAMES  # every game package is registered, by its package's name
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
    assert game.direction in ("left", "right")
    assert set(game.level_descriptions) == set(LEVELS)
    low, middle, high = game.review_thresholds
    assert 0 < low < middle < high
    assert game.public_rows >= 1
    counts = game.game_class.player_counts()
    assert counts and game.game_class.default_players in counts
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


def test_a_descriptor_missing_a_fact_is_refused_when_made() -> None:
    """No silent default: a level without its line, or thresholds that do not rise, stop the
    game's registration with a message naming the game and the fact."""
    game = descriptor(NAMES[0])
    no_hard = {k: v for k, v in game.level_descriptions.items() if k != "hard"}
    with pytest.raises(ValueError, match="level_descriptions"):
        dataclasses.replace(game, level_descriptions=no_hard)
    with pytest.raises(ValueError, match="review_thresholds"):
        dataclasses.replace(game, review_thresholds=(5.0, 3.0, 9.0))


def test_a_game_may_allow_a_set_of_player_counts() -> None:
    """ "2 or 4 players": a count between them is refused, naming the counts allowed."""
    base = descriptor("punttu").game_class

    class TwoOrFour(base):  # type: ignore[misc, valid-type]
        allowed_players = frozenset({2, 4})

    assert TwoOrFour.player_counts() == (2, 4)
    assert TwoOrFour(4).players == 4
    with pytest.raises(OptionError, match="2, 4 players, not 3"):
        TwoOrFour(3)
    assert base.player_counts() == tuple(range(base.min_players, base.max_players + 1))
