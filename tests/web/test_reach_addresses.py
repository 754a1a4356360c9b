"""Where share links point for each way the server can listen (``features/homenet.py``),
without a browser: the branches the Chromium tests of test_reach.py cannot reach on one machine
(a chosen interface, no network at all, IPv6)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.requests import Request

from cardtable.server.features import homenet


def asked(host_header: str = "127.0.0.1:8123", port: int = 8123) -> Request:
    """A request that came to the server's socket on ``port`` under ``host_header``."""
    scope: dict[str, Any] = {
        "type": "http", "method": "GET", "path": "/api/tables/ABC", "query_string": b"",
        "scheme": "http", "server": ("127.0.0.1", port),
        "headers": [(b"host", host_header.encode())],
    }
    return Request(scope)


@pytest.fixture
def network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(homenet, "_cached_home_address", lambda: "192.168.1.20")


def test_the_public_address_wins_whatever_the_interface(network: None) -> None:
    for listen in ("127.0.0.1", "0.0.0.0", "192.168.1.20"):
        base = homenet.share_base("https://cards.example/", listen, asked())
        assert (base.link("ABC"), base.reach) == ("https://cards.example/t/ABC", "public")


@pytest.mark.parametrize("listen", ["0.0.0.0", "::"])
def test_every_interface_gives_the_network_address_and_the_sockets_port(
        network: None, listen: str) -> None:
    base = homenet.share_base("", listen, asked("localhost:9999", port=8123))
    assert (base.link("ABC"), base.reach) == ("http://192.168.1.20:8123/t/ABC", "network")


def test_every_interface_without_a_network_is_this_computer_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(homenet, "_cached_home_address", lambda: None)
    base = homenet.share_base("", "0.0.0.0", asked())
    assert (base.link("ABC"), base.reach) == ("http://127.0.0.1:8123/t/ABC", "local")


@pytest.mark.parametrize("listen", ["127.0.0.1", "localhost", "::1"])
def test_loopback_is_this_computer_only(listen: str) -> None:
    base = homenet.share_base("", listen, asked())
    assert (base.link("ABC"), base.reach) == ("http://127.0.0.1:8123/t/ABC", "local")


@pytest.mark.parametrize(("listen", "url"), [("192.168.1.7", "http://192.168.1.7:8123"),
                                             ("fd00::7", "http://[fd00::7]:8123")])
def test_one_chosen_interface_is_its_own_address(listen: str, url: str) -> None:
    base = homenet.share_base("", listen, asked())
    assert (base.url, base.reach) == (url, "network")
