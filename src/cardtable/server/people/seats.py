"""Seats and players: what the lobby's join routes (``transport/http.py``) ask of people.

A seat is still held by its token (a seat taken before players existed, or by a client that
keeps no cookie, works as before); the link to a player is what lists it in their "My games"
on every device, and what keeps a player to one seat per table.
"""

from __future__ import annotations

from functools import partial

from fastapi import Request, Response

from cardtable.server.people import players
from cardtable.server.people.identity import current, ensure
from cardtable.server.transport.deps import writer_of
from cardtable.server.transport.errors import ServerError


async def refuse_second_seat(request: Request, code: str) -> None:
    """``people/already_seated`` if this request's player holds a seat at ``code`` already:
    one seat per player per table, from however many devices."""
    player = await current(request)
    if player is None:
        return
    held = await writer_of(request).query(
        partial(players.seat_at, player_id=player.id, code=code.strip().upper()))
    if held is not None:
        raise ServerError("people/already_seated", seat=held + 1)


async def seated(request: Request, response: Response, code: str, seat: int, name: str) -> None:
    """Link the seat just taken to this request's player (made now if need be); a player
    with no name yet takes the one they sat down with. A refused player (a rate limit) leaves
    the seat unlinked: the seat token alone still holds it."""
    try:
        player = await ensure(request, response, name)
    except ServerError:
        return
    writer = writer_of(request)
    await writer.run(partial(players.link_seat, player_id=player.id, code=code, seat=seat))
    if not player.name and name:
        await writer.run(partial(players.change, player_id=player.id, name=name[:64]))
