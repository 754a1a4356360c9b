"""The server's garbage-collector tuning is undone at shutdown (servers run inside the test
process too), and a server that ran leaves the thresholds as it found them."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

from cardtable.server.collector import FIRST_THRESHOLD, Collector


def test_tune_and_restore() -> None:
    before = gc.get_threshold()
    collector = Collector()
    collector.tune()
    try:
        assert gc.get_threshold()[0] == FIRST_THRESHOLD
        assert gc.get_freeze_count() > 0
    finally:
        collector.restore()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
    collector.restore()  # twice is harmless
    assert gc.get_threshold() == before


def test_a_server_gives_the_thresholds_back(start_server: Callable[..., Any]) -> None:
    before = gc.get_threshold()
    server = start_server()
    assert gc.get_threshold()[0] == FIRST_THRESHOLD
    server.stop()
    assert gc.get_threshold() == before
