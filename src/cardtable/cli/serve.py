"""``cardtable serve``: the online game server (lobby over HTTP, play over WebSockets).

Every flag may also be given as a ``CARDTABLE_*`` environment variable (``--db`` ↔
``CARDTABLE_DB``, ``--grace-seconds`` ↔ ``CARDTABLE_GRACE_SECONDS``…); a flag wins.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardtable.errors import CardtableError
from cardtable.i18n import _


@click.command()
@click.option("--host", default=None, help="Address to listen on (default 127.0.0.1).")
@click.option("--port", type=int, default=None, help="Port to listen on (default 8000).")
@click.option("--db", default=None, metavar="URL",
              help="SQLAlchemy database URL (default: SQLite in the data folder), e.g. "
                   "postgresql+psycopg://USER:PASSWORD@HOST:5432/DATABASE (pip install "
                   "'cardtable[postgres]').")
@click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder of the default SQLite database (default ./data).")
@click.option("--grace-seconds", type=float, default=None,
              help="How long a dropped seat is kept before a bot plays for it (default 60).")
@click.option("--bot-delay", type=float, default=None,
              help="Seconds a bot waits before moving (default 0.8).")
@click.option("--redis-url", default=None, metavar="URL",
              help="Redis, e.g. redis://HOST:6379/0: this server is one of a cluster sharing "
                   "a PostgreSQL --db (pip install 'cardtable[cluster]'; docs/deploy.md).")
@click.option("--log-level", default=None, help="debug, info, warning or error.")
@click.option("--public-url", default=None, help="Base address used in share links.")
def serve(
    host: str | None,
    port: int | None,
    db: str | None,
    data_dir: Path | None,
    grace_seconds: float | None,
    bot_delay: float | None,
    redis_url: str | None,
    log_level: str | None,
    public_url: str | None,
) -> None:
    """Run the game server until interrupted (Ctrl-C or SIGTERM shut it down gracefully)."""
    import uvicorn

    from cardtable.server.app import create_app, prepare_database
    from cardtable.server.config import ServerConfig
    from cardtable.server.ops import logs
    from cardtable.server.transport.bodylimit import MAX_WS_MESSAGE
    from cardtable.server.transport.serving import DrainingServer

    try:
        config = ServerConfig.from_env(
            host=host, port=port, db=db, data_dir=data_dir, grace_seconds=grace_seconds,
            bot_delay=bot_delay, log_level=log_level, public_url=public_url,
            redis_url=redis_url,
        )
    except CardtableError as error:
        click.echo(_("cardtable serve: {error}").format(error=error), err=True)
        sys.exit(2)
    logs.setup(config.log_level)
    try:
        prepared = prepare_database(config)
    except CardtableError as error:
        click.echo(_("cardtable serve: {error}").format(error=error), err=True)
        sys.exit(1)
    click.echo(
        _("cardtable server on http://{host}:{port}/ (API docs at /docs; Ctrl-C stops it)").format(
            host=config.host, port=config.port
        )
    )
    if config.host in ("0.0.0.0", "::"):  # friends: the address to give them
        from cardtable.server.features.homenet import home_address

        found = home_address()
        if found and not config.public_url:
            click.echo(_("Friends on your network open http://{address}:{port}/").format(
                address=found, port=config.port))
    server = DrainingServer(uvicorn.Config(
        create_app(config, prepared), host=config.host, port=config.port, log_config=None,
        log_level=config.log_level.lower(), timeout_graceful_shutdown=10,
        # compression costs more CPU than the small JSON messages save on the wire
        ws_per_message_deflate=False,
        ws_max_size=MAX_WS_MESSAGE,  # a longer WebSocket message closes its connection (1009)
        # the app itself believes X-Forwarded-For, and only from the proxies its settings name
        # (forwarded_allow_ips); uvicorn's default would believe any from 127.0.0.1
        proxy_headers=False,
    ))
    server.run()  # SIGTERM: a cluster's process drains before its sockets close (serving.py)
