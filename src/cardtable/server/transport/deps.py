"""What an HTTP route takes from the app, each defined once: the lobby, the storage writer, the
limits on people's requests and the server's settings, as plain functions of the request (for
helpers) and as FastAPI dependencies (for routes: ``lobby: LobbyDep``).

Each dependency is an ``async def`` of the ``Request`` alone: FastAPI runs it on the event loop
(a plain ``def`` would be sent to the thread pool on every request), caches it for the request,
and shows nothing of it in the OpenAPI document, so a route that takes one keeps its
parameters and shape. Who is asking (``people/identity.py``'s ``current`` and ``ensure``) is
not a dependency: ``ensure`` may make a player and counts against a rate limit, which must
happen only once the request's body and parameters are valid, inside the route.

A refusal (``ServerError``) raised anywhere in a route is answered by the app's one handler,
``transport/http.py``'s ``refused``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from cardtable.server.config import ServerConfig
from cardtable.server.lobby.lobby import Lobby
from cardtable.server.people.limits import PeopleLimits
from cardtable.server.storage.writer import Writer


def lobby_of(connection: HTTPConnection) -> Lobby:
    """The app's lobby (every table by its share code)."""
    lobby: Lobby = connection.app.state.lobby
    return lobby


def writer_of(connection: HTTPConnection) -> Writer:
    """The app's storage writer (reads too: ``query``)."""
    return lobby_of(connection).services.writer


def limits_of(connection: HTTPConnection) -> PeopleLimits:
    """The app's limits on making players, signing in, friend links, passkeys, profiles and
    deleting (``people/limits.py``), made on first use."""
    state = connection.app.state
    found: PeopleLimits | None = getattr(state, "people_limits", None)
    if found is None:
        found = state.people_limits = PeopleLimits(lobby_of(connection).services.limits)
    return found


def config_of(connection: HTTPConnection) -> ServerConfig:
    """The server's settings."""
    config: ServerConfig = connection.app.state.config
    return config


async def _lobby(request: Request) -> Lobby:
    return lobby_of(request)


async def _writer(request: Request) -> Writer:
    return writer_of(request)


async def _limits(request: Request) -> PeopleLimits:
    return limits_of(request)


async def _config(request: Request) -> ServerConfig:
    return config_of(request)


LobbyDep = Annotated[Lobby, Depends(_lobby)]
WriterDep = Annotated[Writer, Depends(_writer)]
PeopleLimitsDep = Annotated[PeopleLimits, Depends(_limits)]
ConfigDep = Annotated[ServerConfig, Depends(_config)]
