"""The WebSocket protocol's messages (``docs/protocol.md``): parsing what clients send.

Every client message is one JSON object with a ``type``; ``parse`` turns raw text into one of
the models below or raises ``ServerError`` (``protocol/bad_json``, ``protocol/bad_message``,
``protocol/version``, ``protocol/too_large``). It never raises anything else, whatever the input
(a hypothesis test checks it); every text it returns can be written back as JSON (``inputs.py``).
Server messages are plain dicts built by ``cardtable.server.tables.table``; their shapes are
documented in ``docs/protocol.md``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.inputs import (
    INT64_MAX,
    INT64_MIN,
    Int64,
    check_line,
    check_text,
    encodable,
)

PROTOCOL_VERSION = 1
#: The largest client message the server reads (characters); a longer one is refused unread
#: (``protocol/too_large``) and the connection stays. The transport closes the connection on a
#: message over ``bodylimit.MAX_WS_MESSAGE`` bytes before it gets here.
MAX_MESSAGE = 4096
#: The longest ``ref`` text; a ``ref`` number is a signed 64-bit integer (``inputs.Int64``).
MAX_REF = 64


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    #: An optional client reference, echoed in the ``error`` it may cause (and in ``pong``), so
    #: it must be one the encoder can write back: no lone surrogate, no integer over 64 bits.
    ref: Annotated[str, Field(max_length=MAX_REF), AfterValidator(check_text)] | Int64 | None = None


#: A language tag (``eu``, ``pt-BR``, ``hu-HU``); one cardtable does not speak is ignored.
LanguageTag = Annotated[str, Field(max_length=35), AfterValidator(check_text)]
#: A state version: what the server sent (never negative), bounded so no error repeats a huge one.
Version = Annotated[int, Field(ge=0, le=INT64_MAX)]


class Hello(_Message):
    type: Literal["hello"]
    v: Int64 = PROTOCOL_VERSION
    token: Annotated[str, Field(max_length=128), AfterValidator(check_text)] | None = None
    #: The connection's language, before the handshake's ``?lang=``, cookie and header.
    lang: LanguageTag | None = None


class Act(_Message):
    type: Literal["action"]
    action: Annotated[str, Field(max_length=200), AfterValidator(check_text)]
    version: Version


class Hint(_Message):
    type: Literal["hint"]
    version: Version


class Chat(_Message):
    type: Literal["chat"]
    #: Shown to everyone: no lone surrogate nor control character but line breaks and tabs;
    #: the table's chat limits (length, rate) come next.
    text: Annotated[str, Field(max_length=2000), AfterValidator(check_line)]


class Sync(_Message):
    type: Literal["sync"]
    #: Switch the connection to this language first (the full state then comes in it).
    lang: LanguageTag | None = None


class Speed(_Message):
    """How fast this person wants the bots to move (``server/tables/pace.py``): the table plays at
    the slowest speed its seated people chose."""

    type: Literal["speed"]
    speed: Literal["slow", "normal", "fast"]


class Ping(_Message):
    type: Literal["ping"]


class Continue(_Message):
    """A person is ready for the next deal (the deal-end pause, ``Table.continue_deal``)."""

    type: Literal["continue"]
    deal: int


class Rematch(_Message):
    """Play again with the same people (``server/tables/rematch.py``): offer or accept (``true``) or
    decline (``false``) a new match at a finished table."""

    type: Literal["rematch"]
    accept: bool


class Leave(_Message):
    """Leave the table for good (``server/tables/leave.py``): a bot plays the seat, or a table with
    no other person closes."""

    type: Literal["leave"]


class Replace(_Message):
    """Give an absent person's seat to a bot for the rest of the match, once the game clock
    made their last moves (``server/tables/clock_replace.py``)."""

    type: Literal["replace"]
    seat: int


AnyMessage = (Hello | Act | Hint | Chat | Sync | Speed | Ping | Continue | Rematch | Leave
              | Replace)
ClientMessage = Annotated[AnyMessage, Field(discriminator="type")]
_ADAPTER: TypeAdapter[AnyMessage] = TypeAdapter(ClientMessage)


def parse(text: str | bytes) -> AnyMessage:
    """One client message from its JSON text; ``ServerError`` for anything else."""
    if len(text) > MAX_MESSAGE:
        raise ServerError("protocol/too_large", limit=MAX_MESSAGE)
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
    """The ``ref`` of a message that could not be parsed whole, if one can be read and written
    back (a text of at most ``MAX_REF`` characters without lone surrogates, or a 64-bit
    integer); ``None`` otherwise, and for a message too long to read."""
    if len(text) > MAX_MESSAGE:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    if isinstance(ref, int) and not isinstance(ref, bool):
        return ref if INT64_MIN <= ref <= INT64_MAX else None
    if isinstance(ref, str) and len(ref) <= MAX_REF and encodable(ref):
        return ref
    return None
