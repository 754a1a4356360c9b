"""Operations: settings from flags and environment, the serve command's errors, a hard bot
thinking off the event loop, names never echoed into the pages."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardtable.bots.ismcts import ISMCTSBot
from cardtable.cli.main import main
from cardtable.errors import CardtableError
from cardtable.server.config import ServerConfig


def test_settings_from_environment_then_flags() -> None:
    env = {"CARDTABLE_PORT": "9001", "CARDTABLE_GRACE_SECONDS": "5.5",
           "CARDTABLE_DATA_DIR": "/tmp/x", "CARDTABLE_DB": ""}
    config = ServerConfig.from_env(env, port=None, bot_delay=0.0)
    assert (config.port, config.grace_seconds, config.bot_delay) == (9001, 5.5, 0.0)
    assert config.db_url == "sqlite:////tmp/x/cardtable.db"
    assert ServerConfig.from_env(env, port=7000).port == 7000
    assert ServerConfig.from_env({}, db="postgresql://h/db").db_url == "postgresql://h/db"


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({"CARDTABLE_PORT": "eighty"}, "CARDTABLE_PORT must be a number"),
        ({"CARDTABLE_GRACE_SECONDS": "-1"}, "grace_seconds cannot be negative"),
        ({"CARDTABLE_PORT": "70000"}, "port must be from 0 to 65535"),
    ],
)
def test_bad_settings_are_refused(env: dict[str, str], needle: str) -> None:
    with pytest.raises(CardtableError, match=needle):
        ServerConfig.from_env(env)


def test_serve_refuses_bad_settings(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["serve", "--data-dir", str(tmp_path), "--bot-delay", "-2"])
    assert result.exit_code == 2
    assert "bot_delay cannot be negative" in result.output


def test_the_server_answers_while_a_hard_bot_thinks(start_server: Any, client_class: Any,
                                                   play_against_bots: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard bot thinks off the event loop: while it is held thinking (until this test lets
    it go), the server still answers a ping. On the event loop it would answer nothing. (The
    ``thread`` backend, so that the test's hold reaches the bot; worker processes are tested in
    test_bot_workers.py.)"""
    server = start_server(bot_backend="thread")
    thinking = threading.Event()
    release = threading.Event()
    choose = ISMCTSBot.choose

    def held(bot: ISMCTSBot, view: dict[str, Any], legal: Any) -> Any:
        thinking.set()
        release.wait(60)
        return choose(bot, view, legal)

    monkeypatch.setattr(ISMCTSBot, "choose", held)
    joined = play_against_bots(server, "punttu", level="hard", players=2)

    async def scenario() -> None:
        me = await client_class.open(server, joined["code"], joined["token"])
        state = await me.until(lambda m: m["type"] == "state")
        if state["to_move"] == 0:
            await me.act(state["legal"][0], state["version"])
        await asyncio.get_running_loop().run_in_executor(None, thinking.wait, 20)
        assert thinking.is_set()
        try:
            await me.send({"type": "ping", "ref": "p"})
            pong = await me.until(lambda m: m["type"] == "pong")
            assert pong["ref"] == "p"
        finally:
            release.set()
        moved = await me.until(lambda m: m["type"] == "state" and m["last"]["seat"] == 1)
        assert moved["last"]["by"] == "bot"
        await me.close()

    asyncio.run(scenario())


def test_pages_never_echo_a_name_as_markup(server: Any) -> None:
    """The lobby and share pages are the browser client's shells: a player's name reaches the
    page only as data (the open tables' JSON), which the client shows as text."""
    with server.http() as http:
        code = http.post("/api/tables", json={
            "game": "punttu", "players": 2, "seats": [{"kind": "person"}, {"kind": "person"}],
            "public": True,
        }).json()["code"]
        http.post(f"/api/tables/{code}/join", json={"name": "<script>x</script>"})
        page = http.get("/").text
        share = http.get(f"/t/{code}").text
        listed = http.get("/api/tables").json()
    assert "<script>x</script>" not in page and "<script>x</script>" not in share
    assert "<script>x</script>" in json.dumps(listed)  # kept as the player typed it, as data
