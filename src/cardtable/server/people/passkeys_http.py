"""The passkeys' HTTP routes (docs/people.md "Passkeys", docs/protocol.md "Players").

Registering: ``POST /api/me/passkeys/options`` (the options for ``navigator.credentials
.create``) then ``POST /api/me/passkeys`` (the new credential); ``GET /api/me/passkeys`` lists
them. Signing in on another device: ``POST /api/passkeys/options`` then ``POST
/api/passkeys/signin`` (the signed assertion), which, like a sign-in link, merges this
device's own first-visit player into the passkey's (``signin.arrive``). Every route is
rate-limited per address; every failed check is one answer, ``people/bad_passkey``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from cardtable.server.lobby.ratelimit import client_address
from cardtable.server.people import passkeys, signin
from cardtable.server.people.identity import current, ensure, set_cookie
from cardtable.server.people.models import Me
from cardtable.server.people.passkeys import RelyingParty
from cardtable.server.tables.tokens import new_token
from cardtable.server.transport.deps import PeopleLimitsDep, WriterDep, config_of
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.http import Strict
from cardtable.server.transport.refusals import refusals

router = APIRouter()


class Options(BaseModel):
    publicKey: dict[str, Any] = Field(  # noqa: N815 - the WebAuthn name, passed on as it is
        description="the WebAuthn options, binary fields in base64url")


class CredentialBody(Strict):
    credential: dict[str, Any] = Field(
        description="the browser's PublicKeyCredential as JSON (binary fields in base64url)")


class Passkey(BaseModel):
    created_at: str
    used_at: str | None


class Passkeys(BaseModel):
    passkeys: list[Passkey]


def relying_party(request: Request) -> RelyingParty:
    """The passkeys' site: the configured public address, else the one this request came to."""
    return RelyingParty.of(config_of(request).public_url or str(request.base_url))


@router.post("/api/me/passkeys/options", tags=["people"], response_model=Options,
             responses=refusals(403, 429))
async def register_options(request: Request, response: Response, limits: PeopleLimitsDep,
                           writer: WriterDep) -> Any:
    """The options to make a passkey for this player (a challenge good for five minutes)."""
    await limits.passkey(client_address(request))
    player = await ensure(request, response)
    options = await writer.run(partial(
        passkeys.begin_register, player=player, rp=relying_party(request)))
    return Options(publicKey=options)


@router.post("/api/me/passkeys", tags=["people"], status_code=201, response_model=Passkey,
             responses=refusals(400, 403, 429))
async def register(body: CredentialBody, request: Request, response: Response,
                   limits: PeopleLimitsDep, writer: WriterDep) -> Any:
    """Keep the passkey the browser just made for this player."""
    await limits.passkey(client_address(request))
    player = await ensure(request, response)
    kept = await writer.run(partial(
        passkeys.register, player_id=player.id, credential=body.credential,
        rp=relying_party(request)))
    if kept is None:
        raise ServerError("people/bad_passkey")
    return Passkey(**kept)


@router.get("/api/me/passkeys", tags=["people"], response_model=Passkeys,
            responses=refusals(403, 429))
async def my_passkeys(request: Request, response: Response, writer: WriterDep) -> Any:
    """This player's passkeys: when each was added and last used."""
    player = await ensure(request, response)
    found = await writer.query(partial(passkeys.listed, player_id=player.id))
    return Passkeys(passkeys=[Passkey(**one) for one in found])


@router.post("/api/passkeys/options", tags=["people"], response_model=Options,
             responses=refusals(429))
async def signin_options(request: Request, limits: PeopleLimitsDep, writer: WriterDep) -> Any:
    """The options to sign in with a passkey: nobody is named (the browser offers its own)."""
    await limits.passkey(client_address(request))
    options = await writer.run(partial(
        passkeys.begin_signin, rp=relying_party(request)))
    return Options(publicKey=options)


@router.post("/api/passkeys/signin", tags=["people"], response_model=Me,
             responses=refusals(400, 429))
async def passkey_signin(body: CredentialBody, request: Request, response: Response,
                         limits: PeopleLimitsDep, writer: WriterDep) -> Any:
    """Sign this device in with a passkey; the device's own player (if any) is merged into the
    passkey's, its tables with it."""
    device_secret = new_token()
    await limits.passkey(client_address(request))
    visitor = await current(request)
    player_id = await writer.run(partial(
        passkeys.signin, credential=body.credential, rp=relying_party(request)))
    player = None if player_id is None else await writer.run(partial(
        signin.arrive, player_id=player_id, device_secret=device_secret,
        visitor=visitor.id if visitor is not None else None))
    if player is None:
        raise ServerError("people/bad_passkey")
    set_cookie(request, response, device_secret)
    return player.own()
