"""Putto's public log replayed: what every player saw happen to the table (PT-5, PT-9, PT-10).

A seat's view with memory holds the card turned up at the deal (``turned_up``) and every play
and capture (``log``). Replaying them gives the table as it lies, each side's captured cards
(PT-9: a capture takes every table card of its rank, then the capturing card) and the last
capturer; with ``leftover``, once the deal is over, the cards still on the table go to the last
capturer's side (PT-15). The sampler (``sampling``) and the heuristic bot (``heuristic``) both
read the log through this one replay; the rules themselves are in ``state``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(slots=True)
class PublicLog:
    """What the log leaves: ``table`` (in the order the cards came), ``piles`` per side (in
    the order they were taken), the ``last_capturer`` and the ``leftover`` (PT-15)."""

    table: list[int]
    piles: list[list[int]]
    last_capturer: int | None
    leftover: list[int]


def replay(
    turned_up: Sequence[int],
    moves: Iterable[tuple[int, int, bool]],
    side_of: Sequence[int],
    sides: int,
    *,
    over: bool = False,
    leftover: bool = False,
) -> PublicLog:
    """Replay ``moves`` — (seat, card, is a capture) in the order played — on the turned-up
    row. ``over``: the deal has ended, so with ``leftover`` (the table's ``leftover`` is
    ``last_capturer``) what is left on the table goes to the last capturer's side."""
    table = list(turned_up)
    piles: list[list[int]] = [[] for _ in range(sides)]
    last: int | None = None
    for seat, card, capture in moves:
        if capture:
            rank = card % 10
            pile = piles[side_of[seat]]
            pile += [c for c in table if c % 10 == rank]
            pile.append(card)
            table = [c for c in table if c % 10 != rank]
            last = seat
        else:
            table.append(card)
    left: list[int] = []
    if over and leftover and table and last is not None:  # PT-15
        piles[side_of[last]] += table
        left, table = table, []
    return PublicLog(table=table, piles=piles, last_capturer=last, leftover=left)
