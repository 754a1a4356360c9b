"""The page a friend link opens (``/f#SECRET``, docs/people.md "Friends"): the secret stays
after ``#``, so the page posts it only when the person presses the button."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from cardtable.web.routes import _shell

router = APIRouter()


@router.get("/f", include_in_schema=False)
def friend_link_page(request: Request) -> HTMLResponse:
    return _shell(request, "friendlink", "Become friends")
