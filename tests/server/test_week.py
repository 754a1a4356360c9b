"""A turn-based Pontinho match played over a simulated week (docs/clock.md, "Turn-based
tables"; docs/notifications.md): two people, each with a browser subscribed to the test's real
push service (``tests/helpers/pushservice.py``: VAPID checked, payload decrypted), move now and
then, hours or a day apart, on the server's injected clock. Between their visits nobody is at
the table and it rests out of memory; mid-week the server stops and starts again on the same
database. Each is told by push, in their own language, every time the turn comes to them; the
match ends, and neither clock was given or taken anything: on every visit the person's time
left is exactly their bank less the time since their turn began (the restart's hours
included, as any other time), and the clock's stand-in never had to move for anyone.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from tests.helpers.pushservice import PushService, Received
from tests.helpers.server import WAIT, Client, RunningServer
from tests.server.test_clock_table import START, Clock

from cardtable.server.storage import store
from cardtable.server.tables import clock_idle
from cardtable.server.tables.clock import DAY

HOUR = 3600.0
#: How long each person takes before coming back to the table, in turn (hours); each is
#: under the day a move adds, so a turn's draw and discard fill the bank again.
PAUSES = (3, 20, 9, 14, 1, 22)
#: The server is away this long mid-week, while the person on turn has not yet moved.
DOWN = 11 * HOUR
#: Pontinho titles of the "your turn" push in each person's language.
TITLES = {"ana": "Your turn at Pontinho", "bea": "Sua vez no Pontinho"}


@dataclass
class Person:
    name: str
    token: str
    seat: int


@pytest.fixture
def push() -> Iterator[PushService]:
    service = PushService()
    yield service
    service.close()


def _choose(legal: list[str]) -> str:
    """A quick player's move: meld or lay off when possible (the deal ends sooner), else draw,
    else the first discard."""
    for word in ("meld", "layoff", "draw", "discard"):
        found = [action for action in legal if action.startswith(word)]
        if found:
            return found[0]
    return legal[0]


async def _visit(server: RunningServer, code: str, person: Person,
                 expected_left: float) -> dict[str, Any] | None:
    """``person`` opens the table (bringing it back from rest), checks their time left, plays
    their whole turn and closes the page. Returns the last state, or ``None`` once the match
    is over."""
    client = await Client.open(server, code, person.token)
    try:
        state = await client.my_turn()
        assert state is not None, "the match ended while it was this person's turn"
        # the bank less the time since the turn began: nothing given or taken
        assert state["clock"]["left"][person.seat] == pytest.approx(expected_left, abs=0.01)
        while True:
            if state["legal"]:
                await client.act(_choose(state["legal"]), state["version"])
            elif state["to_move"] not in (None, person.seat) and not state.get("pause"):
                return state  # the turn has passed to the other person
            elif person.seat in (state.get("pause") or {}).get("waiting", ()):
                await client.send({"type": "continue", "deal": state["pause"]["deal"]})
            message = await client.until(
                lambda m, version=state["version"]: m["type"] == "match_end"
                or (m["type"] == "state" and m["version"] > version))
            if message["type"] == "match_end":
                return None
            state = message
    finally:
        await client.close()


def _at_rest(server: RunningServer, code: str, clock: Clock) -> tuple[int, list[float]]:
    """Once the page is closed and the table has made the moves it makes by itself (a
    person's only choice, the next deal), it waits for a person: ``REST_SECONDS`` later the
    sweep lets it go from memory. Returns who is on turn and each seat's bank then."""
    table = server.lobby.tables[code]
    deadline = time.monotonic() + WAIT
    while not clock_idle.may_rest(table, clock.now + clock_idle.REST_SECONDS, clock.now):
        assert time.monotonic() < deadline, "the table did not come to wait for a person"
        time.sleep(0.01)
    mover = table.mover()[0]
    assert mover is not None and table.state.game_clock is not None
    banks = list(table.state.game_clock.left)
    clock.now += clock_idle.REST_SECONDS
    server.on_loop(server.lobby.sweep)
    assert code not in server.lobby.tables and code in server.lobby.resting
    return mover, banks


def _told(push: PushService, person: Person, code: str) -> Received:
    """The push that told ``person`` it is their turn: to their browser, decrypted, in their
    language. Another may come first: when the other person's only choice was made for them
    and it ended the deal, the turn passed through them to ``person``, and each was told."""
    while True:
        got = push.next()
        assert got.status == 201 and got.message["kind"] == "turn", got
        assert got.message["title"] == TITLES[got.browser]
        assert got.message["url"] == f"/t/{code}"
        if got.browser == person.name:
            return got


def test_two_people_play_a_turn_based_match_over_a_week_across_a_restart(
        start_server: Callable[..., RunningServer], push: PushService) -> None:
    clock = Clock()
    settings = {"push_plain_http": True, "sweep_seconds": 3600.0}
    server = start_server(clock=clock, **settings)
    with server.http() as http:
        push.server_key = http.get("/api/push/key").json()["public_key"]
    people: dict[int, Person] = {}
    with server.http() as ana, server.http() as bea:
        made = ana.post("/api/tables", json={
            "game": "pontinho", "players": 2, "clock": "day", "continue_seconds": 0.01,
            "options": {"deals": 2},
            "seats": [{"kind": "person"}, {"kind": "person"}]})
        assert made.status_code == 201, made.text
        code = made.json()["code"]
        for name, http in (("ana", ana), ("bea", bea)):
            subscribed = http.post("/api/push/subscription", json=push.browser(name).subscription())
            assert subscribed.status_code == 204, subscribed.text
        assert bea.patch("/api/me", json={"language": "pt_BR"}).status_code == 200
        for name, http in (("ana", ana), ("bea", bea)):
            joined = http.post(f"/api/tables/{code}/join", json={"name": name})
            assert joined.status_code == 200, joined.text
            people[joined.json()["seat"]] = Person(name, joined.json()["token"],
                                                  joined.json()["seat"])
    mover, banks = _at_rest(server, code, clock)
    if people[mover].name == "ana":  # Bea started the table by sitting down: she is not told
        _told(push, people[mover], code)
    began = clock.now - clock_idle.REST_SECONDS  # when the first turn began
    turns = 0
    restarted = False
    while True:
        person = people[mover]
        clock.now = began + PAUSES[turns % len(PAUSES)] * HOUR
        if not restarted and clock.now - START >= 3.5 * DAY:
            server.stop()  # mid-week, with the person on turn still to move
            clock.now += DOWN
            server = start_server(clock=clock, **settings)
            deadline = time.monotonic() + WAIT
            while not server.lobby._loader.done():  # the start's rebuild, in the background
                assert time.monotonic() < deadline, "the start's rebuild did not end"
                time.sleep(0.01)
            assert code in server.lobby.resting  # rebuilt, then back to rest at once
            restarted = True
        state = asyncio.run(_visit(server, code, person, banks[mover] - (clock.now - began)))
        turns += 1
        if state is None:
            break
        began = clock.now
        mover, banks = _at_rest(server, code, clock)
        _told(push, people[mover], code)
    assert restarted and clock.now - START >= 7 * DAY, (turns, (clock.now - START) / DAY)
    over = push.next()  # the other person, whose page was closed, is told the match is over
    assert over.message["kind"] == "match_over" and over.browser != person.name
    assert over.message["title"] == {"ana": "The match is over",
                                     "bea": "A partida terminou"}[over.browser]
    assert not push.problems
    stored = server.lobby.services.writer.read(lambda db: store.load_table(db, code))
    assert stored is not None and stored.status == "finished"
    # every move was a person's (or their only choice, made for them): the clock never ran out
    assert {event.data.get("by") for event in stored.events} <= {None, "person", "auto"}
