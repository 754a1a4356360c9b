"""Redis pub/sub against PostgreSQL LISTEN/NOTIFY as the cluster's bus, on this machine.

Measures, for messages the size of a table's state message, the time from publishing to the
subscriber holding the message (one at a time: latency) and how many a second go through in a
stream (throughput), and tries a payload larger than NOTIFY's 8,000-byte limit.

    python deploy/busbench.py --pg postgresql://postgres@127.0.0.1:5432/cardtable \\
        --redis redis://127.0.0.1:6379/0 [--size 3000] [--count 2000]

(``python -m cardtable.server.cluster.localcluster start`` gives both.)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time

import psycopg
from redis.asyncio import Redis


def _payload(size: int, index: int) -> str:
    return json.dumps({"i": index, "t": time.perf_counter(), "pad": "x" * size})


def _report(name: str, latencies: list[float], stream_seconds: float, count: int) -> dict[
        str, float | str]:
    latencies.sort()
    return {"bus": name, "p50_ms": round(statistics.median(latencies) * 1000, 3),
            "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 3),
            "messages_per_s": round(count / stream_seconds)}


async def redis_bench(url: str, size: int, count: int) -> dict[str, float | str]:
    publisher, subscriber = Redis.from_url(url), Redis.from_url(url)
    pubsub = subscriber.pubsub(ignore_subscribe_messages=True)
    await pubsub.subscribe("bench")
    latencies = []
    for index in range(count):
        await publisher.publish("bench", _payload(size, index))
        while (message := await pubsub.get_message(timeout=5.0)) is None:
            pass
        latencies.append(time.perf_counter() - json.loads(message["data"])["t"])
    began = time.perf_counter()
    for index in range(count):
        await publisher.publish("bench", _payload(size, index))
    got = 0
    while got < count:
        if await pubsub.get_message(timeout=5.0) is not None:
            got += 1
    stream = time.perf_counter() - began
    await pubsub.aclose()
    await publisher.aclose()
    await subscriber.aclose()
    return _report("redis pub/sub", latencies, stream, count)


async def notify_bench(url: str, size: int, count: int) -> dict[str, float | str]:
    listener = await psycopg.AsyncConnection.connect(url, autocommit=True)
    notifier = await psycopg.AsyncConnection.connect(url, autocommit=True)
    await listener.execute("LISTEN bench")
    notifies = listener.notifies()
    latencies = []
    for index in range(count):
        await notifier.execute("SELECT pg_notify('bench', %s)", (_payload(size, index),))
        note = await anext(notifies)
        latencies.append(time.perf_counter() - json.loads(note.payload)["t"])
    began = time.perf_counter()
    for index in range(count):
        await notifier.execute("SELECT pg_notify('bench', %s)", (_payload(size, index),))
    for _ in range(count):
        await anext(notifies)
    stream = time.perf_counter() - began
    too_large = "accepted"
    try:
        await notifier.execute("SELECT pg_notify('bench', %s)", ("x" * 9000,))
    except psycopg.Error as error:
        too_large = f"refused ({str(error).splitlines()[0]})"
    await listener.close()
    await notifier.close()
    return {**_report("postgresql notify", latencies, stream, count),
            "9000-byte payload": too_large}


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pg", required=True)
    parser.add_argument("--redis", required=True)
    parser.add_argument("--size", type=int, default=3000)
    parser.add_argument("--count", type=int, default=2000)
    args = parser.parse_args()
    for result in (await redis_bench(args.redis, args.size, args.count),
                   await notify_bench(args.pg, args.size, args.count)):
        print(json.dumps(result))


if __name__ == "__main__":
    asyncio.run(main())
