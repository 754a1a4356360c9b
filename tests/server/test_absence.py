"""Time and absence: the turn timer lets the stand-in bot move; a seat whose person left is
played by a bot after the grace period, and given back when they return. Also chat and hints.

No test sleeps: each waits (bounded) for the message that shows the thing happened.
"""

from __future__ import annotations

import asyncio
from typing import Any


def test_turn_timer_moves_for_a_silent_person(start_server: Any, client_class: Any,
                                              play_against_bots: Any) -> None:
    server = start_server()
    joined = play_against_bots(server, "punttu", turn_seconds=0.05)

    async def scenario() -> None:
        me = await client_class.open(server, joined["code"], joined["token"])
        turn = await me.my_turn()
        assert turn is not None and turn["deadline"] is not None
        moved = await me.until(
            lambda m: m["type"] == "state" and (m["last"] or {}).get("seat") == 0
        )
        assert moved["last"]["by"] == "timer"
        assert moved["last"]["action"] in turn["legal"]
        await me.close()

    asyncio.run(scenario())


def test_grace_period_then_a_bot_until_the_person_returns(start_server: Any,
                                                          client_class: Any) -> None:
    server = start_server(grace_seconds=0.0)
    # A friends' table, so that the person is connected before it starts: with no grace, a
    # seat whose person has not connected yet is played by a stand-in from the start, and at
    # a table that starts at once (``/api/play``) a stand-in could play the whole match before
    # the socket opens. The second person never connects: a stand-in plays their seat.
    with server.http() as http:
        code = http.post("/api/tables", json={
            "game": "punttu", "seats": [{"kind": "person"}, {"kind": "person"}], "players": 2,
        }).json()["code"]
        token = http.post(f"/api/tables/{code}/join", json={"name": "me"}).json()["token"]

    async def scenario() -> None:
        me = await client_class.open(server, code, token)
        waiting = await me.until(lambda m: m["type"] == "seats")
        assert waiting["seats"][0]["connected"]
        with server.http() as http:  # the table starts now, with this person connected
            assert http.post(f"/api/tables/{code}/join", json={"name": "bo"}).status_code == 200
        assert await me.my_turn() is not None
        watcher = await client_class.open(server, code, None)
        await watcher.until(lambda m: m["type"] == "state")
        await me.close()  # gone: after the grace, a stand-in bot plays seat 0
        away = await watcher.until(
            lambda m: m["type"] == "seats" and m["seats"][0]["away"]
        )
        assert not away["seats"][0]["connected"]
        moved = await watcher.until(
            lambda m: m["type"] in ("state", "match_end")
            and (m.get("last") or {}).get("seat") == 0
        )
        assert moved["last"]["by"] == "away"
        back = await client_class.open(server, code, token)
        seats = await back.until(lambda m: m["type"] == "seats")
        assert seats["seats"][0] == {**seats["seats"][0], "away": False, "connected": True}
        # The state sent on reconnecting may come before or after the seats message.
        state = back.state or await back.until(lambda m: m["type"] == "state")
        if state["status"] == "finished":
            turn = None  # the stand-in played the match out before the person came back
        elif state["legal"]:
            turn = state
        else:
            turn = await back.my_turn()
        if turn is not None:  # the person decides again, nobody else for them
            await back.act(turn["legal"][0], turn["version"])
            mine = await watcher.until(
                lambda m: m["type"] == "state" and m["version"] == turn["version"] + 1
            )
            assert mine["last"]["by"] == "person"
        for client in (back, watcher):
            await client.close()

    asyncio.run(scenario())


def test_chat_is_limited_stored_and_escaped(start_server: Any, client_class: Any) -> None:
    server = start_server(chat_burst=3, chat_max_length=20)
    with server.http() as http:
        code = http.post("/api/tables", json={
            "game": "punttu", "seats": [{"kind": "person"}, {"kind": "person"}], "players": 2,
        }).json()["code"]
        tokens = []
        for n in ("<ana>", "bo"):
            http.cookies.clear()  # another person: one seat per player (docs/ratings.md)
            tokens.append(http.post(f"/api/tables/{code}/join", json={"name": n}).json()["token"])

    async def scenario() -> None:
        ana = await client_class.open(server, code, tokens[0])
        bo = await client_class.open(server, code, tokens[1])
        watcher = await client_class.open(server, code, None)
        await ana.send({"type": "chat", "text": "<b>hi</b> & bye"})
        for client in (ana, bo, watcher):
            line = await client.until(lambda m: m["type"] == "chat")
            assert line["text"] == "&lt;b&gt;hi&lt;/b&gt; &amp; bye"
            assert line["name"] == "&lt;ana&gt;" and line["seat"] == 0
        for text, code_ in (("x" * 21, "chat/too_long"), ("   ", "chat/empty")):
            await ana.send({"type": "chat", "text": text, "ref": 1})
            assert (await ana.until(lambda m: m["type"] == "error"))["code"] == code_
        await watcher.send({"type": "chat", "text": "hello"})
        assert (await watcher.until(lambda m: m["type"] == "error"))["code"] == "seat/spectator"
        for _ in range(2):
            await bo.send({"type": "chat", "text": "ok"})
        await bo.send({"type": "chat", "text": "ok"})
        await bo.send({"type": "chat", "text": "too many"})
        limited = await bo.until(lambda m: m["type"] == "error")
        assert limited["code"] == "chat/rate_limited"
        later = await client_class.open(server, code, None)
        await later.until(lambda m: m["type"] == "state")
        history = [m for m in later.messages if m["type"] == "chat"]
        assert [m["text"] for m in history] == [
            "&lt;b&gt;hi&lt;/b&gt; &amp; bye", "ok", "ok", "ok"
        ]
        for client in (ana, bo, watcher, later):
            await client.close()

    asyncio.run(scenario())


def test_hints_from_the_hard_bot_and_switched_off(server: Any, client_class: Any,
                                                  play_against_bots: Any) -> None:
    on = play_against_bots(server, "punttu")
    off = play_against_bots(server, "punttu", hints=False)

    async def scenario() -> None:
        me = await client_class.open(server, on["code"], on["token"])
        turn = await me.my_turn()
        assert turn is not None
        await me.send({"type": "hint", "version": turn["version"], "ref": "h"})
        hint = await me.until(lambda m: m["type"] in ("hint", "error"))
        assert hint["type"] == "hint" and hint["ref"] == "h", hint
        assert hint["action"] in turn["legal"]
        assert {a["action"] for a in hint["alternatives"]} <= set(turn["legal"])
        await me.close()
        other = await client_class.open(server, off["code"], off["token"])
        turn = await other.my_turn()
        assert turn is not None
        await other.send({"type": "hint", "version": turn["version"]})
        assert (await other.until(lambda m: m["type"] == "error"))["code"] == "hint/off"
        await other.close()

    asyncio.run(scenario())
