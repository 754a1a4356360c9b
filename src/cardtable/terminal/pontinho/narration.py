"""Pontinho's events told as lines: draws, burns, claims, melds, lay-offs, going out.

A claim round's passes are gathered and told on one line when the round ends (``_passes``); the
card the human drew last is remembered so that the hand can mark it (``_drawn``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from cardtable.i18n import _, ngettext
from cardtable.terminal.base import SeatNames, TableRenderer
from cardtable.terminal.french import styled


class PontinhoNarration(TableRenderer):
    """The events part of ``PontinhoTable`` (module docstring)."""

    def __init__(self, names: SeatNames) -> None:
        super().__init__(names)
        #: Who passed in the claim round under way (shown on one line when it ends).
        self._passes: list[int] = []
        #: The card the human drew last (marked in the hand).
        self._drawn: str | None = None
        #: The card the claim round under way is about.
        self._claimed: str | None = None

    def _flush_passes(self, lines: list[RenderableType], card_text: str | None) -> None:
        if not self._passes:
            return
        names = self.names.join(self._passes)
        if card_text is None:
            line = Text("  " + _("{names} passed.").format(names=names))
        else:
            line = styled("  " + _("{names} passed on {card}."), names=names, card=card_text)
        line.stylize("dim")
        lines.append(line)
        self._passes = []

    def events(
        self, events: Sequence[Mapping[str, Any]], public: Mapping[str, Any]
    ) -> list[RenderableType]:
        lines: list[RenderableType] = []
        for ev in events:
            kind = ev["kind"]
            seat = ev["seat"]
            name = self.names(seat) if seat is not None else ""
            you = self.names.is_you(seat)
            if kind == "pass":
                self._passes.append(int(seat))
                pile = list(public["discard"])
                self._claimed = pile[-1] if pile else None
                if public["phase"] != "claim":
                    self._flush_passes(lines, self._claimed)
                continue
            if kind not in ("deal_end", "advance"):
                self._flush_passes(lines, self._claimed)
            if kind == "draw":
                if "card" in ev:
                    self._drawn = str(ev["card"])
                    text = styled("  " + _("You draw {card}."), card=self._drawn)
                else:
                    text = Text("  " + _("{name} draws from the stock.").format(name=name))
                text.append(
                    " "
                    + ngettext("{n} card left.", "{n} cards left.", int(public["stock"])).format(
                        n=public["stock"]
                    ),
                    style="dim",
                )
                lines.append(text)
            elif kind == "burn":
                template = (
                    _("You burn {card} (out of play, face up).")
                    if you
                    else _("{name} burns {card} (out of play, face up).")
                )
                lines.append(styled("  " + template, name=name, card=ev["card"]))
            elif kind == "rebuild":
                lines.append(
                    Text(
                        "  "
                        + _("The stock is rebuilt from the discard pile: {n} cards.").format(
                            n=ev["stock"]
                        ),
                        style="yellow",
                    )
                )
            elif kind in ("take", "advance"):
                if kind == "take":
                    template = (
                        _("You take {card} and lay meld {n}: {meld}")
                        if you
                        else _("{name} takes {card} and lays meld {n}: {meld}")
                    )
                else:
                    template = (
                        _("You advance {card}: meld {n}, {meld}")
                        if you
                        else _("{name} advances {card}: meld {n}, {meld}")
                    )
                    self._flush_passes(lines, str(ev["card"]))
                text = styled(
                    "  " + template, name=name, card=ev["card"], n=ev["number"], meld=ev["meld"]
                )
                text.stylize("bold")
                lines.append(text)
            elif kind == "meld":
                template = (
                    _("You lay meld {n}: {meld}") if you else _("{name} lays meld {n}: {meld}")
                )
                lines.append(styled("  " + template, name=name, n=ev["number"], meld=ev["meld"]))
            elif kind == "layoff":
                count = len(str(ev["cards"]).split())
                template = (
                    ngettext(
                        "You lay off {cards} on meld {n}: {meld}",
                        "You lay off {cards} on meld {n}: {meld}",
                        count,
                    )
                    if you
                    else ngettext(
                        "{name} lays off {cards} on meld {n}: {meld}",
                        "{name} lays off {cards} on meld {n}: {meld}",
                        count,
                    )
                )
                lines.append(
                    styled(
                        "  " + template, name=name, cards=ev["cards"], n=ev["number"],
                        meld=ev["meld"],
                    )
                )
            elif kind == "discard":
                if you:
                    self._drawn = None
                template = _("You discard {card}.") if you else _("{name} discards {card}.")
                lines.append(styled("  " + template, name=name, card=ev["card"]))
            elif kind == "deal_end":
                self._passes = []
                out = ev.get("details", {}).get("went_out")
                if out is None:
                    lines.append(
                        Text(
                            "  " + _("The stock cannot be rebuilt: the deal is void, nobody "
                                     "scores."),
                            style="bold yellow",
                        )
                    )
                else:
                    lines.append(
                        Text(
                            "→ "
                            + (
                                _("You went out: bateu!")
                                if self.names.is_you(out)
                                else _("{name} went out: bateu!").format(name=self.names(out))
                            ),
                            style="bold green" if self.names.is_you(out) else "bold",
                        )
                    )
        return lines
