"""Putto's points in words, filled from the core's tables (``deck``): the sentences that the
rules sheet and the terminal's help both show, so that neither restates a number (PT-2, PT-12,
PT-16)."""

from __future__ import annotations

from cardtable.games.putto.deck import PACK_POINTS, RANK_POINTS, SUIT_POINTS, SWEEP_POINTS
from cardtable.i18n import _, ngettext


def card_points() -> str:
    """PT-2: what each rank is worth."""
    return _("Card points: ace {ace}, three {three}, king {king}, queen {queen}, jack {jack}, "
             "the rest {rest}.").format(**RANK_POINTS)


def pack_points() -> str:
    """PT-2: the card points of a suit and of the pack."""
    return _("There are {suit} card points in each suit, {pack} in the pack.").format(
        suit=SUIT_POINTS, pack=PACK_POINTS)


def sweep_points() -> str:
    """PT-12: what a sweep is worth."""
    return ngettext("A sweep is worth {n} point.", "A sweep is worth {n} points.",
                    SWEEP_POINTS).format(n=SWEEP_POINTS)
