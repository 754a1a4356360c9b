"""What one server process and a cluster sustain (issue 15 §6): SQLite against PostgreSQL, one
process against two and three behind nginx, closed loop and open loop.

Not a test: a measurement run by hand, reported in docs/deploy.md (Capacity).

    .venv/bin/python benchmarks/capacity.py                 # every run, about 15 minutes
    .venv/bin/python benchmarks/capacity.py --only open-1   # the runs whose name starts so

Each run starts what it measures afresh in a folder of its own and stops it after:

- ``single``: ``cardtable loadtest``'s own server (one process, no Redis) on a fresh SQLite,
  or on the PostgreSQL of a local cluster folder (``--db``);
- ``cluster``: ``localcluster.LocalCluster`` (PostgreSQL, Redis, N ``cardtable serve``, nginx
  round robin without sticky sessions) with the load settings of ``loadtest.LOAD_ENV``, loaded
  through nginx; the CPU of the N server processes is measured together.

Closed loop: every table acts as soon as its state says so (throughput). Open loop: each table
acts about every ``--pace`` seconds (±50 per cent jitter), as people do: the number of tables
a configuration holds at a p99 action-to-update latency is its capacity. The load's clients
run in this one process (on a 2-core machine they take about a core of their own: the
figures are this machine's, not a capacity of a server core; docs/deploy.md models that).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.server.cluster.localcluster import LocalCluster, free_port
from cardtable.server.ops.loadtest import LOAD_ENV, raise_open_files_limit

CARDTABLE = str(Path(sys.executable).with_name("cardtable"))


@dataclass(frozen=True)
class Run:
    name: str
    kind: str  # "single-sqlite", "single-pg", "cluster"
    tables: int
    pace: float = 0.0
    servers: int = 1
    seconds: float = 20.0


RUNS = [
    Run("closed-sqlite", "single-sqlite", 100),
    Run("closed-pg", "single-pg", 100),
    Run("closed-cluster-1", "cluster", 100, servers=1),
    Run("closed-cluster-2", "cluster", 100, servers=2),
    Run("closed-cluster-3", "cluster", 100, servers=3),
    Run("open-1-sqlite-1000", "single-sqlite", 1000, pace=2.0),
    Run("open-1-sqlite-2000", "single-sqlite", 2000, pace=2.0),
    Run("open-1-pg-2000", "single-pg", 2000, pace=2.0),
    Run("open-cluster-1-2000", "cluster", 2000, pace=2.0, servers=1),
    Run("open-cluster-2-2000", "cluster", 2000, pace=2.0, servers=2),
    Run("open-cluster-2-3000", "cluster", 3000, pace=2.0, servers=2),
]


def loadtest(run: Run, *extra: str) -> dict[str, Any]:
    command = [CARDTABLE, "loadtest", "--tables", str(run.tables), "--seconds",
               str(run.seconds), "--warmup", "10" if run.pace else "3", "--idle-tables", "0",
               "--pace", str(run.pace), "--json", *extra]
    done = subprocess.run(command, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def measure(run: Run) -> dict[str, Any]:
    if run.kind == "single-sqlite":
        return loadtest(run)
    with tempfile.TemporaryDirectory(prefix="cardtable-capacity-") as folder:
        cluster = LocalCluster(folder=Path(folder), servers=run.servers, port=free_port(),
                               extra_env=LOAD_ENV)
        try:
            if run.kind == "single-pg":
                cluster.start_database()
                subprocess.run([CARDTABLE, "db", "upgrade", "--db", cluster.db_url],
                               check=True, capture_output=True, timeout=120)
                return loadtest(run, "--db", cluster.db_url)
            cluster.start()
            pids = [str(cluster.server_pid(i)) for i in range(run.servers)]
            return loadtest(run, "--url", cluster.url,
                            *[arg for pid in pids for arg in ("--pid", pid)])
        finally:
            cluster.stop()


def main() -> None:
    raise_open_files_limit()  # the cluster's servers and nginx inherit it
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="Only the runs whose name starts so.")
    args = parser.parse_args()
    rows = []
    for run in RUNS:
        if not run.name.startswith(args.only):
            continue
        try:
            result = measure(run)
        except RuntimeError as error:  # reported, and the other runs go on
            print(json.dumps({"run": run.name, "error": str(error)}), flush=True)
            continue
        print(json.dumps({"run": run.name, **result}), flush=True)
        rows.append((run, result))
    print("\n| run | tables | pace s | actions/s | p50 ms | p99 ms | max ms "
          "| server CPU ms/action |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for run, result in rows:
        latency = result["latency_ms"]
        print(f"| {run.name} | {run.tables} | {run.pace or 'closed'} | "
              f"{result['actions_per_second']} | {latency['p50']} | {latency['p99']} | "
              f"{latency['max']} | {result['server_cpu_ms_per_action']} |")


if __name__ == "__main__":
    main()
