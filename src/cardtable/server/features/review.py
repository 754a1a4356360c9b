"""The coach's review of a finished deal, for the replay viewer:
``GET /api/tables/{code}/deals/{number}/review``.

Why here and so: a review plays thousands of sampled deals (``cardtable.bots.review``), about a
second per player and deal, so it runs in the bots' fair pool (``services.pool.run``, never on
the event loop, counted as a bounded job of its table, so one table cannot queue many), and
each deal's review is computed once and kept (``CACHE_SIZE`` reviews, least recently used
dropped): a finished deal never changes. The review grades every seat's decisions from that
seat's view at the time, as the bots see it, so it reveals nothing the replay does not.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from cardtable.bots.review import review_record
from cardtable.errors import CardtableError
from cardtable.i18n import _
from cardtable.server.features.daily import sealed_async
from cardtable.server.transport.deps import LobbyDep
from cardtable.server.transport.refusals import refusals

#: Reviews kept in memory (a few kB each).
CACHE_SIZE = 256
#: Sampled deals per decision: None, the game's own default (the CLI's).
SAMPLES: int | None = None

router = APIRouter()
_cache: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
_running: dict[tuple[str, int, str], asyncio.Future[dict[str, Any]]] = {}


def _review(record: dict[str, Any]) -> dict[str, Any]:
    return review_record(record, samples=SAMPLES, seed=0).to_json()


@router.get(
    "/api/tables/{code}/deals/{number}/review", tags=["records"],
    responses=refusals(403, 404, 409, 503)
)
async def deal_review(code: str, number: int, lobby: LobbyDep) -> Any:
    """The coach's grades of every decision of finished deal ``number`` (from 1): the move
    played, the best move, the expected points lost with a 95% interval and a label (good,
    inaccuracy, mistake, blunder), and a summary per seat; computed once in the bots' pool."""
    await sealed_async(lobby, code)  # a daily deal's grades show its hands
    table = lobby.get(code, archived=True)
    record = table.record(number)
    if record is None:
        return JSONResponse(
            {
                "error": {
                    "code": "record/none",
                    "message": _("deal {n} is not finished").format(n=number),
                }
            },
            status_code=404,
        )
    # keyed by the record itself too: a code used again later names another deal
    key = (table.code, number, json.dumps(record, sort_keys=True))
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    running = _running.get(key)
    try:
        if running is None:  # one computation per deal, however many ask at once
            running = asyncio.ensure_future(
                lobby.services.pool.run(table.code, _review, record, bounded=True)
            )
            _running[key] = running
            running.add_done_callback(lambda _f: _running.pop(key, None))
        # the table's bounded jobs queued: ``server/busy``, 503 with Retry-After (http.py)
        result = await asyncio.shield(running)
    except CardtableError as error:
        return JSONResponse(
            {"error": {"code": "record/bad", "message": str(error)}}, status_code=422
        )
    _cache[key] = result
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return result
