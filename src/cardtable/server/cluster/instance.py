"""One server per database, until several are designed: a lock that a second process cannot
take, and a start-up write that proves the database takes writes.

Why: each server holds its tables in memory and plays stand-ins for seats whose person is not
connected *to it*; a second server on the same database would rebuild every table and play for
people connected to the first. So a second server is refused at start with a clear message.

The lock dies with its process, however it ends (``kill -9`` included), so a restart never
waits for an expiry:

- SQLite file: an exclusive ``flock`` on ``<database>.server-lock`` beside the database (the
  file also names the holder's pid for the message);
- PostgreSQL: a session-level advisory lock held on a connection of its own;
- any other database: no lock (logged).

``register`` then writes this server's row in ``servers`` (removed at a clean stop): a database
that is read-only or unreachable fails here, and the server exits non-zero instead of claiming
to be ready.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import socket
import uuid
from pathlib import Path
from typing import IO, Any

from sqlalchemy import delete, insert, text
from sqlalchemy.engine import Engine

from cardtable.errors import CardtableError
from cardtable.i18n import _
from cardtable.server.storage.db import Base, ServerRow, utcnow

log = logging.getLogger("cardtable.server.cluster.instance")

#: The advisory lock's key on PostgreSQL (any fixed 64-bit number: "cardtbl1").
ADVISORY_KEY = 0x63617264_74626C31 - (1 << 63)
SERVERS = Base.metadata.tables[ServerRow.__tablename__]


class ServerLock:
    """Held from ``acquire`` to ``release``; see the module docstring."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.id = str(uuid.uuid4())
        self._file: IO[str] | None = None
        self._connection: Any = None

    def acquire(self) -> None:
        """Take the lock, or raise ``CardtableError`` naming who holds it."""
        url = self.engine.url
        if url.get_backend_name() == "sqlite":
            database = url.database or ""
            if database and database != ":memory:" and not database.startswith("file:"):
                self._lock_file(Path(database).with_name(Path(database).name + ".server-lock"))
        elif url.get_backend_name() == "postgresql":
            self._lock_advisory()
        else:
            log.warning("no single-server lock for this database: run one server only",
                        extra={"db": url.get_backend_name()})

    def _lock_file(self, path: Path) -> None:
        try:
            handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 (held until release)
        except OSError as error:
            raise CardtableError(
                _("cannot open the server lock {path}: {error}").format(path=path, error=error)
            ) from None
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "?"
            handle.close()
            raise CardtableError(
                _("another cardtable server (process {pid}) is already using this database "
                  "({path}); stop it first, or give this server another --db or --data-dir")
                .format(pid=holder, path=path.with_suffix(""))
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._file = handle

    def _lock_advisory(self) -> None:
        connection = self.engine.connect()
        taken = connection.execute(
            text("SELECT pg_try_advisory_lock(:key)"), {"key": ADVISORY_KEY}
        ).scalar()
        connection.commit()
        if not taken:
            connection.close()
            raise CardtableError(
                _("another cardtable server is already using this database; stop it first, "
                  "or give this server another --db")
            )
        self._connection = connection

    def register(self) -> None:
        """Write this server's row: proof that the database takes writes."""
        with self.engine.begin() as db:
            db.execute(insert(SERVERS).values(
                id=self.id, host=socket.gethostname()[:255], pid=os.getpid(), started_at=utcnow()
            ))

    def release(self) -> None:
        with contextlib.suppress(Exception), self.engine.begin() as db:
            db.execute(delete(SERVERS).where(SERVERS.c.id == self.id))
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
            self._connection = None
        if self._file is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._file.fileno(), fcntl.LOCK_UN)
            self._file.close()
            self._file = None
