"""The server runs the garbage collector on its event loop's clock (``server/ops/collector.py``):
young collections often, a full one every ``full_seconds``; CPython's own triggers are off
meanwhile and come back at shutdown (servers run inside the test process too)."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Callable
from typing import Any

import pytest

from cardtable.server.ops.collector import FULL, YOUNG, Collector


class Knot:
    """An object in a reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_tune_and_restore() -> None:
    async def tuned() -> tuple[bool, int]:
        collector = Collector()
        collector.tune()
        try:
            return gc.isenabled(), gc.get_freeze_count()
        finally:
            collector.restore()

    assert gc.isenabled()
    enabled, frozen = asyncio.run(tuned())
    assert not enabled  # the loop's clock decides
    assert frozen > 0  # what existed at start-up is never walked again
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_restore_twice_and_without_tune_is_harmless() -> None:
    Collector().restore()
    assert gc.isenabled()


def test_two_at_once_give_it_back_when_the_last_stops() -> None:
    """Servers in one process (the tests') may stop in any order."""

    async def run() -> list[bool]:
        first, second = Collector(), Collector()
        first.tune()
        second.tune()
        first.restore()
        first.restore()  # twice is harmless
        still = [gc.isenabled(), gc.get_freeze_count() > 0]
        second.restore()
        return still

    assert asyncio.run(run()) == [False, True]
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_young_collections_come_on_the_clock_and_survivors_wait_for_the_full_one() -> None:
    async def run() -> list[int]:
        heard: list[int] = []
        young = asyncio.Event()
        full = asyncio.Event()

        def on_pause(generation: int, seconds: float) -> None:
            assert seconds >= 0
            heard.append(generation)
            (full if generation == FULL else young).set()

        collector = Collector(full_seconds=3600, on_pause=on_pause)
        collector.tune()
        try:
            knot = Knot()
            gone = weakref.ref(knot)
            await asyncio.wait_for(young.wait(), 10)  # a young collection promotes it
            del knot  # now garbage, but no longer young
            collector.collect(YOUNG)
            assert gone() is not None, "a young collection walked an old object"
            collector.collect(FULL)
            assert gone() is None
        finally:
            collector.restore()
        return heard

    heard = asyncio.run(run())
    assert heard[0] == YOUNG
    assert heard[-2:] == [YOUNG, FULL]


def test_the_full_collection_comes_every_full_seconds() -> None:
    async def run() -> None:
        full = asyncio.Event()
        collector = Collector(full_seconds=0.3, on_pause=lambda generation, _seconds: (
            full.set() if generation == FULL else None))
        collector.tune()
        try:
            knot = Knot()
            gone = weakref.ref(knot)
            del knot
            await asyncio.wait_for(full.wait(), 10)
            assert gone() is None
        finally:
            collector.restore()

    asyncio.run(run())


def test_a_server_runs_the_collector_and_gives_it_back(start_server: Callable[..., Any]) -> None:
    assert gc.isenabled()
    server = start_server(gc_on_clock=True)
    assert not gc.isenabled() and gc.get_freeze_count() > 0  # on the server's clock
    server.stop()
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_a_server_sharing_its_process_can_leave_the_collector_alone(
        start_server: Callable[..., Any]) -> None:
    server = start_server(gc_on_clock=False)
    assert gc.isenabled() and gc.get_freeze_count() == 0
    server.stop()
    assert gc.isenabled()


@pytest.mark.parametrize("seconds", [0, -1])
def test_the_full_collections_period_must_be_positive(seconds: float) -> None:
    from cardtable.errors import CardtableError
    from cardtable.server.config import ServerConfig

    with pytest.raises(CardtableError, match="gc_full_seconds"):
        ServerConfig(gc_full_seconds=seconds).check()
