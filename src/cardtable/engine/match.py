"""A match: several deals at one table, the deal passing on, totals carried across deals.

How many deals a match has (or what target ends it) is the game's rule, asked through
``Game.match_is_over``; who deals next is ``Game.next_dealer``. Each deal's seed is derived from
the match seed and the deal's number, so a whole match replays from one seed.

Hooks a game's own match may override (``cardtable.games.pontinho.match`` does):

- decisions between deals: ``to_move`` (the seat whose match-level decision is pending, else
  ``None``), ``legal_actions()`` and ``apply(text)``, verified like a deal's actions. The generic
  match has none: ``to_move`` is ``None``, ``legal_actions()`` is empty and ``apply`` raises
  ``IllegalAction``; ``next_deal`` refuses while a decision is pending.
- who is dealt in: ``seats_of_deal(i)`` maps deal ``i``'s seats (0..k−1, the seats of
  ``deals[i].game``) to the table's seats. The generic match deals every seat in, so it is the
  identity; ``table_seat(seat)`` maps a seat of the current deal.
- records: ``to_record`` writes each deal's ``dealer``, ``setup`` and ``actions`` (plus what a
  game's match adds); ``cardtable.engine.record`` replays them through ``replay_deal``.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from typing import Any, ClassVar

from cardtable.engine.action import Action
from cardtable.engine.game import MAX_SEED, Game, State
from cardtable.engine.outcome import Outcome, best_sides
from cardtable.errors import CardtableError, IllegalAction
from cardtable.i18n import N_, _


def deal_seed(match_seed: int, number: int) -> int:
    """Seed of deal ``number`` (from 0) of a match: stable across Python versions and machines."""
    digest = hashlib.sha256(f"cardtable-match:{match_seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


class Match:
    """Deals in order; ``current`` is the deal being played."""

    def __init__(self, game: Game, *, seed: int | None = None, dealer: int = 0) -> None:
        self.game = game
        self.seed = secrets.randbits(63) if seed is None else seed
        self.deals: list[State] = [game.deal(seed=deal_seed(self.seed, 0), dealer=dealer)]
        #: ``totals`` as last summed, and for which (number of deals, current deal over).
        self._totals: tuple[tuple[int, bool], tuple[int, ...]] | None = None

    @classmethod
    def empty(cls, game: Game) -> Match:
        """A match with no deal yet and no seed, for replaying a record deal by deal."""
        match = cls.__new__(cls)
        match.game = game
        match.seed = None  # type: ignore[assignment]
        match.deals = []
        match._totals = None
        return match

    @property
    def current(self) -> State:
        return self.deals[-1]

    # -- who is dealt in -------------------------------------------------------------------------

    def seats_of_deal(self, index: int) -> tuple[int, ...]:
        """Table seat of each seat of deal ``index`` (from 0): every seat, in the generic match."""
        return tuple(range(self.game.players))

    def table_seat(self, seat: int | None) -> int | None:
        """The table seat of ``seat`` of the current deal (``None`` stays ``None``)."""
        return None if seat is None else self.seats_of_deal(len(self.deals) - 1)[seat]

    def deal_seat(self, table_seat: int | None) -> int | None:
        """The current deal's seat of ``table_seat``; ``None`` if that seat is not dealt in."""
        seats = self.seats_of_deal(len(self.deals) - 1)
        return seats.index(table_seat) if table_seat in seats else None

    # -- what players see -------------------------------------------------------------------------

    def deal_view(self, seat: int | None, *, memory: bool = False) -> dict[str, Any]:
        """The current deal's view for ``seat`` (a deal seat), with whatever the match adds that
        the player may know (Pontinho: the totals before this deal)."""
        return self.current.view(seat, memory=memory)

    def deal_views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``{seat: deal_view(seat)}`` for each of ``seats`` (deal seats), built together
        (``State.views``: the parts every seat sees alike are shared, so read-only)."""
        return self.current.views(seats)

    def decision_view(self, seat: int) -> dict[str, Any]:
        """What a player deciding between deals may know (JSON-safe, table seats)."""
        return {"kind": "match", "seat": seat, "totals": list(self.totals)}

    # -- decisions between deals -------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """Table seat whose decision between deals is pending; ``None``: none is (always, here)."""
        return None

    def legal_actions(self) -> list[Action]:
        """The pending decision's legal actions (none in the generic match)."""
        return []

    def apply(self, action: Action | str) -> str:
        """Make the pending decision between deals and return its canonical text (what a
        record stores); the generic match never has one."""
        raise IllegalAction(_("no decision is pending between deals in this match"))

    def expected_deal(self) -> tuple[int, tuple[int, ...]]:
        """The next deal's dealer (a table seat) and the table seats dealt in."""
        return self.game.next_dealer(self.current.dealer), tuple(range(self.game.players))

    def replay_deal(
        self, *, dealer: int, seats: tuple[int, ...], seed: int | None, setup: Any
    ) -> State:
        """Deal the next deal of a replayed record (already checked against ``expected_deal``)
        and add it to the match. The generic match's deal seats are the table's seats."""
        deal = self.game.deal(seed=seed, setup=setup, dealer=dealer)
        self.deals.append(deal)
        return deal

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per side over the finished deals. A finished deal's points never change, so
        the sum is kept until a deal ends or a new one starts (the server shows it after every
        step)."""
        key = (len(self.deals), self.current.is_over)
        cached = self._totals
        if cached is not None and cached[0] == key:
            return cached[1]
        totals = [0] * len(self.game.sides)
        for deal in self.deals:
            outcome = deal.outcome
            if outcome is not None:
                for index, points in enumerate(outcome.points):
                    totals[index] += points
        found = tuple(totals)
        self._totals = (key, found)
        return found

    @property
    def deals_finished(self) -> int:
        return sum(1 for deal in self.deals if deal.is_over)

    @property
    def is_over(self) -> bool:
        return self.current.is_over and self.game.match_is_over(self.deals_finished, self.totals)

    #: What ``next_deal`` says while a decision between deals is pending (``{seat}``: who must
    #: decide); a game's match with such decisions words it for them.
    decision_pending: ClassVar[str] = N_("seat {seat} must decide before the next deal")

    def next_deal(self) -> State:
        """Start the next deal: ``expected_deal``'s dealer and seats, dealt from the match seed
        through ``replay_deal`` (so a game's match that deals fewer seats needs no ``next_deal``
        of its own). The current deal must be over, the match not, and no decision pending."""
        if not self.current.is_over:
            raise CardtableError(_("the current deal is not over yet"))
        if self.is_over:
            raise CardtableError(_("the match is over"))
        if self.to_move is not None:
            raise CardtableError(_(self.decision_pending).format(seat=self.to_move))
        dealer, seats = self.expected_deal()
        return self.replay_deal(
            dealer=dealer, seats=seats, seed=deal_seed(self.seed, len(self.deals)), setup=None
        )

    @property
    def outcome(self) -> Outcome | None:
        """Totals per side and the winners once the match is over."""
        if not self.is_over:
            return None
        totals = self.totals
        return Outcome(
            points=totals,
            sides=self.game.sides,
            winners=best_sides(totals, self.game.sides, lowest=self.game.lowest_wins),
            reason="match",
            details={"deals": len(self.deals)},
        )

    def to_record(self) -> dict[str, Any]:
        """The match as a record: the table, then each deal's dealer, setup and actions."""
        return {
            **self.game.describe(),
            "deals": [
                {
                    key: value
                    for key, value in deal.to_record().items()
                    if key in ("dealer", "setup", "actions")
                }
                for deal in self.deals
            ],
        }
