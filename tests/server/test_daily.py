"""The daily deal (issue 19 §4): the same deal for everyone on one day, another the next, hidden
before it is played (no view or HTTP answer carries another hand or the seed), and a board of
everyone who played it beside the bots' points from the same seat. Both databases."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import time
from typing import Any

import pytest
from websockets.asyncio.client import connect

import cardtable
from cardtable.games import match_class
from cardtable.server.features.daily import (
    OPTIONS,
    day_of,
    derive,
    play_reference,
    refuse_if_open,
)
from cardtable.server.tables.pool import FairPool
from cardtable.server.transport.errors import ServerError

SECRET = "a-secret-of-the-test-server"
BROWSERS = ("browser-of-ana-0123456789", "browser-of-bo-00123456789")


def _reference(deal: Any, level: str) -> int:
    """The points ``level`` scores from the daily seat, played here (threads for workers)."""
    pool = FairPool(1, 4)
    try:
        return asyncio.run(play_reference(deal, level, pool))
    finally:
        pool.shutdown()


def dealt(game: str, players: int, day: str) -> list[list[str]]:
    """Every hand of that day's deal, as the engine deals it (for the test's eyes only)."""
    deal = derive(SECRET, day, game, players)
    table = cardtable.game(game, players, **OPTIONS)
    match = match_class(table)(table, seed=deal.seed, dealer=deal.dealer)
    return [list(match.deal_view(seat)["hand"]) for seat in range(players)]


def test_the_deal_is_the_days_and_another_the_next_day() -> None:
    today, tomorrow = "2026-12-02", "2026-12-03"
    assert derive(SECRET, today, "punttu", 2) == derive(SECRET, today, "punttu", 2)
    assert dealt("punttu", 2, today) != dealt("punttu", 2, tomorrow)
    assert dealt("putto", 4, today) != dealt("putto", 4, tomorrow)
    assert derive(SECRET, today, "punttu", 2) != derive(SECRET, today, "punttu", 3)
    assert derive(SECRET, today, "punttu", 2).seed != derive("another", today, "punttu", 2).seed
    assert day_of(0) == "1970-01-01"


def test_two_players_get_the_same_hidden_deal_and_the_board_lists_both(
    start_server: Any, client_class: Any
) -> None:
    server = start_server(daily_secret=SECRET)
    day = day_of(time.time())
    deal = derive(SECRET, day, "punttu", 2)
    hands = dealt("punttu", 2, day)
    others = [card for seat, hand in enumerate(hands) if seat != deal.seat for card in hand]
    texts: list[str] = []  # every answer and message a player got before finishing

    with server.http() as http:
        before = http.get("/api/daily/punttu/2", params={"browser": BROWSERS[0]})
        texts.append(before.text)
        assert before.json()["count"] == 0 and before.json()["entries"] == []
        joined = []
        for name, browser in zip(("Ana", "Bo"), BROWSERS, strict=True):
            answer = http.post("/api/daily/punttu/2/play", json={"name": name, "browser": browser})
            assert answer.status_code == 201, answer.text
            texts.append(answer.text)
            joined.append(answer.json())
        again = http.post("/api/daily/punttu/2/play", json={"name": "Ana", "browser": BROWSERS[0]})
        # an unfinished play is resumed, not played again
        assert again.status_code == 200 and again.json()["code"] == joined[0]["code"]
        assert again.json()["token"] is None
        assert joined[0]["code"] != joined[1]["code"]
        assert joined[0]["seat"] == joined[1]["seat"] == deal.seat
        unfinished = http.get("/api/daily/punttu/2", params={"browser": BROWSERS[1]})
        texts.append(unfinished.text)
        assert unfinished.json()["count"] == 2 and unfinished.json()["entries"] == []
        assert unfinished.json()["references"] is None
        assert http.get(f"/api/tables/{joined[0]['code']}/record").status_code == 403  # sealed
        texts.append(http.get(f"/api/tables/{joined[0]['code']}").text)

    answers = len(texts)  # the HTTP answers before play: no card of anyone's in them

    async def play(entry: dict[str, Any]) -> dict[str, Any]:
        me = await client_class.open(server, entry["code"], entry["token"])
        first = await me.until(lambda m: m["type"] == "state" and "view" in m)
        texts.extend(json.dumps(m) for m in me.messages)
        await me.send({"type": "sync"})  # its first turn was read above
        while (turn := await me.my_turn()) is not None:
            await me.act(turn["legal"][0], turn["version"])
        await me.close()
        return first

    firsts = [asyncio.run(play(entry)) for entry in joined]
    assert firsts[0]["view"]["hand"] == firsts[1]["view"]["hand"] == hands[deal.seat]
    assert firsts[0]["view"]["dealer"] == firsts[1]["view"]["dealer"] == deal.dealer
    for text in texts:  # nothing about the deal before it is played
        assert str(deal.seed) not in text and SECRET not in text
        assert '"hands"' not in text
    for text in texts[:answers]:  # never another seat's hand
        for card in others:
            assert f'"{card}"' not in text
    for first in firsts:  # a view holds one hand: the seat's own (cards others played show)
        assert first["view"]["hand_sizes"][1 - deal.seat] > 0
        assert not set(first["view"]["hand"]) & set(hands[1 - deal.seat])

    with server.http() as http:
        deadline = time.monotonic() + 60
        while True:
            board = http.get("/api/daily/punttu/2", params={"browser": BROWSERS[0]}).json()
            if set(board["references"] or {}) == {"hard", "medium"}:
                break
            assert time.monotonic() < deadline, board
            time.sleep(0.1)
        assert board["finished"] and board["count"] == 2
        assert sorted(e["name"] for e in board["entries"]) == ["Ana", "Bo"]
        assert [e["mine"] for e in board["entries"] if e["name"] == "Ana"] == [True]
        assert board["references"]["medium"] == _reference(deal, "medium")
        assert all("code" not in e and e["verified"] is False for e in board["entries"])
        # played once: a second play under the same token is refused, and changes nothing
        again = http.post("/api/daily/punttu/2/play", json={"name": "Ana", "browser": BROWSERS[0]})
        assert again.status_code == 409 and again.json()["error"]["code"] == "daily/played"
        code = joined[0]["code"]
        # whatever shows its cards stays closed while others may still play it
        for path in (f"/api/tables/{code}/deals/1/replay", f"/api/tables/{code}/record",
                     f"/api/tables/{code}/deals/1/record", f"/api/tables/{code}/deals/1/review"):
            closed = http.get(path)
            assert closed.status_code == 403, (path, closed.text)
            assert closed.json()["error"]["code"] == "daily/sealed"
            assert f'"{hands[1 - deal.seat][0]}"' not in closed.text
        watched = asyncio.run(_watch(server, code))  # nor may anyone watch its table
        assert watched["type"] == "error" and watched["code"] == "daily/sealed"
        # the next day (the services' clock a day on), the same deal replays
        later = time.time() + 86400
        object.__setattr__(server.lobby.services, "clock", lambda: later)
        replay = http.get(f"/api/tables/{code}/deals/1/replay").json()
        assert replay["steps"][0]["hands"][deal.seat] == hands[deal.seat]
        assert http.get(f"/api/tables/{code}/record").status_code == 200


async def _watch(server: Any, code: str) -> dict[str, Any]:
    """The first answer to a spectator's hello at table ``code``."""
    async with connect(f"{server.ws_url}/ws/{code}") as ws:
        await ws.send(json.dumps({"type": "hello", "v": 1}))
        answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 20))
        return answer


def test_an_unknown_daily_table_is_refused(server: Any) -> None:
    with server.http() as http:
        assert http.get("/api/daily/chess/2").json()["error"]["code"] == "daily/bad_table"
        assert http.get("/api/daily/punttu/9").status_code == 422  # over every game's most
        refused = http.post("/api/daily/punttu/2/play", json={"name": "x", "browser": "short"})
        assert refused.status_code == 422


def test_a_daily_table_is_sealed_until_the_end_of_its_utc_day() -> None:
    noon = dt.datetime(2026, 12, 2, 12, tzinfo=dt.UTC).timestamp()
    with pytest.raises(ServerError) as refused:
        refuse_if_open("2026-12-02", noon)
    assert refused.value.code == "daily/sealed"
    refuse_if_open("2026-12-02", noon + 12 * 3600)  # midnight UTC: the day is over
    refuse_if_open("2026-12-01", noon)
    refuse_if_open(None, noon)  # not a daily table
