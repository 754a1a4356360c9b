"""Putto's table in the terminal: the players and sides, the table row, the hand with what each
card can capture, the choices, the deal's scores and the help screen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.cards.latin import LATIN_SUITS, parse_card
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.engine.outcome import Outcome
from cardtable.errors import IllegalAction
from cardtable.games.putto import points
from cardtable.games.putto.deck import SWEEP_POINTS
from cardtable.games.putto.state import capture_preview
from cardtable.i18n import _, ngettext
from cardtable.terminal.base import Choice, scores_title, starred
from cardtable.terminal.latin import PANEL_WIDTH, card, cards, with_cards
from cardtable.terminal.putto.narration import PuttoNarration
from cardtable.terminal.putto.sides import SWEEP_STYLE, points_of, team_letter, worth


class PuttoTable(PuttoNarration):
    game_name: ClassVar[str] = "putto"
    settling_events: ClassVar[frozenset[str]] = frozenset({"capture"})

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
            line = Text("  ")
            line.append(f"{index} ", style="bold magenta")
            points = points_of([*taken, text])
            template = (
                ngettext(
                    "{card} can take {cards} ({worth})", "{card} can take {cards} ({worth})",
                    len(taken),
                )
                if points
                else ngettext("{card} can take {cards}", "{card} can take {cards}", len(taken))
            )
            line.append_text(with_cards(template, card=text, cards=taken, worth=worth(points)))
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
        question = ngettext(
            "  {card} can take {taken}: [bold]c[/bold]apture or [bold]p[/bold]lay it? "
            "[dim](c/p, Enter: back)[/dim] ",
            "  {card} can take {taken}: [bold]c[/bold]apture or [bold]p[/bold]lay it? "
            "[dim](c/p, Enter: back)[/dim] ",
            len(taken),
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
                self._team_cell(index, side) if teams else self.names.number(side[0]),
                # a team's seats are in its first cell: its players by level, on one line
                " + ".join((self.names.player if teams else self.names)(seat) for seat in side),
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
                    points_of(leftover),
                ),
                cards=leftover,
                points=points_of(leftover),
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
