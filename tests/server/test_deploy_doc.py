"""docs/deploy.md stays true to the code: every setting and every metric is described."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from cardtable.server.config import ServerConfig
from cardtable.server.ops.metrics import Metrics

DOC = (Path(__file__).parents[2] / "docs" / "deploy.md").read_text()


def test_every_setting_is_described() -> None:
    missing = [f.name for f in dataclasses.fields(ServerConfig)
               if f.name != "extra" and f"`{f.name}`" not in DOC]
    assert missing == []


def test_every_metric_is_described() -> None:
    metrics = Metrics()
    metrics.watch(lambda: [], lambda: True)
    names = {family.name for family in
             text_string_to_metric_families(metrics.exposition().decode())}
    assert names, "no metric at all"
    missing = sorted(n for n in names if f"`{n}" not in DOC)
    assert missing == []
