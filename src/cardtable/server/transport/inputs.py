"""What every piece of text a client sends must be before anything looks at it.

JSON may carry a lone surrogate (``"\\ud800"``): Python decodes it into a ``str`` that cannot be
encoded as UTF-8, so storing it, logging it or sending it back (orjson, Starlette's JSON answers)
fails later, far from the request, as a 500 or a dropped WebSocket. Such text is refused where it
comes in. Names are shown to other people, so they are also trimmed, never empty and free of
control characters (a newline or an escape sequence in a name would forge lines or colours in a
terminal or a log), and may not imitate a bot or "You" (``names.py``).

The checks raise ``ValueError``: inside a pydantic model that is a validation error (HTTP: 422
``request/invalid``; WebSocket: ``protocol/bad_message``). Messages never repeat the input.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator, Field

from cardtable.i18n import _
from cardtable.server.transport.names import imitation

#: The longest player name (characters, after trimming).
MAX_NAME = 40
#: Characters that reorder the text around them (a name could make the rest of a line read
#: backwards); other format characters (the joiners of emoji and of some scripts) are fine.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: The signed 64-bit range: the integers every JSON encoder here (orjson) and storage can hold.
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


def encodable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_text(text: str) -> str:
    """``text`` unchanged, or ``ValueError`` if it holds a lone surrogate."""
    if not encodable(text):
        raise ValueError(_("the text holds an invalid character (a lone surrogate)"))
    return text


def check_name(text: str) -> str:
    """A player's name, trimmed; ``ValueError`` if it is empty, too long, or holds a lone
    surrogate or a control character."""
    check_text(text)
    name = text.strip()
    if not name:
        raise ValueError(_("a name cannot be empty"))
    if len(name) > MAX_NAME:
        raise ValueError(_("a name holds at most {limit} characters").format(limit=MAX_NAME))
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in BIDI_CONTROLS for c in name):
        raise ValueError(_("a name cannot hold control characters or line breaks"))
    reason = imitation(name)  # "You", "Bot 2 (hard)", zero-width characters (names.py)
    if reason is not None:
        raise ValueError(reason)
    return name


def check_line(text: str) -> str:
    """A chat line: ``check_text``, and no control character but line breaks and tabs (an
    escape sequence would recolour a terminal that shows the chat or the logs)."""
    check_text(text)
    if any(unicodedata.category(c) == "Cc" and c not in "\n\t" for c in text):
        raise ValueError(_("the text holds a control character"))
    return text


def printable(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters with anything unencodable replaced: safe to name a
    field in an error message without echoing what was sent."""
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    return short.encode("utf-8", "replace").decode("utf-8")


#: Text from a client is ``Annotated[str, Field(max_length=…), AfterValidator(check_text)]``:
#: the length first, so a long text is refused before it is scanned.
#: A player's name (``check_name``); the length bound before the check keeps it cheap.
Name = Annotated[str, Field(min_length=1, max_length=4 * MAX_NAME), AfterValidator(check_name)]
#: An integer that fits in 64 bits, so it can be echoed and stored.
Int64 = Annotated[int, Field(ge=INT64_MIN, le=INT64_MAX)]
