"""The HTTP API (JSON, published as OpenAPI at ``/openapi.json``, browsable at ``/docs``).

Refusals are ``{"error": {"code": …, "message": …}}`` with a fitting status: 404 for an unknown
table, 409 for a seat taken or a table full or started, 422 for a table that cannot be made,
410 for an expired table, 429 (with ``Retry-After``) for a rate limit or a client's cap of
waiting tables, 503 when the server has its fill of waiting tables (``docs/protocol.md``,
"Limits for anonymous clients"). The database away: 503 ``server/storage_unavailable``.
A route refuses by raising ``ServerError``; the app's one handler (``refused``, registered in
``app.py``) answers it, for every route of the server and of the pages. What routes take of the
app (the lobby, the writer, the limits, the settings) they take as dependencies (``deps.py``).

Every field is checked before anything is built from it (a player count of 2**63 once
built that many seats): first by pydantic, with bounds over every game (422 ``request/invalid``,
answered by ``invalid.py``), then by the engine for the game asked for (``table/bad_config``).
Bodies are at most ``bodylimit.MAX_BODY`` bytes (413 ``request/too_large``).
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as FastAPIPath
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from sqlalchemy import text
from starlette.requests import HTTPConnection

import cardtable
from cardtable import __version__
from cardtable.bots.ladder import lobby_levels
from cardtable.engine.game import Game
from cardtable.engine.options import Option
from cardtable.engine.presets import UnknownPreset
from cardtable.errors import CardtableError
from cardtable.games import descriptor, game_class
from cardtable.i18n import _, translation
from cardtable.i18n import normalize_language as normalize
from cardtable.server.features.daily import sealed
from cardtable.server.features.homenet import ShareBase, share_base
from cardtable.server.lobby.ratelimit import RateLimited, client_address
from cardtable.server.people.identity import client_of
from cardtable.server.people.ratings_store import rated_table
from cardtable.server.people.seats import refuse_second_seat, seated
from cardtable.server.storage.archive import ArchivedTable
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.tables.bots import level_names
from cardtable.server.tables.table import Table
from cardtable.server.tables.tableconfig import SeatPlan, TableConfig
from cardtable.server.tables.tokens import normalize_code
from cardtable.server.transport.deps import ConfigDep, LobbyDep, WriterDep, config_of
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.inputs import INT64_MAX, Int64, Name, check_text
from cardtable.server.transport.refusals import refusals

STATUS = {
    "table/not_found": 404,
    "table/full": 409,
    "table/seat_taken": 409,
    "table/started": 409,
    "table/no_such_seat": 422,
    "table/bad_config": 422,
    "table/unknown_preset": 400,
    "request/invalid": 422,
    "table/unplayable": 409,
    "server/storage_unavailable": 503,
    "table/moved": 503,
    "server/bus_unavailable": 503,
    "table/expired": 410,
    "rate/limited": 429,
    "lobby/too_many_yours": 429,
    "lobby/too_many_here": 429,
    "lobby/full": 503,
    "daily/bad_table": 404,
    "people/already_seated": 409,
    "people/bad_language": 422,
    "people/bad_link": 404,
    "people/signups_closed": 403,
    "ratings/unknown_game": 404,
    "people/bad_passkey": 400,
    "people/unknown": 404,
    "friends/already": 409,
    "friends/bad_invitation": 404,
    "friends/bad_link": 404,
    "friends/not_friend": 404,
    "friends/not_met": 404,
    "friends/not_seated": 409,
    "friends/self": 409,
    "table/finished": 409,
    "daily/played": 409,
    "daily/sealed": 403,
    "quickmatch/unknown": 404,
    "server/busy": 503,
}
#: Seconds a client is asked to wait before trying again after a 429 or a 503, by code where it
#: is not ``RETRY_AFTER`` (a rate limit says its own: ``RateLimited.retry_after``).
RETRY_AFTER_OF = {"server/busy": "2"}  # a table's bounded jobs (hints, reviews) soon run

#: Bounds over every game: pydantic refuses anything outside them before an endpoint runs (a
#: player count of 2**63 must never reach a loop); each game's own range is checked next.
MIN_PLAYERS = min(game_class(g).min_players for g in cardtable.available())
MAX_PLAYERS = max(game_class(g).max_players for g in cardtable.available())
MAX_OPTIONS = 16
#: The longest game name, bot level, option name or option text value (characters).
MAX_WORD = 40

Word = Annotated[str, Field(max_length=MAX_WORD), AfterValidator(check_text)]
Players = Annotated[int, Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)]
Options = Annotated[
    dict[Word, bool | Int64 | Word],
    Field(default_factory=dict, max_length=MAX_OPTIONS,
          description="option name → value, as /api/games describes them"),
]
ContinueSeconds = Annotated[
    float, Field(ge=0.01, le=3600, allow_inf_nan=False,
                 description="how long the deal-end pause waits for people to press Continue")
]
TurnSeconds = Annotated[
    float, Field(ge=0, le=3600, allow_inf_nan=False, description="turn timer; 0: none")
]
#: A game clock's profile name (``tables/clock.py``, docs/clock.md).
ClockName = Literal["none", "fast", "normal", "slow", "day", "days3"]
CLOCK_HELP = ("the game clock: none, fast, normal, slow (real time), day or days3 (turn-based); "
              "absent: none (docs/clock.md)")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    kind: Literal["person", "bot"]
    level: Word | None = Field(None, description="bot level: random, easy, medium or hard")


#: A house-rule preset's name (``/api/games``' ``presets``), or ``custom``.
PresetName = Annotated[Word, Field(description=(
    "a house-rule preset of the game (/api/games: presets), whose options the table takes "
    "before `options`, which win over them (the table is then custom); `custom` or absent: "
    "the options alone. An unknown preset is refused (400 table/unknown_preset)"))]


class CreateTable(Strict):
    game: Word = Field(description="punttu, pontinho or putto")
    players: Players | None = Field(None, description="player count; the game's default if absent")
    preset: PresetName | None = None
    options: Options
    seats: Annotated[list[SeatSpec], Field(max_length=MAX_PLAYERS)] | None = Field(
        None, description="one per seat; absent: seat 0 a person, the others medium bots"
    )
    turn_seconds: TurnSeconds | None = Field(None, description="turn timer; absent or 0: none")
    hints: bool = True
    public: bool = Field(False, description="open to anyone: listed in the lobby's open tables")
    continue_seconds: ContinueSeconds = 30.0
    clock: ClockName | None = Field(None, description=CLOCK_HELP)


class JoinTable(Strict):
    name: Name
    seat: Annotated[int, Field(ge=0, lt=MAX_PLAYERS)] | None = Field(
        None, description="a free person's seat; absent: the first free"
    )


class QuickPlay(Strict):
    game: Word
    name: Name | None = Field(None, description="absent: 'player' in the request's language")
    players: Players | None = None
    level: Word = "medium"
    preset: PresetName | None = None
    options: Options
    turn_seconds: TurnSeconds | None = None
    hints: bool = True
    continue_seconds: ContinueSeconds = 30.0
    clock: ClockName | None = Field(None, description=CLOCK_HELP)


class SeatInfo(BaseModel):
    seat: int
    kind: str
    level: str | None
    name: str | None
    taken: bool
    connected: bool
    away: bool
    replaced: bool = Field(False, description="given to a bot for the rest of the match after "
                                              "the clock moved for it (docs/clock.md)")


class TableInfo(BaseModel):
    code: str
    game: str
    players: int
    options: dict[str, Any]
    preset: str = Field(description="the house-rule preset its options play (a name from "
                                    "/api/games: presets), or custom")
    status: str = Field(description="waiting, running or finished")
    version: int
    turn_seconds: float | None
    hints: bool
    continue_seconds: float
    clock: dict[str, Any] | None = Field(
        None, description="the game clock's profile: name, bank and increment (seconds), "
                          "turn_based; null: no clock")
    to_move: int | None = Field(None, description="the table seat whose decision is pending")
    clock_left: list[float] | None = Field(
        None, description="with a clock: each table seat's seconds left now; else null")
    deal: int
    seats: list[SeatInfo]
    free_seats: list[int]
    spectators: int
    result: dict[str, Any] | None
    link: str = Field(description="the page to share")
    reach: Literal["public", "network", "local"] = Field(
        description="who can open the link: anyone (the configured public address), people on "
                    "the host's network, or this computer only (a server on 127.0.0.1)")
    websocket: str = Field(description="the WebSocket path to connect to")


class Joined(BaseModel):
    code: str
    seat: int
    token: str = Field(description="secret: proves the seat on the WebSocket; keep it")
    link: str
    websocket: str
    table: TableInfo


class Health(BaseModel):
    status: str
    version: str
    tables: int


def share_base_of(request: Request) -> ShareBase:
    """Where this server's share links point (``features/homenet.py``)."""
    config = config_of(request)
    return share_base(config.public_url, config.host, request)


def table_info(table: Table | ArchivedTable, request: Request) -> TableInfo:
    base = share_base_of(request)
    return TableInfo(
        **table.summary(), link=base.link(table.code), reach=base.reach,
        websocket=f"/ws/{table.code}"
    )


#: Seconds a client is asked to wait before trying again while the database is away.
RETRY_AFTER = "5"


def error_response(error: ServerError) -> JSONResponse:
    """The refusal as JSON with its code's status (``STATUS``, else 400); a 429 or a 503 says
    when to try again (``Retry-After``): a rate limit when it frees, else ``RETRY_AFTER_OF``
    its code or ``RETRY_AFTER``."""
    status = STATUS.get(error.code, 400)
    headers = ({"Retry-After": str(error.retry_after)} if isinstance(error, RateLimited)
               else {"Retry-After": RETRY_AFTER_OF.get(error.code, RETRY_AFTER)}
               if status in (429, 503) else None)
    return JSONResponse({"error": error.to_dict()}, status_code=status, headers=headers)


async def refused(connection: HTTPConnection, error: Exception) -> Response:
    """The app's one handler of ``ServerError`` (``app.py``): a route raises the refusal and
    this answers it (``error_response``), in the request's language. Whatever raised it changed
    nothing. A WebSocket answers its own refusals as ``error`` messages (``ws.py``): one that
    escapes its handler is not answered here but raised on, as before."""
    if connection.scope["type"] != "http" or not isinstance(error, ServerError):
        raise error
    return error_response(error)


def checked_game(name: str, players: int | None, options: dict[str, Any]) -> Game:
    """The game a request asks for, every field checked by the engine (the game exists, the
    player count is in its range, each option is one of its own with an allowed value) before
    anything is built from it; ``table/bad_config`` saying what is wrong otherwise."""
    try:
        return cardtable.game(name, players, **options)
    except CardtableError as error:
        raise ServerError("table/bad_config", reason=str(error)) from None


def preset_options(game: str, preset: str | None, options: dict[str, Any]) -> dict[str, Any]:
    """The options of a table asked for with ``preset`` (its options, then ``options``, which
    win); an unknown preset is ``table/unknown_preset`` (400), and nothing is made."""
    if preset is None:
        return options
    try:
        return descriptor(game).with_preset(preset, options)
    except UnknownPreset as unknown:
        raise ServerError("table/unknown_preset", preset=preset, game=unknown.game,
                          presets=", ".join(unknown.names)) from None
    except CardtableError as error:
        raise ServerError("table/bad_config", reason=str(error)) from None


def seats_of(spec: CreateTable, players: int) -> tuple[SeatPlan, ...]:
    """The seats asked for; absent, seat 0 a person and ``players - 1`` medium bots (``players``
    is already checked: it bounds the loop)."""
    if spec.seats is not None:
        return tuple(SeatPlan(kind=s.kind, level=s.level if s.kind == "bot" else None)
                     for s in spec.seats)
    return (SeatPlan(kind="person"),) + tuple(
        SeatPlan(kind="bot", level="medium") for _ in range(players - 1)
    )


router = APIRouter()


@router.get("/healthz", tags=["operations"])
def healthz(lobby: LobbyDep) -> Health:
    """Liveness: the server answers and how many tables it holds in memory."""
    return Health(status="ok", version=__version__, tables=len(lobby.tables))


class Ready(BaseModel):
    status: str = Field(description="ready, or unavailable (the database is away)")
    database: str = Field(description="ok, or why the database cannot be used")


@router.get("/readyz", tags=["operations"], responses={503: {"model": Ready}})
async def readyz(writer: WriterDep) -> Any:
    """Readiness: the database answers a query and the last write went through; 503 if not
    (a balancer should send players elsewhere)."""
    try:
        await asyncio.wait_for(writer.query(lambda db: db.execute(text("SELECT 1"))), 2.0)
    except (StorageUnavailable, TimeoutError) as error:
        return JSONResponse(Ready(status="unavailable", database=str(error)[:200] or "timeout")
                            .model_dump(), status_code=503)
    if not writer.available:
        return JSONResponse(Ready(status="unavailable", database="writes are failing")
                            .model_dump(), status_code=503)
    return Ready(status="ready", database="ok")


OptionValue = bool | int | str


class OptionInfo(BaseModel):
    """One table option, as the lobby's form draws it."""

    name: str
    type: Literal["bool", "int", "str"]
    default: OptionValue = Field(description="its default at the game's default player count")
    defaults: dict[str, OptionValue] = Field(
        description="player count → default, for an option whose default depends on it "
                    "(Putto's teams and deals); empty otherwise")
    choices: list[str]
    minimum: int | None
    maximum: int | None
    help: str
    label: str
    choice_labels: dict[str, str]


class PresetInfo(BaseModel):
    """A named house-rule preset (``engine/presets.py``): a name for a set of options."""

    name: str = Field(description="stable: what POST /api/tables takes as `preset`")
    title: str = Field(description="its name for people, in the answer's language")
    description: str
    options: dict[str, OptionValue] = Field(
        description="the options it sets; every preset of a game sets the same ones, the "
                    "others stay free")


class GameInfo(BaseModel):
    game: str
    title: str
    summary: str = Field(description="what the game is, in a line or two, for a newcomer")
    showcase: list[str] = Field(description="a few of its cards, in the card notation, to draw")
    deck: Literal["latin", "italian", "french"] = Field(
        description="latin; italian (Latin pictures, Italian figure names); french")
    direction: Literal["right", "left"] = Field(description="which way play passes")
    min_players: int
    max_players: int
    default_players: int
    players: list[int] = Field(description="every count allowed, fewest first")
    options: list[OptionInfo]
    presets: list[PresetInfo] = Field(
        description="its house-rule presets, the source's own table (the defaults) first; "
                    "a table whose options match none is `custom`")
    levels: list[str]
    level_info: dict[str, Any] = Field(
        description="level → its one-line description and its ladder ratings by table size")


def _kind(option: Option) -> Literal["bool", "int", "str"]:
    kind = option.kind
    return "bool" if kind is bool else "int" if kind is int else "str"


@router.get("/api/games", tags=["lobby"], response_model=list[GameInfo])
def games(
    lang: Annotated[
        str | None,
        Query(description="answer in this language (en, pt_BR, eu, hu); absent: the server's"),
    ] = None,
) -> Any:
    """The games: titles, what each is (``summary``) and a few of its cards (``showcase``),
    card decks and directions of play, player counts, options (with defaults, labels, choice
    labels and help), house-rule presets and bot levels. Texts are translated into ``lang``."""
    found_lang = normalize(lang)
    gettext = translation(found_lang).gettext if found_lang else _
    found = []
    for name in cardtable.available():
        game = descriptor(name)
        cls = game.game_class
        counts = cls.player_counts()
        found.append(
            GameInfo(
                game=name,
                title=cls.title,
                summary=gettext(game.summary),
                showcase=list(game.showcase),
                deck=game.deck,
                direction=game.direction,
                min_players=cls.min_players,
                max_players=cls.max_players,
                default_players=cls.default_players,
                players=list(counts),
                options=[
                    OptionInfo(
                        name=o.name,
                        type=_kind(o),
                        default=o.default_value(cls.default_players),
                        defaults={} if o.default_for is None
                        else {str(n): o.default_value(n) for n in counts},
                        choices=list(o.choices),
                        minimum=o.minimum,
                        maximum=o.maximum,
                        help=gettext(o.help),
                        label=gettext(o.title),
                        choice_labels={c: gettext(o.choice_title(c)) for c in o.choices},
                    )
                    for o in cls.option_specs
                ],
                presets=[
                    PresetInfo(name=p.name, title=gettext(p.title),
                               description=gettext(p.description), options=dict(p.options))
                    for p in game.presets
                ],
                levels=level_names(name),
                # each level's one-line description and its ladder ratings
                level_info=lobby_levels(name, gettext),
            )
        )
    return found


class TablePage(BaseModel):
    tables: list[TableInfo]
    total: int = Field(description="how many tables are open in all")
    limit: int = Field(description="the page size used (at most the server's maximum)")
    offset: int


@router.get("/api/tables", tags=["lobby"], response_model=TablePage, responses=refusals())
async def list_tables(
    request: Request,
    lobby: LobbyDep,
    config: ConfigDep,
    limit: Annotated[int | None, Query(ge=1, description="page size; absent: the server's")] = None,
    offset: Annotated[int, Query(ge=0, description="tables to skip")] = 0,
) -> Any:
    """Open tables, those made open to anyone: waiting for people first, then those being
    played (to watch), a page at a time."""
    size = min(limit if limit is not None else config.page_size, config.max_page_size)
    tables, total = await lobby.open_page(size, offset)
    return TablePage(tables=[table_info(t, request) for t in tables], total=total, limit=size,
                     offset=offset)


@router.post("/api/tables", tags=["lobby"], status_code=201,
             responses=refusals(400, 429))
async def create_table(spec: CreateTable, request: Request, lobby: LobbyDep) -> Any:
    """Make a table; people then join its free seats. It starts once every seat is taken."""
    client = await client_of(request)
    await lobby.services.limits.create(client.address)
    players = spec.players
    if players is None and spec.seats is not None:
        players = len(spec.seats)
    options = preset_options(spec.game, spec.preset, dict(spec.options))
    game = checked_game(spec.game, players, options)
    seats = seats_of(spec, game.players)
    config = TableConfig(
        game=game.name,
        players=game.players,
        options=options,
        seats=seats,
        turn_seconds=spec.turn_seconds,
        hints=spec.hints,
        public=spec.public,
        continue_seconds=spec.continue_seconds,
        clock=spec.clock,
    )
    table = await lobby.create(config, client.address, player=client.player)
    return JSONResponse(table_info(table, request).model_dump(), status_code=201)


@router.get("/api/tables/{code}", tags=["lobby"], responses=refusals(404, 409, 410))
def get_table(code: str, request: Request, lobby: LobbyDep) -> Any:
    """One table's public summary."""
    return table_info(lobby.readable(code), request)


@router.post("/api/tables/{code}/join", tags=["lobby"],
             responses=refusals(404, 409, 410, 429))
async def join_table(code: str, body: JoinTable, request: Request, response: Response,
                     lobby: LobbyDep) -> Any:
    """Take a free seat; the answer's token proves the seat on the WebSocket (and after a
    reconnect). The table starts when its last seat is taken. The seat is linked to this
    browser's player (made now if need be, docs/people.md). At a table of people only (a rated
    one, docs/ratings.md) a player who holds a seat already is refused
    (``people/already_seated``); elsewhere their second seat is held by its token only."""
    await lobby.services.limits.join(client_address(request))
    if await lobby.services.writer.query(partial(rated_table, code=normalize_code(code))):
        await refuse_second_seat(request, code)  # no rating won against oneself
    table, seat, token = await lobby.join(code, body.seat, body.name)
    await seated(request, response, table.code, seat, body.name)
    info = table_info(table, request)
    return Joined(code=table.code, seat=seat, token=token, link=info.link,
                  websocket=info.websocket, table=info)


@router.post("/api/play", tags=["lobby"], status_code=201,
             responses=refusals(400, 429))
async def quick_play(body: QuickPlay, request: Request, response: Response,
                     lobby: LobbyDep) -> Any:
    """Play against bots in one request: a table with you at seat 0 and bots of ``level``
    everywhere else, already started."""
    address = client_address(request)
    await lobby.services.limits.create(address)
    options = preset_options(body.game, body.preset, dict(body.options))
    config = lobby.quick_config(body.game, body.players, body.level, options,
                                body.turn_seconds, body.hints, body.continue_seconds,
                                body.clock)
    table = await lobby.create(config, address, waits=False)
    table, seat, token = await lobby.join(table.code, 0, body.name or _("player"))
    await seated(request, response, table.code, seat, body.name or "")
    info = table_info(table, request)
    response.status_code = 201
    return Joined(code=table.code, seat=seat, token=token, link=info.link,
                  websocket=info.websocket, table=info)


@router.get("/api/tables/{code}/record", tags=["records"],
            responses=refusals(403, 404, 409, 410))
def match_record(code: str, lobby: LobbyDep) -> Any:
    """The finished deals as a match record that ``cardtable replay`` accepts (``daily/sealed``
    while the table's daily deal may still be played)."""
    sealed(lobby, code)
    table = lobby.readable(code, archived=True)
    record = table.record()
    if record is None:
        return JSONResponse(
            {"error": {"code": "record/none", "message": _("no deal is finished yet")}},
            status_code=404,
        )
    return record


@router.get("/api/tables/{code}/deals/{number}/record", tags=["records"],
            responses=refusals(403, 404, 409, 410))
def deal_record(
    code: str, number: Annotated[int, FastAPIPath(ge=1, le=INT64_MAX)], lobby: LobbyDep
) -> Any:
    """Finished deal ``number`` (from 1) as a one-deal record for ``cardtable replay``
    (``daily/sealed`` as the match record)."""
    sealed(lobby, code)
    table = lobby.readable(code, archived=True)
    record = table.record(number)
    if record is None:
        return JSONResponse(
            {"error": {"code": "record/none", "message": _("deal {n} is not finished").format(
                n=number)}},
            status_code=404,
        )
    return record
