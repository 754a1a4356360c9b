"""The shapes of players in the HTTP API that several route modules answer with."""

from __future__ import annotations

from pydantic import BaseModel, Field


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
