"""One owner per database, whatever route a second process takes (``cluster/instance.py``):
the lock sits on the SQLite file itself (a symbolic or a hard link meets it), a PostgreSQL lock
lost in a restart is taken again (or the server stops writing), a single server and a cluster
refuse each other, and a process that starts anyway fences the first out: its writes are
refused in their own transaction."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from tests.helpers.server import make_config
from tests.pg import Cluster

from cardtable.errors import CardtableError
from cardtable.server.app import prepare_database
from cardtable.server.cluster import leases
from cardtable.server.cluster.instance import ServerLock
from cardtable.server.storage.db import make_engine
from cardtable.server.storage.writer import StorageUnavailable, Writer

CLUSTER = {"redis_url": "redis://127.0.0.1:9/0"}  # only read as "a cluster process" here


def _database(lock: ServerLock) -> Path:
    return Path(lock.engine.url.database or "")


def _done(*locks: ServerLock) -> None:
    for lock in locks:
        lock.release()
        lock.engine.dispose()


def test_a_second_server_through_a_symbolic_link_is_refused(tmp_path: Path) -> None:
    first = prepare_database(make_config(tmp_path / "a"))
    link = tmp_path / "link.db"
    link.symlink_to(_database(first))
    try:
        with pytest.raises(CardtableError, match="already using this database"):
            prepare_database(make_config(tmp_path / "b", db=f"sqlite:///{link}"))
    finally:
        _done(first)


def test_a_second_server_through_a_hard_link_is_refused(tmp_path: Path) -> None:
    first = prepare_database(make_config(tmp_path / "a"))
    (tmp_path / "b").mkdir()
    hard = tmp_path / "b" / "cardtable.db"
    os.link(_database(first), hard)
    try:
        with pytest.raises(CardtableError, match="already using this database"):
            prepare_database(make_config(tmp_path / "b", db=f"sqlite:///{hard}"))
    finally:
        _done(first)
    again = prepare_database(make_config(tmp_path / "b", db=f"sqlite:///{hard}"))
    _done(again)  # free once the first is gone


def test_a_cluster_process_and_a_single_server_refuse_each_other_on_sqlite(
    tmp_path: Path,
) -> None:
    single = prepare_database(make_config(tmp_path))
    try:
        with pytest.raises(CardtableError, match="single cardtable server"):
            prepare_database(make_config(tmp_path, **CLUSTER))
    finally:
        _done(single)
    member = prepare_database(make_config(tmp_path, **CLUSTER))
    other = prepare_database(make_config(tmp_path, **CLUSTER))  # a cluster has several
    try:
        with pytest.raises(CardtableError, match="already using this database"):
            prepare_database(make_config(tmp_path))
    finally:
        _done(member, other)


def _lease_a_table(lock: ServerLock, code: str = "ABCD") -> None:
    with lock.engine.begin() as db:
        db.execute(text("INSERT INTO tables (code, game, players, config, status, created_at) "
                        "VALUES (:code, 'punttu', 2, '{}', 'running', CURRENT_TIMESTAMP)"),
                   {"code": code})
        assert leases.acquire(db, code, lock.id, time.time(), 60.0) is not None


def test_a_single_server_refuses_a_database_with_live_cluster_leases(tmp_path: Path) -> None:
    """The cluster's locks can be gone (a PostgreSQL restart) while its leases live on."""
    member = prepare_database(make_config(tmp_path, **CLUSTER))
    _lease_a_table(member)
    member._close_connection()  # the lock alone gone, as in a restart; the row and lease stay
    os.close(member._fd or -1)
    member._fd = None
    try:
        with pytest.raises(CardtableError, match="cluster is using this database"):
            prepare_database(make_config(tmp_path))
    finally:
        _done(member)


def test_a_server_that_starts_anyway_fences_the_first_out(tmp_path: Path) -> None:
    """However a second owner got past the lock, its start deletes the first's row, and each of
    the first's writes checks that row in its own transaction: refused, nothing stored."""
    first = prepare_database(make_config(tmp_path))

    async def scenario() -> None:
        writer = Writer(first.engine, retry_seconds=0.5)
        writer.fence = first.fence
        writer.start()
        try:
            await writer.run(lambda db: db.execute(text("CREATE TABLE marks (n INTEGER)")))
            await writer.run(lambda db: db.execute(text("INSERT INTO marks VALUES (1)")))
            intruder = ServerLock(make_engine(str(first.engine.url)))  # no lock taken
            intruder.register()
            with pytest.raises(StorageUnavailable):
                await writer.run(lambda db: db.execute(text("INSERT INTO marks VALUES (2)")))
            with pytest.raises(StorageUnavailable):  # and every write after it
                await writer.run(lambda db: db.execute(text("INSERT INTO marks VALUES (3)")))
            intruder.engine.dispose()
        finally:
            await writer.close()
        assert first.verify() is False  # the keeper stops it too
        with first.engine.connect() as db:
            assert db.execute(text("SELECT n FROM marks")).scalars().all() == [1]

    try:
        asyncio.run(scenario())
    finally:
        _done(first)


# -- PostgreSQL ----------------------------------------------------------------------------------


@contextlib.contextmanager
def _restarted(pg_url: str, pg_cluster: Cluster, tmp_path: Path) -> Iterator[ServerLock]:
    """A single server's lock on PostgreSQL whose session a restart has just ended."""
    first = prepare_database(make_config(tmp_path, db=pg_url))
    try:
        pg_cluster.restart()
        yield first
    finally:
        _done(first)


def test_the_lock_is_taken_again_after_a_postgresql_restart(
    pg_url: str, pg_cluster: Cluster, tmp_path: Path,
) -> None:
    with _restarted(pg_url, pg_cluster, tmp_path) as first:
        assert first.verify() is True  # taken again
        with pytest.raises(CardtableError, match="already using this database"):
            prepare_database(make_config(tmp_path, db=pg_url))


def test_a_lock_taken_by_another_server_during_a_restart_stops_the_first(
    pg_url: str, pg_cluster: Cluster, tmp_path: Path,
) -> None:
    with _restarted(pg_url, pg_cluster, tmp_path) as first:
        second = prepare_database(make_config(tmp_path, db=pg_url))  # before the first checks
        try:
            assert first.verify() is False
            with first.engine.connect() as db, pytest.raises(leases.LeaseLost):
                first.fence(db)
        finally:
            _done(second)


def test_a_cluster_process_and_a_single_server_refuse_each_other_on_postgresql(
    pg_url: str, tmp_path: Path,
) -> None:
    single = prepare_database(make_config(tmp_path, db=pg_url))
    try:
        with pytest.raises(CardtableError, match="single cardtable server"):
            prepare_database(make_config(tmp_path, db=pg_url, **CLUSTER))
    finally:
        _done(single)
    member = prepare_database(make_config(tmp_path, db=pg_url, **CLUSTER))
    other = prepare_database(make_config(tmp_path, db=pg_url, **CLUSTER))
    try:
        with pytest.raises(CardtableError, match="already using this database"):
            prepare_database(make_config(tmp_path, db=pg_url))
        assert member.verify() is True
    finally:
        _done(member, other)
