"""Putto's ``easy`` bot: a beginner's rules of thumb (``choose``), and the obvious blunder it
never makes (``is_blunder``).

One rule, read from the view only: never play a card onto the table (PT-10) when it could
capture with it (PT-9) — that gives the next player the cards and the card played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.cards.latin import CARD_INDEX as _CARD
from cardtable.engine.action import Action
from cardtable.games.putto.deck import CARD_POINTS


def is_blunder(view: Mapping[str, Any], action: Action) -> bool:
    """Whether ``action`` plays onto the table a card that could capture."""
    if action.kind != "play":
        return False
    card = action.cards[0]
    assert isinstance(card, int)
    return any(_CARD[text] % 10 == card % 10 for text in view["table"])


def choose(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """A beginner's move, from the table and the hand only (no card counting): capture whenever
    it can, taking the richest pile in sight (PT-9: card points of the cards taken and the card
    played, PT-2; then the most cards); else lay any card down (PT-10). Its mistakes are a
    beginner's, not noise: an ace or a three laid on the table for the next player to take, a
    lone card left for them to sweep (PT-12), no capture ever held back for a better one, the
    cards already gone forgotten. It sits between ``random`` and ``medium``, where random play
    without the blunder did not; laying down the cheapest card instead made it too strong for a
    beginner (the measurements: docs/levels.md, "Why the constants are what they are")."""
    table = [_CARD[text] % 10 for text in view["table"]]
    table_points = [CARD_POINTS[_CARD[text]] for text in view["table"]]

    def card_of(action: Action) -> int:
        card = action.cards[0]
        assert isinstance(card, int)
        return card

    def haul(action: Action) -> tuple[int, int]:
        card = card_of(action)
        taken = [
            points for rank, points in zip(table, table_points, strict=True) if rank == card % 10
        ]
        return CARD_POINTS[card] + sum(taken), len(taken)

    captures = [action for action in legal if action.kind == "capture"]
    if captures:
        best = max(haul(action) for action in captures)
        return rng.choice([action for action in captures if haul(action) == best])
    return rng.choice(list(legal))
