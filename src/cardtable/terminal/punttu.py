"""Punttu in the terminal: the table as one seat sees it, and what each event looks like.

Only views and event views come in (PU-20 … PU-22 decide what they hold); the card data
(``TRICK_RANK``, ``CARD_POINTS``) is used to sort the hand and to count the points on the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardtable.cards.latin import parse_card
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.games.punttu import points
from cardtable.games.punttu.deck import CARD_POINTS, TRICK_RANK
from cardtable.i18n import _, ngettext
from cardtable.terminal.base import Choice, TableRenderer, with_stock
from cardtable.terminal.latin import PANEL_WIDTH, SUIT_STYLES, card, with_cards


def hand_order(hand: Sequence[str]) -> list[str]:
    """The hand strongest first (PU-3), then by value (PU-2), then by suit: stable for a view."""

    def key(text: str) -> tuple[int, int, int]:
        c = parse_card(text)
        return (-TRICK_RANK[c], -CARD_POINTS[c], int(c))

    return sorted(hand, key=key)


def _join(parts: Sequence[Text], separator: str = "  ") -> Text:
    return Text(separator).join(parts)


__all__ = ["PANEL_WIDTH", "SUIT_STYLES", "PunttuTable", "card", "hand_order"]


class PunttuTable(TableRenderer):
    game_name: ClassVar[str] = "punttu"


    # -- the table -------------------------------------------------------------------------------

    def table(self, view: Mapping[str, Any]) -> RenderableType:
        seat = view.get("seat")
        players = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        players.add_column("", width=1)
        players.add_column(_("Seat"), justify="right")
        players.add_column(_("Player"))
        players.add_column(_("Cards"), justify="right")
        players.add_column(_("Points"), justify="right")
        players.add_column(_("Trick"))
        trick = {int(s): str(c) for s, c in view["trick"]}
        for s in range(int(view["players"])):
            name = Text(self.names.player(s))
            if s == view["leader"]:
                name.append(" · " + _("esku"), style="italic cyan")
            played = card(trick[s]) if s in trick else Text("")
            players.add_row(
                Text("▶", style="bold magenta") if s == view["to_move"] else "",
                self.names.number(s),
                name,
                str(view["hand_sizes"][s]),
                str(view["points"][s]),
                played,
                style="bold" if s == seat and self.names.is_you(s) else None,
            )
        parts: list[RenderableType] = [players, Text("")]
        info = Text(
            ngettext("Stock: {n} card", "Stock: {n} cards", int(view["stock"])).format(
                n=view["stock"]
            )
        )
        if trick:
            on_table = sum(CARD_POINTS[parse_card(c)] for c in trick.values())
            info.append("   ·   ")
            info.append(
                ngettext(
                    "on the table: {n} point", "on the table: {n} points", on_table
                ).format(n=on_table)
            )
        parts.append(info)
        if "played" in view:  # PU-21, strongest first: what matters is which big cards are gone
            played_cards = [card(c) for c in hand_order(view["played"])]
            line = Text(_("Played before: "), style="dim")
            line.append_text(_join(played_cards, " ") if played_cards else Text("—"))
            parts.append(line)
        if view.get("removed"):
            parts.append(
                Text(
                    _("Out of play: {cards}").format(cards=" ".join(view["removed"])), style="dim"
                )
            )
        if "hand" in view:
            hand = Text(_("Your hand:") + "  ", style="bold")
            numbered = [
                Text.assemble((f"{index}", "bold magenta"), " ", card(text))
                for index, text in enumerate(hand_order(view["hand"]), start=1)
            ]
            hand.append_text(_join(numbered, "    ") if numbered else Text("—"))
            parts.append(hand)
        title = _("Punttu · trick {trick} of {total}").format(
            trick=min(int(view["tricks_played"]) + 1, int(view["tricks_total"])),
            total=view["tricks_total"],
        )
        if self.deal_label:
            title = f"{self.deal_label} · {title}"
        return Panel(
            Group(*parts), title=title, title_align="left", width=PANEL_WIDTH
        )

    def choices(self, view: Mapping[str, Any], legal: Sequence[Action]) -> list[Choice]:
        by_card = {str(action.cards[0]): action for action in legal if action.kind == "play"}
        return [
            Choice(text, (by_card[text],)) for text in hand_order(view["hand"]) if text in by_card
        ]

    # -- deals and events --------------------------------------------------------------------------

    def deal_start(self, view: Mapping[str, Any], number: int, of: int | None) -> RenderableType:
        title = self.deal_title(_("Punttu"), number, of)
        line = self.who_deals(
            int(view["dealer"]), int(view["leader"]),
            you_deal=_("You deal; {first} leads the first trick (esku)."),
            you_first=_("{dealer} deals; you lead the first trick (you are esku)."),
            others=_("{dealer} deals; {first} leads the first trick (esku)."))
        stock = ngettext(
            "Three cards each, {n} card in the stock.",
            "Three cards each, {n} cards in the stock.",
            int(view["stock"]),
        ).format(n=view["stock"])
        return Group(Rule(title, style="cyan"), Text(f"{line} {stock}"))

    def events(
        self, events: Sequence[Mapping[str, Any]], public: Mapping[str, Any]
    ) -> list[RenderableType]:
        lines: list[RenderableType] = []
        drew: str | None = None
        draws = trick_done = False
        for ev in events:
            kind = ev["kind"]
            seat = ev["seat"]
            if kind == "play":
                text = (
                    _("You play {card}") if self.names.is_you(seat) else _("{name} plays {card}")
                )
                lines.append(with_cards("  " + text, card=ev["card"], name=self.names(seat)))
            elif kind == "trick":
                lines.append(self._trick(ev, public))
                trick_done = True
            elif kind == "draw":
                draws = True
                if "card" in ev:
                    drew = str(ev["card"])
        if draws:
            stock = int(public["stock"])
            if drew is not None:
                line = with_cards("  " + _("You draw {card}."), card=drew)
            else:
                line = Text("  " + _("Everyone draws a card."))
            lines.append(with_stock(line, stock))
        if trick_done and not public.get("over"):
            lines.append(Text(""))
        return lines

    def _trick(self, ev: Mapping[str, Any], public: Mapping[str, Any]) -> Text:
        winner = int(ev["seat"])
        taken_with = next(str(c) for s, c in ev["cards"] if s == winner)
        points = int(ev["points"])
        if self.names.is_you(winner):
            text = ngettext(
                "Trick {number}: you take it with {card}, {points} point",
                "Trick {number}: you take it with {card}, {points} points",
                points,
            )
        else:
            text = ngettext(
                "Trick {number}: {name} takes it with {card}, {points} point",
                "Trick {number}: {name} takes it with {card}, {points} points",
                points,
            )
        line = Text("→ ")
        line.append_text(
            with_cards(
                text,
                card=taken_with,
                number=public["tricks_played"],
                name=self.names(winner),
                points=points,
            )
        )
        line.stylize("bold green" if self.names.is_you(winner) else "bold")
        line.append(
            " " + _("({total} in all)").format(total=public["points"][winner]), style="dim"
        )
        return line

    def action_help(self) -> list[tuple[str, str]]:
        return [
            ("1 2 3", _("play the card with that number in your hand")),
            (
                "7o, play 7o",
                _(
                    "play that card: rank A 2 3 4 5 6 7 J Q K, then suit "
                    "o (oros) c (copas) e (espadas) b (bastos)"
                ),
            ),
        ]

    def reminders(self, game: Game) -> list[str]:
        return [
            _(
                "Strength: {order}; among equal cards the first played wins. Points: figures "
                "{figure}, every other card its number."
            ).format(order=points.strength_order(), figure=points.figure_points()),
            _("Any card may be played: there is no duty to follow suit or to beat."),
        ]

    def describe_action(self, action: Action) -> str:
        return str(action.cards[0]) if action.kind == "play" and action.cards else str(action)
