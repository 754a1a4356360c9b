"""What a table tells its viewers: every message built, and each one delivered in its language.

A ``state`` message is built from a part common to every viewer (``_common``, once per step)
and the viewer's own view (``state_message``): the deal's views are built together once per
version (``_views``). A ``state`` holds no human text, so it is the same in every language and
encoded once per seat (``send_states``); a message with human text is made inside each
connection's language, once per language (``deliver``). This part reads the table's state
(``TableState``) and changes nothing in it; what it keeps is its own: the events of the last
step as each viewer sees them, and the views built for the current version.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from cardtable.engine.match import Match
from cardtable.games import descriptor
from cardtable.i18n import current_language, language
from cardtable.server.people.deletion_mark import shown
from cardtable.server.storage.store import StoredEvent
from cardtable.server.tables.status import TableStatus
from cardtable.server.tables.tablestate import TablePhase, TableState, dumps
from cardtable.server.transport.connection import Connection
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.protocol import PROTOCOL_VERSION


class TableMessages:
    """The messages of a table (module docstring)."""

    def __init__(self, state: TableState) -> None:
        self.state = state
        #: The last step's events as each deal seat (``None``: a spectator) sees them.
        self.events_seen: dict[int | None, list[dict[str, Any]]] = {}
        #: The current deal's views by deal seat, built together once per version (``_views``).
        self._views_built: tuple[int, object, dict[int | None, dict[str, Any]]] | None = None

    def forget(self) -> None:
        """Drop what was kept of the state before (the table was rebuilt from storage)."""
        self.events_seen = {}
        self._views_built = None

    def summary(self) -> dict[str, Any]:
        """The table as the lobby shows it (public)."""
        state = self.state
        match, game, config = state.match, state.game, state.config
        return {
            "code": state.code,
            "game": game.name,
            "players": game.players,
            "options": dict(game.options),
            # the house-rule preset named when the table was made (else from its options)
            "preset": config.preset or descriptor(game.name).preset_of(game.options),
            "status": state.status,
            "version": state.version,
            "turn_seconds": config.turn_seconds,
            "hints": config.hints,
            "continue_seconds": config.continue_seconds,
            "clock": state.game_clock.profile.to_dict() if state.game_clock else None,
            "to_move": state.mover()[0],
            "clock_left": self._clock_left(),
            "deal": len(match.deals) if match else 0,
            "seats": [self.seat_info(i) for i in range(len(state.seats))],
            "free_seats": state.free_seats(),
            "spectators": len(state.spectators),
            "result": state.result,
        }

    def _clock_left(self) -> list[float] | None:
        """Each seat's seconds left now (the seat on turn counting down), for the lobby's
        summary ("My games" lists the tables where it is my turn first, with my time);
        ``None`` without a clock, or for a table only read from storage (no server clock)."""
        if self.state.game_clock is None or self.state.services is None:
            return None
        return self.state.game_clock.lefts(self.state.mover()[0], self.state.services.clock())

    def seat_info(self, index: int) -> dict[str, Any]:
        seat = self.state.seats[index]
        return {
            "seat": index,
            "kind": seat.plan.kind,
            "level": seat.plan.level,
            "name": shown(seat.name) if seat.plan.kind == "person" else seat.plan.level,
            "taken": seat.taken,
            "connected": bool(seat.connections),
            "away": seat.away,
            "replaced": seat.replaced,
        }

    def _common(self) -> dict[str, Any]:
        """The part of a ``state`` message that is the same for every viewer (computed once
        per step, not once per viewer). It holds no human text, so it is the same in every
        language too."""
        match = self.state.match
        mover, phase = self.state.mover()
        common: dict[str, Any] = {
            "type": "state",
            "v": PROTOCOL_VERSION,
            "table": self.state.code,
            "version": self.state.version,
            "status": self.state.status,
            "phase": phase,
            "seat": None,
            "to_move": mover,
            "deadline": self.state.deadline if mover is not None else None,
            "last": self.state.last,
        }
        if self.state.game_clock is not None:
            counting = mover if phase in (TablePhase.DEAL, TablePhase.DECISION) else None
            common["clock"] = self.state.game_clock.view(counting, self.state.services.clock())
        if phase is TablePhase.PAUSE:
            common["pause"] = {"deal": len(match.deals) if match else 0,
                               "waiting": self.state.waiting_for(),
                               "deadline": self.state.pause_deadline}
        if match is not None:
            common["deal"] = len(match.deals)
            common["seats_of_deal"] = list(match.seats_of_deal(len(match.deals) - 1))
            common["totals"] = list(match.totals)
        return common

    def state_message(
        self, seat: int | None, *, full: bool = False, common: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """What ``seat`` (a table seat, ``None``: a spectator) is sent after each step."""
        message = dict(common if common is not None else self._common())
        message["seat"] = seat
        match = self.state.match
        if match is None:
            return message
        deal_seat = match.deal_seat(seat) if seat is not None else None
        state = match.current
        message["deal_seat"] = deal_seat
        message["view"] = self._views()[deal_seat]
        message["events"] = self.events_seen.get(deal_seat, [])
        message["legal"] = []
        if full:
            # [deal seat, action, by]; a move that was a person's only choice is shown so
            # only to them (see ``state_message``'s ``last``)
            by_of = self.state.deal_by

            def shown_by(index: int, mover: int) -> str:
                by = by_of[index] if index < len(by_of) else "person"
                return "person" if by == "auto" and mover != deal_seat else by

            message["log"] = [[s, str(a), shown_by(i, s)]
                              for i, (s, a) in enumerate(state.history)]
        last = message.get("last")
        if last is not None and last.get("by") == "auto" and last.get("seat") != seat:
            # Whether a person's move was their only choice is theirs to know (it tells what
            # their hand lacked): everyone else sees it as the person's own.
            message["last"] = {**last, "by": "person"}
        running = self.state.status == TableStatus.RUNNING
        if seat is not None and message["to_move"] == seat and running:
            if message["phase"] == TablePhase.DECISION:
                message["decision_view"] = match.decision_view(seat)
            forced = self.state.forced_move()
            if forced is not None:
                # Their only choice, made for them in a moment (``schedule``): nothing to ask.
                message["forced"] = forced
            elif message["phase"] in (TablePhase.DEAL, TablePhase.DECISION):
                message["legal"] = list(self.state.legal_texts())
        return message

    def _views(self) -> dict[int | None, dict[str, Any]]:
        """The current deal's view of every deal seat and of a spectator (``None``, also the
        view of a table seat not dealt in), as ``match.deal_view`` gives them: built together
        (the public part once, ``Match.deal_views``) the first time a version is shown, then
        reused until the next step. They share parts: read-only."""
        match = self.state.match
        assert match is not None
        state = match.current
        built = self._views_built
        if built is not None and built[0] == self.state.version and built[1] is state:
            return built[2]
        seats = match.seats_of_deal(len(match.deals) - 1)
        views = match.deal_views([None, *range(len(seats))])
        self._views_built = (self.state.version, state, views)
        return views

    def storage_message(self, *, available: bool) -> dict[str, Any]:
        """``status``: the database is away (moves are refused and nothing new is shown until
        it is back) or back again."""
        code = "server/storage_ok" if available else "server/storage_unavailable"
        return {"type": "status", "v": PROTOCOL_VERSION, "table": self.state.code,
                "storage": "ok" if available else "unavailable", "code": code,
                "message": ServerError(code).message}

    def tell_storage(self, available: bool) -> None:
        """Everyone here, in their language: the database went away or came back."""
        self.broadcast(partial(self.storage_message, available=available))

    def welcome(self, seat: int | None, lang: str | None = None) -> dict[str, Any]:
        return {
            "type": "welcome",
            "v": PROTOCOL_VERSION,
            "table": self.summary(),
            "seat": seat,
            "name": shown(self.state.seats[seat].name) if seat is not None else None,
            "lang": lang or current_language(),
        }

    @staticmethod
    def deliver(
        connections: Iterable[Connection], build: Callable[[], dict[str, Any]]
    ) -> None:
        """Send each connection the message ``build()`` makes, made inside that connection's
        language (once per language, not once per connection)."""
        texts: dict[str, str] = {}
        for connection in connections:
            text = texts.get(connection.language)
            if text is None:
                with language(connection.language):
                    text = texts[connection.language] = dumps(build())
            connection.push(text)

    def broadcast_seats(self) -> None:
        self.deliver(
            self.state.connections(),
            lambda: {"type": "seats", "v": PROTOCOL_VERSION, "table": self.state.code,
                     "seats": [self.seat_info(i) for i in range(len(self.state.seats))]},
        )

    def send_states(self, *, full: bool = False) -> None:
        """Each viewer its own view: one message per seat, and one for all the spectators,
        encoded once and shared by all of that viewer's connections. A ``state`` holds no human
        text (machine fields, action texts and card names only), so it is the same text in
        every language: no ``language`` block, no encoding per language."""
        common = self._common()
        for index, seat in enumerate(self.state.seats):
            if seat.connections:
                text = dumps(self.state_message(index, full=full, common=common))
                for connection in seat.connections:
                    connection.push(text)
        if self.state.spectators:
            text = dumps(self.state_message(None, full=full, common=common))
            for connection in self.state.spectators:
                connection.push(text)

    def broadcast(self, build: Callable[[], dict[str, Any]]) -> None:
        """Send everyone the message ``build()`` makes, in each one's language."""
        self.deliver(self.state.connections(), build)

    def send_deal_end(self, match: Match, stored: Sequence[StoredEvent]) -> None:
        new_deal = any(e.kind == "deal" for e in stored)
        index = len(match.deals) - (2 if new_deal else 1)
        self.broadcast(partial(self.deal_end_message, match, index))

    def match_end_message(self) -> dict[str, Any]:
        """``match_end``: the match is over, its outcome. Broadcast when it ends, and sent again
        to a viewer who joins after that (a page that loaded the table just before its end)."""
        return {"type": "match_end", "v": PROTOCOL_VERSION, "table": self.state.code,
                "version": self.state.version, "outcome": self.state.result}

    def deal_end_message(self, match: Match, index: int) -> dict[str, Any]:
        """``deal_end``: deal ``index`` (from 0) is over, its outcome and the match's totals.
        Sent when the deal ends, and again to a viewer who joins during the deal-end pause (a
        reload, a reconnection, a late spectator), so that they see the deal's summary too."""
        outcome = match.deals[index].outcome
        return {
            "type": "deal_end",
            "v": PROTOCOL_VERSION,
            "table": self.state.code,
            "version": self.state.version,
            "deal": index + 1,
            "seats_of_deal": list(match.seats_of_deal(index)),
            "outcome": outcome.to_dict() if outcome is not None else None,
            "totals": list(match.totals),
            "record": f"/api/tables/{self.state.code}/deals/{index + 1}/record",
        }
