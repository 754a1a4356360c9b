"""The leaderboard page (docs/ratings.md): ``/ratings/{game}``, drawn by ``leaderboard.js`` from
``GET /api/ratings/{game}``."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

import cardtable
from cardtable.i18n import _
from cardtable.web.ratings_strings import LEADERBOARD_TITLE
from cardtable.web.routes import _shell

router = APIRouter()


@router.get("/ratings/{game}", include_in_schema=False)
def leaderboard_page(game: str, request: Request) -> Response:
    if game not in cardtable.available():
        return JSONResponse(
            {"error": {"code": "http/not_found", "message": _("not found")}}, status_code=404
        )
    return _shell(request, "leaderboard", LEADERBOARD_TITLE, game=game)
