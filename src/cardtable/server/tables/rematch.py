"""Play again with the same people: a rematch offered to everyone at a table.

At a finished table any person may offer a rematch, and each other person accepts or declines
it, with the same message (``{"type": "rematch", "accept": true|false}``, docs/protocol.md,
"Rematch and leaving"). After every answer everyone at the table (spectators too) is told who
accepted, who declined and who is still to answer (a ``rematch`` message). Once every person's
seat has accepted, one new table is made with the same game, options, seats (a bot stays a bot
of the same level), turn timer, hints, Continue wait and listing; each person is seated at
their own seat under their own name, so the new table starts at once, and each seat is sent its
new token privately (``rematch`` with ``seat`` and ``token``, only to that seat's connections).

A decline does not end the offer: the others see it and may leave, or go on with bots (the
browser's "Play against bots instead"); whoever declined may still accept later. At a table
with one person the offer is accepted the moment it is made.

Offers live in memory, keyed by the table (a weak reference): they are worth nothing once
everyone has gone, and a restart forgets them (pressing Play again again makes a new offer).
The tokens of a table already made are kept with the offer so that a second tab, or a
connection that was dropped in between, gets its seat too when it answers.
"""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.i18n import _
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.table import Connection, Table, dumps
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.protocol import PROTOCOL_VERSION

if TYPE_CHECKING:
    from cardtable.server.lobby.lobby import Lobby


@dataclass
class Offer:
    """One table's rematch: the seats that accepted and declined, and once made, the new
    table's code and each seat's token."""

    accepted: set[int] = field(default_factory=set)
    declined: set[int] = field(default_factory=set)
    code: str | None = None
    tokens: dict[int, str] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


_OFFERS: weakref.WeakKeyDictionary[Table, Offer] = weakref.WeakKeyDictionary()


def people(table: Table) -> list[int]:
    """The table seats of people (those who must accept)."""
    return [index for index, seat in enumerate(table.seats) if seat.plan.kind == "person"]


def offer_of(table: Table) -> Offer | None:
    return _OFFERS.get(table)


def message(table: Table, offer: Offer) -> dict[str, Any]:
    """The ``rematch`` message everyone at the table gets (no token in it)."""
    seats = people(table)
    return {
        "type": "rematch", "v": PROTOCOL_VERSION, "table": table.code,
        "accepted": sorted(offer.accepted), "declined": sorted(offer.declined),
        "waiting": [s for s in seats if s not in offer.accepted and s not in offer.declined],
        "code": offer.code,
    }


def _tell_seat(table: Table, offer: Offer, seat: int) -> None:
    """The new table's seat and token, only to ``seat``'s own connections."""
    assert offer.code is not None
    text = dumps({**message(table, offer), "seat": seat, "token": offer.tokens[seat]})
    for connection in table.seats[seat].connections:
        connection.push(text)


async def answer(lobby: Lobby, table: Table, connection: Connection, accept: bool) -> None:
    """``connection``'s seat offers or accepts (``accept``) or declines a rematch."""
    seat = connection.seat
    if seat is None:
        raise ServerError("rematch/not_seated")
    if table.status != TableStatus.FINISHED:
        raise ServerError("rematch/not_over")
    offer = _OFFERS.setdefault(table, Offer())
    async with offer.lock:
        if offer.code is not None:  # already made: a late or second answer
            if accept and seat in offer.tokens:
                offer.accepted.add(seat)
                offer.declined.discard(seat)
                _tell_seat(table, offer, seat)
            return
        if accept:
            offer.accepted.add(seat)
            offer.declined.discard(seat)
        else:
            offer.declined.add(seat)
            offer.accepted.discard(seat)
        if set(people(table)) <= offer.accepted:
            await _make(lobby, table, offer, connection.address)
        table.messages.broadcast(lambda: message(table, offer))
        if offer.code is not None:
            for index in offer.tokens:
                _tell_seat(table, offer, index)


async def _make(lobby: Lobby, table: Table, offer: Offer, address: str | None) -> None:
    """The new table, every person seated at their seat (so it starts at once)."""
    if address is not None:
        await lobby.services.limits.create(address)
    fresh = await lobby.create(table.config, address, waits=False)
    for index in people(table):
        name = table.seats[index].name or _("player")
        _fresh, _seat, token = await lobby.join(fresh.code, index, name)
        offer.tokens[index] = token
    offer.code = fresh.code
