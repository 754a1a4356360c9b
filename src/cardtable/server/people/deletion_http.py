"""Deleting an account over HTTP: ``DELETE /api/me`` (docs/people.md "Deleting an account").

Only a request with a player's credential deletes anything (a visitor with none gets 404
``people/unknown`` and no player is made for it); the cookie is cleared. A table this process
holds in memory gets the new name at once; the stored ones have it already.
"""

from __future__ import annotations

from functools import partial

from fastapi import APIRouter, Request, Response

from cardtable.server.lobby.ratelimit import client_address
from cardtable.server.people import deletion
from cardtable.server.people.deletion_mark import FORMER
from cardtable.server.people.identity import current, forget_cookie
from cardtable.server.transport.deps import LobbyDep, PeopleLimitsDep
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.refusals import refusals

router = APIRouter()


@router.delete("/api/me", tags=["people"], status_code=204, response_model=None,
               response_class=Response,
               responses=refusals(404, 429))
async def delete_me(request: Request, lobby: LobbyDep, limits: PeopleLimitsDep) -> Response:
    """Delete this player's account; their seats in stored games become "a former player"."""
    await limits.delete(client_address(request))
    player = await current(request)
    if player is None:
        raise ServerError("people/unknown")
    held = await lobby.services.writer.run(partial(deletion.delete_player, player_id=player.id))
    for code, seat in held:
        table = lobby.tables.get(code)
        if table is not None and seat < len(table.seats) and table.seats[seat].name:
            table.seats[seat].name = FORMER
    request.state.player = None
    answer = Response(status_code=204)
    forget_cookie(request, answer)
    return answer
