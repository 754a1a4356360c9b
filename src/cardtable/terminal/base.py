"""What every terminal table shares: seat names, the renderer interface and the score tables.

A renderer turns one game's *views* and *events* into rich renderables; it never sees a state.
The session loop (``cardtable.cli.session``) decides what to show when; the renderer decides how.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.engine.outcome import Outcome
from cardtable.hungarian import fix_articles
from cardtable.i18n import _, ngettext

#: The strength a player knows a bot by (the web's levels), for each bot's program name.
_LEVEL_OF_BOT = {"heuristic": "medium", "ismcts": "hard"}


def bot_label(bot: str) -> str:
    """A bot as players are told of it: its level ("medium", not "heuristic"), translated."""
    return _(_LEVEL_OF_BOT.get(bot, bot))


def painted(template: str, painters: Mapping[str, Callable[[Any], Text]], **values: object) -> Text:
    """``template`` formatted, each field that ``painters`` names (and ``values`` gives) drawn
    by its painter — cards coloured by suit, say — wherever a translation moved it.

    The sentence is filled in whole, each painted value between two private marks, and only
    then cut at the marks: what is resolved on a whole sentence (Hungarian's ``a(z)`` before
    a card, ``cardtable.hungarian``) sees the value it stands before.
    """
    pieces: list[Text] = []
    filled = dict(values)
    for key, painter in painters.items():
        if key in values:
            piece = painter(values[key])
            filled[key] = _OPEN + chr(_FIRST_MARK + len(pieces)) + piece.plain + _CLOSE
            pieces.append(piece)
    whole = fix_articles(template.format(**filled))
    text = Text()
    for index, part in enumerate(whole.split(_OPEN)):
        if index:
            mark, rest = part.split(_CLOSE, 1)
            text.append_text(pieces[ord(mark[0]) - _FIRST_MARK])
            part = rest
        text.append(part)
    return text


#: The marks ``painted`` puts around a painted value (Unicode's private use area, never in a
#: translation): an opening mark, the value's number as one character, the value, a closing one.
_OPEN, _CLOSE, _FIRST_MARK = "\ue000", "\ue001", 0xE100


def with_stock(line: Text, stock: int) -> Text:
    """``line``, then how many cards the stock still holds (dimmed), or that it is empty."""
    line.append(" ")
    if stock:
        line.append(
            ngettext("{n} card left in the stock.", "{n} cards left in the stock.", stock).format(
                n=stock),
            style="dim",
        )
    else:
        line.append(_("The stock is empty: the hands are played out."), style="dim")
    return line


def starred(value: int, star: bool) -> str:
    """A score in a table's column, ★ for a winner (aligned with those without)."""
    return f"{value} ★" if star else f"{value}  "


def scores_title(
    number: int, of: int | None, titles: tuple[str, str, str] | None = None
) -> str:
    """The heading of deal ``number``'s scores (of ``of``, None: open-ended): ``titles`` are
    the templates for a single deal, an open-ended match and a match of ``of`` deals (default:
    "Final scores", "Deal {number}: scores", "Deal {number} of {of}: scores")."""
    final, open_ended, numbered = titles or (
        _("Final scores"),
        _("Deal {number}: scores"),
        _("Deal {number} of {of}: scores"),
    )
    if of == 1:
        return final
    if of is None:
        return open_ended.format(number=number)
    return numbered.format(number=number, of=of)


class SeatNames:
    """Readable names for the seats: "You" for the human, "Bot 3 (medium)" for a bot, its
    number counted from 1 as players count (the web's names too).

    ``players[table seat]`` is a bot's name, or ``None`` for the (single) human seat. A deal may
    be dealt to only some of the table's seats (Pontinho, when players are out): ``for_deal``
    gives the names of that deal's seats, ``seats[deal seat]`` being the table seat. Renderers
    always pass the seats of the views and events they draw (deal seats); the names, numbers and
    "You" shown are the table's. Without ``seats`` (or with every seat in order) the map is the
    identity.
    """

    def __init__(self, players: Sequence[str | None], seats: Sequence[int] | None = None) -> None:
        self.players = tuple(players)
        self.seats = tuple(range(len(self.players))) if seats is None else tuple(seats)
        humans = [seat for seat, name in enumerate(self.players) if name is None]
        #: The human's table seat; ``human`` is their seat in the deal (``None``: not dealt in).
        self.table_human: int | None = humans[0] if humans else None
        self.human: int | None = (
            self.seats.index(self.table_human) if self.table_human in self.seats else None
        )

    def for_deal(self, seats: Sequence[int]) -> SeatNames:
        """The names of a deal's seats: deal seat ``i`` is table seat ``seats[i]``."""
        return SeatNames(self.players, seats)

    @property
    def identity(self) -> bool:
        return self.seats == tuple(range(len(self.players)))

    def __len__(self) -> int:
        """The seats of the deal (all the table's without a map)."""
        return len(self.seats)

    def table_seat(self, seat: int) -> int:
        return self.seats[seat]

    def absent(self) -> list[int]:
        """Table seats not dealt in (players who are out)."""
        return [s for s in range(len(self.players)) if s not in self.seats]

    def at_table(self, table_seat: int) -> str:
        """``__call__`` for a table seat."""
        bot = self.players[table_seat]
        if bot is None:
            return _("You")
        return _("Bot {n} ({level})").format(n=table_seat + 1, level=bot_label(bot))

    def __call__(self, seat: int) -> str:
        """The name used in sentences: "You" or "Bot 3 (medium)"."""
        return self.at_table(self.seats[seat])

    def number(self, seat: int) -> str:
        """The seat number shown in a table's seat column: the table seat's, from 1."""
        return str(self.seats[seat] + 1)

    def player(self, seat: int) -> str:
        """The name used in a table that also has a seat-number column."""
        return self.player_at_table(self.seats[seat])

    def player_at_table(self, table_seat: int) -> str:
        bot = self.players[table_seat]
        return _("You") if bot is None else bot_label(bot)

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.human

    def join(self, seats: Sequence[int]) -> str:
        names = [self(seat) for seat in seats]
        if len(names) < 2:
            return "".join(names)
        return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True, slots=True)
class Choice:
    """What one number at the prompt stands for: usually a card (``label``, e.g. ``7c``), and the
    legal actions it allows. Mostly one; in Putto a card that matches a table card may capture
    or be played onto the table, and the player is asked which (``TableRenderer.which``)."""

    label: str
    actions: tuple[Action, ...]


class TableRenderer(ABC):
    """How one game looks in a terminal. Subclasses are registered in ``cardtable.terminal``."""

    game_name: ClassVar[str]
    #: Event kinds after which the session pauses a little longer (a trick taken, a capture).
    settling_events: ClassVar[frozenset[str]] = frozenset({"trick"})

    #: "Deal 2 of 4" while a match of several deals is on ("" for a single deal), for titles.
    deal_label: str = ""

    def __init__(self, names: SeatNames) -> None:
        self.names = names

    def deal_title(self, game_title: str, number: int, of: int | None) -> str:
        """The heading of deal ``number`` of ``of`` (None: open-ended), which also becomes
        ``deal_label``; a single-deal game is headed by its own title."""
        if of == 1:
            self.deal_label = ""
            return game_title
        if of is None:
            self.deal_label = _("Deal {number}").format(number=number)
        else:
            self.deal_label = _("Deal {number} of {of}").format(number=number, of=of)
        return self.deal_label

    def who_deals(self, dealer: int, first: int, *, you_deal: str, you_first: str,
                  others: str) -> str:
        """A deal's first words: who deals and who plays first, in the sentence that fits
        the person (the dealer, the first to play, or neither); each sentence is the game's
        own, with ``{dealer}`` and ``{first}``, so that a translator words it whole."""
        if self.names.is_you(dealer):
            template = you_deal
        elif self.names.is_you(first):
            template = you_first
        else:
            template = others
        return template.format(dealer=self.names(dealer), first=self.names(first))

    # -- the game's own parts ----------------------------------------------------------------

    @abstractmethod
    def table(self, view: Mapping[str, Any]) -> RenderableType:
        """The table as ``view["seat"]`` sees it, their hand numbered as ``numbered_actions``."""

    @abstractmethod
    def choices(self, view: Mapping[str, Any], legal: Sequence[Action]) -> list[Choice]:
        """The legal actions grouped into choices, in the order their numbers (from 1) are shown
        by ``table``. Every legal action belongs to exactly one choice."""

    @abstractmethod
    def events(
        self, events: Sequence[Mapping[str, Any]], public: Mapping[str, Any]
    ) -> list[RenderableType]:
        """Lines describing ``events`` (each already ``Event.view``-ed for the viewer).

        ``public`` is the view after the events (a spectator's view, ``view(None)``, when
        watching).
        """

    @abstractmethod
    def deal_start(self, view: Mapping[str, Any], number: int, of: int | None) -> RenderableType:
        """The announcement of deal ``number`` (from 1) of ``of`` (None: open-ended)."""

    @abstractmethod
    def action_help(self) -> list[tuple[str, str]]:
        """(what to type, what it does) for the game's actions, for the help screen."""

    def reminders(self, game: Game) -> list[str]:
        """A few lines recalling the rules that matter when choosing, for the help screen, as
        ``game`` (the table, with its options) plays them."""
        return []

    def describe_action(self, action: Action) -> str:
        """Short text of an action for messages such as "your only card: …"."""
        return str(action)

    def find_choice(self, word: str, choices: Sequence[Choice]) -> Choice | None:
        """The choice a single typed word names (e.g. a card), or None to let the game parse
        the word as an action. May raise ``CardtableError`` saying why the word names nothing."""
        folded = word.casefold()
        return next((c for c in choices if c.label.casefold() == folded), None)

    def understand(
        self, text: str, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> Action | str:
        """What a typed line means in this game, before the session reads numbers and cards:
        an action, or text (by default ``text`` itself) for the session and then the game to
        read. A game may accept friendlier input here (card numbers inside an action, short
        words). May raise ``CardtableError`` saying why the line names nothing."""
        return text

    def show(self, word: str, view: Mapping[str, Any]) -> RenderableType | None:
        """What a display command typed at the prompt shows (e.g. the whole discard pile), or
        None when ``word`` is no display command of this game."""
        return None

    def which(
        self, view: Mapping[str, Any], choice: Choice
    ) -> tuple[str, dict[str, Action]]:
        """For a choice of several actions: the question to ask, and the answers it accepts
        (lower case) with the action each one picks."""
        answers = {str(action).split()[0].lower(): action for action in choice.actions}
        question = _("{label}: {answers}? ").format(
            label=choice.label, answers=" / ".join(answers)
        )
        return question, answers

    # -- shared parts ----------------------------------------------------------------------------

    def scores(
        self,
        outcome: Outcome,
        *,
        number: int,
        of: int | None,
        totals: Sequence[int] | None,
        match_winners: Sequence[int] = (),
    ) -> RenderableType:
        """Points of a finished deal per side, ★ for its winners; with ``totals``, the match
        totals so far too, ★ for ``match_winners`` once the match is over. ``outcome`` is the
        deal's (deal seats, named through ``self.names``); ``totals`` and ``match_winners`` are
        the match's (the table's sides and seats). Seats not dealt in are listed as out."""
        table = Table(title=scores_title(number, of), title_style="bold")
        table.add_column(_("Seat"), justify="right")
        table.add_column(_("Player"))
        table.add_column(_("Points"), justify="right")
        if totals is not None:
            table.add_column(_("Match"), justify="right")

        names = self.names
        for index, side in enumerate(outcome.sides):
            at_table = [names.table_seat(seat) for seat in side]
            row = [
                ", ".join(names.number(seat) for seat in side),
                ", ".join(names(seat) for seat in side),
                starred(outcome.points[index], bool(set(outcome.winners) & set(side))),
            ]
            if totals is not None:
                # Match totals are by side of the table: the same index without a seat map;
                # with one (single-seat sides), the table seat.
                total = totals[index] if names.identity else totals[at_table[0]]
                row.append(starred(total, bool(set(match_winners) & set(at_table))))
            style = "bold" if any(names.is_you(seat) for seat in side) else None
            table.add_row(*row, style=style)
        for table_seat in names.absent():
            row = [str(table_seat + 1), names.at_table(table_seat), _("out")]
            if totals is not None:
                row.append(starred(totals[table_seat], table_seat in match_winners))
            table.add_row(*row, style="dim")
        return table

    def winners_line(self, outcome: Outcome, *, match: bool) -> Text:
        """Who won the deal or the match, and with how many points (a team wins as one)."""
        winners = set(outcome.winners)
        won = [i for i, side in enumerate(outcome.sides) if winners & set(side)]
        points = outcome.points[won[0]]
        you = any(self.names.is_you(seat) for seat in winners)
        teams = any(len(side) > 1 for side in outcome.sides)
        if len(won) == 1 and you:
            if teams:
                text = (
                    _("Your team wins the match with {points} points!")
                    if match
                    else _("Your team wins with {points} points!")
                )
            else:
                text = (
                    _("You win the match with {points} points!")
                    if match
                    else _("You win with {points} points!")
                )
        elif len(won) == 1 and len(outcome.sides[won[0]]) > 1:
            text = (
                _("{names} win the match with {points} points.")
                if match
                else _("{names} win with {points} points.")
            )
        elif len(won) == 1:
            text = (
                _("{name} wins the match with {points} points.")
                if match
                else _("{name} wins with {points} points.")
            )
        else:
            text = ngettext(
                "{names} share the win with {points} point each.",
                "{names} share the win with {points} points each.",
                points,
            )
        joined = self.names.join(sorted(winners))
        line = text.format(name=joined, names=joined, points=points)
        return Text(line, style="bold green" if you else "bold")
