"""The push routes (docs/notifications.md, docs/protocol.md "Push"): the server's public VAPID
key, and this player's subscriptions — stored with the kinds of message each wants, or
deleted. A subscription belongs to the player whose cookie made it."""

from __future__ import annotations

import base64
import binascii
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field, field_validator

from cardtable.i18n import _
from cardtable.server.features.push import subscriptions
from cardtable.server.features.push.sender import PushSender
from cardtable.server.people.identity import ensure
from cardtable.server.transport.deps import ConfigDep, LobbyDep, WriterDep
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.http import Strict
from cardtable.server.transport.refusals import refusals

router = APIRouter()


class PushKey(BaseModel):
    public_key: str = Field(description="the server's VAPID public key, base64url: the "
                                        "browser's applicationServerKey")


class Keys(Strict):
    p256dh: Annotated[str, Field(max_length=128, description="the browser's P-256 key")]
    auth: Annotated[str, Field(max_length=64, description="the browser's auth secret")]

    @field_validator("p256dh")
    @classmethod
    def _point(cls, value: str) -> str:
        if len(_decoded(value)) != 65:
            raise ValueError("p256dh must be an uncompressed P-256 point (65 bytes, base64url)")
        return value

    @field_validator("auth")
    @classmethod
    def _secret(cls, value: str) -> str:
        if len(_decoded(value)) != 16:
            raise ValueError("auth must be 16 bytes, base64url")
        return value


class Kinds(Strict):
    turn: bool = Field(True, description="it is your turn at a table")
    invite: bool = Field(True, description="a friend invited you to a table")
    match_over: bool = Field(True, description="a match you played is over")


class NewSubscription(Strict):
    endpoint: Annotated[str, Field(max_length=1024, description="the push service's URL")]
    keys: Keys
    kinds: Kinds = Field(default_factory=lambda: Kinds(turn=True, invite=True, match_over=True),
                         description="what to be told; all by default")


class Unsubscribe(Strict):
    endpoint: Annotated[str, Field(max_length=1024)]


def _decoded(value: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("not base64url") from None


@router.get("/api/push/key", tags=["push"], response_model=PushKey)
async def push_key(lobby: LobbyDep) -> Any:
    """The key a browser subscribes with (``pushManager.subscribe``'s
    ``applicationServerKey``)."""
    sender: PushSender = lobby.services.push
    keys = sender.keys
    assert keys is not None
    return PushKey(public_key=keys.public_key)


@router.post("/api/push/subscription", tags=["push"], status_code=204, response_model=None,
             response_class=Response, responses=refusals(403, 429))
async def subscribe(body: NewSubscription, request: Request, response: Response,
                    config: ConfigDep, writer: WriterDep) -> Any:
    """Store this browser's subscription for this player (again: its kinds are replaced)."""
    plain = config.push_plain_http
    if not body.endpoint.startswith(("https://", "http://") if plain else ("https://",)):
        raise ServerError("request/invalid", field="endpoint", problem=_("an https:// address"))
    player = await ensure(request, response)
    await writer.run(partial(
        subscriptions.save, player_id=player.id, endpoint=body.endpoint,
        p256dh=body.keys.p256dh, auth=body.keys.auth, kinds=body.kinds.model_dump()))
    return None


@router.delete("/api/push/subscription", tags=["push"], status_code=204, response_model=None,
               response_class=Response, responses=refusals(403, 429))
async def unsubscribe(body: Unsubscribe, request: Request, response: Response,
                      writer: WriterDep) -> Any:
    """Forget this player's subscription at ``endpoint`` (none there: nothing to do)."""
    player = await ensure(request, response)
    await writer.run(partial(
        subscriptions.remove, player_id=player.id, endpoint=body.endpoint))
    return None

