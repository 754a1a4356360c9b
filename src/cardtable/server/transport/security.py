"""Security headers on every HTTP answer: what a browser may load, run and frame for a page.

- ``Content-Security-Policy``: scripts only from this server's files (no inline script, none
  from elsewhere: the pages are shells that load ``/static/js/*.js``), connections to this
  server and its WebSockets, pictures from it or ``data:`` (the share QR code), styles from it
  (inline styles stay allowed: the rules sheet carries its own), and ``frame-ancestors
  'none'``: no other site may frame a table to click on a player's behalf.
- ``X-Frame-Options: DENY``: the same for browsers without ``frame-ancestors``.
- ``X-Content-Type-Options: nosniff``: a file is only what its type says.
- ``Referrer-Policy: same-origin``: a table's code in a URL never leaves for another site.

The OpenAPI pages ``/docs`` and ``/redoc`` are FastAPI's, which load their script from a CDN and
start it inline: they get the other headers, without the policy, rather than a blank page.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
)
#: FastAPI's own API explorers (see the module docstring).
UNPOLICED = ("/docs", "/redoc")


class SecurityHeaders:
    """ASGI middleware adding the headers above to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policed = not str(scope.get("path", "")).startswith(UNPOLICED)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() not in {name for name, _ in HEADERS}]
                headers.extend(HEADERS)
                if policed:
                    headers.append((b"content-security-policy", POLICY.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
