"""Putto in the terminal: the table row, the hand, the sides, and what each event looks like.

Only views and event views come in (PT-22 and PT-23 decide what they hold): the table, the stock
and hand sizes, each side's sweeps and number of captured cards, and the viewer's own hand. The
card data (``CARD_POINTS``) is used to say what a capture is worth.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardtable.cards.latin import LATIN_SUITS, parse_card
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.engine.outcome import Outcome
from cardtable.errors import IllegalAction
from cardtable.games.putto import points
from cardtable.games.putto.deck import CARD_POINTS, SWEEP_POINTS
from cardtable.games.putto.state import capture_preview
from cardtable.i18n import _, ngettext
from cardtable.terminal.base import Choice, TableRenderer, scores_title, starred
from cardtable.terminal.latin import PANEL_WIDTH, card, cards, with_cards

SWEEP_STYLE = "bold black on yellow"


def _points(texts: Sequence[str]) -> int:
    return sum(CARD_POINTS[parse_card(text)] for text in texts)


def team_letter(index: int) -> str:
    """Teams are called A, B, C in the order of their first seat."""
    return "ABCDEF"[index]


class PuttoTable(TableRenderer):
    game_name: ClassVar[str] = "putto"
    settling_events: ClassVar[frozenset[str]] = frozenset({"capture"})


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

    # -- the table -------------------------------------------------------------------------------

    def table(self, view: Mapping[str, Any]) -> RenderableType:
        teams = self._teams(view)
        players = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        players.add_column("", width=1)
        players.add_column(_("Seat"), justify="right")
        players.add_column(_("Player"))
        if teams:
            players.add_column(_("Team"))
        players.add_column(_("Cards"), justify="right")
        if not teams:
            players.add_column(_("Captured"), justify="right")
            players.add_column(_("Sweeps"), justify="right")
        for s in range(int(view["players"])):
            side = self._side_index(view, s)
            name = Text(self.names.player(s))
            if self._is_partner(view, s):
                name.append(" · " + _("partner"), style="italic cyan")
            if s == view["dealer"]:
                name.append(" · " + _("dealer"), style="dim")
            row: list[RenderableType] = [
                Text("▶", style="bold magenta") if s == view["to_move"] else "",
                self.names.number(s),
                name,
            ]
            if teams:
                row.append(team_letter(side))
            row.append(str(view["hand_sizes"][s]))
            if not teams:
                row += [str(view["captured"][side]), self._sweeps_cell(view["sweeps"][side])]
            players.add_row(*row, style="bold" if self.names.is_you(s) else None)
        parts: list[RenderableType] = [players]
        if teams:
            sides = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
            sides.add_column(_("Team"))
            sides.add_column(_("Players"))
            sides.add_column(_("Captured"), justify="right")
            sides.add_column(_("Sweeps"), justify="right")
            for index, side_seats in enumerate(self._sides(view)):
                sides.add_row(
                    self._team_cell(index, side_seats),
                    self._side_players(side_seats, view),
                    str(view["captured"][index]),
                    self._sweeps_cell(view["sweeps"][index]),
                    style="bold" if any(self.names.is_you(s) for s in side_seats) else None,
                )
            parts += [Text(""), sides]
        parts.append(Text(""))
        on_table = list(view["table"])
        row_line = Text(_("Table:") + "  ", style="bold")
        row_line.append_text(
            cards(on_table, "  " if len(on_table) <= 12 else " ")
            if on_table
            else Text(_("empty"), style="italic dim")
        )
        parts.append(row_line)
        stock = int(view["stock"])
        parts.append(
            Text(
                ngettext("Stock: {n} card", "Stock: {n} cards", stock).format(n=stock)
                if stock
                else _("Stock: empty, the hands are played out"),
                style="dim",
            )
        )
        if "hand" in view:
            hand = Text(_("Your hand:") + "  ", style="bold")
            numbered = [
                Text.assemble((f"{index}", "bold magenta"), " ", card(text))
                for index, text in enumerate(view["hand"], start=1)
            ]
            hand.append_text(Text("    ").join(numbered) if numbered else Text("—"))
            parts.append(hand)
            parts += self._capture_hints(view)
        title = _("Putto · turn {turn} of {total}").format(
            turn=min(int(view["plays"]) + 1, self._turns(view)), total=self._turns(view)
        )
        if self.deal_label:
            title = f"{self.deal_label} · {title}"
        return Panel(Group(*parts), title=title, title_align="left", width=PANEL_WIDTH)

    @staticmethod
    def _turns(view: Mapping[str, Any]) -> int:
        return int(view["plays"]) + sum(int(n) for n in view["hand_sizes"]) + int(view["stock"])

    @staticmethod
    def _sweeps_cell(count: int) -> Text:
        return Text(str(count), style="bold yellow" if count else "")

    def _capture_hints(self, view: Mapping[str, Any]) -> list[Text]:
        """One line per hand card that can capture: what it takes, worth, and if it sweeps."""
        lines = []
        for index, text in enumerate(view["hand"], start=1):
            taken, sweeps = capture_preview(view, text)  # the engine's rules, not re-derived
            if not taken:
                continue
            points = _points([*taken, text])
            line = Text("  ")
            line.append(f"{index} ", style="bold magenta")
            template = (
                ngettext(
                    "{card} can take {cards} ({points} point)",
                    "{card} can take {cards} ({points} points)",
                    points,
                )
                if points
                else _("{card} can take {cards}")
            )
            line.append_text(with_cards(template, card=text, cards=taken, points=points))
            if sweeps:
                line.append("  ")
                line.append(_("a sweep!"), style=SWEEP_STYLE)
            lines.append(line)
        if lines and view["options"].get("must_capture"):
            lines.append(Text("  " + _("At this table a matching card must capture."), "dim"))
        return lines

    # -- choosing --------------------------------------------------------------------------------

    def choices(self, view: Mapping[str, Any], legal: Sequence[Action]) -> list[Choice]:
        """One choice per hand card (in the hand's order): capture and/or play with it."""
        by_card: dict[str, list[Action]] = {}
        for action in legal:
            by_card.setdefault(str(action.cards[0]), []).append(action)
        return [
            Choice(text, tuple(sorted(by_card[text], key=lambda a: a.kind != "capture")))
            for text in view["hand"]
            if text in by_card
        ]

    def find_choice(self, word: str, choices: Sequence[Choice]) -> Choice | None:
        """A card typed alone (``7c``, any case) picks that card of the hand."""
        typed = str(parse_card(word))  # CardError says what a card looks like
        found = next((choice for choice in choices if choice.label == typed), None)
        if found is None:
            raise IllegalAction(
                _("you do not hold {card}; your cards: {hand}").format(
                    card=typed, hand=" ".join(choice.label for choice in choices)
                )
            )
        return found

    def which(self, view: Mapping[str, Any], choice: Choice) -> tuple[str, dict[str, Action]]:
        taken, _sweeps = capture_preview(view, choice.label)
        by_kind = {action.kind: action for action in choice.actions}
        question = _(
            "  {card} can take {taken}: [bold]c[/bold]apture or [bold]p[/bold]lay it? "
            "[dim](c/p, Enter: back)[/dim] "
        ).format(card=choice.label, taken=" ".join(taken))
        answers = {
            "c": by_kind["capture"],
            _("capture"): by_kind["capture"],
            "p": by_kind["play"],
            _("play"): by_kind["play"],
        }
        return question, answers

    def describe_action(self, action: Action) -> str:
        if action.kind == "capture":
            return _("capture with {card}").format(card=action.cards[0])
        return _("play {card} onto the table").format(card=action.cards[0])

    # -- deals and events --------------------------------------------------------------------------

    def deal_start(self, view: Mapping[str, Any], number: int, of: int | None) -> RenderableType:
        title = self.deal_title(_("Putto"), number, of)
        dealer = int(view["dealer"])
        first = int(view["to_move"])
        if self.names.is_you(dealer):
            who = _("You deal; {first} plays first.")
        elif self.names.is_you(first):
            who = _("{dealer} deals; you play first.")
        else:
            who = _("{dealer} deals; {first} plays first.")
        lines: list[RenderableType] = [Rule(title, style="cyan")]
        line = Text(who.format(dealer=self.names(dealer), first=self.names(first)) + " ")
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
                lines.append(self._with_stock(line, public))
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

    def _capture(self, ev: Mapping[str, Any], public: Mapping[str, Any]) -> list[RenderableType]:
        seat = int(ev["seat"])
        you = self.names.is_you(seat)
        taken = list(ev["taken"])
        points = _points([*taken, ev["card"]])
        if not points:
            template = (
                _("You capture {cards} with {card}.")
                if you
                else _("{name} captures {cards} with {card}.")
            )
        elif you:
            template = ngettext(
                "You capture {cards} with {card} ({points} point).",
                "You capture {cards} with {card} ({points} points).",
                points,
            )
        else:
            template = ngettext(
                "{name} captures {cards} with {card} ({points} point).",
                "{name} captures {cards} with {card} ({points} points).",
                points,
            )
        line = with_cards(
            "→ " + template, card=ev["card"], cards=taken, name=self.names(seat), points=points
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

    @staticmethod
    def _with_stock(line: Text, public: Mapping[str, Any]) -> Text:
        stock = int(public["stock"])
        line.append(" ")
        if stock:
            line.append(
                ngettext(
                    "{n} card left in the stock.", "{n} cards left in the stock.", stock
                ).format(n=stock),
                style="dim",
            )
        else:
            line.append(_("The stock is empty: the hands are played out."), style="dim")
        return line

    # -- scores ----------------------------------------------------------------------------------

    def scores(
        self,
        outcome: Outcome,
        *,
        number: int,
        of: int | None,
        totals: Sequence[int] | None,
        match_winners: Sequence[int] = (),
    ) -> RenderableType:
        """The deal's points per side, broken down (PT-16): card points, sweeps × 3, primiera
        suits; then the leftover and, in a match, the totals so far."""
        title = scores_title(number, of)
        details = outcome.details
        teams = any(len(side) > 1 for side in outcome.sides)
        table = Table(title=title, title_style="bold", box=box.SIMPLE_HEAD, show_edge=False)
        table.add_column(_("Team") if teams else _("Seat"), justify="right")
        table.add_column(_("Players") if teams else _("Player"))
        table.add_column(_("Card points"), justify="right")
        table.add_column(_("Sweeps"), justify="right")
        table.add_column(_("Primiera"), justify="right")
        table.add_column(_("Points"), justify="right")
        if totals is not None:
            table.add_column(_("Match"), justify="right")

        view = {"sides": [list(side) for side in outcome.sides]}
        for index, side in enumerate(outcome.sides):
            sweeps = int(details["sweeps"][index])
            suits = list(details["primiera"][index])
            primiera = Text(str(len(suits)))
            if suits:
                primiera.append(" (")
                primiera.append_text(cards(sorted(suits, key=LATIN_SUITS.index), ""))
                primiera.append(")")
            row: list[RenderableType] = [
                self._team_cell(index, side) if teams else str(side[0]),
                " + ".join(self.names.player(seat) for seat in side),
                str(details["card_points"][index]),
                f"{sweeps} (+{sweeps * SWEEP_POINTS})" if sweeps else "0",
                primiera,
                starred(outcome.points[index], bool(set(outcome.winners) & set(side))),
            ]
            if totals is not None:
                row.append(starred(totals[index], bool(set(match_winners) & set(side))))
            style = "bold" if any(self.names.is_you(seat) for seat in side) else None
            table.add_row(*row, style=style)
        leftover = list(details.get("leftover") or [])
        if leftover and details.get("leftover_to") is not None:
            to = int(details["leftover_to"])
            index = next(i for i, side in enumerate(outcome.sides) if to in side)
            caption = with_cards(
                ngettext(
                    "Left on the table: {cards} ({points} point), to {side} (last capture); "
                    "counted in the card points.",
                    "Left on the table: {cards} ({points} points), to {side} (last capture); "
                    "counted in the card points.",
                    _points(leftover),
                ),
                cards=leftover,
                points=_points(leftover),
                side=self._side_name(view, index),
            )
        elif leftover:
            caption = with_cards(_("Left on the table, unscored: {cards}."), cards=leftover)
        else:
            caption = Text(_("Nothing was left on the table."))
        return Group(table, caption)

    # -- help ------------------------------------------------------------------------------------

    def action_help(self) -> list[tuple[str, str]]:
        return [
            (
                "1 2 3 4, 7c",
                _(
                    "choose that card of your hand; if it can capture and also be played, "
                    "you are asked which"
                ),
            ),
            ("c 2, capture 7c", _("capture with that card: take every table card of its rank")),
            ("p 2, play 7c", _("play that card onto the table, capturing nothing")),
        ]

    def reminders(self, game: Game) -> list[str]:
        return [
            " ".join((
                _("A card captures every table card of the same rank; emptying the table is a "
                  "sweep."),
                points.sweep_points(),
                _("You must capture when you can.") if game.options.must_capture
                else _("Capturing is optional."),
            )),
            " ".join((
                points.card_points(),
                _("Primiera: a point per suit to the side with the most card points in it (a "
                  "tie: nobody)."),
            )),
        ]
