"""The profile's HTTP route: ``GET /api/players/{id}`` (docs/people.md "Profiles").

Anyone may look at a shown profile; a hidden one answers its owner only, and everyone else
gets exactly what an unknown id gets (404 ``people/unknown``), so hiding leaks nothing.
Looking is rate-limited per address, and makes no player (a visitor stays a visitor).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from cardtable.server.lobby.ratelimit import client_address
from cardtable.server.people import players, profile
from cardtable.server.people.identity import current
from cardtable.server.people.models import Person, PlayerId
from cardtable.server.people.ratings_http import RatingOut
from cardtable.server.transport.deps import PeopleLimitsDep, WriterDep
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.refusals import refusals

router = APIRouter()

class Total(BaseModel):
    game: str
    players: int = Field(description="the table's size")
    played: int
    won: int = Field(description="matches their side won (a shared best score counts)")
    points: int = Field(description="their side's final points, summed")


class Recent(BaseModel):
    code: str
    game: str
    players: int
    seat: int
    won: bool
    points: int
    deals: int = Field(description="deals played: the replays are /replay/CODE/1…deals")
    finished_at: str | None


class HeadToHead(BaseModel):
    played: int = Field(description="finished matches the viewer and this player both sat at")
    won: int = Field(description="of those, the ones this player's side won")
    lost: int = Field(description="of those, the ones the viewer's side won")


class Profile(Person):
    mine: bool = Field(description="the viewer is this player")
    hidden: bool = Field(description="hidden from everyone else (shown to the owner only)")
    totals: list[Total]
    recent: list[Recent]
    head_to_head: HeadToHead | None = Field(
        description="against the viewer, when the viewer is another player")
    ratings: list[RatingOut] = Field(
        description="this player's rating in each game they were rated in (docs/ratings.md)")


@router.get("/api/players/{player_id}", tags=["people"], response_model=Profile,
            responses=refusals(404, 429))
async def player_profile(player_id: PlayerId, request: Request, limits: PeopleLimitsDep,
                         writer: WriterDep) -> Any:
    """A player's profile: totals per game and table size, recent matches, head-to-head."""
    await limits.profile(client_address(request))
    viewer = await current(request)
    player = await writer.query(partial(players.by_id, player_id=player_id))
    mine = viewer is not None and player is not None and viewer.id == player.id
    if player is None or (player.hidden and not mine):
        raise ServerError("people/unknown")
    numbers = await writer.query(partial(
        profile.read, player_id=player.id, viewer_id=viewer.id if viewer else None))
    return Profile(**player.public(), mine=mine, hidden=player.hidden, **numbers)
