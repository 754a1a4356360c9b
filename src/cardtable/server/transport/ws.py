"""The WebSocket handler: one connection per seat or spectator (``docs/protocol.md``).

The first message must be ``hello`` (with the seat's token, or none to watch); after that every
message is parsed by ``protocol.parse`` and handed to the table, whose guard decides. Errors go
back as ``error`` messages with the message's ``ref``; nothing a client sends can crash the
handler or change a table except through the guard.

Each connection has a language: the hello's ``lang``, else the handshake's ``?lang=``, ``lang``
cookie or ``Accept-Language`` (``languages.request_language``), else the server's. Every message
of the connection is handled inside ``language(...)`` of it — so the engine's reasons for
refusing a move, raised while handling it, are already in it — and the table renders whatever
it sends each connection in that connection's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cardtable.i18n import language, normalize_language
from cardtable.server.cluster.cluster import Elsewhere
from cardtable.server.features.daily import sealed_async
from cardtable.server.lobby.connlimit import CLOSE_TOO_MANY
from cardtable.server.lobby.lobby import Lobby
from cardtable.server.lobby.ratelimit import client_address
from cardtable.server.people.identity import client_of
from cardtable.server.tables import clock_replace, leave, rematch
from cardtable.server.tables.table import Table, dumps
from cardtable.server.transport.connection import CLOSE_TRY_AGAIN, Connection
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.languages import language_of
from cardtable.server.transport.protocol import (
    PROTOCOL_VERSION,
    Act,
    Chat,
    Continue,
    Hello,
    Hint,
    Leave,
    Ping,
    Rematch,
    Replace,
    Speed,
    Sync,
    parse,
    ref_of,
)

log = logging.getLogger("cardtable.server.transport.ws")
router = APIRouter()

#: Seconds a new connection has to say hello.
HELLO_SECONDS = 10.0
#: WebSocket close codes (4000-4999 are the application's).
CLOSE_REFUSED = 4401
CLOSE_NO_TABLE = 4404
#: Seconds a closing connection's queue may take to go out before the sender is cancelled.
SEND_OUT_SECONDS = 2.0


def error_message(error: ServerError, ref: str | int | None) -> str:
    return dumps({"type": "error", "v": PROTOCOL_VERSION, **error.to_dict(), "ref": ref})


async def _receive(websocket: WebSocket) -> str | None:
    """The next text (or bytes, as text) message; ``None`` when the client has gone."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    if message.get("text") is not None:
        return str(message["text"])
    data = message.get("bytes")
    return data.decode("utf-8", "replace") if data is not None else ""


@router.websocket("/ws/{code}")
async def play(websocket: WebSocket, code: str) -> None:
    lobby: Lobby = websocket.app.state.lobby
    lang = language_of(websocket)
    await websocket.accept()
    client = await client_of(websocket)
    over = lobby.connection_caps.enter(client)  # lobby/connlimit.py
    if over is not None:
        with language(lang):
            refusal = error_message(over, None)
        await websocket.send_text(refusal)
        await websocket.close(CLOSE_TOO_MANY)
        return
    try:
        await _play(websocket, lobby, code, lang)
    finally:
        lobby.connection_caps.leave(client)


async def _play(websocket: WebSocket, lobby: Lobby, code: str, lang: str) -> None:
    try:
        table = await lobby.find(code)
    except Elsewhere as elsewhere:
        await _relay(websocket, lobby, code, elsewhere.owner, lang)
        return
    except ServerError as error:
        with language(lang):
            refusal = error_message(error, None)
        await websocket.send_text(refusal)
        again = error.code == "server/bus_unavailable"
        await websocket.close(CLOSE_TRY_AGAIN if again else CLOSE_NO_TABLE)
        return
    try:
        hello = await _hello(websocket, lobby, table, lang)
    except (TimeoutError, WebSocketDisconnect):
        return
    if hello is None:
        return
    seat, lang = hello
    connection = Connection(seat, lang, client_address(websocket))
    sender = asyncio.get_running_loop().create_task(send_queued(websocket, connection))
    await table.presence.attach(connection)
    log.info("connected", extra={"table": table.code, "seat": connection.seat})
    try:
        while not connection.closed:
            text = await _receive(websocket)
            if text is None:
                break
            await handle(table, connection, text, lobby)
    except WebSocketDisconnect:
        pass
    finally:
        await table.presence.detach(connection)
        lobby.forget_if_done(table)
        # what was queued before the close still goes out (``left`` after a leave), for a
        # bounded time: the queue ends with the close, or the client is gone and sending fails
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(sender, SEND_OUT_SECONDS)
        log.info("disconnected", extra={"table": table.code, "seat": connection.seat})


async def _relay(websocket: WebSocket, lobby: Lobby, code: str, owner: str, lang: str) -> None:
    """A client of a table another process of the cluster owns: every text of the client goes
    to the owner, every text of the owner to the client (``cluster.py``); the owner checks the
    hello and runs the guard."""
    cluster = lobby.cluster
    assert cluster is not None
    try:
        hello = await asyncio.wait_for(_receive(websocket), HELLO_SECONDS)
    except (TimeoutError, WebSocketDisconnect):
        return
    if hello is None:
        return
    connection = Connection(None, lang, client_address(websocket))
    sender = asyncio.get_running_loop().create_task(send_queued(websocket, connection))
    ident = cluster.relay(connection, owner, code, hello, lang)
    try:
        while not connection.closed:
            text = await _receive(websocket)
            if text is None:
                break
            cluster.forward(ident, text)
    except WebSocketDisconnect:
        pass
    finally:
        cluster.unrelay(ident)
        connection.close()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _hello(
    websocket: WebSocket, lobby: Lobby, table: Table, lang: str
) -> tuple[int | None, str] | None:
    """The seat a hello proves (``None``: a spectator) and the connection's language (the
    hello's ``lang`` if cardtable speaks it, else ``lang``); ``None``: refused and closed."""
    text = await asyncio.wait_for(_receive(websocket), HELLO_SECONDS)
    if text is None:
        return None
    try:
        seat, lang = seat_of_hello(lobby, table, text, lang)
        if seat is None:  # a spectator sees the cards shown at the deal's end: not a daily
            await sealed_async(lobby, table.code)  # deal's while others may still play it
        return seat, lang
    except ServerError as error:
        with language(lang):
            refusal = error_message(error, ref_of(text))
        await websocket.send_text(refusal)
        await websocket.close(CLOSE_REFUSED)
        return None


def seat_of_hello(lobby: Lobby, table: Table, text: str, lang: str) -> tuple[int | None, str]:
    """The seat and language a hello's ``text`` proves, or ``ServerError`` (also for the
    hellos relayed from another process of a cluster, ``Cluster.relay``)."""
    message = parse(text)
    if not isinstance(message, Hello):
        raise ServerError("protocol/hello_first")
    lang = normalize_language(message.lang) or lang
    if message.token is None:
        return None, lang
    return lobby.seat_of(table, message.token), lang


async def send_queued(websocket: WebSocket, connection: Connection) -> None:
    """Drain the connection's queue to the socket, in order; stop when it is closed."""
    try:
        while True:
            text = await connection.queue.get()
            if text is None:
                break
            await websocket.send_text(text)
    except Exception:  # the client went away; the receiving side notices and cleans up
        connection.close()
        return
    with contextlib.suppress(Exception):
        await websocket.close(connection.close_code)


async def handle(table: Table, connection: Connection, text: str, lobby: Lobby) -> None:
    """One message of ``connection``, handled in its language (what it raises too). Whatever
    goes wrong with one message is answered (``server/internal``, logged with its traceback)
    and the connection stays: bad input never costs a client its connection."""
    with language(connection.language):
        try:
            await _handle_message(table, connection, text, lobby)
        except Exception:
            log.exception("message not handled", extra={"table": table.code,
                                                         "seat": connection.seat})
            connection.push(error_message(ServerError("server/internal"), ref_of(text)))


async def _handle_message(
    table: Table, connection: Connection, text: str, lobby: Lobby
) -> None:
    ref: Any = None
    try:
        message = parse(text)
        ref = message.ref
        if isinstance(message, Act):
            def acknowledge(version: int) -> None:
                connection.push(dumps({"type": "ack", "v": PROTOCOL_VERSION, "ref": ref,
                                       "version": version}))

            await table.act(connection.seat, message.action, message.version,
                            accepted=acknowledge)
        elif isinstance(message, Hint):
            connection.push(dumps({**await table.talk.hint(connection.seat, message.version,
                                                      connection.address), "ref": ref}))
        elif isinstance(message, Chat):
            await table.talk.chat(connection, message.text)
        elif isinstance(message, Sync):
            if message.lang is not None:
                connection.language = normalize_language(message.lang) or connection.language
            async with table.lock:
                table.presence.resync(connection)
        elif isinstance(message, Speed):  # read by the table's next pause (pace.py)
            connection.speed = message.speed
        elif isinstance(message, Continue):
            await table.continue_deal(connection.seat, message.deal)
        elif isinstance(message, Rematch):  # friends: play again with the same people
            await rematch.answer(lobby, table, connection, message.accept)
        elif isinstance(message, Leave):  # friends: leave the table for good
            await leave.leave(lobby, table, connection)
        elif isinstance(message, Replace):  # the clock moved for a seat too often
            await clock_replace.replace(table, connection, message.seat)
        elif isinstance(message, Ping):
            connection.push(dumps({"type": "pong", "v": PROTOCOL_VERSION, "ref": ref}))
        elif isinstance(message, Hello):
            raise ServerError("protocol/bad_message")
    except ServerError as error:
        table.services.metrics.errors.labels(error.code).inc()
        connection.push(error_message(error, ref if ref is not None else ref_of(text)))

