"""The friends' pages and pictures: the share link's QR code, the
"My games" page of this browser and the daily deal's page.

The QR code encodes the same link as ``TableInfo.link``, chosen by
``server/features/homenet.py``: the configured public address, else this computer's network
address when the server listens on every interface, else the address the page was opened with
(this computer only; the page says so). It is made by segno, a small pure-Python QR library, as
SVG.
"""

from __future__ import annotations

import io

import segno
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from cardtable.server.features import daily_http
from cardtable.server.transport.deps import LobbyDep
from cardtable.server.transport.http import share_base_of
from cardtable.server.transport.refusals import refusals
from cardtable.web.routes import _shell

router = APIRouter()
router.include_router(daily_http.router)  # the daily deal's API


def qr_svg(text: str) -> bytes:
    """``text`` as a QR code, an SVG document (medium error correction: survives a smudge)."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=4, border=2, xmldecl=False,
                                     dark="#000", light="#fff")
    return buffer.getvalue()


@router.get("/t/{code}/qr.svg", include_in_schema=False, responses=refusals(404, 410))
def table_qr(code: str, request: Request, lobby: LobbyDep) -> Response:
    """The share link's QR code; an unknown table: the JSON refusal of every route (404)."""
    table = lobby.get(code, archived=True)
    return Response(qr_svg(share_base_of(request).link(table.code)), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-cache"})


@router.get("/mine", include_in_schema=False)
def my_games_page(request: Request) -> HTMLResponse:
    return _shell(request, "mygames", "My games")


@router.get("/daily", include_in_schema=False)
def daily_page(request: Request) -> HTMLResponse:
    return _shell(request, "daily", "The daily deal")
