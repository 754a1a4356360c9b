"""Every table by its share code: making, joining, finding, rebuilding and expiring tables.

The lobby holds the tables being played (and those waiting for people) in memory; a finished
or expired table is read back from the store when asked for (its record, its result). On start,
``rebuild`` notes every waiting and running table; ``resume`` replays them from their events
in the background, and one that someone asks for first is replayed at once (``find``).

Limits for anonymous clients (README, ``docs/protocol.md``):

- at most ``max_waiting_tables`` tables wait for people (``lobby/full``), at most
  ``max_waiting_per_address`` of them made from one address (``lobby/too_many_yours``; counted
  over the tables made since the server started: the maker's address is not stored); in a
  cluster both are counted over every process (``caps.py``);
- every ``sweep_seconds`` the sweep expires a waiting table with no person connected for
  ``waiting_minutes``, and a running one with none for ``abandoned_hours`` (``expiry.py``);
  a seat taken at a waiting table whose person has not been connected for ``waiting_minutes``
  is freed. The clocks start at the table's making, the seat's taking, or the server's start;
- only a table made "open to anyone" (``TableConfig.public``) is listed (``open_tables``,
  by pages);
- one rule for a person's seat with no connection once the table runs, the same at the start
  and after a restart: the grace period (``grace_seconds``), then a stand-in bot until the
  person connects (``_grace_for_absent``, called at the start and by ``resume``).

The room is longer than the project's 500 lines on purpose: it is one class over one index of
the tables (``tables``, ``owners``, ``seen``, ``solo``, ``graces``, the tables not loaded yet),
which every step of a table's life here reads and changes under the same rules; what needs no
index lives beside it (``expiry.py``, ``caps.py``, ``TableConfig.check``, ``archive.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import replace
from functools import partial
from typing import Any

from sqlalchemy import Connection

import cardtable
from cardtable.errors import CardtableError
from cardtable.games import descriptor
from cardtable.i18n import outside_language_blocks
from cardtable.server.cluster.cluster import Cluster, Elsewhere
from cardtable.server.lobby import expiry, fairshare
from cardtable.server.lobby.connlimit import ConnectionCaps
from cardtable.server.lobby.who import Client
from cardtable.server.storage import archive, store
from cardtable.server.storage.archive import ArchivedTable
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.tables import clock_idle
from cardtable.server.tables.leave import abandoned
from cardtable.server.tables.status import UNFINISHED, TableStatus
from cardtable.server.tables.table import Services, Table
from cardtable.server.tables.tableconfig import SeatPlan, TableConfig
from cardtable.server.tables.tokens import (
    hash_token,
    new_code,
    new_token,
    normalize_code,
    token_matches,
)
from cardtable.server.transport.connection import CLOSE_MOVED
from cardtable.server.transport.errors import ServerError

log = logging.getLogger("cardtable.server.lobby.lobby")


class Lobby:
    def __init__(self, services: Services) -> None:
        self.services = services
        self.tables: dict[str, Table] = {}
        #: Tables whose stored events cannot be replayed, set aside at start: code → why.
        self.unplayable: dict[str, str] = {}
        #: Unfinished tables not rebuilt yet since the start (``rebuild``), oldest first.
        self._unloaded: dict[str, None] = {}
        self._loading: dict[str, asyncio.Future[None]] = {}
        self._loader: asyncio.Task[None] | None = None
        services.writer.listeners.append(self._storage_changed)
        #: The address each table was made from (since this server started).
        self.owners: dict[str, Client] = {}
        #: The last time (``services.clock``) a person was seen connected to a table, to a seat.
        self.seen: dict[str, float] = {}
        self.seat_seen: dict[tuple[str, int], float] = {}
        #: Tables made by ``/api/play`` that wait only for their maker's join: never listed.
        self.solo: set[str] = set()
        #: Per running table, the end of the grace of the people not connected since its start
        #: or the server's (one timer per table, not a task per seat: idle tables stay small).
        self.graces: dict[str, asyncio.TimerHandle] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        #: Set when this process is one of several (``cluster.py``): it then serves only the
        #: tables whose lease it holds, and relays the others to their owner.
        self.cluster: Cluster | None = None
        services.pool.attended = self.attended  # people watching get the bots' time first
        #: Turn-based tables at rest, out of memory (``clock_idle.py``): code → when the clock's
        #: stand-in is due to move at it (``services.clock``).
        self.resting: dict[str, float] = {}
        #: Tables asked for (``find``) while the start's background rebuild had not reached
        #: them: someone is coming to them, so the rebuild does not put them back to rest.
        self._asked: set[str] = set()
        #: The open WebSockets of each client (``connlimit.py``).
        self.connection_caps = ConnectionCaps(services.config.max_connections_per_player,
                                              services.config.max_connections_per_address)

    def attended(self, code: str) -> bool:
        """Whether anyone (a seat's page or a spectator) is connected to table ``code``; what
        is not a table here (the daily references' lane) counts as attended."""
        table = self.tables.get(code)
        return table is None or bool(table.connections())

    # -- start and stop ---------------------------------------------------------------------------

    def rebuild(self) -> int:
        """Note every unfinished table to be rebuilt; returns how many. Only their codes are
        read now: the server answers at once, and ``resume`` rebuilds them in the background
        (oldest first), while a table someone asks for is rebuilt at once (``find``)."""
        if self.cluster is not None:
            return 0  # the cluster's processes share the tables out (``Cluster._claim_forever``)
        codes = self.services.writer.read(store.unfinished_codes)
        self._unloaded = dict.fromkeys(code for code in codes if code not in self.tables)
        return len(self._unloaded)

    def resume(self) -> None:
        """Once the loop runs: rebuild the noted tables in the background (each then gets its
        bots back, and at a running table every person's seat its grace period, as at the
        table's start, ``_on_start``; a waiting table's seats are left to the sweep), and start
        the sweep."""
        loop = asyncio.get_running_loop()
        self._loader = loop.create_task(self.load_noted())
        if self._sweeper is None:
            self._sweeper = loop.create_task(self._sweep_forever(),
                                             context=outside_language_blocks())

    async def load_noted(self) -> None:
        """Rebuild every table ``rebuild`` noted, oldest first (``resume`` runs it in the
        background; tests await it)."""
        pause = 0.05
        while self._unloaded:
            code = next(iter(self._unloaded))
            try:
                await self._load(code)
                if code not in self._asked:
                    await clock_idle.rest_after_start(self, code)
                self._asked.discard(code)
                pause = 0.05
            except ServerError:  # the database is away: try again later
                await asyncio.sleep(pause)
                pause = min(pause * 2, 5.0)
            await asyncio.sleep(0)  # let the loop answer between two tables
        self._asked.clear()
        log.info("every unfinished table rebuilt", extra={"tables": len(self.tables)})

    async def _load(self, code: str) -> None:
        """Rebuild the noted table ``code`` (once, however many ask at the same time) and give
        it back its grace periods, bots and timers."""
        loading = self._loading.get(code)
        if loading is None:
            loading = self._loading[code] = asyncio.ensure_future(self._rebuild_one(code))
        try:
            await asyncio.shield(loading)
        finally:
            if loading.done():
                self._loading.pop(code, None)

    async def _rebuild_one(self, code: str) -> None:
        try:
            stored = await self.services.writer.query(
                partial(store.load_table, code=code))
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None
        self._unloaded.pop(code, None)
        self.resting.pop(code, None)
        try:
            assert stored is not None, code
            table = Table.rebuild(stored, self.services)
        except Exception as error:  # one bad table never keeps the others from starting
            self._set_aside(code, error)
            return
        self._own(table)
        now = self.services.clock()
        self.seen[code] = now
        if table.status == TableStatus.WAITING:
            for seat in stored.seats:
                self.seat_seen[code, seat.seat] = now
        if table.status == TableStatus.RUNNING:
            self._grace_for_absent(table)
        table.scheduler.schedule()
        if table.status == TableStatus.WAITING and not table.free_seats():
            # the last seat was stored but the start was not (a crash in between)
            task = asyncio.get_running_loop().create_task(self._start_stored(table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _own(self, table: Table) -> None:
        """Keep ``table`` in memory, to play; in a cluster, under this process's lease."""
        self.tables[table.code] = table
        if self.cluster is not None:
            table.state.lease_token = self.cluster.tokens.get(table.code)
            table.state.on_moved = self.cluster.lost

    async def hand_over(self, table: Table) -> None:
        """Stop serving ``table`` here (its lease moved on, or this process drains): every
        timer and bot stopped, every client told to reconnect, out of memory. What was
        accepted is stored; the next owner rebuilds the table from it."""
        for connection in table.connections():
            connection.close_code = CLOSE_MOVED
        await table.close()
        self._forget(table.code, release=False)

    def _set_aside(self, code: str, error: BaseException) -> None:
        reason = str(error) or type(error).__name__
        self.unplayable[code] = reason
        log.error("table set aside: its stored events cannot be replayed",
                  extra={"table": code, "error": reason})

    def _storage_changed(self, available: bool) -> None:
        """The database went away or came back: everyone at every table is told."""
        for table in self.tables.values():
            table.messages.tell_storage(available)

    async def _start_stored(self, table: Table) -> None:
        await table.start_if_full()
        if table.status == TableStatus.RUNNING:
            self._on_start(table)

    def _on_start(self, table: Table) -> None:
        """The table has just started: every person's seat with no connection gets a fresh
        grace period, then a stand-in (as after a restart, ``resume``), whether its person
        never connected or left while the table waited."""
        self.solo.discard(table.code)
        self._forget_seats(table)  # only a waiting table's seats are freed by the sweep
        for seat in table.seats:
            if seat.plan.kind == "person" and not seat.connections:
                if seat.grace is not None:
                    seat.grace.cancel()
                    seat.grace = None
                seat.away = False
        self._grace_for_absent(table)
        table.scheduler.schedule()  # nobody is away now: no stand-in's move is due yet

    def _grace_for_absent(self, table: Table) -> None:
        """In ``grace_seconds``, a stand-in for every person still not connected whose seat has
        no grace of its own (a person who came and left gets the table's own, ``detach``)."""
        old = self.graces.pop(table.code, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self.graces[table.code] = loop.call_later(
            self.services.config.grace_seconds,
            lambda: self._spawn_absent(table),
            context=outside_language_blocks(),
        )

    def _spawn_absent(self, table: Table) -> None:
        self.graces.pop(table.code, None)
        if self.services.bus.away:  # absent people may be connected elsewhere: wait again
            self._grace_for_absent(table)
            return
        task = asyncio.get_running_loop().create_task(self._absent_over(table))
        self._tasks.add(task)  # held until done (the loop keeps only a weak reference)
        task.add_done_callback(self._tasks.discard)

    async def _absent_over(self, table: Table) -> None:
        async with table.lock:
            if (table.status != TableStatus.RUNNING or self.tables.get(table.code) is not table
                    or table.turn_based):  # only the clock moves for the absent there
                return
            absent = [index for index, seat in enumerate(table.seats)
                      if seat.plan.kind == "person" and not seat.connections
                      and seat.grace is None and not seat.away]
            for index in absent:
                table.seats[index].away = True
                log.info("seat away", extra={"table": table.code, "seat": index})
            if absent:
                table.scheduler.schedule()
                table.messages.broadcast_seats()

    def forget_if_done(self, table: Table) -> None:
        """Drop a finished table nobody watches from memory (the store keeps it)."""
        if table.status == TableStatus.FINISHED and not table.connections():
            self._forget(table.code)

    def _forget(self, code: str, *, release: bool = True) -> None:
        if self.cluster is not None and release:
            task = asyncio.get_running_loop().create_task(self.cluster.let_go(code))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        grace = self.graces.pop(code, None)
        if grace is not None:
            grace.cancel()
        table = self.tables.pop(code, None)
        if table is not None:
            self._forget_seats(table)
        self.owners.pop(code, None)
        self.seen.pop(code, None)
        self.solo.discard(code)
        self.services.pool.forget(code)

    def forget_resting(self, code: str, wake: float) -> None:
        """Let a turn-based table go from memory until it is asked for again (``find``) or its
        stand-in is due at ``wake`` (``clock_idle.py``); its timers are already stopped."""
        self._forget(code)
        self.resting[code] = wake

    async def wake(self, code: str) -> None:
        """Bring back a table at rest (its stand-in is due), unless a request already did."""
        if code in self.resting:
            await self._load(code)

    def _forget_seats(self, table: Table) -> None:
        for index in range(len(table.seats)):
            self.seat_seen.pop((table.code, index), None)

    async def close(self) -> None:
        if self._loader is not None:
            self._loader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loader
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        for grace in self.graces.values():
            grace.cancel()
        self.graces.clear()
        for table in self.tables.values():
            await table.close()

    # -- expiry ---------------------------------------------------------------------------------

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.services.config.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep failed; trying again at the next")

    async def sweep(self) -> list[str]:
        """Expire the tables and free the waiting seats that are due (see the module docstring);
        returns the codes of the tables expired. Run every ``sweep_seconds``; tests call it
        with the services' clock set."""
        config = self.services.config
        now = self.services.clock()
        waiting_limit = config.waiting_minutes * 60
        expired = []
        for table in list(self.tables.values()):
            code = table.code
            if table.status == TableStatus.FINISHED:
                self.forget_if_done(table)
                continue
            people = [s for s in table.seats if s.plan.kind == "person"]
            if any(s.connections for s in people) or (not people and table.spectators):
                self.seen[code] = now  # a bots-only table: its spectators are its people
            if table.turn_based and table.status == TableStatus.RUNNING:
                continue  # played over days: never expired for absence (clock_idle.py)
            limit = expiry.idle_limit(table.status, config.waiting_minutes,
                                      config.abandoned_hours,
                                      None if people else config.unattended_minutes)
            if now - self.seen.setdefault(code, now) >= limit:
                await self.expire(table)
                expired.append(code)
                continue
            if table.status != TableStatus.WAITING:
                continue
            for index, seat in enumerate(table.seats):
                if seat.token_hash is None or seat.plan.kind != "person":
                    continue
                if seat.connections:
                    self.seat_seen[code, index] = now
                elif now - self.seat_seen.setdefault((code, index), now) >= waiting_limit:
                    await self.free_seat(table, index)
        await clock_idle.rest_and_wake(self, now)
        return expired

    async def expire(self, table: Table) -> None:
        """Close ``table`` with status ``expired``: its bots and timers stopped, the status
        stored (its events kept), out of memory and of the open list."""
        await table.close()  # no bot, timer or grace of it may move any more
        async with table.lock:
            if table.status not in UNFINISHED:
                return
            code = table.code
            await self.services.writer.run(partial(expiry.mark_expired, code=code))
            table.state.status = TableStatus.EXPIRED
        self._forget(code)
        log.info("table expired", extra={"table": code})

    async def free_seat(self, table: Table, index: int) -> None:
        """Give back the seat ``index`` of a waiting table: its person never came (back)."""
        async with table.lock:
            seat = table.seats[index]
            if table.status != TableStatus.WAITING or seat.connections or seat.token_hash is None:
                return
            code = table.code
            await self.services.writer.run(partial(expiry.free_seat, code=code, seat=index))
            if seat.grace is not None:
                seat.grace.cancel()
                seat.grace = None
            seat.name, seat.token_hash, seat.away = None, None, False
            self.seat_seen.pop((code, index), None)
            table.messages.broadcast_seats()
        log.info("seat freed", extra={"table": code, "seat": index})

    # -- tables ---------------------------------------------------------------------------------

    async def _make_room(self, client: Client | None) -> None:
        """A full lobby gives up the heaviest client's longest unattended waiting table for
        a client holding fewer (``fairshare.py``)."""
        waiting = [t for t in self.tables.values()
                   if t.status == TableStatus.WAITING and t.code not in self.solo]
        if len(waiting) < self.services.config.max_waiting_tables:
            return
        keys = {code: owner.key for code, owner in self.owners.items()}
        taken = fairshare.room_from(waiting, keys, self.seen,
                                    client.key if client is not None else None)
        if taken is not None:
            log.info("waiting table given up for a fair share", extra={"table": taken.code})
            await self.expire(taken)

    def check_waiting_caps(self, client: Client | None) -> None:
        """Refuse one more waiting table when the server or ``client`` has its fill."""
        config = self.services.config
        waiting = [t.code for t in self.tables.values()
                   if t.status == TableStatus.WAITING and t.code not in self.solo]
        if len(waiting) >= config.max_waiting_tables:
            raise ServerError("lobby/full")
        if client is not None:
            fairshare.check_waiting((self.owners[code] for code in waiting
                                     if code in self.owners), client, config)

    async def create(
        self, config: TableConfig, address: str | None = None, *, waits: bool = True,
        player: str | None = None,
    ) -> Table:
        """Make a table from ``address`` (and ``player``, when the request proves one: the
        caps count both); ``waits``: it waits for people (counted by the caps), not a solo
        table its maker joins at once (``/api/play``)."""
        client = Client(address, player) if address is not None else None
        config.check()
        if waits and self.cluster is not None:
            await self.cluster.caps.check(address)  # counted over every process (caps.py)
        elif waits:
            await self._make_room(client)
            self.check_waiting_caps(client)
        game = cardtable.game(config.game, config.players, **config.options)
        config = replace(
            config,
            game=game.name,
            players=game.players,
            options=dict(game.options),  # every option's value, defaults included
            turn_seconds=config.turn_seconds or None,
            # the preset its options play, named now and kept (engine/presets.py)
            preset=descriptor(game.name).preset_of(game.options),
        )
        writer = self.services.writer
        try:
            while True:
                code = new_code()
                if code not in self.tables and not await writer.query(
                    partial(store.code_exists, code=code)
                ):
                    break
            table = Table(code, config, self.services)
            cluster = self.cluster

            def stored(session: Connection) -> int | None:
                store.create_table(session, code=code, game=game.name, players=game.players,
                                   config=config.to_dict())
                return cluster.lease_new(session, code) if cluster is not None else None

            token = await writer.run(stored)
            if cluster is not None and token is not None:
                cluster.took(code, token)
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None
        self._own(table)
        self.seen[code] = self.services.clock()
        if not waits:
            self.solo.add(code)
        if address is not None:
            self.owners[code] = Client(address, player)
            self.services.pool.assign(code, address)  # its hard bots share one fair lane
            if waits and self.cluster is not None:
                await self.cluster.caps.made(code, address, self.services.clock())
        log.info("table created", extra={"table": code, "game": game.name})
        return table

    def get(self, code: str, *, archived: bool = False) -> Table:
        """The table with ``code``; a finished one is rebuilt from the store on demand (this
        reads the database in the calling thread: on the loop, use ``find``). An expired one is
        ``table/expired``, unless ``archived`` (for its records: such a table must never be
        played, only read)."""
        code = normalize_code(code)
        found = self._in_memory(code)
        if found is not None:
            return found
        try:
            stored = self.services.writer.read(lambda session: store.load_table(session, code))
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None
        return self._rebuilt(code, stored, archived)

    def readable(self, code: str, *, archived: bool = False) -> Table | ArchivedTable:
        """What the lobby API answers about ``code`` (its summary, its records): ``get``'s
        table, or what the archive kept of a finished table archived (``archive.py``)."""
        code = normalize_code(code)
        if self._in_memory(code) is None:
            try:
                kept = self.services.writer.read(lambda session: archive.load(session, code))
            except StorageUnavailable:
                raise ServerError("server/storage_unavailable") from None
            if kept is not None:
                return kept
        return self.get(code, archived=archived)

    async def find(self, code: str) -> Table:
        """``get`` without blocking the loop: the database is read in a reader thread; an
        unfinished table not rebuilt yet since the start is rebuilt now, to stay."""
        code = normalize_code(code)
        if code in self._unloaded or code in self.resting:
            if code in self._unloaded:
                self._asked.add(code)
            await self._load(code)
        found = self._in_memory(code)
        if found is not None:
            return found
        stored = await self._stored(code)
        if self.cluster is not None and stored is not None and stored.status in UNFINISHED:
            # an unfinished table is played by one process: this one, once it holds the
            # lease (``Elsewhere`` when a live process does), rebuilt from what is stored then
            await self.cluster.locate(code)
            if self._in_memory(code) is None:
                await self._load(code)
            found = self._in_memory(code)
            if found is None:
                raise ServerError("table/moved")
            return found
        return self._rebuilt(code, stored)

    async def _stored(self, code: str) -> store.StoredTable | None:
        try:
            return await self.services.writer.query(
                lambda session: store.load_table(session, code)
            )
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None

    async def as_stored(self, code: str) -> Table:
        """The table as stored, to show (in a cluster, one that another process plays)."""
        code = normalize_code(code)
        found = self._in_memory(code)
        if found is not None:
            return found
        return self._rebuilt(code, await self._stored(code), archived=True)

    def _in_memory(self, code: str) -> Table | None:
        if code in self.unplayable:
            raise ServerError("table/unplayable")
        table = self.tables.get(code)
        if table is not None and table.unplayable is not None:
            self.tables.pop(code, None)
            self.unplayable[code] = table.unplayable
            raise ServerError("table/unplayable")
        return table

    def _rebuilt(
        self, code: str, stored: store.StoredTable | None, archived: bool = False
    ) -> Table:
        if stored is None:
            raise ServerError("table/not_found")
        if stored.status == TableStatus.EXPIRED and not archived:
            raise ServerError("table/expired")
        try:
            table = Table.rebuild(stored, self.services)
        except Exception as error:
            self._set_aside(code, error)
            raise ServerError("table/unplayable") from None
        if stored.status == TableStatus.EXPIRED:
            table.state.status = TableStatus.EXPIRED
        return table

    async def join(self, code: str, seat: int | None, name: str) -> tuple[Table, int, str]:
        """Take a person's seat; returns the table, the seat and its secret token. In a
        cluster, the table's owner takes it (the table returned is then as stored)."""
        try:
            table = await self.find(code)
        except Elsewhere as elsewhere:
            assert self.cluster is not None
            taken, token = await self.cluster.call(elsewhere.owner, "join", code=code,
                                                   seat=seat, name=name)
            return await self.as_stored(code), int(taken), str(token)
        token = new_token()
        waited = table.status == TableStatus.WAITING
        index = await table.take_seat(seat, name, hash_token(token))
        if waited and table.status == TableStatus.RUNNING:  # the last seat: the table started
            self._on_start(table)
        elif table.status == TableStatus.WAITING:
            self.seat_seen[table.code, index] = self.services.clock()
        return table, index, token

    def seat_of(self, table: Table, token: str) -> int:
        """The seat a connection's token proves; ``connection/seat_full`` when that seat holds
        ``max_connections_per_seat`` connections already (``connlimit.py``)."""
        for index, seat in enumerate(table.seats):
            if token_matches(token, seat.token_hash):
                limit = self.services.config.max_connections_per_seat
                if len(seat.connections) >= limit:
                    raise ServerError("connection/seat_full", limit=limit)
                return index
        raise ServerError("auth/bad_token")

    def open_tables(self, limit: int, offset: int = 0) -> tuple[list[Table], int]:
        """One page of the tables open to anyone: those waiting for people (free seats first),
        then those being played (to watch); and how many there are in all."""
        listed = [
            t for t in self.tables.values()
            if t.config.public and (
                t.status == TableStatus.RUNNING
                or (t.status == TableStatus.WAITING and t.code not in self.solo))
            and not abandoned(t)  # friends: nobody plays there any more (server/tables/leave.py)
        ]
        listed.sort(key=lambda t: (t.status != TableStatus.WAITING, t.code))
        return listed[offset:offset + limit], len(listed)

    async def open_page(self, limit: int, offset: int = 0) -> tuple[list[Table], int]:
        """``open_tables`` for the whole cluster: read from the database (a table another
        process plays is shown as stored); on a single server, ``open_tables``."""
        if self.cluster is None:
            return self.open_tables(limit, offset)
        try:
            codes, total = await self.services.writer.query(
                partial(store.open_codes, limit=limit, offset=offset))
            found = []
            for code in codes:
                table = self.tables.get(code)
                if table is None:
                    stored = await self._stored(code)
                    if stored is None:
                        continue
                    table = Table.to_read(stored)
                found.append(table)
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None
        return found, total

    def quick_config(
        self, game: str, players: int | None, level: str, options: dict[str, Any],
        turn_seconds: float | None = None, hints: bool = True, continue_seconds: float = 30.0,
        clock: str | None = None,
    ) -> TableConfig:
        try:
            table = cardtable.game(game, players, **options)
        except CardtableError as error:
            raise ServerError("table/bad_config", reason=str(error)) from None
        seats = (SeatPlan(kind="person"),) + tuple(
            SeatPlan(kind="bot", level=level) for _ in range(table.players - 1)
        )
        return TableConfig(
            game=table.name, players=table.players, options=options, seats=seats,
            turn_seconds=turn_seconds, hints=hints, continue_seconds=continue_seconds,
            clock=clock,
            public=True,  # listed once running (to watch)
        )
