"""Pontinho in the terminal: the hand by suit, the melds, the discard pile, the claim round.

Only views, event views and the legal actions come in (PO-27 decides what a view holds). Every
choice offered — the numbered list, the "you could meld" hint, what a line of card numbers
means — is picked from the engine's legal actions: nothing here knows a rule of Pontinho.

Input (``understand``): the game's own notation (``meld 4c 5c *=6c 7c``), or hand numbers in
its place (``meld 1 2 3``, ``discard 5``, ``layoff 2 4``, ``take 3 4``: the top discard with
your cards 3 and 4), and short words (``d``/``s`` draw, ``b`` burn, ``p`` pass).
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

from cardtable.cards.french import JOKER, JOKER_TEXT, FrenchCard, JokerAs, kind_of, parse_card
from cardtable.engine.action import Action
from cardtable.engine.outcome import Outcome
from cardtable.errors import CardError, CardtableError
from cardtable.i18n import _, ngettext
from cardtable.terminal.base import Choice, TableRenderer

PANEL_WIDTH = 80
#: Four-colour deck: spades plain, hearts red, diamonds blue, clubs green; jokers magenta.
SUIT_STYLES = {"s": "bold", "h": "bold red", "d": "bold bright_blue", "c": "bold green"}
JOKER_STYLE = "bold magenta"
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
#: The numbered list of draw/take or pass/advance choices shows at most this many.
MAX_LISTED = 8
#: The "you could meld" and "you could lay off" hints show at most this many.
MAX_HINTS = 4

DRAW_WORDS = frozenset({"s", "stock", "d"})
PILE_WORDS = frozenset({"d", "discards", "pile"})
_SHORT = {"b": "burn", "p": "pass", "m": "meld", "l": "layoff", "a": "advance"}
_MELDING = ("meld", "take", "advance")


def card(text: str) -> Text:
    """A card (``Qd``, ``*``) or a meld item (``*=6c``), coloured by its suit."""
    if text.startswith(JOKER_TEXT):
        return Text(text, style=JOKER_STYLE)
    return Text(text, style=SUIT_STYLES.get(text[-1:], "bold"))


def cards(texts: Sequence[str], separator: str = " ") -> Text:
    return Text(separator).join(card(text) for text in texts)


def meld_text(text: str) -> Text:
    """A meld's canonical text (``9h *=Th Jh``), coloured item by item."""
    return cards(text.split())


def styled(template: str, **values: object) -> Text:
    """``template`` formatted, its ``{card}``, ``{cards}`` and ``{meld}`` fields coloured as
    cards (translations may move them anywhere in the sentence)."""
    text = Text()
    rest = template
    while True:
        at = [(rest.find(f"{{{key}}}"), key) for key in ("card", "cards", "meld") if key in values]
        at = [(index, key) for index, key in at if index >= 0]
        if not at:
            text.append(rest.format(**values))
            return text
        index, key = min(at)
        text.append(rest[:index].format(**values))
        text.append_text(meld_text(str(values[key])))
        rest = rest[index + len(key) + 2 :]


def _kind(text: str) -> int:
    return int(parse_card(text))


def _item_kind(item: object) -> int:
    """The kind of an action's card or meld item (the joker for ``*=6c``)."""
    assert isinstance(item, FrenchCard | JokerAs)
    return int(kind_of(item))


class PontinhoTable(TableRenderer):
    game_name: ClassVar[str] = "pontinho"
    settling_events: ClassVar[frozenset[str]] = frozenset({"advance", "take", "deal_end"})

    def __init__(self, names: Any) -> None:
        super().__init__(names)
        self.deal_label = ""
        #: Match totals before this deal (updated by ``scores``).
        #: Match totals before this deal by table seat (updated by ``scores``).
        self.totals: list[int] = [0] * len(names.players)
        #: The legal actions of the human's decision being shown (set by ``choices``).
        self._legal: list[Action] = []
        #: Who passed in the claim round under way (shown on one line when it ends).
        self._passes: list[int] = []
        #: The card the human drew last (marked in the hand).
        self._drawn: str | None = None
        #: The card the claim round under way is about.
        self._claimed: str | None = None
        #: The bust line (option ``bust``), read from the views.
        self.bust = 0

    # -- the hand --------------------------------------------------------------------------------

    @staticmethod
    def hand_cards(view: Mapping[str, Any]) -> list[str]:
        """The viewer's cards as numbered on screen, from 1: by suit, then rank, jokers last —
        with the first card drawn, held apart until kept or burned (PO-9), among them."""
        hand = [str(c) for c in view.get("hand", [])]
        if view.get("drawn"):
            hand.append(str(view["drawn"]))
        return sorted(hand, key=_kind)

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
                text.append(
                    _("{name} discarded ").format(name=self.names(int(view["discarded_by"])))
                )
                text.append_text(card(top))
                text.append(". ")
            text.append(
                _("{name} drew from the stock. ").format(name=self.names(int(claim["turn"])))
            )
            if self._passes:
                text.append(
                    _("{names} passed. ").format(names=self.names.join(self._passes)), style="dim"
                )
            text.append(_("Advance "), style="bold cyan")
            text.append_text(card(top))
            text.append(_("? (a meld with it, or pass)"), style="bold cyan")
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
                text = Text(_("Your first draw of the deal is "))
                text.append_text(card(str(view["drawn"])))
                text.append(_(": keep it (play on), or burn it (b) and draw another."))
                lines.append(text)
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
        if kind in _MELDING:
            return Text(kind + " ").append_text(meld_text(" ".join(map(str, action.cards))))
        return Text(str(action))

    def _hints(self, legal: Sequence[Action]) -> list[Text]:
        lines = []
        melds = [a for a in legal if a.kind == "meld"]
        if melds:
            # Longest first, then the fewest jokers: what a player looks for first.
            melds.sort(key=lambda a: (-len(a.cards), sum(_item_kind(c) == JOKER for c in a.cards)))
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
        words = text.split()
        if not words:
            return text
        head = _SHORT.get(words[0].lower(), words[0].lower())
        if head == "take" and not any(a.kind == "take" for a in legal) and view["discard"]:
            # PO-6: the discard is taken instead of drawing; after a draw it is too late, and
            # "name the cards of the meld" would send the player looking for the wrong mistake
            raise CardtableError(
                _("you cannot take the discard now: you have drawn this turn (meld, lay off or "
                  "discard)")
                if view.get("phase") != "draw"
                else _("you cannot take the discard: no meld of your cards takes it")
            )
        if len(words) == 1:
            if head in DRAW_WORDS or head == "draw":
                return next((a for a in legal if a.kind == "draw"), "draw")
            return head if head in ("burn", "pass") else text
        args = words[1:]
        numbered = args[1:] if head == "layoff" else args
        if not any(word.isdigit() for word in numbered):
            return " ".join([head, *args])
        hand = self.hand_cards(view)

        def at(word: str) -> str:
            if not word.isdigit():
                return word
            index = int(word)
            if not 1 <= index <= len(hand):
                raise CardtableError(
                    _("there is no card {index} in your hand: its cards are numbered 1 to {n}")
                    .format(index=index, n=len(hand))
                )
            return hand[index - 1]

        items = [at(word) for word in numbered]
        if head == "layoff":
            literal = " ".join([head, args[0], *items])
            if items == [JOKER_TEXT] and args[0].isdigit():  # in a run, which card it stands for
                return self._one(
                    [
                        a for a in legal
                        if a.kind == "layoff" and a.meld == int(args[0])
                        and _item_kind(a.cards[0]) == JOKER
                    ],
                    literal,
                )
            return literal
        if head not in _MELDING:
            return " ".join([head, *items])
        pile = list(view["discard"])
        if head in ("take", "advance") and pile and all(word.isdigit() for word in numbered):
            items = [pile[-1], *items]  # the numbers are your cards; the top discard joins them
        literal = " ".join([head, *items])
        if any("=" in item for item in items):
            return literal
        try:
            wanted = sorted(_kind(item) for item in items)
        except CardError:
            return literal  # the game says what is wrong with it
        return self._one(
            [
                a for a in legal
                if a.kind == head
                and sorted(_item_kind(c) for c in a.cards) == wanted
            ],
            literal,
        )

    def _one(self, found: Sequence[Action], literal: str) -> Action | str:
        """The one legal action meant; the typed text (for the game to judge) if none is; an
        error listing them if several are (a joker may stand for more than one card)."""
        if len(found) == 1:
            return found[0]
        if not found:
            return literal
        raise CardtableError(
            _("{text!r} can mean {options}: type the one you mean").format(
                text=literal, options=" or ".join(repr(str(a)) for a in found)
            )
        )

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
        dealer = int(view["dealer"])
        first = int(view["first_player"])
        if self.names.is_you(dealer):
            template = _("You deal; {first} plays first and may burn the first card drawn.")
        elif self.names.is_you(first):
            template = _("{dealer} deals; you play first and may burn the first card you draw.")
        else:
            template = _("{dealer} deals; {first} plays first and may burn the first card drawn.")
        line = template.format(dealer=self.names(dealer), first=self.names(first))
        stock = ngettext(
            "Nine cards each, {n} card in the stock.",
            "Nine cards each, {n} cards in the stock.",
            int(view["stock"]),
        ).format(n=view["stock"])
        bust = _("Out at {bust} points.").format(bust=self._bust(view))
        return Group(Rule(title, style="cyan"), Text(f"{line} {stock} {bust}"))

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
                template = (
                    _("You lay off {cards} on meld {n}: {meld}")
                    if you
                    else _("{name} lays off {cards} on meld {n}: {meld}")
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
        if of == 1:
            title = _("Final scores: penalty points")
        elif of is None:
            title = _("Deal {number}: penalty points").format(number=number)
        else:
            title = _("Deal {number} of {of}: penalty points").format(number=number, of=of)
        table = Table(title=title, title_style="bold", box=box.SIMPLE_HEAD)
        table.add_column(_("Seat"), justify="right")
        table.add_column(_("Player"))
        table.add_column(_("Cards left"))
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
                names.player(seat),
                cards(left) if left else Text("—", style="dim"),
                str(outcome.points[index]),
                str(total),
                status,
                style="bold" if names.is_you(seat) else None,
            )
        for at_table in names.absent():  # out before this deal: not dealt in
            table.add_row(
                str(at_table + 1),
                names.player_at_table(at_table),
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

    def reminders(self) -> list[str]:
        return [
            _("Cards: 2 to 10 their number, J 11, Q 12, K 13 (or 10 each), A 15, joker 20 — "
              "penalty points for the cards left in your hand when someone goes out."),
            _("Lay off only after laying a meld of your own this deal. Advancing: a new meld "
              "with the top discard and two of your cards, keeping at least one card."),
        ]
