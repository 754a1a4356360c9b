"""The WebSocket protocol's messages (``docs/protocol.md``): parsing what clients send.

Every client message is one JSON object with a ``type``; ``parse`` turns raw text into one of
the models below or raises ``ServerError`` (``protocol/bad_json``, ``protocol/bad_message``,
``protocol/version``). It never raises anything else, whatever the input (a hypothesis test
checks it). Server messages are plain dicts built by ``cardtable.server.table``; their shapes
are documented in ``docs/protocol.md``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from cardtable.server.errors import ServerError

PROTOCOL_VERSION = 1
#: The largest client message accepted (characters); anything longer is refused unread.
MAX_MESSAGE = 4096


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    #: An optional client reference, echoed in the ``error`` it may cause.
    ref: Annotated[str, Field(max_length=64)] | int | None = None


#: A language tag (``eu``, ``pt-BR``, ``hu-HU``); one cardtable does not speak is ignored.
LanguageTag = Annotated[str, Field(max_length=35)]


class Hello(_Message):
    type: Literal["hello"]
    v: int = PROTOCOL_VERSION
    token: Annotated[str, Field(max_length=128)] | None = None
    #: The connection's language, before the handshake's ``?lang=``, cookie and header.
    lang: LanguageTag | None = None


class Act(_Message):
    type: Literal["action"]
    action: Annotated[str, Field(max_length=200)]
    version: int


class Hint(_Message):
    type: Literal["hint"]
    version: int


class Chat(_Message):
    type: Literal["chat"]
    text: Annotated[str, Field(max_length=2000)]


class Sync(_Message):
    type: Literal["sync"]
    #: Switch the connection to this language first (the full state then comes in it).
    lang: LanguageTag | None = None


class Ping(_Message):
    type: Literal["ping"]


class Continue(_Message):
    """A person is ready for the next deal (the deal-end pause, ``Table.continue_deal``)."""

    type: Literal["continue"]
    deal: int


AnyMessage = Hello | Act | Hint | Chat | Sync | Ping | Continue
ClientMessage = Annotated[AnyMessage, Field(discriminator="type")]
_ADAPTER: TypeAdapter[AnyMessage] = TypeAdapter(ClientMessage)


def parse(text: str | bytes) -> AnyMessage:
    """One client message from its JSON text; ``ServerError`` for anything else."""
    if len(text) > MAX_MESSAGE:
        raise ServerError("protocol/bad_message")
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        raise ServerError("protocol/bad_json") from None
    if not isinstance(data, dict):
        raise ServerError("protocol/bad_json")
    try:
        message = _ADAPTER.validate_python(data)
    except (ValidationError, RecursionError):
        raise ServerError("protocol/bad_message") from None
    if isinstance(message, Hello) and message.v != PROTOCOL_VERSION:
        raise ServerError("protocol/version", version=PROTOCOL_VERSION)
    return message


def ref_of(text: str | bytes) -> str | int | None:
    """The ``ref`` of a message that could not be parsed whole, if one can be read."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    if isinstance(ref, int) and not isinstance(ref, bool):
        return ref
    return ref[:64] if isinstance(ref, str) else None
