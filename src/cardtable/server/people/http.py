"""The players' HTTP routes (docs/people.md, docs/protocol.md "Players").

``GET /api/me`` is this browser's player, made on the first visit; ``PATCH /api/me`` renames
them, changes their language or hides their profile; ``GET /api/me/games`` lists the tables they
sat at, from every device they use; ``POST /api/me/link`` and ``POST /api/signin`` carry them to
another device (``signin``).
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from cardtable.i18n import LANGUAGES
from cardtable.server.lobby.ratelimit import client_address
from cardtable.server.people import (
    deletion_http,
    passkeys_http,
    players,
    profile_http,
    signin,
)
from cardtable.server.people.identity import current, ensure, set_cookie
from cardtable.server.people.models import Me
from cardtable.server.tables.tokens import new_token
from cardtable.server.transport.deps import PeopleLimitsDep, WriterDep, config_of
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.http import Strict
from cardtable.server.transport.inputs import Name
from cardtable.server.transport.refusals import refusals

router = APIRouter()


class MeChange(Strict):
    name: Name | None = None
    language: Annotated[str, Field(max_length=8)] | None = Field(
        None, description="en, pt_BR, eu or hu")
    hidden: bool | None = None


class MyGame(BaseModel):
    code: str
    seat: int
    game: str
    players: int
    status: str = Field(description="waiting, running or finished")
    joined_at: str


class MyGames(BaseModel):
    games: list[MyGame]


@router.get("/api/me", tags=["people"], response_model=Me, responses=refusals(403, 429))
async def me(request: Request, response: Response) -> Any:
    """This browser's player, made now (with its cookie) if it has none."""
    return (await ensure(request, response)).own()


@router.patch("/api/me", tags=["people"], response_model=Me, responses=refusals(403, 429))
async def change_me(body: MeChange, request: Request, response: Response,
                    writer: WriterDep) -> Any:
    """Rename, change language or hide the profile; fields left out stay as they are."""
    player = await ensure(request, response)
    fields: dict[str, Any] = body.model_dump(exclude_none=True)
    if "language" in fields and fields["language"] not in LANGUAGES:
        raise ServerError("people/bad_language", language=fields["language"])
    if "name" in fields:
        fields["name"] = fields["name"].strip()[:64]
    changed = await writer.run(partial(players.change, player_id=player.id, **fields))
    request.state.player = changed
    return changed.own() if changed is not None else player.own()


@router.get("/api/me/games", tags=["people"], response_model=MyGames,
            responses=refusals(403, 429))
async def my_games(request: Request, response: Response, writer: WriterDep) -> Any:
    """The tables this player sat at, on any device, newest first."""
    player = await ensure(request, response)
    found = await writer.query(partial(players.games, player_id=player.id))
    return MyGames(games=[MyGame(**game) for game in found])


def link_to(request: Request, page: str, secret: str) -> str:
    """A one-time link to ``page`` of this server (its public address when set), the secret
    after ``#``: no server log or link preview sees it."""
    base = config_of(request).public_url or str(request.base_url)
    return f"{base.rstrip('/')}/{page}#{secret}"


class SigninLink(BaseModel):
    link: str = Field(description="open it on the other device: …/signin#SECRET; works once")
    expires_at: str


class UseLink(Strict):
    secret: Annotated[str, Field(min_length=1, max_length=128)]


@router.post("/api/me/link", tags=["people"], status_code=201, response_model=SigninLink,
             responses=refusals(403, 429))
async def make_link(request: Request, response: Response, limits: PeopleLimitsDep,
                    writer: WriterDep) -> Any:
    """A one-time link that signs another device in as this player, for 10 minutes."""
    await limits.make_link(client_address(request))
    player = await ensure(request, response)
    secret, expires = await writer.run(partial(signin.make, player_id=player.id))
    return SigninLink(link=link_to(request, "signin", secret), expires_at=expires.isoformat())


@router.post("/api/signin", tags=["people"], response_model=Me, responses=refusals(404, 429))
async def use_link(body: UseLink, request: Request, response: Response,
                   limits: PeopleLimitsDep, writer: WriterDep) -> Any:
    """Sign this device in with a one-time link's secret; the device's own player (if any) is
    merged into the link's, its tables with it."""
    device_secret = new_token()
    await limits.use_link(client_address(request))
    visitor = await current(request)
    player = await writer.run(partial(
        signin.use, secret=body.secret, device_secret=device_secret,
        visitor=visitor.id if visitor is not None else None))
    set_cookie(request, response, device_secret)
    return player.own()


# the routes of passkeys, profiles and deleting an account, each in a module of its own
router.include_router(passkeys_http.router)
router.include_router(profile_http.router)
router.include_router(deletion_http.router)
