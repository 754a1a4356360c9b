"""Chat lines: checked (not empty, not too long), rate-limited per connection, and escaped for
HTML when sent, so a client may insert them as they come (names too). A line whose seat has no
name shows "seat N" in the language it is sent in."""

from __future__ import annotations

import html
import time
from typing import Any

from cardtable.i18n import _
from cardtable.server.config import ServerConfig
from cardtable.server.errors import ServerError
from cardtable.server.protocol import PROTOCOL_VERSION


class RateWindow:
    """The times of a connection's recent lines: at most ``burst`` per ``window`` seconds."""

    def __init__(self) -> None:
        self.times: list[float] = []

    def admit(self, burst: int, window: float, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        recent = [t for t in self.times if now - t < window]
        if len(recent) >= burst:
            self.times = recent
            raise ServerError("chat/rate_limited")
        self.times = [*recent, now]


def checked_line(text: str, rate: RateWindow, config: ServerConfig) -> str:
    """The line to store (stripped), or ``ServerError`` saying why not; counts toward the rate
    only when it is accepted."""
    text = text.strip()
    if not text:
        raise ServerError("chat/empty")
    if len(text) > config.chat_max_length:
        raise ServerError("chat/too_long", limit=config.chat_max_length)
    rate.admit(config.chat_burst, config.chat_window)
    return text


def chat_message(code: str, line: dict[str, Any]) -> dict[str, Any]:
    """A stored or new line (``seat``, ``name``, ``text``, ``at``) as a ``chat`` message, made
    in the current language (the receiving connection's)."""
    name = str(line["name"] or "") or _("seat {seat}").format(seat=line["seat"])
    return {
        "type": "chat",
        "v": PROTOCOL_VERSION,
        "table": code,
        "seat": line["seat"],
        "name": html.escape(name),
        "text": html.escape(str(line["text"])),
        "at": line["at"],
    }
