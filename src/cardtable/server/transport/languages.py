"""The language of each request and connection: ``?lang=``, else the ``lang`` cookie, else the
best ``Accept-Language`` that cardtable speaks (``cardtable.i18n.requested_language``, the same
rule as the browser client's pages), else the server's default (``--lang``/``CARDTABLE_LANG``,
English unless set).

``RequestLanguage`` is the ASGI middleware that runs every HTTP request inside
``cardtable.i18n.language(...)``. The language lives in a context variable, so it reaches the
endpoint wherever it runs: an ``async def`` endpoint in the request's task, a plain ``def`` one
in the thread pool (``run_in_threadpool`` copies the context); no other request sees it. The
WebSocket handler (``ws.py``) picks a language per connection with ``request_language`` and
renders everything it sends that connection in it.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardtable.i18n import current_language, language, requested_language

#: Paths whose answers never depend on the language: the client's files and the card pictures,
#: which shared caches keep (``Cache-Control: public``) and the web routes keep in memory.
LANGUAGE_NEUTRAL = ("/static/", "/cards/")


def request_language(connection: HTTPConnection) -> str | None:
    """The language a request or WebSocket handshake asks for, ``None`` if it names none that
    cardtable speaks."""
    return requested_language(
        connection.query_params.get("lang"),
        connection.cookies.get("lang"),
        connection.headers.get("accept-language"),
    )


def language_of(connection: HTTPConnection) -> str:
    """The language to answer ``connection`` in: the one it asks for, else the server's."""
    return request_language(connection) or current_language()


class RequestLanguage:
    """ASGI middleware: each HTTP request is handled inside ``language(its language)``; the
    answers say ``Vary: Accept-Language, Cookie`` since they may differ by both."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or str(scope.get("path", "")).startswith(LANGUAGE_NEUTRAL):
            await self.app(scope, receive, send)
            return

        async def send_varying(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.add_vary_header("Accept-Language")
                headers.add_vary_header("Cookie")
            await send(message)

        with language(language_of(HTTPConnection(scope))):
            await self.app(scope, receive, send_varying)
