"""The daily deal's HTTP routes (``server/features/daily.py``; docs/protocol.md, "The daily deal").

``POST /api/daily/{game}/{players}/play`` seats this browser at today's deal (or answers the
table it already has); ``GET /api/daily/{game}/{players}`` is today's board as this browser may
see it. The browser is named by a token it made itself and keeps (``browser``): no account; the
server stores only the token's hash.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from cardtable.server.features.daily import Daily
from cardtable.server.lobby.who import client_of
from cardtable.server.transport.deps import lobby_of
from cardtable.server.transport.http import MAX_PLAYERS, MIN_PLAYERS, Strict, Word
from cardtable.server.transport.inputs import Name
from cardtable.server.transport.refusals import refusals

router = APIRouter()
Players = Annotated[int, Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)]
Browser = Annotated[str, Field(min_length=16, max_length=128, pattern=r"^[A-Za-z0-9_-]+$")]


class DailyPlay(Strict):
    name: Name
    browser: Browser = Field(description="this browser's own random token (kept by it)")


def daily_of(request: Request) -> Daily:
    """The app's daily deals (made on first use)."""
    daily: Daily | None = getattr(request.app.state, "daily", None)
    if daily is None:
        daily = request.app.state.daily = Daily(lobby_of(request))
    return daily


async def _daily(request: Request) -> Daily:
    return daily_of(request)


#: The app's daily deals, as a route's dependency (``transport/deps.py``).
DailyDep = Annotated[Daily, Depends(_daily)]


@router.post("/api/daily/{game}/{players}/play", tags=["daily"], status_code=201,
             responses=refusals(404, 409, 429))
async def play_daily(game: Word, players: Players, body: DailyPlay, request: Request,
                     daily: DailyDep) -> Any:
    """Seat this browser at today's deal of ``game`` for ``players`` (201: ``code``, ``seat``,
    ``token``); a browser whose table is unfinished gets it back (200, ``token`` null); one
    that has finished today's deal is refused (409 ``daily/played``): it is played once."""
    found = await daily.play(game, players, body.name, body.browser, client_of(request))
    return JSONResponse(found, status_code=200 if found["again"] else 201)


@router.get("/api/daily/{game}/{players}", tags=["daily"], responses=refusals(404))
async def daily_board(
    game: Word, players: Players, daily: DailyDep,
    browser: Annotated[Browser | None, Query(description="this browser's token")] = None,
) -> Any:
    """Today's board: how many played; once this browser has finished the deal, everyone's
    points, the bots' from the same seat and the tables to replay."""
    return await daily.board(game, players, browser)
