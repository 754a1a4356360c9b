"""The shapes of players in the HTTP API that several route modules answer with."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path
from pydantic import BaseModel, Field

#: A player's public id as the routes' paths take it (``players.new_id`` makes 16 URL-safe
#: characters); one definition for the profile, rating and friends routes.
PlayerId = Annotated[str, Path(min_length=1, max_length=24, pattern=r"^[A-Za-z0-9_-]+$")]


class Person(BaseModel):
    """A player as others see them: the public id, the name and the avatar."""

    id: str
    name: str
    colour: str
    initials: str


class Me(BaseModel):
    id: str = Field(description="public: names the player's profile")
    name: str = Field(description="the name they show; empty until they choose or join")
    colour: str = Field(description="the avatar's background, #rrggbb")
    initials: str = Field(description="the avatar's letters")
    language: str | None
    hidden: bool = Field(description="their profile is shown to nobody else")
    created_at: str
