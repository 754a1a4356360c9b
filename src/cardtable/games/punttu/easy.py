"""Punttu's ``easy`` bot: a beginner's rules of thumb (``choose``), and the obvious blunders it
never makes (``is_blunder``).

One rule, read from the view only: do not throw a card worth 5 points or more (a 5, 6 or 7,
PU-2) onto a trick it cannot win (PU-12: only a strictly higher card takes the trick) while
holding a card worth fewer points.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.cards.latin import CARD_INDEX as _CARD
from cardtable.engine.action import Action
from cardtable.games.punttu.deck import CARD_POINTS, TRICK_RANK

#: Cards worth this much are never thrown away when a cheaper card would do.
PRECIOUS = 5


def is_blunder(view: Mapping[str, Any], action: Action) -> bool:
    """Whether playing ``action`` now throws a precious card away for nothing."""
    card = action.cards[0]
    assert isinstance(card, int)
    if CARD_POINTS[card] < PRECIOUS or not view["trick"]:
        return False
    best = max(TRICK_RANK[_CARD[text]] for _seat, text in view["trick"])
    if TRICK_RANK[card] > best:
        return False
    return any(CARD_POINTS[_CARD[text]] < CARD_POINTS[card] for text in view["hand"])


def choose(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """A beginner's card, from the trick on the table and the hand only (no card counting):
    take any trick it can, with its strongest card (PU-12: strictly higher wins), however
    little the trick holds; else throw the card worth least (PU-2); lead a card at random. Its
    mistakes are a beginner's, not noise: a 7 spent on a one-point trick, a lead that hands a
    rival a rich trick, the cards already played forgotten. It sits between ``random`` and
    ``medium``; taking tricks with the lowest winning card instead made it too strong for a
    beginner (the measurements: docs/levels.md, "Why the constants are what they are")."""
    cards = [(action, action.cards[0]) for action in legal]
    if not view["trick"]:
        return rng.choice(list(legal))
    best = max(TRICK_RANK[_CARD[text]] for _seat, text in view["trick"])
    winners = [
        (TRICK_RANK[c], CARD_POINTS[c], a)
        for a, c in cards
        if isinstance(c, int) and TRICK_RANK[c] > best
    ]
    if winners:
        return max(winners, key=lambda w: (w[0], -w[1]))[2]
    return min(
        ((CARD_POINTS[c], TRICK_RANK[c], a) for a, c in cards if isinstance(c, int)),
        key=lambda w: (w[0], w[1]),
    )[2]
