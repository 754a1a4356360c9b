"""Every table by its share code: making, joining, finding and rebuilding tables.

The lobby holds the tables being played (and those waiting for people) in memory; a finished
table is read back from the store when asked for (its record, its result). On start,
``rebuild`` notes every unfinished table; ``resume`` replays them from their events in the
background, and one that someone asks for first is replayed at once (``find``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from functools import partial
from typing import Any

import cardtable
from cardtable.bots.base import available_bots
from cardtable.errors import CardtableError
from cardtable.i18n import _
from cardtable.server import store
from cardtable.server.errors import ServerError
from cardtable.server.table import SeatPlan, Services, Table, TableConfig
from cardtable.server.tokens import hash_token, new_code, new_token, normalize_code, token_matches
from cardtable.server.writer import StorageUnavailable

log = logging.getLogger("cardtable.server.lobby")


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

    # -- start and stop ---------------------------------------------------------------------------

    def rebuild(self) -> int:
        """Note every unfinished table to be rebuilt; returns how many. Only their codes are
        read now: the server answers at once, and ``resume`` rebuilds them in the background
        (oldest first), while a table someone asks for is rebuilt at once (``find``)."""
        codes = self.services.writer.read(store.unfinished_codes)
        self._unloaded = dict.fromkeys(code for code in codes if code not in self.tables)
        return len(self._unloaded)

    def resume(self) -> None:
        """Once the loop runs: rebuild the noted tables in the background."""
        self._loader = asyncio.get_running_loop().create_task(self._load_all())

    async def _load_all(self) -> None:
        pause = 0.05
        while self._unloaded:
            code = next(iter(self._unloaded))
            try:
                await self._load(code)
                pause = 0.05
            except ServerError:  # the database is away: try again later
                await asyncio.sleep(pause)
                pause = min(pause * 2, 5.0)
            await asyncio.sleep(0)  # let the loop answer between two tables
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
        try:
            assert stored is not None, code
            table = Table.rebuild(stored, self.services)
        except Exception as error:  # one bad table never keeps the others from starting
            self._set_aside(code, error)
            return
        self.tables[code] = table
        table.start_graces()
        table.schedule()
        if table.status == "waiting" and not table.free_seats():
            # the last seat was stored but the start was not (a crash in between)
            asyncio.get_running_loop().create_task(table.start_if_full())

    def _set_aside(self, code: str, error: BaseException) -> None:
        reason = str(error) or type(error).__name__
        self.unplayable[code] = reason
        log.error("table set aside: its stored events cannot be replayed",
                  extra={"table": code, "error": reason})

    def _storage_changed(self, available: bool) -> None:
        """The database went away or came back: everyone at every table is told."""
        for table in self.tables.values():
            table.tell_storage(available)

    def forget_if_done(self, table: Table) -> None:
        """Drop a finished table nobody watches from memory (the store keeps it)."""
        if table.status == "finished" and not table.connections():
            self.tables.pop(table.code, None)

    async def close(self) -> None:
        if self._loader is not None:
            self._loader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loader
        for table in self.tables.values():
            await table.close()

    # -- tables ---------------------------------------------------------------------------------

    def check_config(self, config: TableConfig) -> None:
        """Refuse a table that cannot be played, saying why (``table/bad_config``)."""
        try:
            game = cardtable.game(config.game, config.players, **config.options)
        except CardtableError as error:
            raise ServerError("table/bad_config", reason=str(error)) from None
        if len(config.seats) != game.players:
            raise ServerError(
                "table/bad_config",
                reason=_("{n} seats were described for {players} players").format(
                    n=len(config.seats), players=game.players
                ),
            )
        levels = available_bots(game.name)
        for index, seat in enumerate(config.seats):
            if seat.kind == "bot" and seat.level not in levels:
                raise ServerError(
                    "table/bad_config",
                    reason=_("seat {seat}: unknown bot level {level!r}; choose one of {levels}")
                    .format(seat=index, level=seat.level, levels=", ".join(levels)),
                )
            if seat.kind not in ("person", "bot"):
                raise ServerError(
                    "table/bad_config",
                    reason=_("seat {seat} is 'person' or 'bot', not {kind!r}").format(
                        seat=index, kind=seat.kind
                    ),
                )
        turn = config.turn_seconds
        if turn is not None and turn != 0 and not 0.01 <= turn <= 3600:
            raise ServerError(
                "table/bad_config", reason=_("the turn timer is 0.01 to 3600 seconds")
            )
        if not 0.01 <= config.continue_seconds <= 3600:
            raise ServerError(
                "table/bad_config",
                reason=_("the wait for Continue after a deal is 0.01 to 3600 seconds"),
            )
        if not any(seat.kind == "person" for seat in config.seats):
            raise ServerError("table/bad_config", reason=_("a table needs at least one person"))

    async def create(self, config: TableConfig) -> Table:
        self.check_config(config)
        game = cardtable.game(config.game, config.players, **config.options)
        config = TableConfig(
            game=game.name,
            players=game.players,
            options=dict(game.options),  # every option's value, defaults included
            seats=config.seats,
            turn_seconds=config.turn_seconds or None,
            hints=config.hints,
            continue_seconds=config.continue_seconds,
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
            await writer.run(
                lambda session: store.create_table(
                    session, code=code, game=game.name, players=game.players,
                    config=config.to_dict()
                )
            )
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None
        self.tables[code] = table
        log.info("table created", extra={"table": code, "game": game.name})
        return table

    def get(self, code: str) -> Table:
        """The table with ``code``; a finished one is rebuilt from the store on demand (this
        reads the database in the calling thread: on the loop, use ``find``)."""
        code = normalize_code(code)
        found = self._in_memory(code)
        if found is not None:
            return found
        try:
            stored = self.services.writer.read(lambda session: store.load_table(session, code))
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None
        return self._rebuilt(code, stored)

    async def find(self, code: str) -> Table:
        """``get`` without blocking the loop: the database is read in a reader thread; an
        unfinished table not rebuilt yet since the start is rebuilt now, to stay."""
        code = normalize_code(code)
        if code in self._unloaded:
            await self._load(code)
        found = self._in_memory(code)
        if found is not None:
            return found
        try:
            stored = await self.services.writer.query(
                lambda session: store.load_table(session, code)
            )
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None
        return self._rebuilt(code, stored)

    def _in_memory(self, code: str) -> Table | None:
        if code in self.unplayable:
            raise ServerError("table/unplayable")
        table = self.tables.get(code)
        if table is not None and table.unplayable is not None:
            self.tables.pop(code, None)
            self.unplayable[code] = table.unplayable
            raise ServerError("table/unplayable")
        return table

    def _rebuilt(self, code: str, stored: store.StoredTable | None) -> Table:
        if stored is None:
            raise ServerError("table/not_found")
        try:
            return Table.rebuild(stored, self.services)
        except Exception as error:
            self._set_aside(code, error)
            raise ServerError("table/unplayable") from None

    async def join(self, code: str, seat: int | None, name: str) -> tuple[Table, int, str]:
        """Take a person's seat; returns the table, the seat and its secret token."""
        table = await self.find(code)
        token = new_token()
        index = await table.take_seat(seat, name, hash_token(token))
        return table, index, token

    def seat_of(self, table: Table, token: str) -> int:
        for index, seat in enumerate(table.seats):
            if token_matches(token, seat.token_hash):
                return index
        raise ServerError("auth/bad_token")

    def open_tables(self) -> list[dict[str, Any]]:
        """Tables waiting for people (free seats first), then those being played (to watch)."""
        tables = sorted(
            self.tables.values(), key=lambda t: (t.status != "waiting", t.code)
        )
        return [t.summary() for t in tables if t.status in ("waiting", "running")]

    def quick_config(
        self, game: str, players: int | None, level: str, options: dict[str, Any],
        turn_seconds: float | None = None, hints: bool = True, continue_seconds: float = 30.0,
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
        )
