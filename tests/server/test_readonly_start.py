"""A server started on a read-only PostgreSQL database says so in one line, not a traceback:
the start refuses it before anyone is told the server is ready."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url
from tests.helpers.server import make_config
from tests.pg import Cluster

from cardtable.errors import CardtableError
from cardtable.server.app import prepare_database


def test_a_read_only_database_at_start_is_refused_in_one_line(pg_cluster: Cluster,
                                                               tmp_path: Path) -> None:
    url = pg_cluster.new_database()
    name = make_url(url).database
    with psycopg.connect(f"host=127.0.0.1 port={pg_cluster.port} user=postgres "
                         "dbname=postgres", autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
    with pytest.raises(CardtableError) as refused:
        prepare_database(make_config(tmp_path, db=url))
    message = str(refused.value)
    assert "\n" not in message and "read-only" in message, message
    assert message.startswith("the database cannot be used"), message
