"""The ratings' HTTP routes (docs/ratings.md, docs/protocol.md "Ratings").

``GET /api/ratings/{game}`` is the game's leaderboard on this server; ``GET
/api/ratings/{game}/{player_id}`` one shown player's rating; ``GET /api/me/ratings`` this
browser's player's ratings (the lobby shows the chosen game's). A hidden profile is never
listed, and asking for its rating gets the answer an unknown player gets.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi import Path as FastAPIPath
from pydantic import BaseModel, Field
from sqlalchemy import Connection

import cardtable
from cardtable.server.people import players, ratings_store
from cardtable.server.people.identity import current
from cardtable.server.people.models import Person, PlayerId
from cardtable.server.people.ratings import Rating
from cardtable.server.transport.deps import WriterDep
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.http import MAX_WORD
from cardtable.server.transport.refusals import refusals

router = APIRouter()

GameName = Annotated[str, FastAPIPath(min_length=1, max_length=MAX_WORD)]


class RatingOut(BaseModel):
    """One rating, as the JSON model (``Rating.to_dict``)."""

    game: str
    shown: int = Field(description="on the display scale (a new player: 1500), rounded to 10")
    settled: bool = Field(description="false while the rating is still settling (sigma > 4)")
    matches: int = Field(description="rated matches it rests on")
    mu: float = Field(description="Weng–Lin skill estimate")
    sigma: float = Field(description="its uncertainty")
    ordinal: float = Field(description="mu - 3 sigma: what orders the leaderboard")


class RatedPlayer(Person):
    rating: RatingOut


class Leaderboard(BaseModel):
    game: str
    players: list[RatedPlayer] = Field(description="best first; hidden profiles left out")


class MyRatings(BaseModel):
    ratings: list[RatingOut] = Field(
        description="one per game this player was rated in; empty for a browser with no player")


def _game(name: str) -> str:
    if name not in cardtable.available():
        raise ServerError("ratings/unknown_game", game=name)
    return name


@router.get("/api/ratings/{game}", tags=["people"], response_model=Leaderboard,
            responses=refusals(404))
async def leaderboard(writer: WriterDep, game: GameName,
                      limit: Annotated[int, Query(ge=1, le=ratings_store.LEADERBOARD_SIZE)]
                      = ratings_store.LEADERBOARD_SIZE) -> Any:
    """The game's leaderboard: the best rated players whose profile is shown."""
    name = _game(game)
    board = await writer.query(partial(ratings_store.leaderboard, game=name, limit=limit))
    return Leaderboard(game=name, players=[
        RatedPlayer(**who.public(), rating=RatingOut(**rating.to_dict())) for who, rating in board])


def _shown_rating(db: Connection, player_id: str, game: str) -> Rating | None:
    found = players.by_id(db, player_id)
    if found is None or found.hidden:
        return None
    return ratings_store.rating_of(db, player_id, game)


@router.get("/api/ratings/{game}/{player_id}", tags=["people"], response_model=RatingOut,
            responses=refusals(404))
async def player_rating(writer: WriterDep, game: GameName, player_id: PlayerId) -> Any:
    """One player's rating in the game (a new player's if they have played no rated match);
    a hidden profile is answered as an unknown player."""
    name = _game(game)
    found = await writer.query(partial(_shown_rating, player_id=player_id, game=name))
    if found is None:
        raise ServerError("people/unknown")
    return RatingOut(**found.to_dict())


@router.get("/api/me/ratings", tags=["people"], response_model=MyRatings)
async def my_ratings(request: Request, writer: WriterDep) -> Any:
    """This browser's player's ratings, every game; no player is made for asking."""
    player = await current(request)
    if player is None:
        return MyRatings(ratings=[])
    found = await writer.query(partial(ratings_store.for_player, player_id=player.id))
    return MyRatings(ratings=[RatingOut(**rating.to_dict()) for rating in found])

