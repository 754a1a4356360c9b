"""The friends' and invitations' HTTP routes (docs/people.md "Friends", docs/protocol.md).

Every route acts for the request's player: those that change something make one on first use
(as ``/api/me`` does); the two that pages poll make none (a visitor with no player has no
friends and no invitations). Storage is in ``friends`` and ``invitations``; a refusal there
changed nothing, and is answered here with its code.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Path, Request, Response
from pydantic import BaseModel, Field

from cardtable.server.lobby.ratelimit import client_address
from cardtable.server.people import friends, invitations
from cardtable.server.people.http import link_to
from cardtable.server.people.identity import current, ensure
from cardtable.server.people.models import Person, PlayerId
from cardtable.server.people.presence import MemoryPresence, Presence, RedisPresence
from cardtable.server.storage.writer import Writer
from cardtable.server.transport.deps import PeopleLimitsDep, WriterDep
from cardtable.server.transport.http import Strict
from cardtable.server.transport.refusals import refusals

log = logging.getLogger("cardtable.server.people.friends_http")
router = APIRouter()

#: An invitation id: 16 URL-safe characters; a little room, no more (as ``PlayerId``).
InvitationId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
Code = Annotated[str, Field(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9]+$")]
Secret = Annotated[str, Field(min_length=1, max_length=128)]
#: Called with each new invitation (as ``Invitation`` gives it) and the invited player's id.
Listener = Callable[[dict[str, Any], str], Awaitable[None] | None]


def invitation_listeners(app: FastAPI) -> list[Listener]:
    """The app's callbacks for new invitations: append one to reach an invited friend by other
    means (a push notification). A failing listener is logged; the invitation stands."""
    found: list[Listener] | None = getattr(app.state, "invitation_listeners", None)
    if found is None:
        found = app.state.invitation_listeners = []
    return found


def presence_of(app: FastAPI) -> Presence:
    """Who is online (``presence.py``): in Redis in a cluster, else in this process."""
    found: Presence | None = getattr(app.state, "presence", None)
    if found is None:
        cluster = app.state.lobby.cluster
        found = app.state.presence = (RedisPresence(cluster.bus.redis) if cluster is not None
                                      else MemoryPresence())
    return found


class Friend(Person):
    online: bool = Field(description="has a cardtable page open now")
    table: str | None = Field(None, description="online at this table (its code): watch it")
    game: str | None = None


class Friends(BaseModel):
    friends: list[Friend]
    asking: list[Person] = Field(description="asked to be your friend: accept or decline")
    asked: list[Person] = Field(description="you asked them; waiting for their answer")
    met: list[Person] = Field(description="sat at a table with you: you may ask them")


class FriendLink(BaseModel):
    link: str = Field(description="send it to a friend: …/f#SECRET; works once")
    expires_at: str


class UseFriendLink(Strict):
    secret: Secret


class Ask(Strict):
    player: Annotated[str, Field(min_length=1, max_length=32)]
    table: Code | None = Field(None, description="a table you both sat at; else the newest")


class Asked(BaseModel):
    state: str = Field(description="friends (they had asked you) or asked (waiting for them)")


class Removed(BaseModel):
    removed: str = Field(description="the player no longer your friend or asking")


class Invite(Strict):
    friend: Annotated[str, Field(min_length=1, max_length=32)]
    table: Code


class Invitation(BaseModel):
    id: str
    from_: Person = Field(alias="from")
    table: str
    game: str
    players: int
    options: dict[str, Any] = Field(description="the table's house rules")
    expires_at: str


class Invitations(BaseModel):
    invitations: list[Invitation]


class Answered(BaseModel):
    table: str = Field(description="the table's code: take a seat at /t/CODE")


@router.get("/api/me/friends", tags=["friends"], response_model=Friends,
            responses=refusals())
async def my_friends(request: Request, writer: WriterDep) -> Any:
    """Your friends, who asked you, whom you asked, and the people you sat with (all empty for
    a browser with no player yet: asking makes none)."""
    player = await current(request)
    if player is None:
        return Friends(friends=[], asking=[], asked=[], met=[])
    presence = presence_of(request.app)
    await presence.seen(player.id)
    found = await writer.query(partial(friends.listing, player_id=player.id))
    online = await presence.online(f["id"] for f in found["friends"])
    where = await writer.query(partial(friends.tables_now, player_ids=sorted(online)))
    found["friends"] = [{**f, "online": f["id"] in online, **where.get(f["id"], {})}
                        for f in found["friends"]]
    return found


@router.post("/api/me/friends/link", tags=["friends"], status_code=201,
             response_model=FriendLink, responses=refusals(403, 429))
async def make_friend_link(request: Request, response: Response, limits: PeopleLimitsDep,
                           writer: WriterDep) -> Any:
    """A link that makes whoever opens it your friend (once, for seven days)."""
    await limits.make_friend_link(client_address(request))
    player = await ensure(request, response)
    secret, expires = await writer.run(partial(friends.make_link, player_id=player.id))
    return FriendLink(link=link_to(request, "f", secret), expires_at=expires.isoformat())


@router.post("/api/friends/link", tags=["friends"], response_model=Person,
             responses=refusals(403, 404, 409, 429))
async def use_friend_link(body: UseFriendLink, request: Request, response: Response,
                          limits: PeopleLimitsDep, writer: WriterDep) -> Any:
    """Become friends with the player whose link this is; the link is used up."""
    await limits.use_friend_link(client_address(request))
    player = await ensure(request, response)
    friend = await writer.run(partial(friends.use_link, secret=body.secret, player_id=player.id))
    return friend.public()


@router.post("/api/me/friends", tags=["friends"], response_model=Asked,
             responses=refusals(403, 404, 409, 429))
async def ask_friend(body: Ask, request: Request, response: Response,
                     writer: WriterDep) -> Any:
    """Ask someone you sat with to be friends, or say yes to their request."""
    player = await ensure(request, response)
    state = await writer.run(partial(
        friends.ask, player_id=player.id, other=body.player,
        code=body.table.upper() if body.table else None))
    return Asked(state=state)


@router.delete("/api/me/friends/{player_id}", tags=["friends"], response_model=Removed,
               responses=refusals(403, 404, 429))
async def remove_friend(player_id: PlayerId, request: Request, response: Response,
                        writer: WriterDep) -> Any:
    """End a friendship, decline a request or take yours back."""
    player = await ensure(request, response)
    await writer.run(partial(friends.remove, player_id=player.id, other=player_id))
    return Removed(removed=player_id)


@router.post("/api/me/invitations", tags=["friends"], status_code=201,
             response_model=Invitation, responses=refusals(403, 404, 409, 429))
async def invite(body: Invite, request: Request, response: Response,
                 writer: WriterDep) -> Any:
    """Invite a friend to a table where you sit."""
    player = await ensure(request, response)
    made = await writer.run(partial(
        invitations.invite, player_id=player.id, friend=body.friend, code=body.table.upper()))
    await _tell_listeners(request.app, made, body.friend)
    return made


@router.get("/api/me/invitations", tags=["friends"], response_model=Invitations,
            responses=refusals())
async def my_invitations(request: Request, writer: WriterDep) -> Any:
    """The invitations waiting for your answer, newest first; every page asks this, so it
    makes no player for a browser that has none (it has no invitations)."""
    player = await current(request)
    if player is None:
        return Invitations(invitations=[])
    await presence_of(request.app).seen(player.id)
    return {"invitations": await writer.query(
        partial(invitations.open_for, player_id=player.id))}


async def _answer(request: Request, response: Response, writer: Writer, invitation_id: str,
                  accept: bool) -> Answered:
    player = await ensure(request, response)
    code = await writer.run(partial(
        invitations.answer, player_id=player.id, invitation_id=invitation_id, accept=accept))
    return Answered(table=code)


@router.post("/api/me/invitations/{invitation_id}/accept", tags=["friends"],
             response_model=Answered, responses=refusals(403, 404, 409, 429))
async def accept_invitation(invitation_id: InvitationId, request: Request, response: Response,
                            writer: WriterDep) -> Any:
    """Say yes: the answer names the table, where a seat is free for you."""
    return await _answer(request, response, writer, invitation_id, accept=True)


@router.post("/api/me/invitations/{invitation_id}/decline", tags=["friends"],
             response_model=Answered, responses=refusals(403, 404, 429))
async def decline_invitation(invitation_id: InvitationId, request: Request, response: Response,
                             writer: WriterDep) -> Any:
    """Say no; the one who invited you is not told why."""
    return await _answer(request, response, writer, invitation_id, accept=False)


async def _tell_listeners(app: FastAPI, invitation: dict[str, Any], friend: str) -> None:
    for listener in invitation_listeners(app):
        try:
            outcome = listener(invitation, friend)
            if asyncio.iscoroutine(outcome):
                await outcome
        except Exception:
            log.exception("an invitation listener failed")
