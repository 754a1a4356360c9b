"""Quick match: people waiting for the same game and table size seated together, the seats
nobody came for given to bots once the first of them has waited as long as they chose.

One matchmaker per process (``matchmaker_of``): people waiting on two processes of a cluster
are not matched with each other (docs/people.md, "Quick match"). It runs nothing in the
background: every ticket is polled by its page, and each poll (and each new ticket) looks
whether its queue can be seated now, by the matchmaker's clock (injected in tests). A table is
made and joined through the lobby's own ``create`` and ``join``, as ``/api/play`` does, so a
quick match's table runs as any other; the route links each seat to its player when that
person's page polls it (``people/seats.py``), with that person's own cookie.

A ticket nobody polls for ``IDLE_SECONDS`` (a closed tab) leaves its queue; a seated one is
kept as long, for its page to read its seat.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.server.lobby.lobby import Lobby
from cardtable.server.tables.tableconfig import SeatPlan, TableConfig
from cardtable.server.transport.errors import ServerError

#: The waits a player may choose, in seconds, before bots fill the empty seats.
WAITS = (0, 30, 60, 120)
#: A ticket not polled for this long is dropped (its page is gone).
IDLE_SECONDS = 20.0
#: The bots' level at a quick match's table.
BOT_LEVEL = "medium"


@dataclass
class Ticket:
    """One person waiting (then seated): what they asked for and, once matched, their seat."""

    id: str
    game: str
    players: int
    name: str
    address: str
    player: str | None
    deadline: float
    polled: float
    #: Once seated: the table's code, the seat and its secret token.
    code: str | None = None
    seat: int | None = None
    token: str | None = None
    linked: bool = False


class Matchmaker:
    """The waiting tickets of one process, per (game, players), oldest first."""

    def __init__(self, lobby: Lobby, clock: Callable[[], float] | None = None) -> None:
        self.lobby = lobby
        self.clock = clock or lobby.services.clock
        self.tickets: dict[str, Ticket] = {}
        #: One seating at a time: two polls at once must not seat the same people twice.
        self.lock = asyncio.Lock()

    def check(self, game: str, players: int | None) -> tuple[str, int]:
        """The game's name and table size, or ``table/bad_config`` (unknown game, bad size)."""
        config = self.lobby.quick_config(game, players, BOT_LEVEL, {})
        return config.game, config.players

    async def enter(self, game: str, players: int | None, wait: int, name: str,
                    address: str, player: str | None) -> Ticket:
        """A new ticket in its queue (a player's earlier waiting ticket leaves it: one place
        in line each), seated at once if the queue can be."""
        game, players = self.check(game, players)
        self.expire()
        if player is not None:
            for old in list(self.tickets.values()):
                if old.player == player and old.code is None:
                    del self.tickets[old.id]
        now = self.clock()
        ticket = Ticket(id=secrets.token_urlsafe(12), game=game, players=players, name=name,
                        address=address, player=player, deadline=now + wait, polled=now)
        self.tickets[ticket.id] = ticket
        await self.match(game, players)
        return ticket

    async def poll(self, ticket_id: str) -> Ticket:
        """The ticket, seated now if its queue can be; ``quickmatch/unknown`` if it has left."""
        self.expire()
        ticket = self.tickets.get(ticket_id)
        if ticket is None:
            raise ServerError("quickmatch/unknown")
        ticket.polled = self.clock()
        if ticket.code is None:
            await self.match(ticket.game, ticket.players)
        return ticket

    def leave(self, ticket_id: str) -> None:
        """Drop a waiting ticket; ``quickmatch/unknown`` if there is none (or it is seated)."""
        ticket = self.tickets.get(ticket_id)
        if ticket is None or ticket.code is not None:
            raise ServerError("quickmatch/unknown")
        del self.tickets[ticket_id]

    def waiting(self, game: str, players: int) -> list[Ticket]:
        """The queue of (game, players), oldest first (dicts keep their order)."""
        return [t for t in self.tickets.values()
                if t.code is None and t.game == game and t.players == players]

    def expire(self) -> None:
        """Drop every ticket not polled for ``IDLE_SECONDS``."""
        now = self.clock()
        for ticket in list(self.tickets.values()):
            if now - ticket.polled >= IDLE_SECONDS:
                del self.tickets[ticket.id]

    async def match(self, game: str, players: int) -> None:
        """Seat the queue's oldest people at one table when there are enough of them, or when
        the oldest one's wait is over (bots then take the other seats); one person per
        player, so that nobody sits twice at a table."""
        async with self.lock:
            await self._seat(game, players)

    async def _seat(self, game: str, players: int) -> None:
        queue = self.waiting(game, players)
        group: list[Ticket] = []
        for ticket in queue:
            if ticket.player is None or all(t.player != ticket.player for t in group):
                group.append(ticket)
            if len(group) == players:
                break
        if not group or (len(group) < players and self.clock() < group[0].deadline):
            return
        seats = tuple(SeatPlan(kind="person") for _ in group) + tuple(
            SeatPlan(kind="bot", level=BOT_LEVEL) for _ in range(players - len(group)))
        config = TableConfig(game=game, players=players, options={}, seats=seats, public=True)
        table = await self.lobby.create(config, group[0].address, waits=False,
                                        player=group[0].player)
        for index, ticket in enumerate(group):
            _, seat, token = await self.lobby.join(table.code, index, ticket.name)
            ticket.code, ticket.seat, ticket.token = table.code, seat, token
            ticket.polled = self.clock()  # seated: kept for its page to read its seat


def matchmaker_of(state: Any) -> Matchmaker:
    """This process's matchmaker (``app.state.quickmatch``), made on first use."""
    found = getattr(state, "quickmatch", None)
    if found is None:
        found = state.quickmatch = Matchmaker(state.lobby)
    return found
