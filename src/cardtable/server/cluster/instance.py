"""Who may write to a database: one server alone, or the processes of one cluster, never both,
whatever route a second process takes to the database.

Why: a single server holds its tables in memory and plays stand-ins for seats whose person is
not connected *to it*; any other process writing the same tables (a second server, a cluster
process) would rebuild them and play for people connected to the first. So:

- **The lock identifies the database itself, not a path.** A SQLite file: a ``flock`` on the
  database file (its inode), so a second server that reaches it through a symbolic or a hard
  link meets the same lock. PostgreSQL: a session-level advisory lock held on a connection of
  its own. A single server takes it *exclusive*, each cluster process *shared*: a single
  server on a cluster's database is refused, and a cluster process on a single server's.
  Either lock dies with its process, however it ends (``kill -9`` included), so a restart
  never waits for an expiry. Any other database: no lock (logged).
- **Re-verified, and re-taken after a reconnection** (``verify``, every few seconds): a
  PostgreSQL restart ends the lock's session. The lock is taken again at once; if another
  process took it meanwhile, this server stops serving (its writer refuses every write).
- **A single server also refuses a database that has a live cluster lease** (a cluster whose
  locks a restart just dropped).
- **Fencing, so that a process that somehow starts anyway cannot write.** A single server's
  row in ``servers`` is its fencing token: at start (lock held) it deletes every other row, and
  each of its write transactions first checks that its row is still there (``fence``, ``FOR
  SHARE`` on PostgreSQL, so a deletion waits for writes in flight). A cluster process deletes
  the rows of single servers (``seen_at`` empty: they do not beat) at start, and fences each
  write by the table's lease token (``leases.py``). A second owner's start thus fences the
  first out: its tables stop at their next write instead of playing on.

``register`` writes this server's row: a database that is read-only or unreachable fails here,
and the server exits non-zero instead of claiming to be ready.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import socket
import time
import uuid
from pathlib import Path
from typing import Any

from sqlalchemy import delete, insert, text
from sqlalchemy.engine import Connection, Engine

from cardtable.errors import CardtableError
from cardtable.i18n import _
from cardtable.server.cluster import leases
from cardtable.server.storage.db import Base, ServerRow, utcnow
from cardtable.server.storage.writer import Writer

log = logging.getLogger("cardtable.server.cluster.instance")

#: The advisory lock's key on PostgreSQL (any fixed 64-bit number: "cardtbl1").
ADVISORY_KEY = 0x63617264_74626C31 - (1 << 63)
SERVERS = Base.metadata.tables[ServerRow.__tablename__]
#: Seconds between two checks that the lock is still held (``verify``).
VERIFY_SECONDS = 2.0


class ServerLock:
    """Held from ``acquire`` to ``release``; see the module docstring. ``shared``: a cluster
    process (several may hold it at once), else a single server."""

    def __init__(self, engine: Engine, *, shared: bool = False) -> None:
        self.engine = engine
        self.shared = shared
        self.id = str(uuid.uuid4())
        self._fd: int | None = None
        self._connection: Any = None
        self._advisory = False

    # -- the lock --------------------------------------------------------------------------

    def acquire(self) -> None:
        """Take the lock, or raise ``CardtableError`` saying who holds it."""
        url = self.engine.url
        if url.get_backend_name() == "sqlite":
            database = url.database or ""
            if database and database != ":memory:" and not database.startswith("file:"):
                self._lock_file(Path(database))
        elif url.get_backend_name() == "postgresql":
            self._advisory = True
            if not self._lock_advisory():
                raise CardtableError(self._refusal())
        else:
            log.warning("no single-server lock for this database: run one server only",
                        extra={"db": url.get_backend_name()})

    def _refusal(self) -> str:
        if self.shared:
            return _("a single cardtable server is using this database; stop it before "
                     "starting a cluster on it, or give the cluster another --db")
        return _("another cardtable server is already using this database; stop it first, "
                 "or give this server another --db")

    def _lock_file(self, path: Path) -> None:
        """``flock`` the database file itself: every link to it reaches the same lock. (SQLite
        locks with ``fcntl`` byte ranges, which ``flock`` does not touch on Linux.)"""
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise CardtableError(
                _("cannot open the database {path}: {error}").format(path=path, error=error)
            ) from None
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if self.shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise CardtableError(self._refusal()) from None
        self._fd = fd

    def _lock_advisory(self) -> bool:
        """Take the advisory lock on a connection of its own; whether it was free."""
        call = "pg_try_advisory_lock_shared" if self.shared else "pg_try_advisory_lock"
        connection = self.engine.connect()
        try:
            taken = connection.execute(text(f"SELECT {call}(:key)"), {"key": ADVISORY_KEY}).scalar()
            connection.commit()
        except Exception:
            connection.close()
            raise
        if not taken:
            connection.close()
            return False
        self._connection = connection
        return True

    def verify(self) -> bool:
        """Whether this server still holds the lock (run every ``VERIFY_SECONDS``, off the
        loop). A lock whose session ended (a PostgreSQL restart) is taken again; ``False``
        when another process holds it now, or when this single server's row, its fencing
        token, is gone. A database that cannot be reached yet is not a loss: the writes wait
        for it anyway, and this is asked again."""
        try:
            if self._advisory and not self._still_advisory():
                self._close_connection()
                if not self._lock_advisory():
                    log.error("the database lock was taken by another process")
                    return False
                log.warning("the database lock was taken again after a reconnection")
            if not self.shared:
                with self.engine.connect() as db:
                    return db.execute(text("SELECT 1 FROM servers WHERE id = :id"),
                                      {"id": self.id}).first() is not None
        except Exception as error:  # unreachable: asked again later
            log.warning("cannot verify the database lock yet", extra={"error": str(error)})
        return True

    def _still_advisory(self) -> bool:
        mode = "ShareLock" if self.shared else "ExclusiveLock"
        try:
            held = self._connection.execute(text(
                "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted "
                "AND pid = pg_backend_pid() AND mode = :mode"
            ), {"mode": mode}).first()
            self._connection.commit()
        except Exception:
            return False
        return held is not None

    def _close_connection(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
            self._connection = None

    # -- the row and the fence ---------------------------------------------------------------

    def register(self, lease_seconds: float = 5.0, now: float | None = None) -> None:
        """Write this server's row (the proof that the database takes writes), fencing out
        whoever the lock says can no longer write (see the module docstring). A single server
        first refuses a database with a live cluster lease (``lease_seconds``: how long a
        cluster process's heartbeat keeps its leases live)."""
        now = time.time() if now is None else now
        with self.engine.begin() as db:
            if self.shared:
                db.execute(delete(SERVERS).where(SERVERS.c.seen_at.is_(None)))
            else:
                if leases.any_live(db, now, lease_seconds):
                    raise CardtableError(
                        _("a cardtable cluster is using this database; a single server cannot "
                          "start on it: stop the cluster, or give this server another --db")
                    )
                db.execute(delete(SERVERS))
            db.execute(insert(SERVERS).values(
                id=self.id, host=socket.gethostname()[:255], pid=os.getpid(),
                started_at=utcnow(), seen_at=now if self.shared else None,
            ))

    def fence(self, db: Connection) -> None:
        """Inside each write transaction of a single server: refuse it (``leases.LeaseLost``)
        unless this server's row is still there; on PostgreSQL the row is held until the
        commit, so another server's start waits for the write."""
        lock = " FOR SHARE" if db.dialect.name == "postgresql" else ""
        row = db.execute(text("SELECT 1 FROM servers WHERE id = :id" + lock),
                         {"id": self.id}).first()
        if row is None:
            raise leases.LeaseLost("another server took this database over")

    def release(self) -> None:
        with contextlib.suppress(Exception), self.engine.begin() as db:
            db.execute(delete(SERVERS).where(SERVERS.c.id == self.id))
        self._close_connection()
        if self._fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


async def keep(lock: ServerLock, writer: Writer, seconds: float = VERIFY_SECONDS) -> None:
    """For the server's life: ``lock.verify`` every ``seconds`` (in a thread); once the lock
    is lost for good, the writer refuses every write, so that no table of this server plays
    on (each is suspended at its next write)."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(seconds)
        if not await loop.run_in_executor(None, lock.verify):
            writer.stop_writing("this server no longer holds the database lock")
            return
