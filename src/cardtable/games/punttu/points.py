"""Punttu's card order and points in words, built from the core's tables (``deck``): the
sentences that the rules sheet and the terminal's help both show, so that neither restates a
rank or a number (PU-2 … PU-4)."""

from __future__ import annotations

from itertools import groupby

from cardtable.cards.latin import LATIN_DECK
from cardtable.games.punttu.deck import CARD_POINTS, FULL_DECK_POINTS, TRICK_RANK
from cardtable.i18n import _

#: The ranks of one suit as the notation writes them, strongest first; equal ranks together.
_BY_STRENGTH = sorted(LATIN_DECK[:10], key=lambda card: -TRICK_RANK[card])


def strength_order() -> str:
    """PU-3 in the notation's letters: ``7 > 6 > … > A = J = Q = K``."""
    groups = groupby(_BY_STRENGTH, key=lambda card: TRICK_RANK[card])
    return " > ".join(" = ".join(str(card)[:-1] for card in cards) for _rank, cards in groups)


def figure_points() -> int:
    """PU-2: what a figure (sota, caballo, rey) is worth."""
    return CARD_POINTS[LATIN_DECK[9]]


def card_points() -> str:
    """PU-2 and PU-4: what the cards are worth, and the pack."""
    return _("Points: a figure is worth {figure}, any other card its number (an ace 1, a two 2 "
             "and so on up to a seven, 7). The whole pack holds {pack} points.").format(
        figure=figure_points(), pack=FULL_DECK_POINTS)
