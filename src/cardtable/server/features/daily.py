"""The daily deal: once a day, per game and table size, one deal that everyone
plays against the same bots from the same seat, with a board of everyone's points beside how
the bot levels scored from that seat.

- **The deal** of a day (UTC), game and player count is derived from the server's secret: an
  HMAC-SHA256 of ``day:game:players`` gives the match seed, the first dealer and the person's
  seat (``derive``). The secret is ``ServerConfig.daily_secret``, else one made at random and
  kept in the database (``daily_keys``); it is never sent to anyone, so nobody can work a deal
  out before playing it, nor tomorrow's from today's. The table is an ordinary table of one
  deal (``deals`` 1, no hints, not listed, default options), started with the derived seed
  (``TableState.fixed_start``) and bots of ``medium`` seeded from it (``BotSeats``), so two people
  who make the same moves meet the same replies.
- **Played once**: one entry per browser token and day (``daily_plays``: the name chosen, the
  token's hash, the table). A token whose table is unfinished gets that table back (it is the
  same play, resumed); once it is finished, playing again is refused (``daily/played``).
- **Its cards are never known beforehand**: a fresh token would get the same hand and the
  same bots' answers, so whatever shows a daily table's cards — its records, its replay, its
  coach's review (``sealed``) — stays closed (``daily/sealed``) until the deal's UTC day is
  over; the board carries no table codes until then either.
- **The board**: everyone who played, each scored by their table's result once it is
  finished. Before a browser has finished the day's deal it learns only how many have played.
  Every entry says whether it is tied to a verified player (``verified``): until people have
  identities (``lobby.who``) none is, and the page marks them so.
- **The references**: each level of ``daily_levels`` (``hard`` and ``medium``) plays the same
  deal from the same seat, against the same bots, once per day, and its points are kept
  (``daily_references``). It is played move by move as a table's bots are: ``hard``'s
  searches go to the bot workers (``FairPool``, never the event loop) in a lane of their own,
  so they take their fair turn beside the live tables' bots instead of a core of the server
  for a minute; one deal at a time, so a burst of first visits cannot queue every game's
  references at once; a shutdown abandons the playout, which is played again after the
  restart.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import itertools
import json
import logging
import secrets
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Table, insert, select
from sqlalchemy.exc import IntegrityError

import cardtable
from cardtable.games import game_class, match_class
from cardtable.server.lobby.who import Client
from cardtable.server.storage.db import (
    Base,
    DailyKeyRow,
    DailyPlayRow,
    DailyReferenceRow,
    TableRow,
    utcnow,
)
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.tables.bots import BotSeats
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.table import SeatPlan, TableConfig
from cardtable.server.tables.tokens import hash_token, normalize_code
from cardtable.server.transport.errors import ServerError

if TYPE_CHECKING:
    from cardtable.server.lobby.lobby import Lobby
    from cardtable.server.tables.pool import FairPool

log = logging.getLogger("cardtable.server.features.daily")

KEYS: Table = Base.metadata.tables[DailyKeyRow.__tablename__]
PLAYS: Table = Base.metadata.tables[DailyPlayRow.__tablename__]
REFERENCES: Table = Base.metadata.tables[DailyReferenceRow.__tablename__]
TABLES: Table = Base.metadata.tables[TableRow.__tablename__]

#: A daily deal is a match of one deal with the game's default options otherwise.
OPTIONS: dict[str, Any] = {"deals": 1}
#: The bots around the daily seat.
OPPONENTS = "medium"


@dataclass(frozen=True)
class Deal:
    """One day's deal of a game and table size: what the table is started with."""

    day: str
    game: str
    players: int
    seed: int
    dealer: int
    seat: int


def day_of(timestamp: float) -> str:
    """The UTC day of ``timestamp``: ``2026-12-02``."""
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).date().isoformat()


def derive(secret: str, day: str, game: str, players: int) -> Deal:
    """The deal of ``day`` for ``game`` at ``players``, from the secret (see the docstring)."""
    digest = hmac.new(secret.encode(), f"{day}:{game}:{players}".encode(),
                      hashlib.sha256).digest()
    seed = int.from_bytes(digest[:8], "big") & (2**63 - 1)
    dealer = int.from_bytes(digest[8:12], "big") % players
    seat = int.from_bytes(digest[12:16], "big") % players
    return Deal(day=day, game=game, players=players, seed=seed, dealer=dealer, seat=seat)


def checked(game: str, players: int) -> None:
    """``daily/bad_table`` unless ``game`` exists and may be played by ``players``."""
    if game not in cardtable.available():
        raise ServerError("daily/bad_table", game=game, players=players)
    cls = game_class(game)
    if players not in cls.player_counts():
        raise ServerError("daily/bad_table", game=game, players=players)


def table_config(deal: Deal) -> TableConfig:
    seats = tuple(SeatPlan(kind="person") if seat == deal.seat
                  else SeatPlan(kind="bot", level=OPPONENTS) for seat in range(deal.players))
    return TableConfig(game=deal.game, players=deal.players, options=dict(OPTIONS), seats=seats,
                       hints=False, public=False)


# -- the secret ---------------------------------------------------------------------------------


def _stored_secret(db: Connection) -> str:
    found = db.execute(select(KEYS.c.secret).where(KEYS.c.name == "daily")).scalar()
    if found is not None:
        return str(found)
    made = secrets.token_hex(32)
    try:
        with db.begin_nested():
            db.execute(insert(KEYS).values(name="daily", secret=made))
    except IntegrityError:  # another request made it first
        return str(db.execute(select(KEYS.c.secret).where(KEYS.c.name == "daily")).scalar())
    return made


# -- who played ---------------------------------------------------------------------------------


def _entries(db: Connection, deal: Deal) -> list[dict[str, Any]]:
    rows = db.execute(
        select(PLAYS.c.name, PLAYS.c.browser_hash, PLAYS.c.table_code, TABLES.c.status,
               TABLES.c.result)
        .join(TABLES, TABLES.c.code == PLAYS.c.table_code)
        .where(PLAYS.c.day == deal.day, PLAYS.c.game == deal.game,
               PLAYS.c.players == deal.players)
        .order_by(PLAYS.c.id)
    ).all()
    found = []
    for row in rows:
        result = json.loads(row.result) if row.result else None
        found.append({"name": row.name, "browser_hash": row.browser_hash,
                      "code": row.table_code, "finished": row.status == TableStatus.FINISHED,
                      "points": points_of(result, deal.seat) if result else None,
                      "player": None})  # no verified player yet: see lobby.who
    return found


def points_of(outcome: dict[str, Any], seat: int) -> int | None:
    """The points of the side holding ``seat`` in a match outcome."""
    for side, points in zip(outcome.get("sides", []), outcome.get("points", []), strict=False):
        if seat in side:
            return int(points)
    return None


def _add_play(db: Connection, deal: Deal, browser_hash: str, name: str, code: str) -> None:
    try:
        with db.begin_nested():
            db.execute(insert(PLAYS).values(day=deal.day, game=deal.game, players=deal.players,
                                            browser_hash=browser_hash, name=name,
                                            table_code=code, created_at=utcnow()))
    except IntegrityError:  # the same browser twice at once: its first entry counts
        pass


def _references(db: Connection, deal: Deal) -> dict[str, int]:
    rows = db.execute(select(REFERENCES.c.level, REFERENCES.c.points).where(
        REFERENCES.c.day == deal.day, REFERENCES.c.game == deal.game,
        REFERENCES.c.players == deal.players)).all()
    return {row.level: int(row.points) for row in rows}


def _add_reference(db: Connection, deal: Deal, level: str, points: int) -> None:
    try:
        with db.begin_nested():
            db.execute(insert(REFERENCES).values(day=deal.day, game=deal.game,
                                                 players=deal.players, level=level,
                                                 points=points))
    except IntegrityError:  # already there (two servers' days overlapped)
        pass


async def play_reference(deal: Deal, level: str, pool: FairPool) -> int:
    """``level`` plays the deal from the daily seat against the table's own bots (the same
    ``BotSeats``, seeded alike); its points. Each slow search runs on ``pool``'s workers, in
    the lane of this deal's references."""
    game = cardtable.game(deal.game, deal.players, **OPTIONS)
    match = match_class(game)(game, seed=deal.seed, dealer=deal.dealer)
    bots = BotSeats(deal.seed)
    lane = f"daily:{deal.day}:{deal.game}:{deal.players}"
    state = match.current
    for _ in itertools.islice(itertools.count(), game.deal_length_bound()):  # None: unbounded
        if state.is_over:
            break
        seat = state.to_move  # one deal, every seat dealt in: deal seats are table seats
        assert seat is not None
        decision = bots.decide(match, seat, level if seat == deal.seat else OPPONENTS)
        state.apply(await bots.play(decision, pool, lane))
    outcome = state.outcome
    if outcome is None:
        return 0
    found = points_of(outcome.to_dict(), deal.seat)
    return found if found is not None else 0


# -- closed until the day is over ----------------------------------------------------------------


def _last_day(db: Connection, code: str) -> str | None:
    """The latest day whose daily deal was played at table ``code`` (None: not a daily table)."""
    found = db.execute(select(PLAYS.c.day).where(PLAYS.c.table_code == code)
                       .order_by(PLAYS.c.day.desc()).limit(1)).scalar()
    return None if found is None else str(found)


def refuse_if_open(day: str | None, now: float) -> None:
    """``daily/sealed`` while ``day``'s deal may still be played (its UTC day is not over)."""
    if day is not None and day >= day_of(now):
        raise ServerError("daily/sealed", day=day)


def sealed(lobby: Lobby, code: str) -> None:
    """For the routes that show a table's cards (its records, replay, review), run in
    FastAPI's threads: ``daily/sealed`` if ``code`` holds a daily deal whose day is not over."""
    try:
        day = lobby.services.writer.read(partial(_last_day, code=normalize_code(code)))
    except StorageUnavailable:
        raise ServerError("server/storage_unavailable") from None
    refuse_if_open(day, lobby.services.clock())


async def sealed_async(lobby: Lobby, code: str) -> None:
    """``sealed`` for a route on the event loop (the database read in a reader thread)."""
    try:
        day = await lobby.services.writer.query(partial(_last_day, code=normalize_code(code)))
    except StorageUnavailable:
        raise ServerError("server/storage_unavailable") from None
    refuse_if_open(day, lobby.services.clock())


# -- the service ----------------------------------------------------------------------------------


class Daily:
    """The daily deals of one server: the secret, the references being played, the board."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self._secret: str | None = None
        self._playing: dict[tuple[str, str, int], asyncio.Task[None]] = {}
        self._one_at_a_time = asyncio.Semaphore(1)

    @property
    def levels(self) -> list[str]:
        return [level.strip() for level in self.lobby.services.config.daily_levels.split(",")
                if level.strip()]

    async def deal(self, game: str, players: int) -> Deal:
        """Today's deal of ``game`` at ``players`` (the services' clock, UTC)."""
        checked(game, players)
        if self._secret is None:
            configured = self.lobby.services.config.daily_secret
            self._secret = configured or await self.lobby.services.writer.run(_stored_secret)
        return derive(self._secret, day_of(self.lobby.services.clock()), game, players)

    async def play(self, game: str, players: int, name: str, browser: str,
                   client: Client) -> dict[str, Any]:
        """A table of today's deal for this browser, or the one it has not finished yet;
        ``daily/played`` once it has finished today's."""
        address = client.address
        deal = await self.deal(game, players)
        browser_hash = hash_token(browser)
        writer = self.lobby.services.writer
        for entry in await writer.query(partial(_entries, deal=deal)):
            if entry["browser_hash"] == browser_hash:
                if entry["finished"]:
                    raise ServerError("daily/played", day=deal.day)
                return {"day": deal.day, "code": entry["code"], "seat": deal.seat,
                        "token": None, "again": True}
        self.references_later(deal)
        if address is not None:
            await self.lobby.services.limits.create(address)
        table = await self.lobby.create(table_config(deal), address, waits=False)
        table.state.fixed_start = (deal.seed, deal.dealer)
        table.state.bots = BotSeats(deal.seed)
        await writer.run(partial(_add_play, deal=deal, browser_hash=browser_hash, name=name,
                                 code=table.code))
        table, seat, token = await self.lobby.join(table.code, deal.seat, name)
        return {"day": deal.day, "code": table.code, "seat": seat, "token": token,
                "again": False}

    def references_later(self, deal: Deal) -> None:
        """Play today's references in the background, once (see the module docstring)."""
        key = (deal.day, deal.game, deal.players)
        if key in self._playing:
            return
        self._playing[key] = asyncio.get_running_loop().create_task(self._play_references(deal))

    async def _play_references(self, deal: Deal) -> None:
        writer = self.lobby.services.writer
        try:
            done = await writer.query(partial(_references, deal=deal))
            for level in self.levels:
                if level in done:
                    continue
                async with self._one_at_a_time:
                    points = await play_reference(deal, level, self.lobby.services.pool)
                await writer.run(partial(_add_reference, deal=deal, level=level, points=points))
        except Exception:
            log.exception("the daily references could not be played",
                          extra={"game": deal.game, "players": deal.players})
            self._playing.pop((deal.day, deal.game, deal.players), None)  # try again later

    async def board(self, game: str, players: int, browser: str | None) -> dict[str, Any]:
        """Today's board as ``browser`` may see it (see the module docstring)."""
        deal = await self.deal(game, players)
        writer = self.lobby.services.writer
        entries = await writer.query(partial(_entries, deal=deal))
        mine_hash = hash_token(browser) if browser else None
        mine = next((e for e in entries if e["browser_hash"] == mine_hash), None)
        answer: dict[str, Any] = {
            "day": deal.day, "game": game, "players": players, "count": len(entries),
            "played": mine is not None, "finished": bool(mine and mine["finished"]),
            "code": mine["code"] if mine else None, "entries": [], "references": None,
        }
        if not answer["finished"]:
            return answer
        self.references_later(deal)
        lower_wins = game_class(game).lowest_wins  # penalty points
        done = [e for e in entries if e["finished"] and e["points"] is not None]
        done.sort(key=lambda e: e["points"] if lower_wins else -e["points"])
        answer["seat"] = deal.seat
        answer["entries"] = [{"name": e["name"], "points": e["points"],
                              "mine": e["browser_hash"] == mine_hash,
                              "verified": e["player"] is not None} for e in done]
        answer["references"] = await writer.query(partial(_references, deal=deal))
        return answer
