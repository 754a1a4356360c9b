"""What keeping a cluster's leases costs PostgreSQL (issue 15): one process holding N tables,
renewing every ``lease_seconds / 3``.

Not a test: a measurement run by hand, reported in docs/deploy.md (Capacity).

    .venv/bin/python benchmarks/leases.py --tables 50000 --rounds 20

Ways of keeping N leases live, each timed over ``--rounds`` renewals on a throwaway
PostgreSQL (Debian's binaries, as the test suite makes it):

- ``per-lease``: the design before the heartbeat — one UPDATE extending every lease row the
  process holds (``expires_at``), which PostgreSQL writes as N new row versions each time;
- ``heartbeat``: ``leases.beat`` now — the process's one ``servers`` row, written by the
  server's writer;
- ``held (read)``: ``leases.held``, the read of the leases it holds that follows each beat (to
  notice a table taken over), in a reader thread, off the writer.

Each prints the median time of a renewal and the bytes of write-ahead log PostgreSQL wrote per
renewal (what its disk and its replicas must take), one JSON line each.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import Engine, text

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pg import Cluster  # noqa: E402

from cardtable.server.cluster import leases  # noqa: E402
from cardtable.server.migrations import upgrade  # noqa: E402
from cardtable.server.storage.db import make_engine  # noqa: E402

OWNER = "bench-owner"
SECONDS = 5.0


def _fill(engine: Engine, tables: int) -> None:
    now = time.time()
    with engine.begin() as db:
        db.execute(text("INSERT INTO servers (id, host, pid, started_at, seen_at) "
                        "VALUES (:id, 'bench', 0, now(), :now)"), {"id": OWNER, "now": now})
        db.execute(text(
            "INSERT INTO tables (code, game, players, status, config, created_at) "
            "SELECT 'B' || n, 'punttu', 2, 'running', '{}', now() "
            "FROM generate_series(1, :n) AS n"), {"n": tables})
        db.execute(text(
            "INSERT INTO table_leases (code, owner, token, expires_at) "
            "SELECT 'B' || n, :owner, 1, :expires FROM generate_series(1, :n) AS n"),
            {"n": tables, "owner": OWNER, "expires": now + SECONDS})
        db.execute(text("ANALYZE"))


def _wal(engine: Engine) -> int:
    """PostgreSQL's write-ahead log position, in bytes: what was written since, exactly."""
    with engine.connect() as db:
        return int(db.execute(text("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn")).scalar_one())


def _per_lease(engine: Engine) -> None:
    with engine.begin() as db:
        db.execute(text("UPDATE table_leases SET expires_at = :expires WHERE owner = :owner"),
                   {"owner": OWNER, "expires": time.time() + SECONDS})
        db.execute(text("UPDATE servers SET seen_at = :now WHERE id = :owner"),
                   {"now": time.time(), "owner": OWNER})


def _heartbeat(engine: Engine) -> None:
    with engine.begin() as db:
        leases.beat(db, OWNER, time.time())


def _held(engine: Engine) -> None:
    with engine.connect() as db:
        leases.held(db, OWNER)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="cardtable-leases-"))
    cluster = Cluster(folder)  # started
    try:
        engine = make_engine(cluster.new_database())
        upgrade(engine)
        _fill(engine, args.tables)
        ways = (("per-lease", _per_lease), ("heartbeat", _heartbeat), ("held (read)", _held))
        for name, renew in ways:
            renew(engine)  # warm
            written = _wal(engine)
            times = []
            for _ in range(args.rounds):
                began = time.perf_counter()
                renew(engine)
                times.append(time.perf_counter() - began)
            wal = (_wal(engine) - written) / args.rounds
            print(json.dumps({"way": name, "tables": args.tables, "rounds": args.rounds,
                              "median_ms": round(1000 * statistics.median(times), 2),
                              "wal_bytes_per_renewal": round(wal)}))
        engine.dispose()
    finally:
        cluster.destroy()


if __name__ == "__main__":
    main()
