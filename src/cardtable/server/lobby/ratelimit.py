"""Rate limits for anonymous clients, counted with the ``limits`` library (moving windows).

Who is counted: a client address (``client_address``: the socket's peer, ``request.client.host``
— behind a proxy that is the proxy, unless ``forwarded_allow_ips`` names it; then the app's
proxy-headers middleware puts the address the proxy forwarded there), and for chat and hints
also the seat (table code and seat number), so that more tabs or connections of one seat share
one budget.

What is counted (``ServerConfig``): making a table (``create_rate``, ``/api/tables`` and
``/api/play``), taking a seat (``join_rate``), chat lines (``chat_burst`` per seat and
``chat_address_burst`` per address in ``chat_window`` seconds) and hints (``hint_burst`` per
seat and ``hint_address_burst`` per address in ``hint_window`` seconds).

The counters live in ``rate_storage``: ``memory://`` counts in this process only; in a cluster
(``redis_url`` set) they live in the cluster's Redis unless ``rate_storage`` names another
storage, so that a client spreading its requests over several processes behind a balancer has
one budget, not one per process (``rate_storage_uri``). The asynchronous API is used so that a
networked storage never blocks the event loop; for Redis, through redis-py (the client the
cluster already uses), not ``limits``' default coredis.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from limits import RateLimitItem, RateLimitItemPerSecond, parse_many
from limits.aio.storage import Storage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import ConfigurationError
from limits.storage import storage_from_string
from starlette.requests import HTTPConnection

from cardtable.errors import CardtableError
from cardtable.i18n import _
from cardtable.server.config import ServerConfig
from cardtable.server.transport.errors import ServerError


class RateLimited(ServerError):
    """A refusal because a limit is used up; ``retry_after``: whole seconds until it frees."""

    def __init__(self, code: str, retry_after: int, **details: object) -> None:
        super().__init__(code, **details)
        self.retry_after = retry_after


def parse_rates(name: str, text: str) -> list[RateLimitItem]:
    """``"10/minute;60/hour"`` as the ``limits`` items; a ``CardtableError`` naming the setting
    if the text is not in that notation."""
    try:
        items = parse_many(text)
    except ValueError:
        raise CardtableError(
            _("the setting {name} must be rates like '10/minute;60/hour', not {value!r}").format(
                name=name, value=text)
        ) from None
    if not items:
        raise CardtableError(
            _("the setting {name} must be rates like '10/minute;60/hour', not {value!r}").format(
                name=name, value=text)
        )
    return items


def storage_uri(uri: str) -> str:
    """The asynchronous variant of a ``limits`` storage URI (``memory://`` → ``async+memory://``)."""
    return uri if uri.startswith("async+") else f"async+{uri}"


def rate_storage_uri(config: ServerConfig) -> str:
    """Where the counters of ``config`` live: its ``rate_storage``, or, left at ``memory://`` in a
    cluster, the cluster's Redis (one budget per client across the processes)."""
    if config.rate_storage == "memory://" and config.redis_url:
        return storage_uri(config.redis_url)
    return storage_uri(config.rate_storage)


def client_address(connection: HTTPConnection) -> str:
    """The address a request or WebSocket is counted by (see the module docstring)."""
    client = connection.client
    return client.host if client is not None else "unknown"


def _per_window(amount: int, seconds: float) -> RateLimitItem:
    return RateLimitItemPerSecond(amount, max(1, math.ceil(seconds)))


class RateLimits:
    """Every limit of the server, over one storage (built inside the running event loop)."""

    def __init__(self, config: ServerConfig | None = None) -> None:
        config = config or ServerConfig()
        try:
            uri = rate_storage_uri(config)
            options = {"implementation": "redispy"} if uri.startswith("async+redis") else {}
            storage = storage_from_string(uri, **options)
        except ConfigurationError as error:
            raise CardtableError(
                _("the setting rate_storage cannot be used: {reason}").format(reason=error)
            ) from None
        assert isinstance(storage, Storage)
        self.storage: Storage = storage
        self.limiter = MovingWindowRateLimiter(self.storage)
        self.create_items = parse_rates("create_rate", config.create_rate)
        self.join_items = parse_rates("join_rate", config.join_rate)
        self.chat_seat = _per_window(config.chat_burst, config.chat_window)
        self.chat_address = _per_window(config.chat_address_burst, config.chat_window)
        self.hint_seat = _per_window(config.hint_burst, config.hint_window)
        self.hint_address = _per_window(config.hint_address_burst, config.hint_window)

    async def admit(
        self, code: str, checks: Sequence[tuple[RateLimitItem, tuple[str, ...]]]
    ) -> None:
        """Count one hit against every limit of ``checks``, or none and raise ``RateLimited``
        (so a refused request does not use up the budget of the others)."""
        for item, keys in checks:
            if not await self.limiter.test(item, *keys):
                stats = await self.limiter.get_window_stats(item, *keys)
                wait = max(1, math.ceil(stats.reset_time - time.time()))
                raise RateLimited(code, wait)
        for item, keys in checks:
            await self.limiter.hit(item, *keys)

    async def create(self, address: str) -> None:
        """A table made from ``address`` (``rate/limited``)."""
        await self.admit("rate/limited", [(i, ("create", address)) for i in self.create_items])

    async def join(self, address: str) -> None:
        """A seat taken from ``address`` (``rate/limited``)."""
        await self.admit("rate/limited", [(i, ("join", address)) for i in self.join_items])

    async def chat(self, table: str, seat: int, address: str | None) -> None:
        """A chat line of ``seat`` at ``table`` (``chat/rate_limited``)."""
        checks: list[tuple[RateLimitItem, tuple[str, ...]]] = [
            (self.chat_seat, ("chat-seat", table, str(seat)))]
        if address is not None:
            checks.append((self.chat_address, ("chat-address", address)))
        await self.admit("chat/rate_limited", checks)

    async def hint(self, table: str, seat: int, address: str | None) -> None:
        """A hint asked by ``seat`` at ``table`` (``hint/rate_limited``)."""
        checks: list[tuple[RateLimitItem, tuple[str, ...]]] = [
            (self.hint_seat, ("hint-seat", table, str(seat)))]
        if address is not None:
            checks.append((self.hint_address, ("hint-address", address)))
        await self.admit("hint/rate_limited", checks)
