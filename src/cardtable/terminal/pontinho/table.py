"""Pontinho's terminal table: the players, the melds, the discard pile, the hand, the prompt.

What the human may do is read from the legal actions the session passes (``choices``): the
numbered list while drawing or in a claim round, the hand's cards (each its discard) otherwise,
with hints of the melds and lay-offs there are. The end of a deal shows each hand's penalty
points against the bust line (PO-2, PO-23, PO-24).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardtable.cards.french import JOKER, JOKER_TEXT, parse_card
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.engine.outcome import Outcome
from cardtable.errors import CardError
from cardtable.games.pontinho.points import penalty_points
from cardtable.i18n import _, ngettext
from cardtable.terminal.base import Choice, SeatNames, scores_title
from cardtable.terminal.french import (
    JOKER_STYLE,
    PANEL_WIDTH,
    SUIT_STYLES,
    SUIT_SYMBOLS,
    card,
    cards,
    meld_text,
    styled,
)
from cardtable.terminal.pontinho.narration import PontinhoNarration
from cardtable.terminal.pontinho.reading import (
    MELDING,
    PILE_WORDS,
    hand_cards,
    item_kind,
    understand,
)

#: The numbered list of draw/take or pass/advance choices shows at most this many.
MAX_LISTED = 8
#: The "you could meld" and "you could lay off" hints show at most this many.
MAX_HINTS = 4


class PontinhoTable(PontinhoNarration):
    """Pontinho's terminal table (the package docstring)."""

    game_name: ClassVar[str] = "pontinho"
    settling_events: ClassVar[frozenset[str]] = frozenset({"advance", "take", "deal_end"})

    def __init__(self, names: SeatNames) -> None:
        super().__init__(names)
        self.deal_label = ""
        #: Match totals before this deal by table seat (updated by ``scores``).
        self.totals: list[int] = [0] * len(names.players)
        #: The legal actions of the human's decision being shown (set by ``choices``).
        self._legal: list[Action] = []
        #: The bust line (option ``bust``), read from the views.
        self.bust = 0

    # -- the hand --------------------------------------------------------------------------------

    @staticmethod
    def hand_cards(view: Mapping[str, Any]) -> list[str]:
        """The viewer's cards as numbered on screen (``reading.hand_cards``)."""
        return hand_cards(view)

    def _hand_lines(self, view: Mapping[str, Any]) -> list[Text]:
        numbered = list(enumerate(self.hand_cards(view), start=1))
        groups: dict[str, list[tuple[int, str]]] = {}
        for index, text in numbered:
            suit = JOKER_TEXT if text == JOKER_TEXT else text[-1]
            groups.setdefault(suit, []).append((index, text))
        drawn = view.get("drawn") or self._drawn
        marked = False
        lines = []
        for suit in (*SUIT_SYMBOLS, JOKER_TEXT):
            if suit not in groups:
                continue
            symbol = SUIT_SYMBOLS.get(suit, "★")
            line = Text("  ")
            line.append(symbol, style=JOKER_STYLE if suit == JOKER_TEXT else SUIT_STYLES[suit])
            line.append("  ")
            items = []
            for index, text in groups[suit]:
                item = Text.assemble((f"{index:>2}", "magenta"), " ", card(text))
                if not marked and text == drawn:
                    item.append("◂", style="bold yellow")
                    marked = True
                else:
                    item.append(" ")
                items.append(item)
            line.append_text(Text("  ").join(items))
            lines.append(line)
        if not lines:
            lines.append(Text("  —"))
        return lines

    # -- the table -------------------------------------------------------------------------------

    def _bust(self, view: Mapping[str, Any]) -> int:
        self.bust = int(view["options"]["bust"])
        return self.bust

    def table(self, view: Mapping[str, Any]) -> RenderableType:
        n = int(view["players"])
        bust = self._bust(view)
        players = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        players.add_column("", width=1)
        players.add_column(_("Seat"), justify="right")
        players.add_column(_("Player"))
        players.add_column(_("Cards"), justify="right")
        players.add_column(_("Total / {bust}").format(bust=bust), justify="right")
        for s in range(n):
            name = Text(self.names.player(s))
            if s == view["dealer"]:
                name.append(" · " + _("dealer"), style="dim")
            at_table = self.names.table_seat(s)
            total = self.totals[at_table] if at_table < len(self.totals) else 0
            players.add_row(
                Text("▶", style="bold magenta") if s == view["to_move"] else "",
                self.names.number(s),
                name,
                str(view["hand_sizes"][s]),
                Text(str(total), style="bold red" if total >= bust else ""),
                style="bold" if self.names.is_you(s) else None,
            )
        for at_table in self.names.absent():
            total = self.totals[at_table] if at_table < len(self.totals) else 0
            players.add_row(
                "",
                str(at_table + 1),
                Text(self.names.player_at_table(at_table)),
                Text(_("out"), style="red"),
                str(total),
                style="dim",
            )
        parts: list[RenderableType] = [players, Text("")]
        parts += self._melds_lines(view)
        parts.append(self._pile_line(view))
        if "hand" in view:
            parts.append(Text(_("Your hand:"), style="bold"))
            parts += self._hand_lines(view)
            parts += self._prompt_lines(view)
        title = _("Pontinho")
        if self.deal_label:
            title = f"{self.deal_label} · {title}"
        return Panel(Group(*parts), title=title, title_align="left", width=PANEL_WIDTH)

    def _melds_lines(self, view: Mapping[str, Any]) -> list[RenderableType]:
        melds = view["melds"]
        if not melds:
            return [Text(_("Melds: none yet"), style="dim")]
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, show_header=False)
        table.add_column(justify="right", style="magenta")
        table.add_column()
        table.add_column()
        for meld in melds:
            owner = int(meld["owner"])
            table.add_row(
                str(meld["number"]),
                Text(self.names(owner), style="bold" if self.names.is_you(owner) else "dim"),
                meld_text(str(meld["cards"])),
            )
        return [Text(_("Melds:"), style="bold"), table]

    def _pile_line(self, view: Mapping[str, Any]) -> Text:
        pile = list(view["discard"])
        line = Text(_("Discard:") + " ", style="bold")
        if pile:
            line.append_text(card(pile[-1]))
            line.append(
                " "
                + ngettext(
                    "({n} card; d to see it)", "({n} cards; d to see them all)", len(pile)
                ).format(n=len(pile)),
                style="dim",
            )
            if view["advanceable"] and view["discarded_by"] is not None:
                line.append(" " + _("may be advanced"), style="italic cyan")
        else:
            line.append(_("empty"), style="italic dim")
        stock = int(view["stock"])
        line.append("   ")
        line.append(ngettext("Stock: {n} card", "Stock: {n} cards", stock).format(n=stock))
        if view.get("burned"):
            line.append("   " + _("Burned:") + " ")
            line.append_text(card(str(view["burned"])))
        return line

    def _prompt_lines(self, view: Mapping[str, Any]) -> list[Text]:
        """What the human may do now: the claim question, the numbered list or the hints."""
        seat = view.get("seat")
        if view["to_move"] != seat or view["over"]:
            return []
        phase = view["phase"]
        legal = self._legal
        lines: list[Text] = []
        if phase == "claim":
            claim = view["claim"]
            top = str(claim["card"])
            text = Text()
            if view["discarded_by"] is not None:
                name = self.names(int(view["discarded_by"]))
                text.append_text(styled(_("{name} discarded {card}."), name=name, card=top))
                text.append(" ")
            text.append(
                _("{name} drew from the stock. ").format(name=self.names(int(claim["turn"])))
            )
            if self._passes:
                text.append(
                    _("{names} passed. ").format(names=self.names.join(self._passes)), style="dim"
                )
            question = styled(_("Advance {card}? (a meld with it, or pass)"), card=top)
            question.style = "bold cyan"
            text.append_text(question)
            lines.append(text)
            lines.append(self._numbered(self._listed(legal)))
            more = sum(1 for a in legal if a.kind == "advance") - (len(self._listed(legal)) - 1)
            if more > 0:
                lines.append(self._more(more, "advance"))
        elif phase == "draw":
            lines.append(Text(_("Draw: d or s from the stock, or take the top discard into a "
                                "new meld (take 3 4: it and your cards 3 and 4)."), style="dim"))
            lines.append(self._numbered(self._listed(legal)))
            more = sum(1 for a in legal if a.kind == "take") - (len(self._listed(legal)) - 1)
            if more > 0:
                lines.append(self._more(more, "take"))
        else:
            if phase == "first_drawn" and view.get("drawn"):
                lines.append(
                    styled(
                        _("Your first draw of the deal is {card}: keep it (play on), or burn it "
                          "(b) and draw another."),
                        card=str(view["drawn"]),
                    )
                )
            lines += self._hints(legal)
            lines.append(
                Text(
                    _("Meld (meld 1 2 3), lay off (layoff 2 4), then discard: a card's number."),
                    style="dim",
                )
            )
        return lines

    def _listed(self, legal: Sequence[Action]) -> list[Action]:
        first = [a for a in legal if a.kind in ("draw", "pass")]
        rest = [a for a in legal if a.kind in ("take", "advance")]
        return first + rest[: MAX_LISTED - len(first)]

    def _numbered(self, actions: Sequence[Action]) -> Text:
        items = [
            Text.assemble((f"{index}", "bold magenta"), " ", self._action_text(action))
            for index, action in enumerate(actions, start=1)
        ]
        return Text("   ").join(items)

    def _more(self, count: int, kind: str) -> Text:
        return Text(
            ngettext(
                "… and {n} more: type {kind} and the cards",
                "… and {n} more: type {kind} and the cards",
                count,
            ).format(n=count, kind=kind),
            style="dim",
        )

    def _action_text(self, action: Action) -> Text:
        kind = action.kind
        if kind == "draw":
            return Text(_("draw from the stock"))
        if kind == "pass":
            return Text(_("pass"))
        if kind in MELDING:
            return Text(kind + " ").append_text(meld_text(" ".join(map(str, action.cards))))
        return Text(str(action))

    def _hints(self, legal: Sequence[Action]) -> list[Text]:
        lines = []
        melds = [a for a in legal if a.kind == "meld"]
        if melds:
            # Longest first, then the fewest jokers: what a player looks for first.
            melds.sort(key=lambda a: (-len(a.cards), sum(item_kind(c) == JOKER for c in a.cards)))
            line = Text(_("You could meld:") + " ", style="cyan")
            line.append_text(
                Text(" · ").join(meld_text(" ".join(map(str, a.cards))) for a in melds[:MAX_HINTS])
            )
            if len(melds) > MAX_HINTS:
                line.append(" " + _("(+{n} more)").format(n=len(melds) - MAX_HINTS), style="dim")
            lines.append(line)
        layoffs = [a for a in legal if a.kind == "layoff"]
        if layoffs:
            line = Text(_("You could lay off:") + " ", style="cyan")
            line.append_text(
                Text(" · ").join(
                    Text.assemble(card(str(a.cards[0])), " " + _("on {n}").format(n=a.meld))
                    for a in layoffs[:MAX_HINTS]
                )
            )
            if len(layoffs) > MAX_HINTS:
                line.append(
                    " " + _("(+{n} more)").format(n=len(layoffs) - MAX_HINTS), style="dim"
                )
            lines.append(line)
        return lines

    # -- choices and input -------------------------------------------------------------------------

    def choices(self, view: Mapping[str, Any], legal: Sequence[Action]) -> list[Choice]:
        """Drawing or a claim: the numbered list (draw or pass first, then takes or advances).
        Otherwise the hand's cards, as numbered, each standing for its discard; the melds and
        lay-offs are typed (``meld 1 2 3``), with hints shown."""
        self._legal = list(legal)
        phase = view["phase"]
        if phase in ("draw", "claim"):
            return [Choice(self.describe_action(a), (a,)) for a in self._listed(legal)]
        discards = {str(a.cards[0]): a for a in legal if a.kind == "discard"}
        return [
            Choice(text, (discards[text],)) for text in self.hand_cards(view) if text in discards
        ]

    def find_choice(self, word: str, choices: Sequence[Choice]) -> Choice | None:
        folded = word.casefold()
        # A card typed alone discards it; "10h" is "Th".
        with contextlib.suppress(CardError):
            folded = str(parse_card(word)).casefold()
        return next((c for c in choices if c.label.casefold() == folded), None)

    def show(self, word: str, view: Mapping[str, Any]) -> RenderableType | None:
        if word not in PILE_WORDS:
            return None
        if word == "d" and view["phase"] == "draw" and view["to_move"] == view.get("seat"):
            return None  # "d" draws while drawing
        pile = list(view["discard"])
        line = Text("  " + _("Discard pile, bottom to top:") + " ", style="bold")
        line.append_text(cards(pile) if pile else Text(_("empty"), style="italic dim"))
        return line

    def understand(
        self, text: str, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> Action | str:
        return understand(text, view, legal)

    def describe_action(self, action: Action) -> str:
        if action.kind == "draw":
            return _("draw from the stock")
        if action.kind == "pass":
            return _("pass")
        return str(action)

    # -- deals and events --------------------------------------------------------------------------

    def deal_start(self, view: Mapping[str, Any], number: int, of: int | None) -> RenderableType:
        title = self.deal_title(_("Pontinho"), number, of)
        self._passes = []
        self._drawn = None
        line = self.who_deals(
            int(view["dealer"]), int(view["first_player"]),
            you_deal=_("You deal; {first} plays first and may burn the first card drawn."),
            you_first=_("{dealer} deals; you play first and may burn the first card you draw."),
            others=_("{dealer} deals; {first} plays first and may burn the first card drawn."))
        stock = ngettext(
            "Nine cards each, {n} card in the stock.",
            "Nine cards each, {n} cards in the stock.",
            int(view["stock"]),
        ).format(n=view["stock"])
        bust = _("Out at {bust} points.").format(bust=self._bust(view))
        return Group(Rule(title, style="cyan"), Text(f"{line} {stock} {bust}"))

    # -- the end of a deal -------------------------------------------------------------------------

    def scores(
        self,
        outcome: Outcome,
        *,
        number: int,
        of: int | None,
        totals: Sequence[int] | None,
        match_winners: Sequence[int] = (),
    ) -> RenderableType:
        """Each player's cards left and their penalty points (PO-2, PO-23), the match totals
        against the bust line (PO-24), and who is out."""
        hands = outcome.details.get("hands") or [[] for _s in outcome.points]
        went_out = outcome.details.get("went_out")
        names = self.names
        seats = [side[0] for side in outcome.sides]
        if totals is None:  # by table seat, like the match's
            totals = list(self.totals)
            for index, seat in enumerate(seats):
                totals[names.table_seat(seat)] += outcome.points[index]
        self.totals = [int(t) for t in totals]
        bust = self.bust
        title = scores_title(
            number,
            of,
            (
                _("Final scores: penalty points"),
                _("Deal {number}: penalty points"),
                _("Deal {number} of {of}: penalty points"),
            ),
        )
        table = Table(title=title, title_style="bold", box=box.SIMPLE_HEAD)
        table.add_column(_("Seat"), justify="right")
        table.add_column(_("Player"), no_wrap=True)  # "Bot 3 (medium)" as the sentences say
        # the cards on one line where they fit: the last column's notes wrap first
        widest = max((len(" ".join(str(c) for c in hands[seat])) for seat in seats), default=0)
        table.add_column(_("Cards left"), min_width=min(widest, 36))
        table.add_column(_("Points"), justify="right")
        table.add_column(
            _("Total / {bust}").format(bust=bust) if bust else _("Total"), justify="right"
        )
        table.add_column("")
        for index, seat in enumerate(seats):
            left = [str(c) for c in hands[seat]]
            at_table = names.table_seat(seat)
            total = int(totals[at_table])
            notes = []
            if seat == went_out:
                notes.append(Text(_("bateu"), style="bold green"))
            if bust and total >= bust:
                notes.append(Text(_("out (estourou)"), style="bold red"))
            elif at_table in match_winners and went_out is not None:
                notes.append(Text(_("★ wins the match"), style="bold green"))
            status = Text(" · ").join(notes)
            table.add_row(
                names.number(seat),
                names(seat),
                cards(left) if left else Text("—", style="dim"),
                str(outcome.points[index]),
                str(total),
                status,
                style="bold" if names.is_you(seat) else None,
            )
        for at_table in names.absent():  # out before this deal: not dealt in
            table.add_row(
                str(at_table + 1),
                names.at_table(at_table),
                Text("—", style="dim"),
                Text("—", style="dim"),
                str(int(totals[at_table])),
                Text(_("out"), style="red"),
                style="dim",
            )
        if outcome.reason == "void":
            table.caption = _("Void deal: nobody scores.")
        return table

    def action_help(self) -> list[tuple[str, str]]:
        return [
            ("d, s, draw", _("draw from the stock (d shows the discard pile when not drawing)")),
            ("take 3 4, take 9h 9c 9s", _("take the top discard into a new meld with your "
                                          "cards 3 and 4 (or the cards named)")),
            ("meld 1 2 3, meld 4c 5c *=6c 7c", _("lay a meld: your cards by number or by "
                                                  "name (a joker in a run names its card)")),
            ("layoff 2 4, layoff 2 8c", _("add your card 4 (or 8c) to meld 2 on the table")),
            ("5, discard 5, discard Qd", _("discard your card 5 (or Qd): ends your turn")),
            ("b, burn", _("burn your first draw of the deal and draw another")),
            ("advance 3 4, p, pass", _("in a claim round: advance the top discard into a meld "
                                       "with your cards 3 and 4, or pass")),
            ("1 2 3 …", _("when drawing or asked to advance: pick from the numbered list")),
            ("d, discards, pile", _("show the whole discard pile (it is public)")),
        ]

    def reminders(self, game: Game) -> list[str]:
        return [
            " ".join((_("When someone goes out, the cards left in your hand count against you."),
                      penalty_points(str(game.options.figure_points)))),
            _("Lay off only after laying a meld of your own this deal. Advancing: a new meld "
              "with the top discard and two of your cards, keeping at least one card."),
        ]
