"""Game records (DESIGN.md): load, check and replay them; every action is verified.

A record is one deal::

    {"game": "punttu", "players": 4, "options": {}, "dealer": 0,
     "setup": {"hands": [...], "stock": [...]}, "actions": ["play 7o", ...]}

or, as an extension for matches, the table header with ``"deals": [{"dealer", "setup"|"seed",
"actions"}, ...]``, each deal's ``dealer`` a table seat. Games whose matches need more (Pontinho:
busting and buying back, PO-24 … PO-26) add two optional keys to a deal entry:

- ``"seats"``: the table seats dealt in, in the order of play, when not every seat is (players
  who are out are not dealt in). The deal is played by a table of that many players whose seat
  ``i`` is table seat ``seats[i]``: its ``setup`` hands and its actions are in those deal seats;
  ``dealer`` stays a table seat, one of ``seats``. Absent: every seat.
- ``"decisions"``: the decisions made between this deal and the next, in the order they were
  asked (``["buyback", "decline"]``); as with actions, the engine knows whose each is
  (``Match.to_move``) and verifies each. Absent: none.

Replaying checks that each deal is dealt by the seat the deal passes to, to the seats still in,
after every pending decision is made. A free-form ``"meta"`` object (names, dates, the program)
is allowed and ignored. Anything else that is not as specified raises ``RecordError`` naming the
problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.engine.game import Game, State
from cardtable.engine.match import Match
from cardtable.errors import CardtableError, IllegalAction, RecordError
from cardtable.games import game as make_game
from cardtable.games import match_class
from cardtable.i18n import _

_HEADER = {"game", "players", "options", "meta"}
_DEAL = {"dealer", "setup", "seed", "actions"}
_MATCH_DEAL = _DEAL | {"seats", "decisions"}


class ReplayError(RecordError):
    """An action of a record that the rules reject: which one, by whom, and why."""

    def __init__(
        self,
        *,
        deal: int | None,
        number: int,
        text: str,
        seat: int | None,
        reason: str,
        decision: bool = False,
    ) -> None:
        self.deal = deal
        self.number = number
        self.text = text
        self.seat = seat
        self.reason = reason
        self.decision = decision
        where = _("deal {deal}, ").format(deal=deal) if deal is not None else ""
        message = (
            _("{where}decision {number} {text!r} by seat {seat} is illegal: {reason}")
            if decision
            else _("{where}action {number} {text!r} by seat {seat} is illegal: {reason}")
        )
        super().__init__(
            message.format(where=where, number=number, text=text, seat=seat, reason=reason)
        )


@dataclass(frozen=True)
class Replayed:
    """A replayed record: its table, and either one deal or a match."""

    game: Game
    state: State
    match: Match | None = None

    def result(self) -> dict[str, Any]:
        """The ``--json`` result line of DESIGN.md (for a match: its totals)."""
        state = self.state
        match = self.match
        deal_outcome = state.outcome
        if match is not None:
            over = match.is_over
            points = list(match.totals)
            outcome = match.outcome
            to_move = (
                match.to_move if match.to_move is not None else match.table_seat(state.to_move)
            )
        else:
            over = state.is_over
            outcome = deal_outcome
            points = list(outcome.points) if outcome else _points_so_far(state)
            to_move = state.to_move
        result: dict[str, Any] = {
            "game": self.game.name,
            "over": over,
            "points": points,
            "sides": [list(side) for side in self.game.sides],
            "winners": list(outcome.winners) if outcome else [],
            "to_move": to_move,
        }
        if match is not None:
            result["deals"] = len(match.deals)
        if deal_outcome is not None and "went_out" in deal_outcome.details:
            went_out = deal_outcome.details["went_out"]
            # a match reports the last deal's player who went out by table seat
            result["went_out"] = match.table_seat(went_out) if match is not None else went_out
        return result


def _points_so_far(state: State) -> list[int]:
    """Points per side of an unfinished deal, as the public view shows them."""
    points = state.view(0).get("points")
    if isinstance(points, list) and len(points) == len(state.game.sides):
        return [int(p) for p in points]
    return [0] * len(state.game.sides)


def load(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """Read a record from a path, a JSON text or a mapping, and check its shape."""
    if isinstance(source, Mapping):
        data: Any = dict(source)
    else:
        path = (
            Path(source)
            if isinstance(source, Path) or not source.lstrip().startswith("{")
            else None
        )
        try:
            text = path.read_text(encoding="utf-8") if path else str(source)
        except OSError as error:
            raise RecordError(
                _("cannot read {path}: {error}").format(path=path, error=error.strerror)
            ) from None
        except UnicodeDecodeError:
            raise RecordError(_("{path} is not UTF-8 text").format(path=path)) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(
                _("the record is not valid JSON: {msg} at line {line}, column {col}").format(
                    msg=error.msg, line=error.lineno, col=error.colno
                )
            ) from None
    if not isinstance(data, dict):
        raise RecordError(
            _("a record is a JSON object, not {kind}").format(kind=type(data).__name__)
        )
    is_match = "deals" in data and isinstance(data.get("deals"), list)
    allowed = _HEADER | ({"deals"} if is_match else _DEAL)
    unexpected = sorted(set(data) - allowed)
    if unexpected:
        raise RecordError(
            _("unexpected key {keys} in the record; expected {allowed}").format(
                keys=", ".join(repr(k) for k in unexpected), allowed=", ".join(sorted(allowed))
            )
        )
    for key, kind, name in (("game", str, _("text")), ("players", int, _("a whole number"))):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise RecordError(_("the record's {key!r} must be {kind}").format(key=key, kind=name))
    if not isinstance(data.get("options", {}), dict):
        raise RecordError(_("the record's 'options' must be an object"))
    if "meta" in data and not isinstance(data["meta"], dict):
        raise RecordError(_("the record's 'meta' must be an object"))
    deals = data["deals"] if is_match else [data]
    if is_match and not deals:
        raise RecordError(_("a match record needs at least one deal in 'deals'"))
    for index, deal in enumerate(deals, start=1):
        _check_deal_shape(deal, index if is_match else None)
    return data


def _check_deal_shape(deal: Any, number: int | None) -> None:
    where = _("deal {n}: ").format(n=number) if number is not None else ""
    if not isinstance(deal, dict):
        raise RecordError(_("{where}a deal is a JSON object").format(where=where))
    if number is not None:
        unexpected = sorted(set(deal) - _MATCH_DEAL)
        if unexpected:
            raise RecordError(
                _(
                    "{where}unexpected key {keys}; expected dealer, setup or seed, actions, "
                    "seats, decisions"
                ).format(where=where, keys=", ".join(repr(k) for k in unexpected))
            )
        seats = deal.get("seats", [])
        if not isinstance(seats, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in seats
        ):
            raise RecordError(
                _("{where}'seats' must be a list of seat numbers").format(where=where)
            )
        decisions = deal.get("decisions", [])
        if not isinstance(decisions, list) or not all(isinstance(d, str) for d in decisions):
            raise RecordError(
                _("{where}'decisions' must be a list of decision texts").format(where=where)
            )
    if ("setup" in deal) == ("seed" in deal):
        raise RecordError(
            _("{where}a record gives exactly one of 'setup' and 'seed'").format(where=where)
        )
    if "seed" in deal and (not isinstance(deal["seed"], int) or isinstance(deal["seed"], bool)):
        raise RecordError(_("{where}'seed' must be a whole number").format(where=where))
    if "setup" in deal and not isinstance(deal["setup"], dict):
        raise RecordError(_("{where}'setup' must be an object").format(where=where))
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise RecordError(_("{where}'dealer' must be a seat number").format(where=where))
    actions = deal.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(_("{where}'actions' must be a list of action texts").format(where=where))


def replay(source: str | Path | Mapping[str, Any]) -> Replayed:
    """Load a record and replay it, verifying every action."""
    data = load(source)
    try:
        table = make_game(data["game"], data["players"], **data.get("options", {}))
    except CardtableError as error:
        raise RecordError(str(error)) from None
    if "deals" not in data:
        state = _deal(table, data, None)
        _replay_actions(state, data, None, None)
        return Replayed(table, state)
    match = match_class(table).empty(table)
    everyone = tuple(range(table.players))
    for number, deal in enumerate(data["deals"], start=1):
        dealer = deal.get("dealer", 0)
        seats = tuple(deal["seats"]) if "seats" in deal else everyone
        if match.deals:
            previous = match.current
            if not previous.is_over:
                raise RecordError(
                    _("deal {n} starts before deal {m} is over").format(n=number, m=number - 1)
                )
            pending = match.to_move
            if pending is not None:
                raise RecordError(
                    _("deal {n} starts while seat {seat} has still to decide ({legal})").format(
                        n=number,
                        seat=pending,
                        legal=" / ".join(str(a) for a in match.legal_actions()),
                    )
                )
            if match.is_over:
                raise RecordError(_("deal {n} is played after the match was over").format(n=number))
            expected, expected_seats = match.expected_deal()
            if dealer != expected:
                raise RecordError(
                    _("deal {n} is dealt by seat {got}, but the deal passes to seat {want}").format(
                        n=number, got=dealer, want=expected
                    )
                )
        else:
            expected_seats = everyone
        if seats != expected_seats:
            raise RecordError(
                _("deal {n} deals in seats {got}, but the seats in play are {want}").format(
                    n=number, got=list(seats), want=list(expected_seats)
                )
            )
        try:
            state = match.replay_deal(
                dealer=dealer, seats=seats, seed=deal.get("seed"), setup=deal.get("setup")
            )
        except CardtableError as error:
            raise RecordError(_("deal {n}: ").format(n=number) + str(error)) from None
        _replay_actions(state, deal, number, match)
        decisions = deal.get("decisions", [])
        if decisions and not state.is_over:
            raise RecordError(
                _("deal {n} lists decisions, but the deal is not over").format(n=number)
            )
        _apply_each(decisions, match.apply, lambda: match.to_move, number, decision=True)
    return Replayed(table, match.current, match)


def _deal(table: Game, deal: Mapping[str, Any], number: int | None) -> State:
    where = _("deal {n}: ").format(n=number) if number is not None else ""
    try:
        return table.deal(
            seed=deal.get("seed"), setup=deal.get("setup"), dealer=deal.get("dealer", 0)
        )
    except CardtableError as error:
        raise RecordError(f"{where}{error}") from None


def _replay_actions(
    state: State, deal: Mapping[str, Any], number: int | None, match: Match | None
) -> None:
    """Apply the deal's actions, verifying each; errors name the table seat."""

    def mover() -> int | None:
        seat = state.to_move
        return match.table_seat(seat) if match is not None and seat is not None else seat

    _apply_each(deal["actions"], state.apply, mover, number)


def _apply_each(
    texts: Iterable[str],
    apply: Callable[[str], object],
    mover: Callable[[], int | None],
    deal: int | None,
    *,
    decision: bool = False,
) -> None:
    """Apply ``texts`` one by one; the first one the rules refuse becomes a ``ReplayError``
    naming its place, its text and who was to move (``mover()`` just before it), so a deal's
    actions and its decisions between deals are checked alike."""
    for index, text in enumerate(texts, start=1):
        seat = mover()
        try:
            apply(text)
        except IllegalAction as error:
            raise ReplayError(
                deal=deal, number=index, text=text, seat=seat, reason=str(error), decision=decision
            ) from None
