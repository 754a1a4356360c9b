"""The server's settings: one frozen value built from flags, else ``CARDTABLE_*`` variables.

Every setting has one name; the ``serve`` command's flags and the environment variables are
derived from the fields below (``--bot-delay`` ↔ ``CARDTABLE_BOT_DELAY``), so they cannot drift.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.errors import CardtableError
from cardtable.i18n import _

ENV_PREFIX = "CARDTABLE_"


@dataclass(frozen=True, kw_only=True)
class ServerConfig:
    """Settings of one server process (see ``cardtable serve --help``)."""

    host: str = "127.0.0.1"
    port: int = 8000
    #: A SQLAlchemy URL; empty: SQLite in ``data_dir``.
    db: str = ""
    data_dir: Path = Path("data")
    #: Seconds a person's seat is kept after their connection drops, before a bot plays for it.
    grace_seconds: float = 60.0
    #: Seconds a bot waits before it moves, so that people can follow.
    bot_delay: float = 0.8
    #: The longest chat message; how many lines one seat (all its connections together) may
    #: send per ``chat_window`` seconds, and how many all the seats of one address may.
    chat_max_length: int = 300
    chat_burst: int = 5
    chat_address_burst: int = 10
    chat_window: float = 10.0
    #: How long the hint's search may think (seconds).
    hint_seconds: float = 0.5
    #: Hints one seat may ask for per ``hint_window`` seconds, and all the seats of one address.
    hint_burst: int = 5
    hint_address_burst: int = 10
    hint_window: float = 60.0
    #: Workers for the bots that think long (the ``hard`` level) and hints, shared fairly by
    #: every table (``server/tables/pool.py``); and how many hints one table may have waiting there.
    bot_workers: int = 2
    bot_queue_per_table: int = 4
    #: Where those workers run (``cardtable.workers``): ``process`` (processes of this machine),
    #: ``ray`` (Ray's tasks; ``cardtable[ray]``, ``RAY_ADDRESS`` for a cluster) or ``thread``
    #: (threads of the server's process: searches then slow the other tables).
    bot_backend: str = "process"
    #: Rate limits per client address, in the ``limits`` library's notation ("10/minute",
    #: several joined by ";"): tables made (``/api/tables`` and ``/api/play``), seats taken.
    create_rate: str = "10/minute;60/hour"
    join_rate: str = "30/minute;300/hour"
    #: Where the rate counters are kept: ``memory://`` (this process; in a cluster, the cluster's
    #: Redis instead) or a ``limits`` storage URI such as ``redis://host:6379/1``.
    rate_storage: str = "memory://"
    #: The proxies trusted to name the client in ``X-Forwarded-For`` (comma-separated addresses
    #: or networks, e.g. "127.0.0.1"); empty: none, the socket's peer is the client.
    forwarded_allow_ips: str = ""
    #: Tables waiting for people: at most this many on the server, per player (over every
    #: address they use), and per address whoever made them (the backstop: a family behind
    #: one router). A client without a player is its address, held to the address's cap
    #: (``server/lobby/fairshare.py``).
    max_waiting_tables: int = 500
    max_waiting_per_player: int = 5
    max_waiting_per_address: int = 20
    #: Open WebSockets (over every table of a process) per player, per address (the backstop,
    #: as above) and per seat (its person's tabs and devices); one more is refused
    #: (``server/lobby/connlimit.py``).
    max_connections_per_player: int = 64
    max_connections_per_address: int = 256
    max_connections_per_seat: int = 8
    #: A waiting table with no person connected this long expires (and a seat taken there whose
    #: person is not connected this long is freed); a running table with no person connected
    #: for ``abandoned_hours`` expires too. The lobby looks every ``sweep_seconds``.
    waiting_minutes: float = 30.0
    abandoned_hours: float = 6.0
    #: A running table of bots only (no person's seat) with no spectator this long expires.
    unattended_minutes: float = 5.0
    sweep_seconds: float = 60.0
    #: The open tables' list (``GET /api/tables``): tables per page, by default and at most.
    page_size: int = 20
    max_page_size: int = 100
    #: Seconds a write is retried (with backoff) while the database is away, before the move
    #: is refused and the table waits for the database to come back.
    write_retry_seconds: float = 5.0
    log_level: str = "info"
    #: The address people are sent in share links; empty: derived from the request.
    public_url: str = ""
    #: Web Push endpoints may be plain ``http://`` addresses (the test suite's own push
    #: service; a closed network's). Off: only ``https://`` endpoints, as browsers give.
    push_plain_http: bool = False
    #: Redis (``redis://host:6379/0``): set, this process is one of a cluster sharing the
    #: database (PostgreSQL), each table played by the process holding its lease and its
    #: messages carried over Redis to the process its people are connected to
    #: (``server/cluster/cluster.py``, docs/deploy.md); empty: one server process per database.
    redis_url: str = ""
    #: In a cluster: seconds a process's leases stay live after its last heartbeat, so how
    #: soon another process takes over the tables of one that died.
    lease_seconds: float = 5.0
    #: The secret the daily deals are derived from (never sent to clients); empty: one made
    #: at random and kept in the database. The bot levels whose score from the daily seat is
    #: shown beside the players' (comma-separated; played once per day, off the event loop).
    daily_secret: str = ""
    daily_levels: str = "hard,medium"
    #: Whether a first visit makes a new player (docs/people.md); off: only players who
    #: already exist, and those signed in with a link on a new device, are remembered.
    signups: bool = True
    #: Seconds between two full collections of the garbage collector (``server/ops/collector.py``):
    #: the one pause that grows with the number of connections (about 1 s at 8,000).
    gc_full_seconds: float = 600.0
    #: Whether the server runs the garbage collector on its event loop's clock at all; off:
    #: CPython's own triggers, for a process the server shares with other work. The tests run
    #: their servers inside pytest's process, where the tuning's first full collection walks
    #: every module and fixture of the suite at each start.
    gc_on_clock: bool = True
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def db_url(self) -> str:
        if self.db:
            return self.db
        return f"sqlite:///{(self.data_dir / 'cardtable.db').as_posix()}"

    @classmethod
    def from_env(
        cls, env: Mapping[str, str] | None = None, **overrides: Any
    ) -> ServerConfig:
        """Defaults, then ``CARDTABLE_<FIELD>`` variables, then ``overrides`` (flags given)."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        for spec in dataclasses.fields(cls):
            if spec.name == "extra":
                continue
            raw = env.get(ENV_PREFIX + spec.name.upper())
            if raw is not None and raw != "":
                values[spec.name] = _convert(spec.name, spec.type, raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        config = cls(**values)
        config.check()
        return config

    def check(self) -> None:
        """Refuse settings that make no sense, naming them."""
        for name in ("grace_seconds", "bot_delay", "chat_window", "hint_seconds",
                     "hint_window", "waiting_minutes", "abandoned_hours", "unattended_minutes",
                     "write_retry_seconds", "lease_seconds"):
            if getattr(self, name) < 0:
                raise CardtableError(
                    _("the setting {name} cannot be negative").format(name=name)
                )
        if not 0 <= self.port <= 65535:
            raise CardtableError(_("the port must be from 0 to 65535, not {port}").format(
                port=self.port))
        for name in ("chat_max_length", "chat_burst", "bot_workers", "chat_address_burst",
                     "hint_burst", "hint_address_burst", "bot_queue_per_table",
                     "max_waiting_tables", "max_waiting_per_address", "page_size",
                     "max_page_size", "max_connections_per_address",
                     "max_waiting_per_player", "max_connections_per_player",
                     "max_connections_per_seat"):
            if getattr(self, name) < 1:
                raise CardtableError(_("the setting {name} must be at least 1").format(name=name))
        for name in ("sweep_seconds", "gc_full_seconds"):
            if getattr(self, name) <= 0:
                raise CardtableError(
                    _("the setting {name} must be more than 0").format(name=name))
        if self.page_size > self.max_page_size:
            raise CardtableError(_("page_size cannot be more than max_page_size"))
        from cardtable.server.lobby.ratelimit import parse_rates  # the notation is the library's
        from cardtable.workers import check_backend

        check_backend(self.bot_backend)

        parse_rates("create_rate", self.create_rate)
        parse_rates("join_rate", self.join_rate)


def _convert(name: str, kind: object, raw: str) -> Any:
    text = str(kind)
    if text == "bool":  # CARDTABLE_SIGNUPS=false
        return raw.strip().lower() in ("1", "true", "yes", "on")
    try:
        if "Path" in text:
            return Path(raw)
        if "int" in text:
            return int(raw)
        if "float" in text:
            return float(raw)
    except ValueError:
        raise CardtableError(
            _("{var} must be a number, not {value!r}").format(
                var=ENV_PREFIX + name.upper(), value=raw
            )
        ) from None
    return raw
