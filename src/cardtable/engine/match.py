"""A match: several deals at one table, the deal passing on, totals carried across deals.

How many deals a match has (or what target ends it) is the game's rule, asked through
``Game.match_is_over``; who deals next is ``Game.next_dealer``. Each deal's seed is derived from
the match seed and the deal's number, so a whole match replays from one seed.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from cardtable.engine.game import MAX_SEED, Game, State
from cardtable.engine.outcome import Outcome, best_sides
from cardtable.errors import CardtableError
from cardtable.i18n import _


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

    @property
    def current(self) -> State:
        return self.deals[-1]

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per side over the finished deals."""
        totals = [0] * len(self.game.sides)
        for deal in self.deals:
            outcome = deal.outcome
            if outcome is not None:
                for index, points in enumerate(outcome.points):
                    totals[index] += points
        return tuple(totals)

    @property
    def deals_finished(self) -> int:
        return sum(1 for deal in self.deals if deal.is_over)

    @property
    def is_over(self) -> bool:
        return self.current.is_over and self.game.match_is_over(self.deals_finished, self.totals)

    def next_deal(self) -> State:
        """Start the next deal, dealt by the next dealer. The current deal must be over."""
        if not self.current.is_over:
            raise CardtableError(_("the current deal is not over yet"))
        if self.is_over:
            raise CardtableError(_("the match is over"))
        deal = self.game.deal(
            seed=deal_seed(self.seed, len(self.deals)),
            dealer=self.game.next_dealer(self.current.dealer),
        )
        self.deals.append(deal)
        return deal

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
