"""When a person is told by push: what the tables and the friends feature call.

``after_step`` is called by a table after every step it has stored and shown (and at its
start): when the turn has come to a person's seat, that person is told "your turn" — once per
turn, not once per action of a turn (Pontinho's draw, meld and discard are one turn) — and when
the match has ended every person at the table is told. A person whose page is open (the seat has
a live connection) is not pushed: the page tells them itself (title, sound, notification).
Nothing here waits: each message is a note on the sender's queue (``sender``)."""

from __future__ import annotations

import weakref
from typing import Any

from cardtable.server.features.push.sender import PushSender
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.tablestate import TablePhase

#: Per table: the seat last told it is their turn, or ``"over"`` once the end was told.
_told: weakref.WeakKeyDictionary[Any, int | str | None] = weakref.WeakKeyDictionary()


def after_step(table: Any, present: int | None = None) -> None:
    """Tell whoever a step concerns (module docstring). ``table``: a running ``Table``;
    ``present``: a seat whose person is on the page though not connected yet (the seat just
    taken that started the table: its player is linked to it only after the start)."""
    sender: PushSender | None = table.services.push
    if sender is None:
        return
    told = _told.get(table)
    if table.status == TableStatus.FINISHED:
        if told != "over":
            _told[table] = "over"
            for index in _away_people(table, present):
                sender.to_seat("match_over", table.code, table.game.name, index)
        return
    mover, phase = table.mover()
    if phase not in (TablePhase.DEAL, TablePhase.DECISION) or mover == told:
        return
    _told[table] = mover
    if mover in _away_people(table, present):
        sender.to_seat("turn", table.code, table.game.name, mover)


def _away_people(table: Any, present: int | None) -> list[int]:
    """The seats held by people with no page open at the table."""
    return [index for index, seat in enumerate(table.seats)
            if seat.plan.kind == "person" and seat.taken and not seat.connections
            and index != present]


def friend_invited(sender: PushSender | None, player_id: str, code: str, game: str,
                   by: str) -> None:
    """Tell ``player_id`` that ``by`` (a name) invited them to table ``code`` (the friends
    feature calls it)."""
    if sender is not None:
        sender.to_player("invite", code, game, player_id, by=by)
