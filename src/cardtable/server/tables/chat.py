"""Chat lines: checked (not empty, not too long) and escaped for HTML when sent, so a client may
insert them as they come (names too). A line whose seat has no name shows "seat N" in the
language it is sent in. Their rate is limited per seat and per address by the table
(``ratelimit.RateLimits.chat``), not per connection: more tabs of one seat share one budget."""

from __future__ import annotations

import html
from typing import Any

from cardtable.i18n import _
from cardtable.server.config import ServerConfig
from cardtable.server.people.deletion_mark import shown
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.protocol import PROTOCOL_VERSION


def checked_line(text: str, config: ServerConfig) -> str:
    """The line to store (stripped), or ``ServerError`` saying why not."""
    text = text.strip()
    if not text:
        raise ServerError("chat/empty")
    if len(text) > config.chat_max_length:
        raise ServerError("chat/too_long", limit=config.chat_max_length)
    return text


def chat_message(code: str, line: dict[str, Any]) -> dict[str, Any]:
    """A stored or new line (``seat``, ``name``, ``text``, ``at``) as a ``chat`` message, made
    in the current language (the receiving connection's)."""
    name = shown(str(line["name"] or "")) or _("seat {seat}").format(seat=line["seat"])
    return {
        "type": "chat",
        "v": PROTOCOL_VERSION,
        "table": code,
        "seat": line["seat"],
        "name": html.escape(name),
        "text": html.escape(str(line["text"])),
        "at": line["at"],
    }
