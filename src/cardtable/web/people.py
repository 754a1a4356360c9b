"""The players' pages (docs/people.md): a player's profile, the page a one-time sign-in link
opens (and signing in with a passkey), and the QR code of such a link.

The QR code is asked for with a POST carrying the link, so the link's secret never appears in
an address (a server log, a browser's history); only this server's own sign-in links are
drawn.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from cardtable.i18n import _
from cardtable.server.transport.deps import config_of
from cardtable.web.friends import qr_svg
from cardtable.web.routes import _shell

router = APIRouter()


class LinkToDraw(BaseModel):
    link: str = Field(max_length=300)


@router.get("/signin", include_in_schema=False)
def signin_page(request: Request) -> HTMLResponse:
    return _shell(request, "signin", "Sign in on this device")


@router.get("/p/{player_id}", include_in_schema=False)
def profile_page(player_id: str, request: Request) -> HTMLResponse:
    """A player's profile; the page asks ``/api/players/{id}``, which answers for hidden and
    unknown players alike."""
    return _shell(request, "profile", "Player", player=player_id[:24])


@router.post("/signin/qr.svg", include_in_schema=False)
def signin_qr(body: LinkToDraw, request: Request) -> Response:
    base = config_of(request).public_url or str(request.base_url).rstrip("/")
    if not body.link.startswith(f"{base.rstrip('/')}/signin#"):
        return JSONResponse({"error": {"code": "people/bad_link",
                                       "message": _("this is not a sign-in link of this server")}},
                            status_code=422)
    return Response(qr_svg(body.link), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-store"})
