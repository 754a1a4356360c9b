"""Putto's sides in the terminal: who plays with whom (PT-3, PT-4), and how a side is named in
a table's column and in a sentence; what a set of cards is worth (PT-2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from cardtable.cards.latin import parse_card
from cardtable.games.putto.deck import CARD_POINTS
from cardtable.i18n import _, ngettext
from cardtable.terminal.base import TableRenderer

SWEEP_STYLE = "bold black on yellow"


def points_of(texts: Sequence[str]) -> int:
    """The card points of ``texts`` (PT-2)."""
    return sum(CARD_POINTS[parse_card(text)] for text in texts)


def worth(points: int) -> str:
    """What cards are worth, "1 point" or "3 points": its own count, so that the sentence it
    goes in can agree with the number of cards instead."""
    return ngettext("{points} point", "{points} points", points).format(points=points)


def team_letter(index: int) -> str:
    """Teams are called A, B, C in the order of their first seat."""
    return "ABCDEF"[index]


class PuttoSides(TableRenderer):
    """The sides part of ``PuttoTable``."""

    # -- sides -----------------------------------------------------------------------------------

    @staticmethod
    def _sides(view: Mapping[str, Any]) -> list[list[int]]:
        return [list(side) for side in view["sides"]]

    @staticmethod
    def _teams(view: Mapping[str, Any]) -> bool:
        return any(len(side) > 1 for side in view["sides"])

    def _side_index(self, view: Mapping[str, Any], seat: int) -> int:
        return next(i for i, side in enumerate(self._sides(view)) if seat in side)

    def _is_partner(self, view: Mapping[str, Any], seat: int) -> bool:
        human = self.names.human
        return (
            human is not None
            and seat != human
            and self._side_index(view, seat) == self._side_index(view, human)
        )

    def _side_players(
        self, side: Sequence[int], view: Mapping[str, Any], *, sentence: bool = False
    ) -> Text:
        """The players of a side: "You + heuristic (partner)" in a table with a seat column,
        "You + Seat 2 · heuristic (partner)" in a sentence (``sentence``)."""
        parts = []
        for seat in side:
            name = Text(self.names(seat) if sentence else self.names.player(seat))
            if self._is_partner(view, seat):
                name.append(" (" + _("partner") + ")", style="italic cyan")
            parts.append(name)
        return Text(" + ").join(parts)

    @staticmethod
    def _team_cell(index: int, side: Sequence[int]) -> str:
        """A team in a table's first column: its letter and seats, "A: 0, 2"."""
        return _("{letter}: {seats}").format(
            letter=team_letter(index), seats=", ".join(str(seat + 1) for seat in side)
        )

    def _side_name(self, view: Mapping[str, Any], index: int) -> str:
        """A side in a sentence: a player's name, or "team A" / "your team"."""
        side = self._sides(view)[index]
        if len(side) == 1:
            return self.names(side[0])
        if any(self.names.is_you(seat) for seat in side):
            return _("your team")
        return _("team {letter}").format(letter=team_letter(index))
