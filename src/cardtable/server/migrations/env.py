"""Alembic's environment: runs the migrations on the connection the server hands over
(``config.attributes["connection"]``), or on ``sqlalchemy.url`` when run from Alembic's CLI."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from cardtable.server.storage.db import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(str(config.get_main_option("sqlalchemy.url")))
    with engine.begin() as fresh:
        context.configure(connection=fresh, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()


run()
