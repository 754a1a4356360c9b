"""Putto's deal start and events told as lines: plays, captures, sweeps, draws, the leftover."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from cardtable.games.putto.deck import SWEEP_POINTS
from cardtable.i18n import _, ngettext
from cardtable.terminal.base import with_stock
from cardtable.terminal.latin import cards, with_cards
from cardtable.terminal.putto.sides import SWEEP_STYLE, PuttoSides, points_of, team_letter, worth


class PuttoNarration(PuttoSides):
    """The events part of ``PuttoTable``."""

    # -- deals and events --------------------------------------------------------------------------

    def deal_start(self, view: Mapping[str, Any], number: int, of: int | None) -> RenderableType:
        title = self.deal_title(_("Putto"), number, of)
        who = self.who_deals(
            int(view["dealer"]), int(view["to_move"]),
            you_deal=_("You deal; {first} plays first."),
            you_first=_("{dealer} deals; you play first."),
            others=_("{dealer} deals; {first} plays first."))
        lines: list[RenderableType] = [Rule(title, style="cyan")]
        line = Text(who + " ")
        line.append_text(
            with_cards(
                ngettext(
                    "Four cards each; {cards} is turned up to start the table; "
                    "{n} card in the stock.",
                    "Four cards each; {cards} is turned up to start the table; "
                    "{n} cards in the stock.",
                    int(view["stock"]),
                ),
                cards=list(view["table"]),
                n=view["stock"],
            )
        )
        lines.append(line)
        if self._teams(view):
            for index, side in enumerate(self._sides(view)):
                team = Text("  " + _("Team {letter}:").format(letter=team_letter(index)) + " ")
                team.append_text(self._side_players(side, view, sentence=True))
                lines.append(team)
        return Group(*lines)

    def events(
        self, events: Sequence[Mapping[str, Any]], public: Mapping[str, Any]
    ) -> list[RenderableType]:
        lines: list[RenderableType] = []
        for ev in events:
            kind = ev["kind"]
            seat = ev["seat"]
            you = self.names.is_you(seat)
            if kind == "play":
                template = (
                    _("You play {card} onto the table.")
                    if you
                    else _("{name} plays {card} onto the table.")
                )
                lines.append(with_cards("  " + template, card=ev["card"], name=self.names(seat)))
            elif kind == "capture":
                lines += self._capture(ev, public)
            elif kind == "draw" and "card" in ev:
                line = with_cards("  " + _("You draw {card}."), card=ev["card"])
                lines.append(with_stock(line, int(public["stock"])))
            elif kind == "draw" and not public["stock"]:
                lines.append(Text("  " + _("The stock is empty: the hands are played out."), "dim"))
            elif kind == "leftover":
                left = list(ev["cards"])
                template = (
                    ngettext(
                        "The card left on the table, {cards}, goes to you: you captured last.",
                        "The cards left on the table, {cards}, go to you: you captured last.",
                        len(left),
                    )
                    if you
                    else ngettext(
                        "The card left on the table, {cards}, goes to {name}, who captured last.",
                        "The cards left on the table, {cards}, go to {name}, who captured last.",
                        len(left),
                    )
                )
                lines.append(with_cards("→ " + template, cards=left, name=self.names(seat)))
        return lines

    @staticmethod
    def _capture_sentence(you: bool, taken: int, points: int) -> str:
        """The sentence of a capture: its verb agrees with the number of cards ``taken`` (one
        card in most captures), the points it is worth, if any, a ``{worth}`` of their own."""
        if you:
            if points:
                return ngettext(
                    "You capture {cards} with {card} ({worth}).",
                    "You capture {cards} with {card} ({worth}).",
                    taken,
                )
            return ngettext(
                "You capture {cards} with {card}.", "You capture {cards} with {card}.", taken
            )
        if points:
            return ngettext(
                "{name} captures {cards} with {card} ({worth}).",
                "{name} captures {cards} with {card} ({worth}).",
                taken,
            )
        return ngettext(
            "{name} captures {cards} with {card}.", "{name} captures {cards} with {card}.", taken
        )

    def _capture(self, ev: Mapping[str, Any], public: Mapping[str, Any]) -> list[RenderableType]:
        seat = int(ev["seat"])
        you = self.names.is_you(seat)
        taken = list(ev["taken"])
        points = points_of([*taken, ev["card"]])
        template = self._capture_sentence(you, len(taken), points)
        line = with_cards(
            "→ " + template, card=ev["card"], cards=taken, name=self.names(seat),
            worth=worth(points),
        )
        if you or self._is_partner(public, seat):
            line.stylize("green")
        if ev.get("sweep"):
            return [line, self._sweep(seat, public)]
        return [self._with_table(line, public)]

    def _sweep(self, seat: int, public: Mapping[str, Any]) -> Text:
        side = self._side_index(public, seat)
        count = int(public["sweeps"][side])
        sweep = Text("  ")
        sweep.append(
            " ★ "
            + ngettext(
                "SWEEP! The table is empty: +{points} for {side} ({n} sweep this deal).",
                "SWEEP! The table is empty: +{points} for {side} ({n} sweeps this deal).",
                count,
            ).format(points=SWEEP_POINTS, side=self._side_name(public, side), n=count)
            + " ",
            style=SWEEP_STYLE,
        )
        return sweep

    @staticmethod
    def _with_table(line: Text, public: Mapping[str, Any]) -> Text:
        """The line, then the table row as it is now, dimmed: easy to follow between turns."""
        on_table = list(public["table"])
        if public.get("over"):
            return line
        line.append("   ")
        line.append(_("table:") + " ", style="dim")
        if on_table:
            shown = cards(on_table)
            shown.stylize("dim")
            line.append_text(shown)
        else:
            line.append(_("empty"), style="dim italic")
        return line
