"""When a person is told by push: what the tables announce, and the friends feature.

``announced`` listens to every table's announcements (``tables/announce.py``; the app registers
it at start-up): when the turn has come to a person's seat, that person is told "your turn" —
the table announces a turn once, not once per action of a turn (Pontinho's draw, meld and
discard are one turn) — and when the match has ended every person at the table is told. A
person whose page is open (the seat has a live connection) is not pushed: the page tells them
itself (title, sound, notification). Nothing here waits: each message is a note on the
sender's queue (``sender``)."""

from __future__ import annotations

from cardtable.server.features.push.sender import PushSender
from cardtable.server.tables.announce import Announcement
from cardtable.server.tables.tablestate import TableState


def announced(sender: PushSender, news: Announcement) -> None:
    """Push whoever a table's ``news`` concerns and has no page open at it (module
    docstring)."""
    table = news.table
    away = _away_people(table, news.present)
    if news.kind == "match_over":
        for index in away:
            sender.to_seat("match_over", table.code, table.game.name, index)
    elif news.seat in away:
        sender.to_seat("turn", table.code, table.game.name, news.seat)


def _away_people(table: TableState, present: int | None) -> list[int]:
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
