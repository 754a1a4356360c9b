"""The quick match's HTTP routes (docs/protocol.md, docs/people.md "Quick match"): a ticket
is taken, polled until seated, or given up. The matching is in ``quickmatch.py``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request, Response
from pydantic import BaseModel, Field

from cardtable.i18n import _
from cardtable.server.lobby.quickmatch import Matchmaker, Ticket, matchmaker_of
from cardtable.server.people.identity import client_of, ensure
from cardtable.server.people.seats import seated
from cardtable.server.transport.deps import LobbyDep, lobby_of
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.http import Joined, Players, Strict, Word, table_info
from cardtable.server.transport.inputs import Name
from cardtable.server.transport.refusals import refusals

router = APIRouter()

TicketId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


async def _matchmaker(request: Request) -> Matchmaker:
    return matchmaker_of(request.app.state)


#: This process's matchmaker, as a route's dependency (``transport/deps.py``).
MatchmakerDep = Annotated[Matchmaker, Depends(_matchmaker)]


class QuickMatch(Strict):
    game: Word
    players: Players | None = Field(None, description="absent: the game's usual size")
    wait_seconds: Literal[0, 30, 60, 120] = Field(
        30, description="how long to wait for people before bots take the empty seats")
    name: Name | None = Field(None, description="absent: 'player' in the request's language")


class Waiting(BaseModel):
    ticket: str = Field(description="secret: poll it with GET /api/quickmatch/{ticket}")
    status: Literal["waiting", "seated"]
    game: str
    players: int
    waiting: int = Field(description="how many people wait for this game and size, you included")
    seconds_left: float = Field(description="until bots take the seats nobody came for")
    seated: Joined | None = Field(None, description="once seated: what /api/play answers")


async def _answer(ticket: Ticket, request: Request, response: Response) -> Waiting:
    """The ticket's state; the first answer once seated links the seat to this request's
    player, as the join route does."""
    lobby = lobby_of(request)
    matchmaker = matchmaker_of(request.app.state)
    joined = None
    if ticket.code is not None and ticket.seat is not None and ticket.token is not None:
        if not ticket.linked:
            ticket.linked = True
            await seated(request, response, ticket.code, ticket.seat, ticket.name)
        info = table_info(await lobby.find(ticket.code), request)
        joined = Joined(code=ticket.code, seat=ticket.seat, token=ticket.token, link=info.link,
                        websocket=info.websocket, table=info)
    first = matchmaker.waiting(ticket.game, ticket.players)
    left = max(0.0, (first[0].deadline if first else ticket.deadline) - matchmaker.clock())
    return Waiting(ticket=ticket.id, status="seated" if joined else "waiting", game=ticket.game,
                   players=ticket.players, waiting=len(first), seconds_left=round(left, 1),
                   seated=joined)


async def _player(request: Request, response: Response, name: str) -> str | None:
    """This browser's player (made now, as a join makes one), to keep one place in line per
    player; None when refused (a rate limit): the ticket then stands for its page alone."""
    try:
        return (await ensure(request, response, name)).id
    except ServerError:
        return None


@router.post("/api/quickmatch", tags=["lobby"], status_code=201, response_model=Waiting,
             responses=refusals(429))
async def enter(body: QuickMatch, request: Request, response: Response, lobby: LobbyDep,
                matchmaker: MatchmakerDep) -> Any:
    """Wait for people to play ``game`` with: seated with the others waiting for the same game
    and size once there are enough, or, when the first of them has waited ``wait_seconds``,
    with bots in the seats nobody came for. Poll the ticket for the seat."""
    client = await client_of(request)
    matchmaker.check(body.game, body.players)
    await lobby.services.limits.create(client.address)
    player = await _player(request, response, body.name or "")
    ticket = await matchmaker.enter(body.game, body.players, body.wait_seconds,
                                    body.name or _("player"), client.address, player)
    answer = await _answer(ticket, request, response)
    response.status_code = 201
    return answer


@router.get("/api/quickmatch/{ticket}", tags=["lobby"], response_model=Waiting,
            responses=refusals(404))
async def poll(ticket: TicketId, request: Request, response: Response,
               matchmaker: MatchmakerDep) -> Any:
    """The ticket: still waiting (how many wait, seconds left) or seated (the table's code and
    the seat's token). A ticket not polled for a while has left the queue (404)."""
    return await _answer(await matchmaker.poll(ticket), request, response)


@router.delete("/api/quickmatch/{ticket}", tags=["lobby"], status_code=204, response_model=None,
               responses=refusals(404))
async def leave(ticket: TicketId, matchmaker: MatchmakerDep) -> Any:
    """Stop waiting (a seated ticket cannot be given up here: leave the table instead)."""
    matchmaker.leave(ticket)
    return Response(status_code=204)

