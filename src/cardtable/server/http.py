"""The HTTP API (JSON, published as OpenAPI at ``/openapi.json``, browsable at ``/docs``).

Refusals are ``{"error": {"code": …, "message": …}}`` with a fitting status: 404 for an unknown
table, 409 for a seat taken or a table full or started, 422 for a table that cannot be made.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import text

import cardtable
from cardtable import __version__
from cardtable.errors import CardtableError
from cardtable.games import game_class
from cardtable.i18n import _
from cardtable.server.bots import level_names
from cardtable.server.errors import ServerError
from cardtable.server.lobby import Lobby
from cardtable.server.table import SeatPlan, Table, TableConfig
from cardtable.server.writer import StorageUnavailable
from cardtable.web.language import normalize, translation

STATUS = {
    "table/not_found": 404,
    "table/full": 409,
    "table/seat_taken": 409,
    "table/started": 409,
    "table/no_such_seat": 422,
    "table/bad_config": 422,
    "table/unplayable": 409,
    "server/storage_unavailable": 503,
}

Name = Annotated[str, Field(min_length=1, max_length=40)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    kind: Literal["person", "bot"]
    level: str | None = Field(None, description="bot level: random, easy, medium or hard")


class CreateTable(Strict):
    game: str = Field(description="punttu, pontinho or putto")
    players: int | None = Field(None, description="player count; the game's default if absent")
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(
        None, description="one per seat; absent: seat 0 a person, the others medium bots"
    )
    turn_seconds: float | None = Field(None, description="turn timer; absent or 0: none")
    hints: bool = True
    continue_seconds: float = Field(
        30.0, description="how long the deal-end pause waits for people to press Continue"
    )


class JoinTable(Strict):
    name: Name
    seat: int | None = Field(None, description="a free person's seat; absent: the first free")


class QuickPlay(Strict):
    game: str
    name: Name | None = Field(None, description="absent: 'player' in the request's language")
    players: int | None = None
    level: str = "medium"
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    turn_seconds: float | None = None
    hints: bool = True
    continue_seconds: float = 30.0


class SeatInfo(BaseModel):
    seat: int
    kind: str
    level: str | None
    name: str | None
    taken: bool
    connected: bool
    away: bool


class TableInfo(BaseModel):
    code: str
    game: str
    players: int
    options: dict[str, Any]
    status: str = Field(description="waiting, running or finished")
    version: int
    turn_seconds: float | None
    hints: bool
    continue_seconds: float
    deal: int
    seats: list[SeatInfo]
    free_seats: list[int]
    spectators: int
    result: dict[str, Any] | None
    link: str = Field(description="the page to share")
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


def lobby_of(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def table_info(table: Table, request: Request) -> TableInfo:
    base = request.app.state.config.public_url or str(request.base_url).rstrip("/")
    return TableInfo(
        **table.summary(), link=f"{base}/t/{table.code}", websocket=f"/ws/{table.code}"
    )


def error_response(error: ServerError) -> JSONResponse:
    return JSONResponse({"error": error.to_dict()}, status_code=STATUS.get(error.code, 400))


def seats_of(spec: CreateTable) -> tuple[SeatPlan, ...]:
    if spec.seats is not None:
        return tuple(SeatPlan(kind=s.kind, level=s.level if s.kind == "bot" else None)
                     for s in spec.seats)
    players = spec.players if spec.players is not None else game_class(spec.game).default_players
    return (SeatPlan(kind="person"),) + tuple(
        SeatPlan(kind="bot", level="medium") for _ in range(max(0, players - 1))
    )


router = APIRouter()


@router.get("/healthz", tags=["operations"])
def healthz(request: Request) -> Health:
    """Liveness: the server answers and how many tables it holds in memory."""
    return Health(status="ok", version=__version__, tables=len(lobby_of(request).tables))


class Ready(BaseModel):
    status: str = Field(description="ready, or unavailable (the database is away)")
    database: str = Field(description="ok, or why the database cannot be used")


@router.get("/readyz", tags=["operations"], responses={503: {"model": Ready}})
async def readyz(request: Request) -> Any:
    """Readiness: the database answers a query and the last write went through; 503 if not
    (a balancer should send players elsewhere)."""
    writer = lobby_of(request).services.writer
    try:
        await asyncio.wait_for(writer.query(lambda db: db.execute(text("SELECT 1"))), 2.0)
    except (StorageUnavailable, TimeoutError) as error:
        return JSONResponse(Ready(status="unavailable", database=str(error)[:200] or "timeout")
                            .model_dump(), status_code=503)
    if not writer.available:
        return JSONResponse(Ready(status="unavailable", database="writes are failing")
                            .model_dump(), status_code=503)
    return Ready(status="ready", database="ok")


@router.get("/api/games", tags=["lobby"])
def games(
    lang: Annotated[
        str | None,
        Query(description="answer in this language (en, pt_BR, eu, hu); absent: the server's"),
    ] = None,
) -> list[dict[str, Any]]:
    """The games, their player counts, options (with defaults, labels, choice labels and help)
    and bot levels. Labels and help are translated into ``lang``."""
    found_lang = normalize(lang)
    gettext = translation(found_lang).gettext if found_lang else _
    found = []
    for name in cardtable.available():
        cls = game_class(name)
        found.append(
            {
                "game": name,
                "title": cls.title,
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "default_players": cls.default_players,
                "options": [
                    {
                        "name": o.name,
                        "type": o.kind.__name__,
                        "default": o.default,
                        "choices": list(o.choices),
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                        "help": gettext(o.help),
                        "label": gettext(o.title),
                        "choice_labels": {c: gettext(o.choice_title(c)) for c in o.choices},
                    }
                    for o in cls.option_specs
                ],
                "levels": level_names(name),
            }
        )
    return found


@router.get("/api/tables", tags=["lobby"])
def list_tables(request: Request) -> list[TableInfo]:
    """Open tables: waiting for people first, then those being played (to watch)."""
    lobby = lobby_of(request)
    return [table_info(lobby.tables[t["code"]], request) for t in lobby.open_tables()]


@router.post("/api/tables", tags=["lobby"], status_code=201,
             responses={422: {"description": "table/bad_config"}})
async def create_table(spec: CreateTable, request: Request) -> Any:
    """Make a table; people then join its free seats. It starts once every seat is taken."""
    lobby = lobby_of(request)
    try:
        try:
            seats = seats_of(spec)
        except CardtableError as error:
            raise ServerError("table/bad_config", reason=str(error)) from None
        config = TableConfig(
            game=spec.game,
            players=spec.players if spec.players is not None else len(seats),
            options=dict(spec.options),
            seats=seats,
            turn_seconds=spec.turn_seconds,
            hints=spec.hints,
            continue_seconds=spec.continue_seconds,
        )
        table = await lobby.create(config)
    except ServerError as error:
        return error_response(error)
    return JSONResponse(table_info(table, request).model_dump(), status_code=201)


@router.get("/api/tables/{code}", tags=["lobby"], responses={404: {"description": "unknown"}})
def get_table(code: str, request: Request) -> Any:
    """One table's public summary."""
    try:
        return table_info(lobby_of(request).get(code), request)
    except ServerError as error:
        return error_response(error)


@router.post("/api/tables/{code}/join", tags=["lobby"],
             responses={404: {"description": "unknown"}, 409: {"description": "taken/full"}})
async def join_table(code: str, body: JoinTable, request: Request) -> Any:
    """Take a free seat; the answer's token proves the seat on the WebSocket (and after a
    reconnect). The table starts when its last seat is taken."""
    try:
        table, seat, token = await lobby_of(request).join(code, body.seat, body.name)
    except ServerError as error:
        return error_response(error)
    info = table_info(table, request)
    return Joined(code=table.code, seat=seat, token=token, link=info.link,
                  websocket=info.websocket, table=info)


@router.post("/api/play", tags=["lobby"], status_code=201,
             responses={422: {"description": "table/bad_config"}})
async def quick_play(body: QuickPlay, request: Request) -> Any:
    """Play against bots in one request: a table with you at seat 0 and bots of ``level``
    everywhere else, already started."""
    lobby = lobby_of(request)
    try:
        config = lobby.quick_config(body.game, body.players, body.level, dict(body.options),
                                    body.turn_seconds, body.hints, body.continue_seconds)
        table = await lobby.create(config)
        table, seat, token = await lobby.join(table.code, 0, body.name or _("player"))
    except ServerError as error:
        return error_response(error)
    info = table_info(table, request)
    joined = Joined(code=table.code, seat=seat, token=token, link=info.link,
                    websocket=info.websocket, table=info)
    return JSONResponse(joined.model_dump(), status_code=201)


@router.get("/api/tables/{code}/record", tags=["records"],
            responses={404: {"description": "unknown, or no finished deal"}})
def match_record(code: str, request: Request) -> Any:
    """The finished deals as a match record that ``cardtable replay`` accepts."""
    try:
        table = lobby_of(request).get(code)
    except ServerError as error:
        return error_response(error)
    record = table.record()
    if record is None:
        return JSONResponse(
            {"error": {"code": "record/none", "message": _("no deal is finished yet")}},
            status_code=404,
        )
    return record


@router.get("/api/tables/{code}/deals/{number}/record", tags=["records"],
            responses={404: {"description": "unknown, or that deal is not finished"}})
def deal_record(code: str, number: int, request: Request) -> Any:
    """Finished deal ``number`` (from 1) as a one-deal record for ``cardtable replay``."""
    try:
        table = lobby_of(request).get(code)
    except ServerError as error:
        return error_response(error)
    record = table.record(number)
    if record is None:
        return JSONResponse(
            {"error": {"code": "record/none", "message": _("deal {n} is not finished").format(
                n=number)}},
            status_code=404,
        )
    return record
