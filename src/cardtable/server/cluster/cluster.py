"""Several server processes on one database: any process serves any table.

Each unfinished table is held in memory and played by exactly one process, its *owner*, which
holds the table's lease (``leases.py``: a fencing token in PostgreSQL refuses the writes of an
owner whose lease moved on). A person may be connected to any process (the balancer sends them
anywhere, no sticky sessions):

- at the owner, their WebSocket is attached to the table as on a single server;
- elsewhere, the process *relays*: it forwards the client's texts to the owner over the bus
  (``bus.py``, Redis pub/sub, one channel per process) and the owner's texts back to the client
  (``RemoteConnection`` at the owner stands for the client, ``Relayed`` at the relay). The owner
  authenticates the hello, runs the guard, and knows every connection of every seat, wherever
  it is: stand-ins, timers and grace periods run only at the owner, and only for seats whose
  person is connected nowhere.

A seat taken over HTTP at a process that does not own the table is taken by the owner
(``call``: a request and its reply over the bus).

When a process dies, its leases expire after ``lease_seconds``; every process looks for tables
that no live lease holds (``_claim_forever``) and takes them over, rebuilding them from their
stored events, and a relay whose owner stopped listening closes its client with
``CLOSE_MOVED``, so the client reconnects and reaches a process that serves the table. A process
told to stop (SIGTERM) *drains*: it releases its leases at once and closes every connection with
``CLOSE_MOVED``; the other processes take its tables over without waiting for an expiry.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.i18n import language, outside_language_blocks
from cardtable.server.cluster import leases
from cardtable.server.cluster.bus import Bus, BusAway
from cardtable.server.lobby.caps import ClusterCaps
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.transport.connection import CLOSE_MOVED, CLOSE_TRY_AGAIN, Connection
from cardtable.server.transport.errors import ServerError

if TYPE_CHECKING:
    from cardtable.server.lobby.lobby import Lobby
    from cardtable.server.tables.table import Table

log = logging.getLogger("cardtable.server.cluster.cluster")

#: Seconds a reply to ``call`` may take.
CALL_SECONDS = 10.0
#: Tables one process takes over per look (``_claim_forever``): the survivors share them out.
CLAIM_BATCH = 50


class Elsewhere(Exception):  # noqa: N818 (a signal, not an error)
    """The table is owned by another live process: relay to ``owner``."""

    def __init__(self, owner: str) -> None:
        super().__init__(owner)
        self.owner = owner


class RemoteConnection(Connection):
    """At the owner: a client connected to another process. Texts pushed to it go over the
    bus; its messages arrive over the bus and are handled in order (``inbound``)."""

    def __init__(self, cluster: Cluster, process: str, ident: str, seat: int | None,
                 lang: str, address: str | None) -> None:
        super().__init__(seat, lang, address)
        self.cluster = cluster
        self.process = process
        self.ident = ident
        self.inbound: asyncio.Queue[str | None] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    def push(self, text: str) -> None:
        if not self.closed:
            self.cluster.bus.send(self.process, {"k": "out", "c": self.ident, "x": text})

    def close(self, code: int | None = None) -> None:
        if not self.closed:
            self.closed = True
            self.cluster.bus.send(self.process, {"k": "close", "c": self.ident,
                                                 "code": code or self.close_code})
            self.inbound.put_nowait(None)


@dataclass
class Relayed:
    """At a relay: a local client whose table another process owns."""

    connection: Connection
    owner: str
    code: str


def lost_leases(known: dict[str, int], now: dict[str, int], held: dict[str, int]) -> list[str]:
    """The tables whose lease moved on: known before the read of the leases ``held`` (with the
    same token still now), and held there under another token or not at all."""
    return [code for code, token in known.items()
            if now.get(code) == token and held.get(code) != token]


def _spawn(coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    return asyncio.get_running_loop().create_task(coroutine, context=outside_language_blocks())


class Cluster:
    """This process's part in the cluster; ``Lobby.cluster`` when ``redis_url`` is set."""

    def __init__(self, lobby: Lobby, process: str, redis_url: str, lease_seconds: float,
                 clock: Callable[[], float] = time.time) -> None:
        self.lobby = lobby
        self.process = process
        self.lease_seconds = lease_seconds
        self.clock = clock
        self.bus = Bus(redis_url, process, self._received, self._gone,
                       state=lobby.services.bus)
        self.bus.state.listeners.append(self._bus_changed)
        #: The waiting-table caps, counted over the whole cluster.
        self.caps = ClusterCaps(self.bus.redis, lobby.services.writer, lobby.services.config)
        #: The leases this process holds: table code → fencing token.
        self.tokens: dict[str, int] = {}
        #: Owner side: the clients of other processes attached here, by their id.
        self.remote: dict[str, RemoteConnection] = {}
        #: Relay side: this process's clients of tables owned elsewhere, by their id.
        self.relayed: dict[str, Relayed] = {}
        self._calls: dict[str, asyncio.Future[Any]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._jobs: set[asyncio.Task[None]] = set()
        #: Owner side: the clients of other processes attached when the bus went down.
        self._stale: set[str] = set()
        self.draining = False

    @property
    def writer(self) -> Any:
        return self.lobby.services.writer

    # -- start and stop ---------------------------------------------------------------------

    async def start(self) -> None:
        await self.bus.start()
        self._tasks = [_spawn(self._renew_forever()), _spawn(self._claim_forever()),
                       _spawn(self._watch_forever())]

    async def drain(self) -> None:
        """Stop serving (SIGTERM): hand every table over (leases released at once) and tell
        every client to reconnect (``CLOSE_MOVED``); what was accepted is already stored."""
        if self.draining:
            return
        self.draining = True
        codes = list(self.tokens)
        # The leases go first, the clients after: a client told to reconnect then reaches a
        # process that takes the table at once, not one relaying it back here. A write of
        # this process in between is safe: the lease keeps its token until another process
        # takes it (the fence passes), and that takeover waits for the write's commit, so
        # the new owner's rebuild holds it.
        with contextlib.suppress(StorageUnavailable):
            await self.writer.run(lambda db: leases.release(db, self.process, codes))
        for code in codes:
            table = self.lobby.tables.get(code)
            if table is not None:
                await self.lobby.hand_over(table)
        self.tokens.clear()
        for relayed in list(self.relayed.values()):
            relayed.connection.close(CLOSE_MOVED)
        log.info("drained", extra={"tables": len(codes)})

    async def close(self) -> None:
        await self.drain()
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.bus.close()

    # -- owning -----------------------------------------------------------------------------

    async def locate(self, code: str) -> None:
        """Return once this process owns ``code`` (taking its lease if no live lease holds
        it); raise ``Elsewhere`` when a live process owns it. A lease whose owner is gone is
        waited out (at most about ``lease_seconds``)."""
        deadline = time.monotonic() + 2 * self.lease_seconds + 1
        pause = 0.05
        while True:
            if code in self.tokens:
                return
            if self.draining:
                raise ServerError("table/moved")
            now = self.clock()
            try:
                token = await self.writer.run(
                    lambda db, now=now: leases.acquire(db, code, self.process, now,
                                                      self.lease_seconds))
                owner = None if token is not None else (await self.writer.query(
                    lambda db, now=now: leases.owners(db, [code], now, self.lease_seconds)
                )).get(code)
            except StorageUnavailable:
                raise ServerError("server/storage_unavailable") from None
            if token is not None:
                self.tokens[code] = token
                log.info("lease taken", extra={"table": code, "token": token})
                return
            try:
                if owner is not None and owner != self.process and await self.bus.alive([owner]):
                    raise Elsewhere(owner)
            except BusAway:
                raise ServerError("server/bus_unavailable") from None
            if time.monotonic() > deadline:
                raise ServerError("table/moved")
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.5)

    def lease_new(self, db: Any, code: str) -> int:
        """Inside the transaction that stores a table just made here: its lease. In the same
        transaction, so that no other process's claim (``_claim_forever``: stored tables no
        live lease holds) can take the table between its storing and its lease."""
        token = leases.acquire(db, code, self.process, self.clock(), self.lease_seconds)
        assert token is not None, code  # nobody else can see the table before the commit
        return int(token)

    def took(self, code: str, token: int) -> None:
        """The lease ``lease_new`` took is committed: this process serves ``code``."""
        self.tokens[code] = token

    async def let_go(self, code: str) -> None:
        """This process is done with ``code`` (finished and forgotten): release its lease."""
        if self.tokens.pop(code, None) is None:
            return
        with contextlib.suppress(StorageUnavailable):
            await self.writer.run(lambda db: leases.release(db, self.process, [code]))

    def lost(self, code: str) -> None:
        """The lease on ``code`` moved on (a renewal or a write found it): stop serving it."""
        if self.tokens.pop(code, None) is None and code not in self.lobby.tables:
            return
        log.warning("lease lost; table handed over", extra={"table": code})
        table = self.lobby.tables.get(code)
        if table is not None:
            self._job(self.lobby.hand_over(table))

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            if self.draining:
                continue
            now = self.clock()
            # The leases to check are those known before the read: a table made while the
            # read runs is leased after its snapshot and missing from its answer, and was
            # dropped as lost (a 503 table/moved on its first join, seen with two processes
            # making 2,000 tables).
            known = dict(self.tokens)
            try:
                await self.writer.run(lambda db, now=now: leases.beat(db, self.process, now))
                held = await self.writer.query(lambda db: leases.held(db, self.process))
            except Exception as error:
                log.warning("leases not renewed", extra={"error": str(error)})
                continue
            for code in lost_leases(known, self.tokens, held):
                self.lost(code)

    async def _claim_forever(self) -> None:
        """Take over the tables no live lease holds (their owner died, or the cluster
        restarted)."""
        while True:
            await asyncio.sleep(self.lease_seconds / 2 * (0.5 + secrets.randbelow(1000) / 1000))
            if self.draining:
                continue
            now = self.clock()
            try:
                codes = await self.writer.query(
                    lambda db, now=now: leases.claimable(db, now, self.lease_seconds,
                                                         CLAIM_BATCH))
            except Exception as error:
                log.warning("no look for tables to take over", extra={"error": str(error)})
                continue
            for code in codes:
                if code in self.tokens:
                    continue
                try:
                    await self.lobby.find(code)
                except Elsewhere:
                    continue
                except ServerError as error:
                    log.debug("table not taken over", extra={"table": code, "code": error.code})
                else:
                    log.info("table taken over", extra={"table": code})

    async def _watch_forever(self) -> None:
        """Once a second: the clients relayed here from a dead process are detached (their
        seats get their grace period), and this process's clients whose owner died are told
        to reconnect."""
        while True:
            await asyncio.sleep(1.0)
            processes = {c.process for c in self.remote.values()} | {
                r.owner for r in self.relayed.values()}
            if not processes or self.bus.state.away:  # not known while the bus is away
                continue
            try:
                alive = await self.bus.alive(processes)
            except Exception as error:
                log.warning("bus unreachable", extra={"error": str(error)})
                continue
            for process in processes - alive:
                self._gone(process)

    def _bus_changed(self, down: bool) -> None:
        """The bus went down: this process's relayed people are told so in their language and
        closed with ``CLOSE_TRY_AGAIN`` (what they send can no longer reach the owner; they
        reconnect, to the owner directly or once the bus is back), while the owner keeps their
        seats as connected (their detach is lost with the bus: no grace, no stand-in). The bus
        came back: the owner drops the clients of other processes it held when it went down,
        since their relays closed them meanwhile, and their seats start a fresh grace period
        (a client attached since, by a relay that reached the bus first, stays)."""
        from cardtable.server.transport.ws import error_message

        if down:
            refusal = ServerError("server/bus_unavailable")
            for ident, relayed in list(self.relayed.items()):
                with language(relayed.connection.language):
                    relayed.connection.push(error_message(refusal, None))
                relayed.connection.close(CLOSE_TRY_AGAIN)
                self.relayed.pop(ident, None)
            self._stale |= set(self.remote)
        else:
            stale, self._stale = self._stale, set()
            for ident in stale:
                self._detach_remote(ident)

    def _gone(self, process: str) -> None:
        for relayed in [r for r in self.relayed.values() if r.owner == process]:
            relayed.connection.close(CLOSE_MOVED)
        for connection in [c for c in self.remote.values() if c.process == process]:
            self._detach_remote(connection.ident)

    # -- relaying (the side a client is connected to) ------------------------------------------

    def relay(self, connection: Connection, owner: str, code: str, hello: str,
              lang: str) -> str:
        """Attach the local ``connection`` to table ``code`` at ``owner``; its id."""
        ident = secrets.token_hex(8)
        self.relayed[ident] = Relayed(connection, owner, code)
        self.bus.send(owner, {"k": "attach", "c": ident, "from": self.process, "t": code,
                              "hello": hello, "lang": lang, "addr": connection.address})
        return ident

    def forward(self, ident: str, text: str) -> None:
        relayed = self.relayed.get(ident)
        if relayed is not None:
            self.bus.send(relayed.owner, {"k": "in", "c": ident, "x": text})

    def unrelay(self, ident: str) -> None:
        relayed = self.relayed.pop(ident, None)
        if relayed is not None:
            self.bus.send(relayed.owner, {"k": "detach", "c": ident})

    # -- requests between processes -----------------------------------------------------------

    async def call(self, owner: str, op: str, **args: Any) -> Any:
        """Run ``op`` at ``owner`` (``_serve_call``) and return its answer; a refusal there is
        raised here as the same ``ServerError``."""
        ident = secrets.token_hex(8)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._calls[ident] = future
        self.bus.send(owner, {"k": "call", "id": ident, "from": self.process, "op": op,
                              "args": args})
        try:
            return await asyncio.wait_for(future, CALL_SECONDS)
        except TimeoutError:
            raise ServerError("table/moved") from None
        finally:
            self._calls.pop(ident, None)

    async def _serve_call(self, message: dict[str, Any]) -> None:
        reply: dict[str, Any] = {"k": "reply", "id": message["id"]}
        args = message["args"]
        try:
            if message["op"] != "join":
                raise ServerError("protocol/bad_message")
            if args["code"] not in self.tokens:
                raise ServerError("table/moved")
            _table, seat, token = await self.lobby.join(args["code"], args["seat"],
                                                        args["name"])
            reply["v"] = [seat, token]
        except ServerError as error:
            reply["e"] = [error.code, {k: v for k, v in error.details.items()
                                       if isinstance(v, str | int | float | None)}]
        self.bus.send(message["from"], reply)

    # -- the bus's messages -----------------------------------------------------------------

    def _received(self, message: dict[str, Any]) -> None:
        kind = message.get("k")
        if kind == "out":
            relayed = self.relayed.get(message["c"])
            if relayed is not None:
                relayed.connection.push(message["x"])
        elif kind == "close":
            relayed = self.relayed.pop(message["c"], None)
            if relayed is not None:
                relayed.connection.close(int(message["code"]))
        elif kind == "in":
            connection = self.remote.get(message["c"])
            if connection is not None:
                connection.inbound.put_nowait(message["x"])
        elif kind == "attach":
            self._job(self._attach_remote(message))
        elif kind == "detach":
            self._detach_remote(message["c"])
        elif kind == "call":
            self._job(self._serve_call(message))
        elif kind == "reply":
            future = self._calls.get(message["id"])
            if future is not None and not future.done():
                if "e" in message:
                    code, details = message["e"]
                    future.set_exception(ServerError(code, **details))
                else:
                    future.set_result(message["v"])

    def _job(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = _spawn(coroutine)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    async def _attach_remote(self, message: dict[str, Any]) -> None:
        from cardtable.server.transport.ws import error_message, handle, seat_of_hello

        ident, process, code = message["c"], message["from"], message["t"]
        table = self.lobby.tables.get(code) if code in self.tokens else None
        if table is None or self.draining:
            self.bus.send(process, {"k": "close", "c": ident, "code": CLOSE_MOVED})
            return
        try:
            seat, lang = seat_of_hello(self.lobby, table, message["hello"], message["lang"])
        except ServerError as error:
            from cardtable.i18n import language
            from cardtable.server.transport.protocol import ref_of
            from cardtable.server.transport.ws import CLOSE_REFUSED

            with language(message["lang"]):
                refusal = error_message(error, ref_of(message["hello"]))
            self.bus.send(process, {"k": "out", "c": ident, "x": refusal})
            self.bus.send(process, {"k": "close", "c": ident, "code": CLOSE_REFUSED})
            return
        connection = RemoteConnection(self, process, ident, seat, lang, message.get("addr"))
        self.remote[ident] = connection
        await table.presence.attach(connection)
        connection.task = _spawn(self._serve_remote(table, connection, handle))

    async def _serve_remote(self, table: Table, connection: RemoteConnection,
                            handle: Callable[[Table, Connection, str, Lobby],
                                             Coroutine[Any, Any, None]]) -> None:
        try:
            while True:
                text = await connection.inbound.get()
                if text is None:
                    break
                await handle(table, connection, text, self.lobby)
        finally:
            self.remote.pop(connection.ident, None)
            await table.presence.detach(connection)
            self.lobby.forget_if_done(table)

    def _detach_remote(self, ident: str) -> None:
        connection = self.remote.get(ident)
        if connection is not None:
            connection.closed = True
            connection.inbound.put_nowait(None)
