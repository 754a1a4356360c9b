"""uvicorn's server, with a cluster's drain before the connections close.

uvicorn's graceful shutdown (SIGTERM) closes every open connection first and runs the app's
lifespan shutdown last. For a process of a cluster that order costs each of its clients a
second reconnection: a client closed by uvicorn reconnects at once, reaches another process
while this one still holds the table's lease (it only releases it in the lifespan shutdown), is
relayed back here, and is closed again with ``CLOSE_MOVED`` because this process is draining.
So here the listening sockets stop accepting, then the cluster drains (leases released, tables
handed over, every client told to reconnect), and only then does uvicorn's own shutdown run:
a client's one reconnection reaches a process that can take the table at once.
"""

from __future__ import annotations

import socket
from typing import Any

import uvicorn


class DrainingServer(uvicorn.Server):
    """``uvicorn.Server`` whose shutdown drains ``app.state.cluster`` first (when set)."""

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()  # no new connection lands on a process that is leaving
        for sock in sockets or []:
            sock.close()
        state: Any = getattr(self.config.app, "state", None)
        cluster = getattr(state, "cluster", None)
        if cluster is not None:
            await cluster.drain()
        await super().shutdown(sockets)
