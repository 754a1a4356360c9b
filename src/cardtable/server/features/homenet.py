"""Where friends are sent: the address put in share links and their QR codes.

A link is only worth sharing if a friend can open it. In order: the configured public address
(``--public-url``, e.g. ``https://cards.example`` behind a proxy: docs/hosting.md); else, when
the server listens on every interface, this computer's address on its network (the one
``cardtable serve --host 0.0.0.0`` prints); else (``127.0.0.1``) the address the page was
opened with, which the page then says works on this computer only. The server decides, so the
page never builds a link from its own ``location`` (a host's ``http://127.0.0.1`` would go in
every QR code).
"""

from __future__ import annotations

import functools
import ipaddress
import socket
from dataclasses import dataclass
from typing import Literal

from starlette.requests import HTTPConnection

#: What a share link reaches: anyone (the public address), the host's network, this computer.
Reach = Literal["public", "network", "local"]

#: The ``--host`` values that mean "every interface".
EVERY_INTERFACE = ("0.0.0.0", "::", "")


def home_address() -> str | None:
    """This computer's LAN address (e.g. ``192.168.1.20``), or ``None`` when it has none.
    A UDP socket "connected" to a documentation address picks the outgoing interface without
    sending anything."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


@functools.lru_cache(maxsize=1)
def _cached_home_address() -> str | None:
    """``home_address`` looked up once per process: it does not change while a server runs,
    and every table's page asks for it."""
    return home_address()


@dataclass(frozen=True)
class ShareBase:
    """The start of every share link (no trailing slash) and whom it reaches."""

    url: str
    reach: Reach

    def link(self, code: str) -> str:
        return f"{self.url}/t/{code}"


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a name: assume the host gave one others can resolve


def share_base(public_url: str, listen_host: str, connection: HTTPConnection) -> ShareBase:
    """Where share links point for a server configured with ``public_url`` and listening on
    ``listen_host``, asked through ``connection`` (whose socket gives the port it listens on)."""
    if public_url:
        return ShareBase(public_url.rstrip("/"), "public")
    own = str(connection.base_url).rstrip("/")
    server = connection.scope.get("server") or (None, None)
    port = server[1] or connection.url.port
    if listen_host in EVERY_INTERFACE:
        found = _cached_home_address()
        if found is None:  # no network at all: only this computer can open it
            return ShareBase(own, "local")
        return ShareBase(f"http://{found}:{port}", "network")
    if _is_loopback(listen_host):
        return ShareBase(own, "local")
    host = f"[{listen_host}]" if ":" in listen_host else listen_host
    return ShareBase(f"http://{host}:{port}", "network")  # one chosen interface
