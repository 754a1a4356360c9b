"""A table's hints and chat: requests that change nothing in the match.

A hint is what the hard bot would play from the asking seat's view, searched in the fair pool
(``hints``); it is asked under the same turn check as a move (``check_turn``), and limited per
seat and per address only once it will run. A chat line is checked, limited, stored, then sent
to everyone (``chat``).
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from cardtable.bots.ismcts import can_search
from cardtable.i18n import _
from cardtable.server.storage import store
from cardtable.server.storage.writer import StorageUnavailable
from cardtable.server.tables import hints
from cardtable.server.tables.chat import chat_message, checked_line
from cardtable.server.tables.messages import TableMessages
from cardtable.server.tables.tablestate import TablePhase, TableState
from cardtable.server.transport.connection import Connection
from cardtable.server.transport.errors import ServerError


class TableTalk:
    """Hints and chat (module docstring)."""

    def __init__(self, state: TableState, messages: TableMessages) -> None:
        self.state = state
        self.messages = messages

    async def hint(
        self, seat: int | None, version: int, address: str | None = None
    ) -> dict[str, Any]:
        """What the hard bot would play from the seat's view, and the alternatives it weighed.
        Limited per seat and per client ``address`` (``ratelimit.RateLimits.hint``)."""
        if seat is None:
            raise ServerError("seat/spectator")
        if not self.state.config.hints:
            raise ServerError("hint/off")
        async with self.state.lock:
            phase = self.state.check_turn(seat, version)
            if phase is not TablePhase.DEAL:
                raise ServerError("hint/unavailable", reason=_("no hints between deals"))
            match = self.state.match
            assert match is not None
            state = match.current
            if not can_search(state.game):
                raise ServerError(
                    "hint/unavailable",
                    reason=_("no hints for {game} yet").format(game=state.game.name),
                )
            deal_seat = match.deal_seat(seat)
            assert deal_seat is not None
            view = match.deal_view(deal_seat, memory=True)
            legal = state.legal_actions()
            search, args = hints.job(state.game, deal_seat, seed=version,
                                     seconds=self.state.services.config.hint_seconds,
                                     view=view, legal=legal)
        services, code = self.state.services, self.state.code
        await services.limits.hint(code, seat, address)  # only hints that will run
        result = await services.pool.run(code, search, *args, bounded=True)
        return hints.hint_message(code, version, result)

    async def chat(self, connection: Connection, text: str) -> None:
        """A seat's chat line: checked, limited (per seat, whichever of its connections sends
        it, and per address), stored, then sent (escaped) to everyone."""
        seat = connection.seat
        if seat is None:
            raise ServerError("seat/spectator")
        text = checked_line(text, self.state.services.config)
        await self.state.services.limits.chat(self.state.code, seat, connection.address)
        # A blank name is stored blank and shown as "seat N" in each reader's language.
        name = self.state.seats[seat].name or ""
        name = name if name.strip() else ""
        try:
            await self.state.services.writer.run(
                lambda db: store.add_chat(db, code=self.state.code, seat=seat, name=name, text=text)
            )
        except StorageUnavailable:
            raise ServerError("server/storage_unavailable") from None
        line = {"seat": seat, "name": name, "text": text, "at": time.time()}
        self.messages.broadcast(partial(chat_message, self.state.code, line))
