"""``cardtable db``: migrations safe when several processes start at once, on both databases;
an online SQLite backup while the server writes."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from tests.helpers.server import quick_play

from cardtable.cli import main
from cardtable.server.migrations import current_revision, head_revision
from cardtable.server.storage.db import make_engine


def _upgrade_processes(url: str, count: int) -> list[subprocess.CompletedProcess[str]]:
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", "from cardtable.cli import main; main()", "db", "upgrade",
             "--db", url],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        for _ in range(count)
    ]
    done = []
    for process in processes:
        out, err = process.communicate(timeout=120)
        done.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
    return done


def _check_concurrent_upgrades(url: str) -> None:
    results = _upgrade_processes(url, 3)
    assert [r.returncode for r in results] == [0, 0, 0], [r.stderr for r in results]
    said = " ".join(r.stdout for r in results)
    assert said.count("was migrated") == 1 and said.count("already at the latest") == 2, said
    engine = make_engine(url)
    assert current_revision(engine) == head_revision()
    engine.dispose()


def test_processes_migrating_at_once_on_sqlite(tmp_path: Path) -> None:
    _check_concurrent_upgrades(f"sqlite:///{tmp_path / 'c.db'}")


def test_processes_migrating_at_once_on_postgresql(pg_url: str) -> None:
    _check_concurrent_upgrades(pg_url)


def test_backup_while_the_server_writes(start_sqlite_server: Any, tmp_path: Path) -> None:
    server = start_sqlite_server()
    joined = quick_play(server, "punttu", players=2)
    target = tmp_path / "copy.db"
    result = CliRunner().invoke(main, ["db", "backup", str(target), "--data-dir",
                                       str(server.config.data_dir)])
    assert result.exit_code == 0, result.output
    copy = sqlite3.connect(target)
    try:
        codes = [row[0] for row in copy.execute("SELECT code FROM tables")]
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        copy.close()
    assert joined["code"] in codes
    again = CliRunner().invoke(main, ["db", "backup", str(target), "--data-dir",
                                      str(server.config.data_dir)])
    assert again.exit_code == 2 and "already exists" in again.output


def test_backup_names_pg_dump_for_postgresql(pg_url: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["db", "backup", str(tmp_path / "x"), "--db", pg_url])
    assert result.exit_code == 2 and "pg_dump" in result.output


def test_models_match_the_migrations_on_postgresql(pg_url: str) -> None:
    """The BIGINT ids and every other column as the models describe them, on PostgreSQL."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from cardtable.server.migrations import upgrade
    from cardtable.server.storage.db import Base

    engine = make_engine(pg_url)
    upgrade(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        kinds = dict(connection.exec_driver_sql(
            "SELECT table_name, data_type FROM information_schema.columns "
            "WHERE column_name = 'id' AND table_name IN ('seats', 'events', 'chat')").all())
        sequences = {row[0] for row in connection.exec_driver_sql(
            "SELECT data_type FROM information_schema.sequences").all()}
    engine.dispose()
    assert differences == []
    assert kinds == {"seats": "bigint", "events": "bigint", "chat": "bigint"}
    assert sequences == {"bigint"}
