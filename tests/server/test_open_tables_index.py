"""A cluster's open-table list reads the public tables through a partial index
(``db.OPEN_TABLES_INDEX``, migration 0012), so private tables resting between turns for days
cost it nothing; the migration finds the public tables among those stored before it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Engine, select, text

from cardtable.server.migrations import alembic_config, upgrade
from cardtable.server.storage import store
from cardtable.server.storage.db import make_engine


def _stored_before_the_column(engine: Engine) -> None:
    """Two unfinished tables, one public, as a server of revision 0011 stored them."""
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0011")
        for code, public in (("OPEN1", True), ("PRIV1", False)):
            connection.execute(text(
                "INSERT INTO tables (code, game, players, config, status, created_at) "
                "VALUES (:code, 'punttu', 2, :config, 'waiting', CURRENT_TIMESTAMP)"),
                {"code": code, "config": json.dumps({"public": public}, separators=(",", ":"))})


def _open(engine: Engine) -> tuple[list[str], int]:
    with engine.connect() as connection:
        return store.open_codes(connection, limit=20, offset=0)


@pytest.fixture
def sqlite_engine(tmp_path: Path) -> Iterator[Engine]:
    engine = make_engine(f"sqlite:///{tmp_path / 'open.db'}")
    yield engine
    engine.dispose()


def test_the_migration_finds_the_public_tables_stored_before_it(sqlite_engine: Engine) -> None:
    _stored_before_the_column(sqlite_engine)
    upgrade(sqlite_engine)
    assert _open(sqlite_engine) == (["OPEN1"], 1)


@pytest.mark.postgresql
def test_the_migration_finds_the_public_tables_on_postgresql(pg_url: str) -> None:
    engine = make_engine(pg_url)
    try:
        _stored_before_the_column(engine)
        upgrade(engine)
        assert _open(engine) == (["OPEN1"], 1)
    finally:
        engine.dispose()


def test_new_tables_say_whether_they_are_public_and_the_list_reads_the_index(
        sqlite_engine: Engine) -> None:
    upgrade(sqlite_engine)
    with sqlite_engine.begin() as connection:
        for number in range(40):  # private tables resting between turns
            store.create_table(connection, code=f"P{number:04d}", game="pontinho", players=2,
                               config={"public": False, "clock": "day"})
        store.create_table(connection, code="OPEN2", game="putto", players=2,
                           config={"public": True})
        connection.execute(text("ANALYZE"))
    assert _open(sqlite_engine) == (["OPEN2"], 1)
    with sqlite_engine.connect() as connection:
        query = select(store.TABLES.c.code).where(store.OPEN_TO_ANYONE)
        compiled = query.compile(connection, compile_kwargs={"literal_binds": True})
        plan = " ".join(str(row[-1]) for row in connection.execute(
            text(f"EXPLAIN QUERY PLAN {compiled}")))
    assert "ix_tables_open" in plan, plan
