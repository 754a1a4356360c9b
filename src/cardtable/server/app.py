"""The application: FastAPI with the lobby API, the WebSocket and the pages, and a lifespan
that takes the one-server lock and proves the database takes writes (``instance.py``: a second
server, or a read-only or unreachable database, stops the start with a clear message and a
non-zero exit), migrates the database, rebuilds unfinished tables on start (then tunes the
garbage collector, ``collector.py``), and on shutdown stops every timer and bot and commits
everything submitted (nothing accepted is lost).

``/healthz`` is liveness (the process answers); ``/readyz`` is readiness (the database answers
and takes writes): a balancer sends players only to a ready server."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from cardtable import __version__, web
from cardtable.errors import CardtableError
from cardtable.i18n import _
from cardtable.server.cluster.cluster import Cluster
from cardtable.server.cluster.instance import ServerLock, keep
from cardtable.server.config import ServerConfig
from cardtable.server.features import review
from cardtable.server.features.push import http as push_http
from cardtable.server.features.push import notify as push_notify
from cardtable.server.features.push.sender import PushSender
from cardtable.server.lobby import quickmatch_http
from cardtable.server.lobby.lobby import Lobby
from cardtable.server.lobby.ratelimit import RateLimits
from cardtable.server.migrations import upgrade
from cardtable.server.ops.collector import Collector
from cardtable.server.ops.metrics import Metrics
from cardtable.server.people import friends_http, ratings_http
from cardtable.server.people import http as people_http
from cardtable.server.storage import db, store
from cardtable.server.storage.writer import StorageUnavailable, Writer
from cardtable.server.tables.pool import FairPool
from cardtable.server.tables.table import Services
from cardtable.server.transport import http, ws
from cardtable.server.transport.bodylimit import BodyLimit
from cardtable.server.transport.deps import lobby_of
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.invalid import http_error, invalid_request
from cardtable.server.transport.languages import RequestLanguage
from cardtable.server.transport.security import SecurityHeaders
from cardtable.workers import make_backend

log = logging.getLogger("cardtable.server")
STATIC = Path(__file__).parent.parent / "web" / "static"


def prepare_database(config: ServerConfig) -> ServerLock:
    """The database made ready for this server, or ``CardtableError`` saying why not: the
    database lock taken (exclusive for a single server, shared for a cluster process:
    ``cluster/instance.py``), the schema migrated, this server's row written (so a read-only or
    unreachable database is found here, before anyone is told the server is ready)."""
    if not config.db:
        config.data_dir.mkdir(parents=True, exist_ok=True)
    engine = db.make_engine(config.db_url)
    lock = ServerLock(engine, shared=bool(config.redis_url))
    try:
        lock.acquire()
        upgrade(engine)
        lock.register(config.lease_seconds)
    except CardtableError:
        lock.release()
        engine.dispose()
        raise
    except (DBAPIError, OSError) as error:  # unreachable, read-only, refused…
        lock.release()
        engine.dispose()
        raise CardtableError(
            _("the database cannot be used: {error}").format(error=_first_line(error))
        ) from None
    return lock


def create_app(config: ServerConfig | None = None, prepared: ServerLock | None = None,
               clock: Callable[[], float] = time.time) -> FastAPI:
    """The app. ``prepared``: the database already made ready by ``prepare_database`` (the
    ``serve`` command does it first, to refuse a bad start with a plain message); else the
    lifespan does it. ``clock``: the server's time (``Services.clock``), which the tests move
    by days to play turn-based tables over a simulated week."""
    config = config or ServerConfig.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        nonlocal prepared
        if prepared is None:
            try:
                prepared = prepare_database(config)
            except CardtableError as error:
                log.error("cannot start: %s", error)
                raise
        lock, prepared = prepared, None
        engine = lock.engine
        writer = Writer(engine, retry_seconds=config.write_retry_seconds,
                        batch=store.events_written_together)
        pool = FairPool(config.bot_workers, config.bot_queue_per_table,
                        backend=make_backend(config.bot_backend, config.bot_workers))
        metrics = Metrics()
        writer.on_commit = metrics.commit_seconds.observe
        if not lock.shared:  # a single server's writes carry its fencing token (instance.py)
            writer.fence = lock.fence
        push = PushSender(writer, contact=config.public_url)
        services = Services(config=config, writer=writer, pool=pool, metrics=metrics,
                            limits=RateLimits(config), push=push, clock=clock)
        # a person's turn and a match's end also reach a closed page, by Web Push
        services.announcements.listen(partial(push_notify.announced, push))
        lobby = Lobby(services)
        pool.on_wait = metrics.bot_wait_seconds.observe
        cluster = None
        if config.redis_url:
            cluster = lobby.cluster = Cluster(lobby, lock.id, config.redis_url,
                                              config.lease_seconds)
        metrics.watch(lambda: lobby.tables.values(), lambda: writer.available, pool.depth,
                      lambda: len(cluster.tokens) if cluster is not None else None,
                      lambda: pool.backend.replaced)
        rebuilt = lobby.rebuild()
        writer.start()
        await push.start()  # the VAPID keys made on the first start (docs/notifications.md)
        if cluster is not None:
            await cluster.start()
        lobby.resume()
        keeper = asyncio.get_running_loop().create_task(keep(lock, writer))
        app.state.cluster = cluster
        app.state.lobby = lobby
        app.state.config = config
        # a friend's invitation also reaches a closed page, by Web Push (docs/notifications.md)
        friends_http.invitation_listeners(app).append(
            lambda invitation, friend: push_notify.friend_invited(
                push, friend, invitation["table"], invitation["game"], invitation["from"]["name"]))
        collector = Collector(full_seconds=config.gc_full_seconds, on_pause=metrics.gc_pause)
        if config.gc_on_clock:
            collector.tune()
        log.info("server ready", extra={"tables_to_rebuild": rebuilt,
                                        "db": engine.url.render_as_string(hide_password=True)})
        try:
            yield
        finally:
            keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keeper
            if cluster is not None:
                await cluster.close()  # the tables handed over to the other processes
            await lobby.close()
            await push.close()
            await writer.close()
            pool.shutdown()
            lock.release()
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
    app.include_router(people_http.router)  # players who are remembered (docs/people.md)
    app.include_router(ratings_http.router)  # ratings for people (docs/ratings.md)
    app.include_router(push_http.router)  # Web Push subscriptions (docs/notifications.md)
    app.include_router(friends_http.router)  # friends and invitations (docs/people.md)
    app.include_router(quickmatch_http.router)  # quick match (docs/people.md)
    app.include_router(review.router)  # the coach's review of a finished deal
    app.include_router(web.router)  # the browser client (replaces the placeholder pages)
    # the body limit runs inside the language middleware, so its refusal is in the request's
    app.add_middleware(BodyLimit)  # at most bodylimit.MAX_BODY bytes per request body
    app.add_middleware(RequestLanguage)  # each request in its own language (languages.py)
    app.add_middleware(SecurityHeaders)  # CSP, nosniff, no framing (security.py)
    app.add_exception_handler(RequestValidationError, invalid_request)  # request/invalid
    app.add_exception_handler(StarletteHTTPException, http_error)  # the same shape for the rest
    app.add_exception_handler(ServerError, http.refused)  # every route's refusal, one answer
    if config.forwarded_allow_ips:
        # the client's address from X-Forwarded-For, only as sent by these proxies (ratelimit.py)
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=config.forwarded_allow_ips)

    @app.exception_handler(404)
    async def not_found(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse(
            {"error": {"code": "http/not_found", "message": _("not found")}}, status_code=404
        )

    @app.get("/metrics", include_in_schema=False)
    def prometheus_metrics(request: Request) -> Response:
        """Prometheus metrics (docs/deploy.md)."""
        lobby = lobby_of(request)
        return Response(lobby.services.metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    @app.exception_handler(StorageUnavailable)
    async def storage_unavailable(request: Request, exc: Exception) -> JSONResponse:
        return http.error_response(ServerError("server/storage_unavailable"))  # 503, Retry-After

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _first_line(error: BaseException) -> str:
    """The driver's own first line (SQLAlchemy appends its SQL and a link below it)."""
    cause = getattr(error, "orig", None) or error
    return (str(cause).strip().splitlines() or [type(cause).__name__])[0]
