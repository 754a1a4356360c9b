"""A Pontinho match (PO-5, PO-24 … PO-26): totals, busting, buying back, the deal passing on.

Words: *estourar* — a player whose total reaches ``bust`` is out; *voltar* — to buy back in.

The rules as this module plays them:

- Everyone starts at 0; after each deal the totals add its penalty points (a void deal adds
  nothing). A player whose total reaches ``bust`` is out (PO-24).
- Right after the deal in which they bust, each busted player is asked, in the order of play from
  the seat after that deal's dealer, ``buyback`` or ``decline`` — if they may buy back: fewer than
  ``buybacks`` buy-backs used this match, and at least two OTHER players still in at that moment
  (PO-25). Buying back returns them with the highest total among the players still in. Declining
  (or not being allowed) leaves them out for the rest of the match. These are match-level actions:
  ``match.to_move`` is the table seat asked, ``match.legal_actions()`` its choices and
  ``match.apply(text)`` verifies and makes the choice (``IllegalAction`` with the reason
  otherwise); ``next_deal`` waits until no decision is pending.
- The match ends when only one player is still in — they win, holding the fewest points — or,
  with ``deals`` > 0, after that many deals (or earlier, when only one is left), the fewest points
  winning, equal fewest sharing (PO-26). No buy-back is offered after the last deal.
- The deal passes to the right (the next seat in the order of play) after every deal, skipping
  players who are out; players who are out are not dealt in (PO-5).

A deal with fewer players than the table: it is played by a Pontinho table of k players (the
seats still in, in the order of play) with the same options — a normal ``PontinhoState``, so the
State API is unchanged. Deal seat ``i`` is table seat ``match.seats_of_deal(d)[i]``;
``match.table_seat`` / ``match.deal_seat`` map the current deal's seats. ``state.view(seat)``
and the deal's events and outcome use deal seats; ``match.totals`` and ``match.outcome`` use
table seats. Front ends name players through the map; a bot built for a table seat plays such a
deal as a bot of the same kind for the deal's table and deal seat (``cardtable.cli.session``).

Records: each deal entry is the generic ``{"dealer", "setup", "actions"}`` (``dealer`` a table
seat), plus ``"seats"`` when not every seat is dealt in and ``"decisions"`` when buy-back
decisions followed the deal (see ``cardtable.engine.record``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any, ClassVar

from cardtable.engine.action import Action
from cardtable.engine.game import Game, State
from cardtable.engine.match import Match, deal_seed
from cardtable.engine.outcome import Outcome, best_sides
from cardtable.errors import CardtableError, IllegalAction
from cardtable.i18n import N_, _, ngettext

BUYBACK = "buyback"
DECLINE = "decline"
_ALIASES = {"buyback": BUYBACK, "buy": BUYBACK, "voltar": BUYBACK, "decline": DECLINE}


def parse_decision(text: str) -> Action:
    """Read ``buyback`` or ``decline`` (any case); ``IllegalAction`` says what was expected."""
    word = text.strip().lower() if isinstance(text, str) else ""
    kind = _ALIASES.get(word.replace("-", "").replace(" ", ""))
    if kind is None:
        raise IllegalAction(
            _("{text!r} is not a decision between deals: expected buyback or decline").format(
                text=text
            )
        )
    return Action(kind)


class _Status:
    """The match as its deals and decisions so far make it (recomputed, never stored)."""

    __slots__ = ("totals", "out", "used", "pending", "over")

    def __init__(self, players: int) -> None:
        self.totals = [0] * players
        self.out = [False] * players
        self.used = [0] * players
        self.pending: list[int] = []  # busted seats still to be asked, in order
        self.over = False

    def still_in(self, but: int | None = None) -> list[int]:
        return [s for s, out in enumerate(self.out) if not out and s != but]


class PontinhoMatch(Match):
    """Deals with busting and buying back; see the module docstring."""

    decision_pending: ClassVar[str] = N_("seat {seat} must decide first whether to buy back in")

    def __init__(self, game: Game, *, seed: int | None = None, dealer: int = 0) -> None:
        game.check_seat(dealer, what=_("dealer"))
        self.game = game
        self.seed = secrets.randbits(63) if seed is None else seed
        self.deals: list[State] = []
        self._seats: list[tuple[int, ...]] = []
        self.decisions: list[list[tuple[int, str]]] = []
        self._kept_status: tuple[tuple[int, bool, int], _Status] | None = None
        everyone = tuple(range(game.players))
        self._add(game.deal(seed=deal_seed(self.seed, 0), dealer=dealer), everyone)

    @classmethod
    def empty(cls, game: Game) -> Match:
        match = super().empty(game)
        assert isinstance(match, PontinhoMatch)
        match._seats = []
        match.decisions = []
        match._kept_status = None
        return match

    def _add(self, deal: State, seats: tuple[int, ...]) -> None:
        self.deals.append(deal)
        self._seats.append(seats)
        self.decisions.append([])

    # -- seats -----------------------------------------------------------------------------------

    def seats_of_deal(self, index: int) -> tuple[int, ...]:
        return self._seats[index]

    def _table_for(self, seats: tuple[int, ...]) -> Game:
        if len(seats) == self.game.players:
            return self.game
        return type(self.game)(len(seats), **dict(self.game.options))

    # -- the match's state -----------------------------------------------------------------------

    def _status(self) -> _Status:
        """The totals, busts and decisions over the deals played so far, replayed once for each
        step of the match: a finished deal's outcome and the decisions after it never change, so
        the status is kept until a deal ends, a new one starts or a decision is made. Views ask
        for it at every step of a deal, and replaying every deal's outcome each time made a long
        match quadratic."""
        key = (len(self.deals), bool(self.deals) and self.current.is_over,
               sum(len(made) for made in self.decisions))
        cached = self._kept_status
        if cached is not None and cached[0] == key:
            return cached[1]
        status = self._replay_status()
        self._kept_status = (key, status)
        return status

    def _replay_status(self) -> _Status:
        """Replay the totals, busts and decisions over the deals played so far."""
        n = self.game.players
        bust = int(self.game.options.bust)
        limit = int(self.game.options.deals)
        status = _Status(n)
        for index, deal in enumerate(self.deals):
            outcome = deal.outcome
            if outcome is None:
                break
            seats = self._seats[index]
            for deal_seat, points in enumerate(outcome.points):
                status.totals[seats[deal_seat]] += points
            busted = [s for s in seats if status.totals[s] >= bust]
            for seat in busted:
                status.out[seat] = True
            dealer = seats[deal.dealer]
            order = sorted(busted, key=lambda s: (s - dealer - 1) % n)
            if (limit and index + 1 >= limit) or len(status.still_in()) <= 1:
                status.over = True
                status.pending = []
                break
            status.pending = order
            self._skip_ineligible(status)
            for seat, text in self.decisions[index]:
                assert status.pending and status.pending[0] == seat
                status.pending.pop(0)
                if text == BUYBACK:
                    status.totals[seat] = max(status.totals[s] for s in status.still_in())
                    status.out[seat] = False
                    status.used[seat] += 1
                self._skip_ineligible(status)
        return status

    def _skip_ineligible(self, status: _Status) -> None:
        """Drop from the front of the queue the busted players who may not buy back now."""
        while status.pending and self._refusal(status, status.pending[0]) is not None:
            status.pending.pop(0)

    def _refusal(self, status: _Status, seat: int) -> str | None:
        """Why ``seat`` may not buy back now (PO-25), or ``None`` if they may."""
        allowed = int(self.game.options.buybacks)
        if status.used[seat] >= allowed:
            return ngettext(
                "seat {seat} has used its {allowed} buy-back of this match (PO-25)",
                "seat {seat} has used its {allowed} buy-backs of this match (PO-25)",
                allowed,
            ).format(seat=seat, allowed=allowed)
        others = len(status.still_in(but=seat))
        if others < 2:
            return ngettext(
                "a buy-back needs at least two other players still in, and only {n} is (PO-25)",
                "a buy-back needs at least two other players still in, and only {n} are (PO-25)",
                others,
            ).format(n=others)
        return None

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per seat of the table, buy-backs included."""
        return tuple(self._status().totals)

    @property
    def still_in(self) -> tuple[int, ...]:
        """Table seats still in the match (a busted player awaiting a decision is out)."""
        return tuple(self._status().still_in())

    def buybacks_used(self, seat: int) -> int:
        return self._status().used[seat]

    @property
    def is_over(self) -> bool:
        return self.current.is_over and self._status().over

    @property
    def outcome(self) -> Outcome | None:
        status = self._status()
        if not (self.current.is_over and status.over):
            return None
        totals = tuple(status.totals)
        left = status.still_in()
        sides = self.game.sides
        if len(left) == 1:
            winners: tuple[int, ...] = (left[0],)
            reason = "last_in"
        else:
            winners = best_sides(totals, sides, lowest=True)
            reason = "deals"
        return Outcome(
            points=totals,
            sides=sides,
            winners=winners,
            reason=reason,
            details={"deals": len(self.deals), "out": [s for s, o in enumerate(status.out) if o]},
        )

    # -- decisions between deals -------------------------------------------------------------------

    def decision_view(self, seat: int) -> dict[str, Any]:
        """What a player deciding between deals may know (JSON-safe, table seats): ``kind``
        ``"match"``, its ``seat``, the ``totals`` (its own at or over ``bust``), ``bust``, the
        buy-backs allowed per player (``buybacks``), used (``buybacks_used``) and left for it
        (``buybacks_left``), the seats ``still_in``, the deals played (``deals``) and planned
        (``deals_planned``, 0: open-ended)."""
        status = self._status()
        allowed = int(self.game.options.buybacks)
        return {
            "kind": "match",
            "seat": seat,
            "totals": list(status.totals),
            "bust": int(self.game.options.bust),
            "buybacks": allowed,
            "buybacks_used": status.used[seat],
            "buybacks_left": max(0, allowed - status.used[seat]),
            "still_in": status.still_in(),
            "deals": len(self.deals),
            "deals_planned": int(self.game.options.deals),
        }

    def deal_view(self, seat: int | None, *, memory: bool = False) -> dict[str, Any]:
        """``current.view(seat, memory=memory)`` (``seat`` a deal seat) plus the optional key
        ``totals``: the match totals before this deal, by deal seat — what the heuristic bot reads
        to feel the bust line (PO-24)."""
        view = self.current.view(seat, memory=memory)
        status = self._status()
        view["totals"] = [status.totals[s] for s in self._seats[-1]]
        return view

    def deal_views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        views = self.current.views(seats)
        status = self._status()
        totals = [status.totals[s] for s in self._seats[-1]]
        for view in views.values():
            view["totals"] = totals
        return views

    @property
    def to_move(self) -> int | None:
        if not self.deals or not self.current.is_over:
            return None
        pending = self._status().pending
        return pending[0] if pending else None

    def legal_actions(self) -> list[Action]:
        if self.to_move is None:
            return []
        return [Action(BUYBACK), Action(DECLINE)]

    def apply(self, action: Action | str) -> str:
        decision = parse_decision(action) if isinstance(action, str) else action
        if not isinstance(decision, Action) or (
            decision.kind,
            decision.cards,
            decision.meld,
        ) not in (
            (BUYBACK, (), None),
            (DECLINE, (), None),
        ):
            raise IllegalAction(
                _("a decision between deals is 'buyback' or 'decline', not {value!r}").format(
                    value=str(action)
                )
            )
        if not self.deals or not self.current.is_over:
            raise IllegalAction(
                _("{text!r}: the deal is still being played; buy-backs come between deals").format(
                    text=str(decision)
                )
            )
        seat = self.to_move
        if seat is None:
            raise IllegalAction(
                _("{text!r}: nobody has a buy-back to decide now (the match is over)").format(
                    text=str(decision)
                )
                if self.is_over
                else _("{text!r}: nobody has a buy-back to decide now").format(text=str(decision))
            )
        self.decisions[-1].append((seat, decision.kind))
        return decision.kind

    # -- dealing -----------------------------------------------------------------------------------

    def expected_deal(self) -> tuple[int, tuple[int, ...]]:
        """The next dealer — the next seat still in after the last dealer (PO-5) — and the seats
        still in, in the order of play."""
        status = self._status()
        seats = tuple(status.still_in())
        n = self.game.players
        last = self._seats[-1][self.current.dealer]
        dealer = next((last + step) % n for step in range(1, n + 1) if (last + step) % n in seats)
        return dealer, seats

    def replay_deal(
        self, *, dealer: int, seats: tuple[int, ...], seed: int | None, setup: Any
    ) -> State:
        if dealer not in seats:
            raise CardtableError(
                _("the dealer, seat {dealer}, is not among the seats dealt in").format(
                    dealer=dealer
                )
            )
        table = self._table_for(seats)
        deal = table.deal(seed=seed, setup=setup, dealer=seats.index(dealer))
        self._add(deal, seats)
        return deal

    # -- records -----------------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The generic match record; a deal entry adds ``seats`` when not every seat is dealt in
        and ``decisions`` when buy-back decisions followed it."""
        deals: list[dict[str, Any]] = []
        for index, deal in enumerate(self.deals):
            seats = self._seats[index]
            record = deal.to_record()
            entry: dict[str, Any] = {"dealer": seats[deal.dealer]}
            if len(seats) != self.game.players:
                entry["seats"] = list(seats)
            entry["setup"] = record["setup"]
            entry["actions"] = record["actions"]
            if self.decisions[index]:
                entry["decisions"] = [text for _seat, text in self.decisions[index]]
            deals.append(entry)
        return {**self.game.describe(), "deals": deals}


MATCH_CLASS = PontinhoMatch
