"""The installable app (docs/notifications.md, "An installable app"): the web app manifest, the
service worker, and the offline page it shows when the network is away.

The service worker caches the static files under ``STATIC_VERSION``, the package's version and
a hash of the files' contents, written into the worker's text when it is served: any change of
the client makes a new worker, which caches the new files under the new name, takes over at
once, and drops every older cache when it activates. So an upgraded server never serves a stale
client: pages themselves always come from the network (the offline page only when it fails).
"""

from __future__ import annotations

import hashlib
import json
from html import escape
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from cardtable import __version__
from cardtable.i18n import N_, translation
from cardtable.web.routes import page_language

router = APIRouter()

STATIC = Path(__file__).parent / "static"
WORKER = STATIC / "sw.js"
#: The files the worker caches when it installs: the client's scripts, styles and icons.
PRECACHED = sorted(p for p in STATIC.rglob("*") if p.is_file() and p.suffix in
                   (".js", ".css", ".svg", ".png") and p != WORKER)


def _version() -> str:
    digest = hashlib.sha256()
    for path in PRECACHED:
        digest.update(path.relative_to(STATIC).as_posix().encode())
        digest.update(path.read_bytes())
    return f"{__version__}-{digest.hexdigest()[:12]}"


#: The offline page's words (drawn by the server, in the request's language).
OFFLINE = (N_("Offline"), N_("You are offline"),
           N_("cardtable will reconnect by itself as soon as the network is back."))

#: What names the worker's cache (module docstring).
STATIC_VERSION = _version()


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> Response:
    """The worker, with its version and the files to cache written in; browsers check it for a
    new version on every visit (``no-cache``)."""
    urls = [f"/static/{p.relative_to(STATIC).as_posix()}" for p in PRECACHED] + ["/offline"]
    head = f"const VERSION = {json.dumps(STATIC_VERSION)};\nconst PRECACHE = {json.dumps(urls)};\n"
    return Response(head + WORKER.read_text(encoding="utf-8"), media_type="text/javascript",
                    headers={"Cache-Control": "no-cache"})


@router.get("/manifest.webmanifest", include_in_schema=False)
async def manifest() -> JSONResponse:
    """What a browser installs: the name, the icons drawn for the project, full screen."""
    icons = [{"src": f"/static/icons/icon-{size}.png", "sizes": f"{size}x{size}",
              "type": "image/png", "purpose": "any"} for size in (192, 512)]
    icons.append({"src": "/static/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    return JSONResponse({
        "name": "cardtable", "short_name": "cardtable", "id": "/", "start_url": "/",
        "scope": "/", "display": "standalone", "background_color": "#1f5f3b",
        "theme_color": "#1f5f3b", "icons": icons,
    }, media_type="application/manifest+json")


@router.get("/offline", include_in_schema=False)
async def offline_page(request: Request) -> HTMLResponse:
    """What the worker shows when a page cannot be fetched: it says so, and reloads by itself
    once the server answers again (``offline.js``)."""
    lang = page_language(request)
    gettext = translation(lang).gettext
    title, heading, line = OFFLINE
    return HTMLResponse(
        f'<!doctype html><html lang="{escape(lang.replace("_", "-"))}"><head>'
        '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(gettext(title))} · cardtable</title>"
        '<link rel="stylesheet" href="/static/app.css">'
        '<link rel="icon" href="/static/icons/icon.svg"></head><body class="prose">'
        '<header class="top"><span class="brand">cardtable</span></header>'
        f'<main id="app"><h1>{escape(gettext(heading))}</h1>'
        f'<p id="offline">{escape(gettext(line))}</p></main>'
        '<script type="module" src="/static/js/offline.js"></script></body></html>')
