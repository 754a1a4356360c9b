"""Alembic migrations shipped inside the package, so an installed server can migrate itself.

``upgrade(engine)`` brings a database to the latest revision; ``cardtable db upgrade`` runs it,
and so does ``cardtable serve`` at start (under the same lock: choosing to migrate at start
keeps "install, serve" one step, and the lock makes it safe). Several processes may start at
once: the migration runs under a lock that only one holds at a time (PostgreSQL: a
transaction-level advisory lock; SQLite: an exclusive ``flock`` on ``<database>.migrate-lock``),
and each then finds the schema current and does nothing.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text
from sqlalchemy.engine import Engine

HERE = Path(__file__).parent
#: The advisory lock's key for migrations on PostgreSQL ("cardmigr").
MIGRATION_KEY = 0x63617264_6D696772 - (1 << 63)


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(HERE))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


@contextmanager
def _file_lock(engine: Engine) -> Iterator[None]:
    database = engine.url.database or ""
    if engine.url.get_backend_name() != "sqlite" or database in ("", ":memory:") or \
            database.startswith("file:"):
        yield
        return
    path = Path(database)
    with open(path.with_name(path.name + ".migrate-lock"), "a", encoding="utf-8") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)  # waits for another process's migration
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _lock_in_transaction(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_KEY})


def upgrade(engine: Engine) -> str | None:
    """Migrate the database behind ``engine`` to the latest revision (see the docstring);
    returns the revision it was at (read under the lock; ``None``: empty)."""
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with _file_lock(engine), engine.begin() as connection:
        _lock_in_transaction(connection)
        before = MigrationContext.configure(connection).get_current_revision()
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    return before
