"""A connection's outbox: texts come out in order, a waiting reader is woken by the next text,
``None`` stops it, and a reader cancelled while waiting leaves the outbox usable."""

from __future__ import annotations

import asyncio

import pytest

from cardtable.server.tables.table import MAX_QUEUED, Connection, Outbox


def test_outbox_order_wakeup_and_cancel() -> None:
    async def scenario() -> None:
        box = Outbox()
        assert box.empty() and box.qsize() == 0
        with pytest.raises(asyncio.QueueEmpty):
            box.get_nowait()
        box.put_nowait("a")
        box.put_nowait("b")
        assert box.qsize() == 2
        assert await box.get() == "a"
        assert box.get_nowait() == "b"
        reader = asyncio.ensure_future(box.get())
        await asyncio.sleep(0)
        assert not reader.done()
        box.put_nowait("c")
        assert await reader == "c"
        waiting = asyncio.ensure_future(box.get())
        await asyncio.sleep(0)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        box.put_nowait("d")
        box.put_nowait(None)
        assert [await box.get(), await box.get()] == ["d", None]

    asyncio.run(scenario())


def test_a_connection_too_far_behind_is_closed() -> None:
    async def scenario() -> None:
        connection = Connection(0, "en")
        for index in range(MAX_QUEUED + 5):
            connection.push(str(index))
        assert connection.closed
        texts = [connection.queue.get_nowait() for _ in range(connection.queue.qsize())]
        assert texts[:MAX_QUEUED] == [str(i) for i in range(MAX_QUEUED)]
        assert texts[-1] is None

    asyncio.run(scenario())
