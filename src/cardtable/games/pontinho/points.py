"""Pontinho's penalty points in words, filled from the core's table (``cards.french``,
``penalty_table``): the sentence that the rules sheet and the terminal's help both show, so
that neither restates a number (PO-2, the ``figure_points`` table option)."""

from __future__ import annotations

from cardtable.cards.french import penalty_words
from cardtable.i18n import _


def penalty_points(figure_points: str) -> str:
    """PO-2 at a table whose figures count ``figure_points``: what a card left in hand costs."""
    words = penalty_words(figure_points)
    if words["king"] == words["queen"] == words["jack"]:
        return _("Cards left in hand cost: joker {joker}, ace {ace}, king, queen and jack "
                 "{figure} each, the others their number.").format(figure=words["king"], **words)
    return _("Cards left in hand cost: joker {joker}, ace {ace}, king {king}, queen {queen}, "
             "jack {jack}, the others their number.").format(**words)
