"""At most ``MAX_BODY`` bytes per HTTP request body (pure ASGI middleware).

Nothing else bounds a body: a 200 MB ``POST`` was read whole into memory (the server peaked at
1.37 GB) and the validation error echoed it back. Every request body of this API is a small
JSON object, so anything longer is refused with 413 ``request/too_large`` before the app sees
it: at once when ``Content-Length`` says so, else as soon as the bytes received pass the limit
(a chunked body). The rest is never read, nor repeated. A body within the limit is read here
(at most ``MAX_BODY`` bytes held) and handed to the app unchanged.

WebSocket messages have their own limits: ``MAX_WS_MESSAGE`` bytes at the transport (uvicorn's
``ws_max_size``: a longer frame closes the connection, code 1009) and ``protocol.MAX_MESSAGE``
characters for a message the server reads (``protocol/too_large``; the connection stays).
"""

from __future__ import annotations

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardtable.server.transport.errors import ServerError

#: The largest HTTP request body (bytes).
MAX_BODY = 64 * 1024
#: The largest WebSocket message the transport accepts (bytes), given to uvicorn.
MAX_WS_MESSAGE = 64 * 1024


def _declared_length(scope: Scope) -> int | None:
    """The request's ``Content-Length``; ``None`` when absent or not a number."""
    for key, value in scope.get("headers", ()):
        if key == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class BodyLimit:
    """ASGI middleware: 413 ``request/too_large`` for a body over ``limit`` bytes."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared is not None and declared > self.limit:
            await self._refuse(send)
            return
        received: list[Message] = []
        size = 0
        while True:
            message = await receive()
            received.append(message)
            if message["type"] != "http.request":
                break  # the client went away: the app sees it as it would have
            size += len(message.get("body", b""))
            if size > self.limit:
                await self._refuse(send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return received.pop(0) if received else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        error = ServerError("request/too_large", limit=self.limit // 1024)
        body = orjson.dumps({"error": error.to_dict()})
        await send({
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode("ascii")),
                (b"connection", b"close"),
            ],
        })
        await send({"type": "http.response.body", "body": body})
