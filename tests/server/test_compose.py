"""deploy/compose.yaml and deploy/nginx.conf are what ``make cluster`` runs, as containers:
written from the same topology (``localcluster``), so they cannot drift from it."""

from __future__ import annotations

from pathlib import Path

import yaml

from cardtable.server.cluster import localcluster

DEPLOY = Path(__file__).parents[2] / "deploy"


def test_the_compose_file_is_the_local_clusters_topology() -> None:
    assert (DEPLOY / "compose.yaml").read_text() == localcluster.compose()
    services = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    servers = [name for name in services if name.startswith("server-")]
    assert len(servers) == 3 and {"postgres", "redis", "nginx", "migrate"} <= set(services)
    for name in servers:
        env = services[name]["environment"]
        assert env["CARDTABLE_REDIS_URL"].startswith("redis://")
        assert env["CARDTABLE_DB"].startswith("postgresql+psycopg://")
        for key, value in localcluster.SERVER_ENV.items():
            if key != "CARDTABLE_FORWARDED_ALLOW_IPS":  # nginx's container address: any
                assert env[key] == value


def test_the_balancer_is_the_local_clusters() -> None:
    assert (DEPLOY / "nginx.conf").read_text() == localcluster.compose_nginx()
    conf = localcluster.compose_nginx()
    assert "ip_hash" not in conf and "sticky" not in conf  # no sticky sessions
    for index in range(3):
        assert f"server server-{index}:8000" in conf
