"""The application: FastAPI with the lobby API, the WebSocket and the pages, and a lifespan
that migrates the database, rebuilds unfinished tables on start (then tunes the garbage
collector, ``collector.py``), and on shutdown stops every timer and bot and commits everything
submitted (nothing accepted is lost)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from cardtable import __version__, web
from cardtable.i18n import _
from cardtable.server import db, http, ws
from cardtable.server.collector import Collector
from cardtable.server.config import ServerConfig
from cardtable.server.languages import RequestLanguage
from cardtable.server.lobby import Lobby
from cardtable.server.migrations import upgrade
from cardtable.server.pool import FairPool
from cardtable.server.ratelimit import RateLimits
from cardtable.server.table import Services
from cardtable.server.writer import Writer

log = logging.getLogger("cardtable.server")
STATIC = Path(__file__).parent.parent / "web" / "static"


def create_app(config: ServerConfig | None = None) -> FastAPI:
    config = config or ServerConfig.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if not config.db:
            config.data_dir.mkdir(parents=True, exist_ok=True)
        engine = db.make_engine(config.db_url)
        upgrade(engine)
        writer = Writer(engine)
        pool = FairPool(config.bot_threads, config.bot_queue_per_table)
        services = Services(config=config, writer=writer, pool=pool, limits=RateLimits(config))
        lobby = Lobby(services)
        rebuilt = lobby.rebuild()
        writer.start()
        lobby.resume()
        app.state.lobby = lobby
        app.state.config = config
        collector = Collector()
        collector.tune()  # after the rebuild: the tables rebuilt at start are frozen too
        log.info("server ready", extra={"tables_rebuilt": rebuilt,
                                        "db": engine.url.render_as_string(hide_password=True)})
        try:
            yield
        finally:
            await lobby.close()
            await writer.close()
            pool.shutdown()
            engine.dispose()
            collector.restore()
            log.info("server stopped")

    app = FastAPI(
        title="cardtable",
        version=__version__,
        summary="Punttu, Pontinho and Putto online: lobby API; play over /ws/{code}.",
        lifespan=lifespan,
    )
    app.state.config = config
    app.include_router(http.router)
    app.include_router(ws.router)
    app.include_router(web.router)  # the browser client (replaces the placeholder pages)
    app.add_middleware(RequestLanguage)  # each request in its own language (languages.py)
    if config.forwarded_allow_ips:
        # the client's address from X-Forwarded-For, only as sent by these proxies (ratelimit.py)
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=config.forwarded_allow_ips)

    @app.exception_handler(404)
    async def not_found(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse(
            {"error": {"code": "http/not_found", "message": _("not found")}}, status_code=404
        )

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
