"""The address to give friends when the server listens on every interface (issue 16 §5):
this computer's address on the network its default route goes through."""

from __future__ import annotations

import socket


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
