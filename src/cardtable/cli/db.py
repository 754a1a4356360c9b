"""``cardtable db``: the server's database, for operators.

- ``upgrade``: migrate to the latest schema (safe while other processes start: see
  ``cardtable.server.migrations``); ``cardtable serve`` also does it at start.
- ``archive [--days N]``: finished tables older than N days keep their summary and records,
  compressed, and lose their events and chat (``cardtable.server.storage.archive``).
- ``backup FILE``: a consistent copy of a SQLite database taken while the server runs
  (SQLite's online backup API: pages are copied in steps, writers keep writing). PostgreSQL has
  its own tool for this: ``pg_dump``, see docs/deploy.md.

The database is the one ``serve`` would use: ``--db``, else ``CARDTABLE_DB``, else SQLite in
``--data-dir`` (``CARDTABLE_DATA_DIR``, default ./data).
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import click

from cardtable.errors import CardtableError
from cardtable.i18n import _, ngettext

_db_option = click.option("--db", default=None, metavar="URL",
                          help="SQLAlchemy database URL (default: as cardtable serve).")
_dir_option = click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path),
                           default=None, help="Folder of the default SQLite database.")


def _url(db: str | None, data_dir: Path | None) -> str:
    from cardtable.server.config import ServerConfig

    try:
        return ServerConfig.from_env(db=db, data_dir=data_dir).db_url
    except CardtableError as error:
        click.echo(_("cardtable db: {error}").format(error=error), err=True)
        sys.exit(2)


@click.group()
def db() -> None:
    """The server's database: migrate it, back it up."""


@db.command()
@_db_option
@_dir_option
def upgrade(db: str | None, data_dir: Path | None) -> None:
    """Migrate the database to the latest schema (does nothing if it is current)."""
    from sqlalchemy.exc import SQLAlchemyError

    from cardtable.server.migrations import head_revision
    from cardtable.server.migrations import upgrade as migrate
    from cardtable.server.storage.db import make_engine

    url = _url(db, data_dir)
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    engine = make_engine(url)
    try:
        before = migrate(engine)
    except SQLAlchemyError as error:
        click.echo(_("cardtable db: the database cannot be migrated: {error}").format(
            error=str(getattr(error, "orig", error)).splitlines()[0]), err=True)
        sys.exit(1)
    finally:
        engine.dispose()
    head = head_revision()
    if before == head:
        click.echo(_("The database is already at the latest schema ({revision}).").format(
            revision=head))
    else:
        click.echo(_("The database was migrated from {old} to {new}.").format(
            old=before or _("empty"), new=head))


@db.command()
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
@_db_option
@_dir_option
def backup(target: Path, db: str | None, data_dir: Path | None) -> None:
    """Copy a SQLite database to TARGET while the server keeps running."""
    from sqlalchemy.engine import make_url

    url = make_url(_url(db, data_dir))
    if url.get_backend_name() != "sqlite" or not url.database:
        click.echo(_("cardtable db backup copies SQLite databases; for PostgreSQL use pg_dump "
                     "(see docs/deploy.md)."), err=True)
        sys.exit(2)
    source_path = Path(url.database)
    if not source_path.exists():
        click.echo(_("cardtable db: there is no database at {path}").format(path=source_path),
                   err=True)
        sys.exit(2)
    if target.exists():
        click.echo(_("cardtable db: {path} already exists; choose a new file").format(
            path=target), err=True)
        sys.exit(2)
    source = sqlite3.connect(source_path, timeout=30)
    copy = sqlite3.connect(target)
    try:
        source.backup(copy, pages=256)
    finally:
        copy.close()
        source.close()
    click.echo(_("Backed up {source} to {target}.").format(source=source_path, target=target))


@db.command()
@click.option("--days", type=click.FloatRange(min=0), default=90.0, show_default=True,
              help="Archive the tables finished more than this many days ago.")
@_db_option
@_dir_option
def archive(days: float, db: str | None, data_dir: Path | None) -> None:
    """Archive finished tables: keep their summary and records, drop their events and chat."""
    from cardtable.server.migrations import upgrade as migrate
    from cardtable.server.storage import archive as archival
    from cardtable.server.storage.db import make_engine

    engine = make_engine(_url(db, data_dir))
    try:
        migrate(engine)  # under the migration lock: safe beside running servers
        codes = archival.archive(engine, days)
    finally:
        engine.dispose()
    click.echo(ngettext("Archived {n} finished table.", "Archived {n} finished tables.",
                        len(codes)).format(n=len(codes)))
