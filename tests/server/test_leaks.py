"""No message to a seat ever holds another seat's hidden cards; spectators see none.

Four people (test clients choosing random legal actions) and a spectator play whole deals of
each game. Afterwards the table's stored events are replayed step by step through the engine,
and every message each client received is scanned, word by word, for any card hidden from that
client at the state version the message was sent at (as the contract tests scan views).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

import cardtable
from cardtable.engine.game import State
from cardtable.engine.match import Match
from cardtable.games import match_class
from cardtable.server.storage import store

TABLES = {
    "punttu": ({}, 3),
    "putto": ({"deals": 1}, 2),
    "pontinho": ({"deals": 1, "rebuild_limit": 0}, 1),
}

_WORD = re.compile(r'[^\s"\[\]{},:]+')


def words(data: object) -> set[str]:
    return set(_WORD.findall(json.dumps(data, ensure_ascii=False)))


def cards(game: str, debug: Mapping[str, Any]) -> list[str]:
    """Every card of a deal in its ``debug_view`` (the contract tests' hooks, in short)."""
    found = [c for hand in debug["hands"] for c in hand] + list(debug["stock"])
    if game == "punttu":
        found += list(debug["trick"]) + [c for pile in debug["won"] for c in pile]
    elif game == "putto":
        found += list(debug["table"]) + [c for pile in debug["piles"] for c in pile]
    else:
        found += list(debug["discard"]) + [
            "*" if c.startswith("*") else c for meld in debug["melds"]
            for c in meld["cards"].split()
        ]
        found += [debug[k] for k in ("burned", "pending") if debug[k] is not None]
    return found


def hidden(state: State, game: str) -> list[set[str]]:
    """Per deal seat: cards it may not see, of which it can see no copy."""
    everything = Counter(cards(game, state.debug_view()))
    result = []
    for seat in range(state.game.players):
        secret = Counter(state.secret_cards(seat))
        visible = everything - secret
        result.append({card for card in secret if visible[card] == 0})
    return result


def secrets_by_version(stored: store.StoredTable) -> dict[int, list[set[str]]]:
    """For each state version: the hidden cards of every table seat (deal seats mapped)."""
    game = cardtable.game(stored.game, stored.players, **stored.config["options"])
    match: Match | None = None
    found: dict[int, list[set[str]]] = {}
    for event in stored.events:
        if event.kind == "start":
            match = match_class(game)(game, seed=event.data["seed"], dealer=event.data["dealer"])
        elif event.kind == "deal" and event.data["number"] > 1:
            assert match is not None
            match.next_deal()
        elif event.kind == "action":
            assert match is not None
            match.current.apply(event.data["text"])
        elif event.kind == "decision":
            assert match is not None
            match.apply(event.data["text"])
        if match is not None:
            per_deal_seat = hidden(match.current, game.name)
            seats = match.seats_of_deal(len(match.deals) - 1)
            found[event.seq] = [
                per_deal_seat[seats.index(s)] if s in seats else set().union(*per_deal_seat)
                for s in range(game.players)
            ]
    return found


async def play_randomly(client: Any, rng: random.Random) -> None:
    while (turn := await client.my_turn()) is not None:
        await client.act(rng.choice(turn["legal"]), turn["version"])


async def watch(client: Any) -> None:
    await client.until(lambda m: m["type"] == "match_end")


@pytest.mark.parametrize("game", sorted(TABLES))
def test_no_message_holds_another_seats_hidden_cards(server: Any, client_class: Any,
                                                     game: str) -> None:
    options, tables = TABLES[game]
    checked = 0
    for number in range(tables):
        with server.http() as http:
            table = http.post("/api/tables", json={
                "game": game, "options": options, "seats": [{"kind": "person"}] * 4,
            }).json()
            code = table["code"]
            tokens = []
            for s in range(4):
                http.cookies.clear()  # another person: one seat per player (docs/ratings.md)
                joined = http.post(f"/api/tables/{code}/join", json={"name": f"p{s}"})
                tokens.append(joined.json()["token"])

        async def scenario(code: str = code, tokens: list[str] = tokens,
                           number: int = number) -> list[Any]:
            watcher = await client_class.open(server, code, None)
            players = [await client_class.open(server, code, t) for t in tokens]
            rng = random.Random(f"{game}:{number}")
            await asyncio.gather(
                watch(watcher),
                *(play_randomly(p, random.Random(rng.random())) for p in players),
            )
            for client in (watcher, *players):
                await client.close()
            return [watcher, *players]

        watcher, *players = asyncio.run(scenario())
        stored = server.lobby.services.writer.read(lambda s, code=code: store.load_table(s, code))
        secrets = secrets_by_version(stored)
        for viewer, client in [(None, watcher), *enumerate(players)]:
            version = 0
            for message in client.messages:
                version = message.get("version", version)
                if version not in secrets:
                    continue  # before the start: no cards exist yet
                shown = words(message)
                seats = range(4) if viewer is None else [viewer]
                for seat in seats:
                    leaked = sorted(shown & secrets[version][seat])
                    assert leaked == [], (viewer, message["type"], version, leaked)
                checked += 1
    # The scan saw whole matches: at least ten moves' messages per viewer and table (how many
    # more depends on how the random players' deals go, not only on the seeds).
    assert checked >= 10 * 5 * tables
