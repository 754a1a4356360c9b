"""Who is asking: the player named by this browser's device credential.

The credential is 32 random bytes in the ``cardtable_player`` cookie — HttpOnly (no script can
read it), ``SameSite=Lax`` (sent when a link is followed, not by other sites' forms), ``Secure``
when the request came over HTTPS — and the server keeps only its hash. There is no form: the
first request that needs a player (``ensure``) makes one and sets the cookie.

``current(request)`` is the player or ``None``; the answer is kept on the request, so a route
may ask twice for one database read.
"""

from __future__ import annotations

from functools import partial

from fastapi import Request, Response
from starlette.requests import HTTPConnection

from cardtable.server.lobby.ratelimit import client_address
from cardtable.server.lobby.who import Client
from cardtable.server.people import players
from cardtable.server.people.players import Player
from cardtable.server.storage.db import utcnow
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.tables.tokens import new_token
from cardtable.server.transport.deps import config_of, limits_of, writer_of
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.languages import request_language

COOKIE = "cardtable_player"
#: The cookie lasts about two years; each visit that writes ``seen_at`` renews it.
COOKIE_SECONDS = 2 * 365 * 24 * 3600
#: A credential is ``new_token()``'s 43 URL-safe characters; anything else is not looked up.
CREDENTIAL_LENGTH = 43


def credential_of(request: HTTPConnection) -> str | None:
    secret = request.cookies.get(COOKIE)
    if secret is None or len(secret) != CREDENTIAL_LENGTH or not secret.isascii():
        return None
    return secret


async def current(request: HTTPConnection) -> Player | None:
    """The player this request's credential names, or ``None``."""
    if hasattr(request.state, "player"):
        found: Player | None = request.state.player
        return found
    secret = credential_of(request)
    writer = writer_of(request)
    player = await writer.query(partial(players.by_secret, secret=secret)) if secret else None
    if player is not None and utcnow() - player.seen_at > players.SEEN_EVERY:
        await writer.run(partial(players.seen, player_id=player.id))
        request.state.renew = secret
    request.state.player = player
    return player


async def client_of(connection: HTTPConnection) -> Client:
    """Who this request or WebSocket comes from, with its player when its cookie names one: the
    fair shares count by both (``lobby/fairshare.py``, ``lobby/connlimit.py``). The database
    away leaves the address alone, whose caps still hold."""
    try:
        player = await current(connection)
    except StorageUnavailable:
        player = None
    return Client(client_address(connection), None if player is None else player.id)


async def ensure(request: Request, response: Response, name: str = "") -> Player:
    """The request's player, made now (and the cookie set on ``response``) if it has none.
    Making one is rate-limited per address (``rate/limited``) and refused when the host has
    switched sign-ups off (``people/signups_closed``)."""
    player = await current(request)
    if player is None:
        if not config_of(request).signups:
            raise ServerError("people/signups_closed")
        await limits_of(request).new_player(client_address(request))
        secret = new_token()
        player = await writer_of(request).run(partial(
            players.create, secret=secret, name=name[:64],
            language=request_language(request)))
        request.state.player = player
        request.state.renew = secret
    renew: str | None = getattr(request.state, "renew", None)
    if renew is not None:
        set_cookie(request, response, renew)
    return player


def set_cookie(request: Request, response: Response, secret: str) -> None:
    response.set_cookie(COOKIE, secret, max_age=COOKIE_SECONDS, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", path="/")


def forget_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, httponly=True, samesite="lax",
                           secure=request.url.scheme == "https", path="/")
