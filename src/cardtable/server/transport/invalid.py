"""A request pydantic refused, answered in the project's error shape (``request/invalid``).

FastAPI's own answer to a ``RequestValidationError`` is ``{"detail": [...]}`` holding the input
it refused: a 200 kB name came back whole, and a name with a lone surrogate could not even be
encoded (a 500). This answer is ``{"error": {"code": "request/invalid", "message": …}}``: the
message names the first field refused and what it must be, in the request's language, and never
repeats what was sent (field names are cut and cleaned too: an option's name is the client's).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from cardtable.i18n import N_, _
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.inputs import printable

#: pydantic error type → what the value must be (``{…}`` from the error's context).
PROBLEMS: dict[str, str] = {
    "missing": N_("it is required"),
    "extra_forbidden": N_("there is no such field"),
    "string_too_short": N_("it cannot be empty"),
    "string_too_long": N_("it holds at most {max_length} characters"),
    "too_short": N_("it holds at least {min_length} entries"),
    "too_long": N_("it holds at most {max_length} entries"),
    "greater_than_equal": N_("it must be at least {ge}"),
    "less_than_equal": N_("it must be at most {le}"),
    "greater_than": N_("it must be more than {gt}"),
    "less_than": N_("it must be less than {lt}"),
    "finite_number": N_("it must be a finite number"),
    "literal_error": N_("it must be one of {expected}"),
    "json_invalid": N_("the body is not valid JSON"),
    "string_unicode": N_("the text holds an invalid character (a lone surrogate)"),
}
WRONG_TYPE = N_("it is not a value of the right type")
#: The parts of an error's location that name a union's member, not a field (``bool``,
#: ``constrained-str``, ``function-after[check_text(), constrained-str]``…).
_UNION_MEMBER = re.compile(r"^(bool|int|float|str|constrained-\w+|function-\w+\[.*\])$")
_LONGEST_FIELD = 120


def field_name(location: Sequence[int | str]) -> str:
    """``("body", "seats", 2, "kind")`` → ``seats[2].kind``, without union members."""
    parts = list(location)
    if parts and parts[0] in ("body", "query", "path", "header", "cookie") and len(parts) > 1:
        parts = parts[1:]
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif _UNION_MEMBER.match(part):
            break
        elif part == "[key]":
            continue  # a dict's key was refused: the field named is that key
        else:
            text += ("." if text else "") + printable(part, 20)
    return printable(text or "body", _LONGEST_FIELD)


def problem(error: Mapping[str, Any]) -> str:
    """What the value must be, in the current language; never the value itself."""
    kind = str(error.get("type", ""))
    context = error.get("ctx") or {}
    if kind == "value_error" and isinstance(context.get("error"), ValueError):
        # our own checks (``inputs.py``) raise messages already in the request's language
        return printable(str(context["error"]), 200)
    template = PROBLEMS.get(kind)
    if template is None:
        return _(WRONG_TYPE)
    try:
        return _(template).format(**{k: printable(str(v), 80) for k, v in context.items()})
    except (KeyError, IndexError):
        return _(WRONG_TYPE)


def refusal(errors: Sequence[Any]) -> ServerError:
    """The ``request/invalid`` error for pydantic's ``errors`` (the first one is named)."""
    first = errors[0] if errors and isinstance(errors[0], Mapping) else {}
    if first.get("type") == "json_invalid":
        return ServerError("request/invalid", field="body", problem=problem(first))
    return ServerError("request/invalid", field=field_name(first.get("loc", ())),
                       problem=problem(first))


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's and FastAPI's own HTTP errors in the project's shape: the 400 for a body it
    cannot even decode (not UTF-8) is the same refusal as a body that is not JSON (422
    ``request/invalid``); a 405 is ``http/method_not_allowed``. Any other keeps FastAPI's."""
    status = exc.status_code if isinstance(exc, StarletteHTTPException) else 500
    if status == 400:
        error = ServerError("request/invalid", field="body", problem=_(PROBLEMS["json_invalid"]))
        return JSONResponse({"error": error.to_dict()}, status_code=422)
    if status == 405:
        return JSONResponse(
            {"error": {"code": "http/method_not_allowed",
                       "message": _("this address does not answer that method")}},
            status_code=405, headers=getattr(exc, "headers", None),
        )
    return await http_exception_handler(request, exc)  # type: ignore[arg-type]


async def invalid_request(request: Request, exc: Exception) -> JSONResponse:
    """The exception handler for ``RequestValidationError``: 422 in the project's shape."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    return JSONResponse({"error": refusal(errors).to_dict()}, status_code=422)
