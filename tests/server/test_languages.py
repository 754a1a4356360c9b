"""Each person is answered in their own language (issue 8): a WebSocket connection in the
language of its handshake (``?lang=``, ``lang`` cookie, ``Accept-Language``) or its hello, an
HTTP request in the language it asks for; never in another person's, and the process-wide
default stays as it was."""

from __future__ import annotations

import asyncio
import html
import inspect
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import pytest
from tests.helpers.server import WAIT, Client, RunningServer
from websockets.asyncio.client import connect

import cardtable
from cardtable.errors import CardtableError, IllegalAction
from cardtable.games import game_class
from cardtable.i18n import _, current_language, language, set_language, translation
from cardtable.server.transport import http as http_routes
from cardtable.server.transport.errors import ServerError

#: An action text no game reads, so the engine refuses it with its own reason.
ILLEGAL = "play Zz"


@pytest.fixture
def server(shared_server: RunningServer) -> RunningServer:
    """One server per database for the module (``shared_server``): each test makes its own
    tables and players and reads back only those."""
    return shared_server


@pytest.fixture(autouse=True)
def default_is_untouched() -> Iterator[None]:
    """Every test here must leave the process-wide language as it found it."""
    before = current_language()
    english = translation("en").gettext("the match at this table is over")
    yield
    assert current_language() == before
    assert _("the match at this table is over") == english


def refusal(lang: str, code: str, **details: object) -> str:
    """The ``message`` of an error in ``lang``, as the catalogs have it."""
    with language(lang):
        return ServerError(code, **details).message


def illegal(lang: str) -> str:
    """The refusal of ``ILLEGAL`` in ``lang``: the engine's reason inside the server's frame."""
    with language(lang):
        try:
            cardtable.game("punttu", 4).parse_action(ILLEGAL)
        except IllegalAction as error:
            return ServerError("action/illegal", reason=str(error)).message
    raise AssertionError(f"{ILLEGAL!r} was accepted")


async def open_client(server: RunningServer, code: str, token: str | None, *,
                      query: str = "", headers: dict[str, str] | None = None,
                      hello: dict[str, Any] | None = None) -> Client:
    ws = await connect(f"{server.ws_url}/ws/{code}{query}", open_timeout=WAIT,
                       max_size=2**22, additional_headers=headers)
    client = Client(ws)
    await client.send({"type": "hello", "v": 1, **({"token": token} if token else {}),
                       **(hello or {})})
    return client


def is_state(version: int, message: dict[str, Any]) -> bool:
    return message["type"] == "state" and message["version"] == version


def person_table(server: RunningServer, names: list[str]) -> tuple[str, list[str]]:
    """A Punttu table of people, every seat taken (so it has started); its code and tokens."""
    with server.http() as http:
        made = http.post("/api/tables", json={"game": "punttu",
                                              "seats": [{"kind": "person"}] * len(names)})
        assert made.status_code == 201, made.text
        code = made.json()["code"]
        tokens = []
        for seat, name in enumerate(names):
            http.cookies.clear()  # another person: one seat per player (docs/ratings.md)
            joined = http.post(f"/api/tables/{code}/join", json={"name": name, "seat": seat})
            assert joined.status_code == 200, joined.text
            tokens.append(joined.json()["token"])
    return code, tokens


def test_each_connection_is_refused_in_its_own_language(server: RunningServer) -> None:
    """Four people at one table, two speaking Hungarian and two Brazilian Portuguese (each
    language asked for another way). Illegal and out-of-turn actions, sent at the same time from
    connections of both languages, are refused in the sender's language; and a chat line from a
    seat without a name reaches each reader (a spectator in Basque too) as "seat 3" in theirs."""
    code, tokens = person_table(server, ["ana", "bea", "cai", "dani"])
    # the API refuses a blank name now; one stored before it did is shown as "seat N"
    server.lobby.tables[code].seats[3].name = " "
    langs = ["hu", "pt_BR", "hu", "pt_BR"]

    async def scenario() -> None:
        clients = [
            await open_client(server, code, tokens[0], query="?lang=hu"),
            await open_client(server, code, tokens[1],
                              headers={"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5"}),
            await open_client(server, code, tokens[2], headers={"Cookie": "lang=hu"}),
            await open_client(server, code, tokens[3], hello={"lang": "pt-BR"},
                              headers={"Accept-Language": "hu"}),  # the hello's wins
        ]
        watcher = await open_client(server, code, None, query="?lang=eu")
        for client, lang in zip([*clients, watcher], [*langs, "eu"], strict=True):
            welcome = await client.until(lambda m: m["type"] == "welcome")
            assert welcome["lang"] == lang
        states = [await c.until(lambda m: m["type"] == "state") for c in clients]
        refused: set[tuple[str, str]] = set()
        for _round in range(2):
            mover = states[0]["to_move"]
            version = states[0]["version"]
            # someone not on turn who speaks the other language
            other = next(s for s in range(4) if s != mover and langs[s] != langs[mover])
            card = states[other]["view"]["hand"][0]
            await clients[mover].act(ILLEGAL, version, ref="illegal")
            await clients[other].act(f"play {card}", version, ref="turn")
            wrong = await clients[mover].until(lambda m: m["type"] == "error")
            early = await clients[other].until(lambda m: m["type"] == "error")
            assert (wrong["code"], wrong["ref"]) == ("action/illegal", "illegal")
            assert wrong["message"] == illegal(langs[mover]) != illegal("en")
            assert (early["code"], early["ref"]) == ("action/not_your_turn", "turn")
            assert early["message"] == refusal(langs[other], early["code"], to_move=mover)
            assert early["message"] != refusal("en", early["code"], to_move=mover)
            refused |= {(langs[mover], "illegal"), (langs[other], "turn")}
            # the mover plays; everyone gets the next state
            await clients[mover].act(states[mover]["legal"][0], version)
            states = [await c.until(partial(is_state, version + 1)) for c in clients]
        assert refused == {(lang, kind) for lang in ("hu", "pt_BR") for kind in ("illegal",
                                                                                  "turn")}
        await clients[3].send({"type": "chat", "text": "hola"})
        for client, lang in zip([*clients, watcher], [*langs, "eu"], strict=True):
            line = await client.until(lambda m: m["type"] == "chat")
            with language(lang):
                assert line["name"] == html.escape(_("seat {seat}").format(seat=3))
            assert line["text"] == "hola"
        assert len({translation(lang).gettext("seat {seat}") for lang in langs + ["eu"]}) == 3
        for client in [*clients, watcher]:
            await client.close()

    asyncio.run(scenario())


def test_a_connection_can_switch_language(server: RunningServer,
                                          play_against_bots: Any) -> None:
    """``sync`` with ``lang`` switches a connection; a language cardtable does not speak is
    ignored there, and on the handshake falls back to the server's default (English)."""
    joined = play_against_bots(server, "putto", options={"deals": 1})

    async def refused_empty_chat(client: Client, ref: str) -> str:
        await client.send({"type": "chat", "text": " ", "ref": ref})
        error = await client.until(lambda m: m["type"] == "error" and m["ref"] == ref)
        assert error["code"] == "chat/empty"
        return str(error["message"])

    async def scenario() -> None:
        me = await open_client(server, joined["code"], joined["token"], hello={"lang": "hu"})
        assert (await me.until(lambda m: m["type"] == "welcome"))["lang"] == "hu"
        assert await refused_empty_chat(me, "1") == refusal("hu", "chat/empty")
        await me.send({"type": "sync", "lang": "eu"})
        await me.until(lambda m: m["type"] == "state" and "log" in m)
        assert await refused_empty_chat(me, "2") == refusal("eu", "chat/empty")
        await me.send({"type": "sync", "lang": "xx"})
        await me.until(lambda m: m["type"] == "state" and "log" in m)
        assert await refused_empty_chat(me, "3") == refusal("eu", "chat/empty")
        await me.close()

        stranger = await open_client(server, joined["code"], None, query="?lang=xx",
                                     headers={"Accept-Language": "de-DE,de"})
        assert (await stranger.until(lambda m: m["type"] == "welcome"))["lang"] == "en"
        await stranger.send({"type": "chat", "text": "hi", "ref": "s"})
        error = await stranger.until(lambda m: m["type"] == "error")
        assert error["message"] == refusal("en", "seat/spectator") != refusal("hu",
                                                                               "seat/spectator")
        await stranger.close()

        async with connect(f"{server.ws_url}/ws/NOPE42?lang=pt-BR", open_timeout=WAIT) as lost:
            error = json.loads(await asyncio.wait_for(lost.recv(), WAIT))
        assert error["code"] == "table/not_found"
        assert error["message"] == refusal("pt_BR", "table/not_found")

    asyncio.run(scenario())


def option_helps(lang: str) -> dict[tuple[str, str], str]:
    """Every option's help in ``lang``, by game and option, as the catalogs have it."""
    found = {}
    for name in cardtable.available():
        for option in game_class(name).option_specs:
            found[(name, option.name)] = translation(lang).gettext(option.help)
    return found


def served_helps(games: list[dict[str, Any]]) -> dict[tuple[str, str], str]:
    return {(g["game"], o["name"]): o["help"] for g in games for o in g["options"]}


def test_http_answers_in_the_requests_language(server: RunningServer) -> None:
    """``/api/games`` (a plain ``def`` endpoint, run in the thread pool) and the JSON errors
    follow ``?lang=``, then the ``lang`` cookie, then ``Accept-Language``; an unknown language
    gets English; the answers say they vary by those headers."""
    assert not inspect.iscoroutinefunction(http_routes.games)  # the thread pool's path
    basque, english = option_helps("eu"), option_helps("en")
    assert all(basque[key] != english[key] for key in english)
    with server.http() as http:
        by_header = http.get("/api/games", headers={"Accept-Language": "eu-ES,eu;q=0.9,en;q=0.8"})
        assert served_helps(by_header.json()) == basque
        assert {"accept-language", "cookie"} <= {
            v.strip().lower() for v in by_header.headers["vary"].split(",")
        }
        by_query = http.get("/api/games?lang=eu", headers={"Accept-Language": "hu"})
        assert served_helps(by_query.json()) == basque
        by_cookie = http.get("/api/games", headers={"Cookie": "lang=pt_BR",
                                                    "Accept-Language": "eu"})
        assert served_helps(by_cookie.json()) == option_helps("pt_BR")
        for unknown in ({"params": {"lang": "xx"}}, {"headers": {"Accept-Language": "de, fr"}}):
            assert served_helps(http.get("/api/games", **unknown).json()) == english

        missing = http.get("/api/tables/NOPE42", headers={"Accept-Language": "hu"})
        assert missing.status_code == 404
        assert missing.json()["error"]["message"] == refusal("hu", "table/not_found")
        bad = http.post("/api/tables?lang=pt-BR",
                        json={"game": "punttu", "options": {"trim": "sevens"}})
        assert bad.status_code == 422
        with language("pt_BR"):
            try:
                cardtable.game("punttu", 4, trim="sevens")
            except CardtableError as error:
                reason = str(error)
        assert bad.json()["error"]["message"] == refusal("pt_BR", "table/bad_config",
                                                         reason=reason)
        nowhere = http.get("/no/such/page", params={"lang": "eu"})
        assert nowhere.status_code == 404
        assert nowhere.json()["error"]["message"] == translation("eu").gettext("not found")
        assert nowhere.json()["error"]["message"] != "not found"


def test_concurrent_requests_keep_their_languages(server: RunningServer) -> None:
    """Many requests at once in four languages (the server's thread pool runs several sync
    endpoints together): each answer is in its request's language."""
    wanted = {lang: option_helps(lang) for lang in ("en", "eu", "hu", "pt_BR")}
    asks = [lang for _ in range(6) for lang in wanted]

    def ask(lang: str) -> bool:
        with server.http() as http:
            games = http.get("/api/games", params={"lang": lang}).json()
        return served_helps(games) == wanted[lang]

    with ThreadPoolExecutor(8) as pool:
        assert all(pool.map(ask, asks))


def test_no_language_asked_means_the_servers_default(server: RunningServer) -> None:
    """A request that names no language is answered in the server's default language
    (``--lang``/``CARDTABLE_LANG``), and one that does is not."""
    before = current_language()
    set_language("hu")
    try:
        with server.http() as http:
            plain = http.get("/api/tables/NOPE42").json()["error"]["message"]
            asked = http.get("/api/tables/NOPE42", params={"lang": "en"}).json()
    finally:
        set_language(before)
    assert plain == refusal("hu", "table/not_found")
    assert asked["error"]["message"] == refusal("en", "table/not_found")


def test_play_now_names_an_unnamed_player_in_the_requests_language(server: RunningServer) -> None:
    """``POST /api/play`` without a name seats "player" as the asker's language says it, and
    the card pictures' 404 says so in the server's language too."""
    with server.http() as http:
        joined = http.post("/api/play?lang=hu", json={"game": "putto", "level": "random"})
        assert joined.status_code == 201
        seats = joined.json()["table"]["seats"]
        assert seats[0]["name"] == translation("hu").gettext("player") != "player"
        named = http.post("/api/play", json={"game": "putto", "name": "Ana", "level": "random"})
        assert named.json()["table"]["seats"][0]["name"] == "Ana"
        card = http.get("/cards/latin/Zz.svg")
        assert card.status_code == 404
        assert card.json()["error"]["message"] == _("there is no such card")
