"""Prometheus metrics of one server process, served at ``/metrics`` (prometheus-client).

Each app has a registry of its own (the tests run many apps in one process). Counts that
change with play are updated where they happen (the guard, the writer, the WebSocket handler);
what is a snapshot of the lobby (tables by state, connections, the database's availability) is
read when Prometheus scrapes, so nothing on the hot path keeps it. docs/deploy.md says what each
metric means.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from cardtable.server.tables.status import TableStatus

# the ``*_created`` timestamps are noise on every scrape; Prometheus does not need them
disable_created_metrics()  # type: ignore[no-untyped-call]

#: The ``cardtable_tables`` state of a table waiting for its storage, whatever its status.
SUSPENDED = "suspended"
#: Latency buckets (seconds): a move is answered in milliseconds; a slow database in seconds.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.actions = Counter(
            "cardtable_actions", "Accepted (stored) actions and decisions, by who made them.",
            ["by"], registry=self.registry)
        self.action_seconds = Histogram(
            "cardtable_action_to_update_seconds",
            "From a move reaching the table's guard to every viewer's update being queued.",
            buckets=BUCKETS, registry=self.registry)
        self.commit_seconds = Histogram(
            "cardtable_commit_seconds", "One group commit of the writer, retries included.",
            buckets=BUCKETS, registry=self.registry)
        self.errors = Counter(
            "cardtable_errors", "Error messages sent to WebSocket clients, by code.", ["code"],
            registry=self.registry)
        self.bot_wait_seconds = Histogram(
            "cardtable_bot_wait_seconds",
            "How long a slow bot's or a hint's search waited for a worker.",
            buckets=BUCKETS, registry=self.registry)
        self.gc_pause_seconds = Histogram(
            "cardtable_gc_pause_seconds",
            "Pauses of the garbage collector the server runs (server/ops/collector.py), by "
            "generation: young (every 0.1 s) or full (every gc_full_seconds).",
            ["generation"], buckets=BUCKETS, registry=self.registry)
        self._snapshot: _Snapshot | None = None

    def gc_pause(self, generation: int, seconds: float) -> None:
        self.gc_pause_seconds.labels("full" if generation else "young").observe(seconds)

    def watch(self, tables: Callable[[], Iterable[Any]], storage: Callable[[], bool],
              bot_queue: Callable[[], int] = lambda: 0,
              leases: Callable[[], int | None] = lambda: None,
              workers_replaced: Callable[[], int] = lambda: 0) -> None:
        """Read the lobby's tables, the database's availability, the bot queue's depth, the
        leases held (``None``: one server, it owns every table it holds) and the bot workers
        replaced at every scrape."""
        self._snapshot = _Snapshot(tables, storage, bot_queue, leases, workers_replaced)
        self.registry.register(self._snapshot)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


class _Snapshot(Collector):
    def __init__(self, tables: Callable[[], Iterable[Any]], storage: Callable[[], bool],
                 bot_queue: Callable[[], int], leases: Callable[[], int | None],
                 workers_replaced: Callable[[], int]) -> None:
        self.tables = tables
        self.storage = storage
        self.bot_queue = bot_queue
        self.leases = leases
        self.workers_replaced = workers_replaced

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        by_state: Tally[str] = Tally()
        connections = 0
        for table in list(self.tables()):
            state = SUSPENDED if table.suspended else table.status
            by_state[state] += 1
            connections += len(table.connections())
        family = GaugeMetricFamily("cardtable_tables", "Tables in memory, by state.",
                                   labels=["state"])
        for state in (TableStatus.WAITING, TableStatus.RUNNING, TableStatus.FINISHED,
                      SUSPENDED):
            family.add_metric([state], by_state.get(state, 0))
        yield family
        yield GaugeMetricFamily("cardtable_connections", "Open WebSocket connections.",
                                value=connections)
        yield GaugeMetricFamily("cardtable_storage_available",
                                "1 while the database takes writes, else 0.",
                                value=1 if self.storage() else 0)
        yield GaugeMetricFamily("cardtable_bot_queue_depth",
                                "Slow bots' and hints' searches waiting for a worker.",
                                value=self.bot_queue())
        yield CounterMetricFamily("cardtable_bot_workers_replaced",
                                  "Bot worker processes that died running a search and were "
                                  "replaced.", value=self.workers_replaced())
        held = self.leases()
        yield GaugeMetricFamily("cardtable_leases_held",
                                "Tables whose lease this process holds (the tables it plays).",
                                value=sum(by_state.values()) if held is None else held)
