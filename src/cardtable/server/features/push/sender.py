"""Sending push messages off the move path. A table only puts a note on a queue
(``to_seat``/``to_player``: no await, no database, no network); a task of its own takes each
note, finds the player and their subscriptions (a reader thread), and posts one encrypted
request per subscription, several at once, each bounded by ``SEND_SECONDS``. So a slow or
failing push service delays no move, and one stalled endpoint delays no other person's message.
A push service that answers 404 or 410 says the subscription is gone: it is deleted."""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from functools import partial

import aiohttp
from pywebpush import WebPushException, webpush_async

from cardtable.server.features.push import subscriptions
from cardtable.server.features.push.keys import VapidKeys, load_or_make
from cardtable.server.features.push.subscriptions import Subscription
from cardtable.server.features.push.texts import payload
from cardtable.server.storage.writer import StorageUnavailable, Writer

log = logging.getLogger("cardtable.push")

#: The longest one push request may take before it is given up.
SEND_SECONDS = 10.0
#: How long a push service keeps a message for a browser that is offline: a day.
TTL_SECONDS = 24 * 3600
#: Notes waiting beyond this are dropped (and logged): a push is a courtesy, never a backlog.
MAX_WAITING = 10_000
#: Requests in flight at once.
CONCURRENT = 16


@dataclass(frozen=True)
class Note:
    kind: str
    code: str
    game: str
    seat: int | None = None
    player_id: str | None = None
    by: str = ""


class PushSender:
    """The queue and its task (module docstring). ``contact``: the VAPID ``sub`` claim, the
    address a push service may write to about this server."""

    def __init__(self, writer: Writer, contact: str = "") -> None:
        self.writer = writer
        self.contact = contact if contact.startswith(("https://", "mailto:")) else \
            "mailto:cardtable@localhost"
        self.keys: VapidKeys | None = None
        self._queue: asyncio.Queue[Note] = asyncio.Queue(MAX_WAITING)
        self._task: asyncio.Task[None] | None = None
        self._sending: set[asyncio.Task[None]] = set()
        self._slots = asyncio.Semaphore(CONCURRENT)
        self._session: aiohttp.ClientSession | None = None
        #: Counts for the tests and the metrics: requests answered 2xx, and subscriptions removed.
        self.delivered = 0
        self.expired = 0

    async def start(self) -> None:
        """The key pair loaded (made on the first start) and the task started."""
        self.keys = await self.writer.run(load_or_make)
        self._session = aiohttp.ClientSession()
        self._task = asyncio.get_running_loop().create_task(self._work())

    def to_seat(self, kind: str, code: str, game: str, seat: int) -> None:
        """Tell the player who took ``seat`` at ``code`` (if any, and if they subscribed)."""
        self._put(Note(kind, code, game, seat=seat))

    def to_player(self, kind: str, code: str, game: str, player_id: str, by: str = "") -> None:
        self._put(Note(kind, code, game, player_id=player_id, by=by))

    def _put(self, note: Note) -> None:
        if self._task is None:
            return  # not started (a table read outside a server, a test without push)
        try:
            self._queue.put_nowait(note)
        except asyncio.QueueFull:
            log.warning("push queue full: message dropped", extra={"table": note.code})

    async def _work(self) -> None:
        while True:
            note = await self._queue.get()
            await self._slots.acquire()
            task = asyncio.get_running_loop().create_task(self._deliver(note))
            self._sending.add(task)
            task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._sending.discard(task)
        self._slots.release()
        if not task.cancelled() and task.exception() is not None:
            log.error("push failed", exc_info=task.exception())

    async def _deliver(self, note: Note) -> None:
        try:
            player_id = note.player_id
            if player_id is None:
                assert note.seat is not None
                player_id = await self.writer.query(
                    partial(subscriptions.player_at, code=note.code, seat=note.seat))
                if player_id is None:
                    return  # a seat taken by nobody who is remembered
            lang, wanted = await self.writer.query(
                partial(subscriptions.wanting, player_id=player_id, kind=note.kind))
            if wanted:
                data = json.dumps(payload(note.kind, lang, note.code, note.game, note.by))
                await asyncio.gather(*(self._post(sub, data) for sub in wanted))
        except StorageUnavailable:
            log.warning("push skipped: the database is away", extra={"table": note.code})

    async def _post(self, sub: Subscription, data: str) -> None:
        assert self.keys is not None
        try:
            await webpush_async(
                sub.info(), data=data, vapid_private_key=self.keys.signer(),
                vapid_claims={"sub": self.contact},  # a fresh dict: pywebpush adds aud and exp
                timeout=aiohttp.ClientTimeout(total=SEND_SECONDS), ttl=TTL_SECONDS,
                aiohttp_session=self._session)
            self.delivered += 1
        except WebPushException as error:
            status = error.status_code
            if status in (404, 410):
                await self.writer.run(partial(subscriptions.expire, endpoint=sub.endpoint))
                self.expired += 1
            else:
                log.warning("push refused", extra={"status": status})
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            log.warning("push failed: %s", type(error).__name__)

    async def close(self) -> None:
        """Stop: messages waiting or in flight are given up (a push is a courtesy)."""
        tasks = [t for t in (self._task, *self._sending) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._task = None
        if self._session is not None:
            await self._session.close()
