"""Messages between the processes of a cluster, over Redis pub/sub: one channel per process.

Why Redis and not PostgreSQL's LISTEN/NOTIFY (measured on this machine, docs/deploy.md): a
table's state messages are often larger than NOTIFY's 8,000-byte payload limit (Pontinho with
melds on the table), NOTIFY serialises every notifying commit of the whole database on one
lock, and its round trip was slower. Redis pub/sub delivers a message to every subscriber of a
channel in order, and tells the publisher how many received it: zero means that the process
addressed is gone, which is how a relay learns at once that a table's owner died.

A bus that is away (Redis stopped, stalled or cut off) never hangs a caller: ``alive`` gives up
after ``ASK_SECONDS`` and raises ``BusAway``, which a WebSocket being connected turns into an
``error`` ``server/bus_unavailable`` and a close with code 1013 (try again later,
docs/protocol.md).

Every process watches its own bus (``_check_forever``: a ``PING`` each ``CHECK_SECONDS``, and
every failed command): its ``state`` (``busstate.py``) tells the tables of this process not to
replace anyone by a stand-in while the bus is away, and the cluster to tell its relayed people
(``Cluster._bus_changed``).

``send`` never waits: messages to one process are queued and a flusher publishes them as one
batch per loop turn (a table step fans out to many connections at once), in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import orjson

from cardtable.errors import CardtableError
from cardtable.server.cluster.busstate import BusState

if TYPE_CHECKING:
    from redis.asyncio import Redis

log = logging.getLogger("cardtable.server.cluster.bus")

#: A process's channel.
PREFIX = "cardtable:process:"
#: Seconds a question to Redis (``alive``) may take before the bus counts as away.
ASK_SECONDS = 2.0
#: Seconds between two checks that Redis answers.
CHECK_SECONDS = 1.0


class BusAway(CardtableError):
    """Redis did not answer (stopped, stalled, unreachable)."""


def channel(process: str) -> str:
    return PREFIX + process


class Bus:
    """This process's end of the bus: ``on_message`` gets every message sent to it,
    ``on_gone`` every process found to have no one listening (it died)."""

    def __init__(self, url: str, process: str, on_message: Callable[[dict[str, Any]], None],
                 on_gone: Callable[[str], None], state: BusState | None = None) -> None:
        self.url = url
        self.state = state or BusState()
        self.process = process
        self.on_message = on_message
        self.on_gone = on_gone
        from redis.asyncio import Redis  # the cluster extra: only a cluster needs it

        self.redis: Redis = Redis.from_url(url)
        self._outgoing: dict[str, list[dict[str, Any]]] = {}
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self.sent = 0

    async def start(self) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(channel(self.process))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._read(pubsub)), loop.create_task(self._flush()),
                       loop.create_task(self._check_forever())]

    async def _check_forever(self) -> None:
        while True:
            await asyncio.sleep(CHECK_SECONDS)
            try:
                await asyncio.wait_for(self.redis.ping(), ASK_SECONDS)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self.state.lost(str(error) or type(error).__name__)
            else:
                self.state.answered()

    def send(self, process: str, message: dict[str, Any]) -> None:
        """Queue ``message`` for ``process`` (published within this loop turn, in order)."""
        self._outgoing.setdefault(process, []).append(message)
        self._wake.set()

    async def alive(self, processes: Iterable[str]) -> set[str]:
        """Those of ``processes`` listening on their channel now; ``BusAway`` if Redis does
        not answer within ``ASK_SECONDS``."""
        listed = sorted(set(processes))
        if not listed:
            return set()
        try:
            counts = await asyncio.wait_for(
                self.redis.pubsub_numsub(*(channel(p) for p in listed)), ASK_SECONDS)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self.state.lost(str(error) or type(error).__name__)
            raise BusAway(str(error) or type(error).__name__) from None
        found = {name.decode() if isinstance(name, bytes) else str(name): int(n)
                 for name, n in counts}
        return {p for p in listed if found.get(channel(p), 0) > 0}

    async def _read(self, pubsub: Any) -> None:
        while True:
            try:
                message = await pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis away: pub/sub reconnects and resubscribes
                log.warning("bus read failed; retrying", extra={"error": str(error)})
                self.state.lost(str(error) or type(error).__name__)
                await asyncio.sleep(0.5)
                continue
            if message is None:
                continue
            try:
                for item in orjson.loads(message["data"]):
                    self.on_message(item)
            except Exception:
                log.exception("a bus message was not handled")

    async def _flush(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            outgoing, self._outgoing = self._outgoing, {}
            for process, batch in outgoing.items():
                try:
                    receivers = await asyncio.wait_for(
                        self.redis.publish(channel(process), orjson.dumps(batch)), ASK_SECONDS)
                except asyncio.CancelledError:
                    raise
                except Exception as error:  # lost: the relays were told (Cluster._bus_changed)
                    log.warning("bus publish failed", extra={"error": str(error)})
                    self.state.lost(str(error) or type(error).__name__)
                    continue
                self.sent += len(batch)
                if receivers == 0 and not self.state.away:  # just back: not resubscribed yet
                    self.on_gone(process)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()
