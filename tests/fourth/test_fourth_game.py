"""A fourth game, registered in the tests only (``tests/fourth/game.py``), driven through every
part of cardtable: the engine, records, the bots at every level, the arena, the CLI, the
server (a table played over the WebSocket), the research adapters and the rules sheet. Where a
part needs something written for each game (the terminal's table, a rules sheet, the research
adapters' encodings), it refuses the game by name with a clear message and a failing exit
status, never a traceback or a silent default."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.cli.test_rules_cli import run

import cardtable
from cardtable.bots import make_bot, play_out
from cardtable.bots.ladder import LEVELS
from cardtable.engine.record import replay
from cardtable.errors import OptionError, UnknownGame
from cardtable.games import descriptor, register, unregister
from cardtable.server.app import create_app
from cardtable.server.config import ServerConfig

from .game import GAME, HighCardGame

NAME = GAME.name


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(GAME)
    try:
        yield
    finally:
        unregister(NAME)


def test_the_registry_and_the_engine_play_it() -> None:
    assert NAME in cardtable.available() and descriptor(NAME) is GAME
    for players in (2, 4):  # "2 or 4": a set of counts
        state = cardtable.game(NAME, players).deal(seed=players)
        rng = random.Random(1)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        outcome = state.outcome
        assert outcome is not None and sum(outcome.points) == 5
        again = replay(state.to_record()).state  # a record replays to the same deal
        assert again.outcome == outcome
    with pytest.raises(OptionError, match="2, 4 players, not 3"):
        cardtable.game(NAME, 3)


def test_a_view_shows_only_the_seats_own_hand_and_a_sample_agrees_with_it() -> None:
    state = cardtable.game(NAME, 4).deal(seed=7)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    view = state.view(1, memory=True)
    assert "hands" not in view and not set(view["hand"]) & set(state.secret_cards(1))
    sample = state.game.sample_state(view, random.Random(2))
    assert sample.view(1, memory=True) == view


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_level_plays_a_whole_deal(level: str) -> None:
    table = HighCardGame(2)
    state = table.deal(seed=3)
    bots = [make_bot(level, table, seat, seed=seat) for seat in range(2)]
    assert play_out(state, bots).is_over


def test_the_arena_plays_it() -> None:
    """In this process (``-j 1``): worker processes know only the games of the package."""
    result = run("arena", NAME, "--bots", "heuristic,random", "--deals", "2", "--seed", "1",
                 "-j", "1", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["game"] == NAME, report


def test_the_terminal_and_the_rules_sheet_refuse_it_by_name() -> None:
    rules = run("rules", NAME)
    assert rules.exit_code == 1, rules.output
    assert rules.output == f"Error: there is no rules sheet for {NAME}\n"
    play = run("play", NAME, "--watch")
    assert play.exit_code == 2, play.output  # a bad GAME argument, as click says it
    assert f"{NAME} cannot be played in the terminal yet" in play.output


def test_the_research_adapters_refuse_it_by_name() -> None:
    from cardtable.research.gymnasium import CardtableEnv

    with pytest.raises(UnknownGame, match=f"cannot play {NAME} yet"):
        CardtableEnv(NAME, 2)


def test_a_table_of_it_is_played_over_the_websocket(tmp_path: Path) -> None:
    config = ServerConfig(data_dir=tmp_path, bot_delay=0, bot_backend="thread")
    with TestClient(create_app(config)) as http:
        games = {g["game"]: g for g in http.get("/api/games").json()}
        assert games[NAME]["players"] == [2, 4] and games[NAME]["direction"] == "right"
        joined = http.post("/api/play", json={"game": NAME, "players": 2, "level": "medium",
                                              "options": {"deals": 1}})
        assert joined.status_code == 201, joined.text
        code, token = joined.json()["code"], joined.json()["token"]
        with http.websocket_connect(f"/ws/{code}") as ws:
            ws.send_json({"type": "hello", "token": token})
            played = 0
            while True:
                message = ws.receive_json()
                assert message["type"] != "error", message
                if message["type"] == "match_end":
                    break
                if message["type"] == "state" and message["legal"]:
                    ws.send_json({"type": "action", "action": message["legal"][-1],
                                  "version": message["version"]})
                    played += 1
        assert played == 4  # five tricks; the last card, the only choice, the server plays
        record = http.get(f"/api/tables/{code}/deals/1/record").json()
        assert record["game"] == NAME and len(record["actions"]) == 10
        assert json.dumps(record)  # a record of the fourth game is stored like any other
