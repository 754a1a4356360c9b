"""The victim's latency under the two fair-share attacks of issue 37 §2, before and after.

Not a test: a measurement run by hand, reported in docs/deploy.md ("A fair share").

    .venv/bin/python benchmarks/fairshare.py [--addresses 22] [--tables 100] [--job 0.05]

- ``lobby``: ``--addresses`` addresses each make ``max_waiting_per_address`` waiting tables
  until the server's cap (``--tables``) is full, and make them again as they expire (the
  attack renews). Then a victim from another address asks for a friends' table. Reported: how
  long, in the services' (simulated) clock, until the victim gets one, and the request's own
  time. Before: a full lobby refuses everyone until the attackers' tables expire
  (``waiting_minutes``), and the attack makes them again; after: the address holding the most
  gives its oldest unattended table up (``lobby/fairshare.py``).
- ``bots``: 20 addresses' 100 self-playing tables queue hard-bot searches without pause on a
  pool of two workers, while the victim's table, where a person is connected, asks for one
  move at a time. Stand-in jobs (a sleep of ``--job`` seconds, which holds a worker as a
  search would) keep it to seconds. Reported: the median and worst wait of the victim's move.
  Before: every lane is served round robin; after: attended tables first (``tables/pool.py``).

Each prints one JSON line per case.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.helpers.server import in_process_services  # noqa: E402

from cardtable.server.lobby.lobby import Lobby  # noqa: E402
from cardtable.server.tables.pool import FairPool  # noqa: E402
from cardtable.server.tables.tableconfig import SeatPlan, TableConfig  # noqa: E402
from cardtable.server.transport.errors import ServerError  # noqa: E402

FRIENDS = TableConfig(game="punttu", players=2, options={},
                      seats=(SeatPlan(kind="person"), SeatPlan(kind="person")))
PER_ADDRESS = 5
WAITING_MINUTES = 30.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def _lobby_case(fair: bool, addresses: int, tables: int, folder: Path) -> dict[str, Any]:
    clock = Clock()
    writer, services = in_process_services(
        folder / f"lobby-{fair}.db", clock=clock, max_waiting_tables=tables,
        max_waiting_per_address=PER_ADDRESS, waiting_minutes=WAITING_MINUTES)
    lobby = Lobby(services)
    if not fair:
        async def no_room(address: str | None) -> None:
            return None

        lobby._make_room = no_room  # type: ignore[method-assign]  # the server before

    async def flood() -> None:
        for n in range(addresses):
            for _ in range(PER_ADDRESS):
                try:
                    await lobby.create(FRIENDS, f"10.6.{n // 250}.{n % 250}")
                except ServerError:
                    break

    started = clock.now
    await flood()
    waited = request = None
    for _ in range(5):  # five rounds of the attack renewing its tables
        began = time.perf_counter()
        try:
            await lobby.create(FRIENDS, "192.0.2.1")
        except ServerError as error:
            assert error.code == "lobby/full", error.code
            clock.now += WAITING_MINUTES * 60  # until the sweep expires the attackers' tables
            await lobby.sweep()
            await flood()  # and they are made again at once
            continue
        request = (time.perf_counter() - began) * 1000
        waited = clock.now - started
        break
    await lobby.close()
    await writer.close()
    return {"case": "lobby", "fair": fair, "addresses": addresses, "cap": tables,
            "victim_waited_s": waited if waited is not None else f">{5 * WAITING_MINUTES * 60}",
            "victim_request_ms": round(request, 2) if request is not None else None}


async def _bots_case(fair: bool, job: float, moves: int) -> dict[str, Any]:
    pool = FairPool(workers=2, per_table=4)
    if fair:
        pool.attended = lambda table: table == "VICTIM"
    for n in range(100):
        pool.assign(f"SELF{n}", f"10.6.0.{n % 20}")  # 20 addresses, 5 tables each
    stop = asyncio.Event()

    async def self_playing(table: str) -> None:
        while not stop.is_set():
            await pool.run(table, time.sleep, job)

    attackers = [asyncio.ensure_future(self_playing(f"SELF{n}")) for n in range(100)]
    await asyncio.sleep(job * 2)  # every lane has its queue
    waits = []
    for _ in range(moves):
        began = time.perf_counter()
        await pool.run("VICTIM", time.sleep, job)
        waits.append(time.perf_counter() - began - job)
    stop.set()
    for task in attackers:
        task.cancel()
    await asyncio.gather(*attackers, return_exceptions=True)
    pool.shutdown()
    return {"case": "bots", "fair": fair, "job_s": job, "moves": moves,
            "victim_wait_median_s": round(statistics.median(waits), 3),
            "victim_wait_max_s": round(max(waits), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--addresses", type=int, default=22)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--job", type=float, default=0.05)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cardtable-fairshare-") as folder:
        for fair in (False, True):
            print(json.dumps(asyncio.run(_lobby_case(fair, args.addresses, args.tables,
                                                     Path(folder)))), flush=True)
    for fair in (False, True):
        print(json.dumps(asyncio.run(_bots_case(fair, args.job, args.moves))), flush=True)


if __name__ == "__main__":
    main()
