"""A terminal session: one human (or nobody, when watching) and bots playing a whole match.

Nothing here is specific to one game: the match comes from the engine, the choices from the
bots, and everything drawn on screen from the game's ``TableRenderer``. The human only ever
sees ``state.view(their seat)`` and the events as ``Event.view`` shows them to that seat; bots
get their own view with memory and the legal actions, never the state (as in
``cardtable.bots.driver``).

Matches whose players can be out (Pontinho) deal some deals to fewer seats: ``match.table_seat``
maps a deal's seat to the table's, and a bot plays such a deal as a copy of itself bound to the
deal's table and seat, and the renderer names the deal's seats through the seat map
(``SeatNames.for_deal``: the numbers and names shown are always the table's).

Decisions between deals (``match.to_move``: Pontinho's buy-backs) are asked of the human. A
bot's follow ``cardtable.bots.driver.between_deals``, the path the server's bots take too: it
decides through ``Bot.choose`` with the match's view (``match.decision_view(seat)``) when it
declares ``Bot.decides_between_deals`` (the random bot, Pontinho's heuristic); any other bot
(easy, hard) leaves the decision to the game's ``medium`` bot when that one decides, else takes
the first legal decision. Bots see a deal through ``match.deal_view`` (Pontinho adds the match
totals by deal seat to the deal's view). A bot's choice that is not legal raises
(``driver.IllegalBotMove``): it is never replaced by another.
"""

from __future__ import annotations

import copy
import enum
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardtable.bots import driver
from cardtable.bots.base import Bot, make_bot
from cardtable.bots.hint_budget import HINT_ITERATIONS, HINT_SECONDS, HINT_TOP
from cardtable.bots.ismcts import ISMCTSBot, can_search
from cardtable.engine.action import Action
from cardtable.engine.events import Event
from cardtable.engine.game import State
from cardtable.engine.match import Match
from cardtable.errors import CardtableError, IllegalAction, without_rule_ids
from cardtable.i18n import _, ngettext
from cardtable.terminal.base import Choice, TableRenderer

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "help"})
HINT_WORDS = frozenset({"h", "hint"})
TABLE_WORDS = frozenset({"t", "table"})


class Ending(enum.Enum):
    """How a session ended."""

    FINISHED = "finished"  # the match was played to its end
    QUIT = "quit"  # the human typed quit, or closed the input (Ctrl-D)


class _Quit(Exception):
    pass


class Session:
    """Plays ``match`` to its end. ``players[seat]`` is a bot, or ``None`` for the human seat.

    ``delay`` seconds pass before each bot move (twice that after a trick or deal is settled),
    so that a person can follow; ``sleep`` and ``read_line`` are injectable for tests.
    """

    def __init__(
        self,
        *,
        match: Match,
        players: Sequence[Bot | None],
        renderer: TableRenderer,
        console: Console,
        delay: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
        read_line: Callable[[str], str] | None = None,
        hint_iterations: int = HINT_ITERATIONS,
        hint_seconds: float | None = HINT_SECONDS,
    ) -> None:
        humans = [seat for seat, player in enumerate(players) if player is None]
        if len(players) != match.game.players or len(humans) > 1:
            raise CardtableError(_("a session needs one player per seat, at most one human"))
        self.match = match
        self.players = list(players)
        self.human: int | None = humans[0] if humans else None
        self.renderer = renderer
        self.console = console
        self.delay = delay
        self.sleep = sleep
        self.read_line = read_line or (lambda prompt: console.input(prompt))
        self.hint_iterations = hint_iterations
        self.hint_seconds = hint_seconds
        self._hint_bot: ISMCTSBot | None = None
        #: The table's names; ``renderer.names`` is set to the current deal's (``_start_deal``).
        self.names = renderer.names

    # -- the match -------------------------------------------------------------------------------

    def run(self) -> Ending:
        """Play deal after deal until the match is over or the human quits.

        ``KeyboardInterrupt`` is left to the caller (it may strike anywhere, even in a bot).
        """
        try:
            while True:
                state = self.match.current
                self._start_deal(state)
                self._play_deal(state)
                self._end_deal(state)
                if self.match.is_over:
                    self._end_match()
                    return Ending.FINISHED
                self._between_deals()
                self.match.next_deal()
        except _Quit:
            return Ending.QUIT

    @property
    def deals_planned(self) -> int | None:
        deals = self.match.game.options.get("deals")
        if isinstance(deals, int) and not isinstance(deals, bool) and deals > 0:
            return deals
        return None  # open-ended (no option, or 0: play until the match rules end it)

    def _viewer_view(self, state: State) -> dict[str, Any]:
        """The view shown on screen: the human's, or a spectator's when watching."""
        return state.view(self._human_in(state))

    def _human_in(self, state: State) -> int | None:
        """The human's seat in the current deal (``None``: watching, or not dealt in)."""
        return None if self.human is None else self.match.deal_seat(self.human)

    def _start_deal(self, state: State) -> None:
        seats = self.match.seats_of_deal(len(self.match.deals) - 1)
        self.renderer.names = self.names.for_deal(seats)
        self.console.print()
        self.console.print(
            self.renderer.deal_start(
                self._viewer_view(state), len(self.match.deals), self.deals_planned
            )
        )

    def _play_deal(self, state: State) -> None:
        while (seat := state.to_move) is not None:
            at_table = self.match.table_seat(seat)
            assert at_table is not None
            player = self.players[at_table]
            if player is None:
                events = self._human_turn(state, seat)
            else:
                self._pause(self.delay)
                if state.game is not self.match.game:  # a deal of fewer seats than the table
                    player = copy.copy(player)
                    player.game, player.seat = state.game, seat
                legal = state.legal_actions()
                action = driver.checked(player, player.choose(self._bot_view(state, seat), legal),
                                        legal)
                events = state.apply(action)
            self._show_events(state, events)

    def _bot_view(self, state: State, seat: int) -> dict[str, Any]:
        """A bot's view with memory, with what the match adds (``Match.deal_view``)."""
        if state is self.match.current:
            return self.match.deal_view(seat, memory=True)
        return state.view(seat, memory=True)

    def _show_events(self, state: State, events: Sequence[Event]) -> None:
        seen = [event.view(self._human_in(state)) for event in events]
        for line in self.renderer.events(seen, self._viewer_view(state)):
            self.console.print(line)
        settling = self.renderer.settling_events
        if any(event.kind in settling for event in events) and not state.is_over:
            self._pause(self.delay * 2)

    def _end_deal(self, state: State) -> None:
        outcome = state.outcome
        assert outcome is not None
        several = self.deals_planned != 1
        self.console.print()
        self.console.print(
            self.renderer.scores(
                outcome,
                number=len(self.match.deals),
                of=self.deals_planned,
                totals=self.match.totals if several else None,
                match_winners=self.match.outcome.winners if self.match.outcome else (),
            )
        )
        if not several:
            self.console.print(self.renderer.winners_line(outcome, match=False))

    def _end_match(self) -> None:
        outcome = self.match.outcome
        assert outcome is not None
        if self.deals_planned != 1:
            self.renderer.names = self.names  # the match's outcome is by table seat
            self.console.print(self.renderer.winners_line(outcome, match=True))

    def _between_deals(self) -> None:
        while (seat := self.match.to_move) is not None:
            legal = self.match.legal_actions()
            bot = self.players[seat]
            if bot is None:
                decision = self._human_decision(legal)
            else:
                self._pause(self.delay)
                decision = self._bot_decision(bot, seat)
            self.match.apply(decision)
            self.console.print(
                _("{name}: {decision}.").format(
                    name=self.names.at_table(seat), decision=str(decision)
                )
            )
        if self.human is None:
            self._pause(self.delay * 3)
            return
        while True:
            line = self._ask(_("Press Enter for the next deal (q to quit): "))
            word = line.strip().lower()
            if word in QUIT_WORDS:
                raise _Quit
            if not word:
                return
            self._error(_("Press Enter to go on, or type q to quit."))

    def _bot_decision(self, bot: Bot, seat: int) -> Action:
        """A bot's decision between deals: ``driver.between_deals``, the server's path too."""
        return driver.between_deals(self.match, seat, bot,
                                    lambda: make_bot("medium", self.match.game, seat))

    # -- the human -------------------------------------------------------------------------------

    def _human_decision(self, legal: Sequence[Action]) -> Action:
        """A decision between deals (buy back or not), typed by the human."""
        words = " / ".join(str(action) for action in legal)
        while True:
            text = self._ask(
                _("You are out. Type {choices} (q to quit): ").format(choices=words)
            ).strip()
            if text.lower() in QUIT_WORDS:
                raise _Quit
            for action in legal:
                if text.lower() == str(action):
                    return action
            self._error(_("Type one of: {choices}.").format(choices=words))

    def _human_turn(self, state: State, seat: int) -> tuple[Event, ...]:
        view = state.view(seat)
        legal = state.legal_actions()
        choices = self.renderer.choices(view, legal)
        if len(legal) == 1:
            only = legal[0]
            self.console.print(
                Text(
                    "  "
                    + _("Only one choice left: {action}.").format(
                        action=self.renderer.describe_action(only)
                    ),
                    style="dim",
                )
            )
            self._pause(self.delay)
            return state.apply(only)
        self.console.print(self.renderer.table(view))
        prompt = (
            _(
                "[bold]Your move[/bold] [dim](1–{n}, a card, h for a hint, ? for help):[/dim] "
            ).format(n=len(choices))
            if len(choices) > 1
            else _("[bold]Your move[/bold] [dim](1, your card, ? for help):[/dim] ")
        )
        while True:
            text = self._ask(prompt).strip()
            word = text.lower()
            if not word:
                continue
            if word in QUIT_WORDS:
                raise _Quit
            if word in HELP_WORDS:
                self._help()
                continue
            if word in HINT_WORDS:
                self._hint(seat, state.view(seat, memory=True), legal)
                continue
            if word in TABLE_WORDS:
                self.console.print(self.renderer.table(view))
                continue
            shown = self.renderer.show(word, view)
            if shown is not None:
                self.console.print(shown)
                continue
            try:
                understood = self.renderer.understand(text, view, legal)
                if isinstance(understood, Action):
                    return state.apply(understood)
                action = self._parse(understood, view, choices)
                if action is None:  # the player went back from a question
                    continue
                return state.apply(action)
            except IllegalAction as error:  # the seat it names, as the table numbers it
                self._error(error.for_player(lambda s: self.renderer.names.table_seat(s) + 1))
            except CardtableError as error:
                self._error(str(error))

    def _parse(
        self, text: str, view: dict[str, Any], choices: Sequence[Choice]
    ) -> Action | str | None:
        """What the player typed, as an action (or action text for the game to parse and check).

        A number picks a choice; after a word (``play 2``, ``c 2``) it stands for the choice's
        card in the game's own action text (``play Ko``, ``c 7c``). A single word may name a
        choice (a card). A choice of several actions asks which; ``None``: the player went back.
        """
        words = text.split()
        number = words[-1] if len(words) in (1, 2) else ""
        if number.isdecimal() and (len(words) == 1 or not words[0].isdecimal()):
            index = int(number)
            if not 1 <= index <= len(choices):
                raise CardtableError(
                    ngettext(
                        "there is no choice {index}: type {n}, or a card",
                        "there is no choice {index}: type a number from 1 to {n}, or a card",
                        len(choices),
                    ).format(index=index, n=len(choices))
                )
            choice = choices[index - 1]
            if len(words) == 2:
                return f"{words[0]} {choice.label}"
            return self._one_of(view, choice)
        if len(words) == 1:
            found = self.renderer.find_choice(text, choices)
            if found is not None:
                return self._one_of(view, found)
        return text

    def _one_of(self, view: dict[str, Any], choice: Choice) -> Action | None:
        """The choice's action, asking which when it allows several; ``None``: go back."""
        if len(choice.actions) == 1:
            return choice.actions[0]
        question, answers = self.renderer.which(view, choice)
        while True:
            answer = self._ask(question).strip().lower()
            if not answer:
                return None
            if answer in QUIT_WORDS:
                raise _Quit
            action = answers.get(answer)
            if action is not None:
                return action
            self._error(
                _(
                    "{answer!r} is not an answer here: type {answers}, or press Enter to "
                    "choose another card"
                ).format(answer=answer, answers=" / ".join(answers))
            )

    def _help(self) -> None:
        table = Table(box=None, show_header=False, padding=(0, 2))
        table.add_column(style="bold magenta")
        table.add_column()
        for keys, meaning in self.renderer.action_help():
            table.add_row(keys, meaning)
        table.add_row("h, hint", _("ask the hard bot what it would play, and why"))
        table.add_row("t, table", _("show the table again"))
        table.add_row("?, help", _("show this help"))
        table.add_row("q, quit", _("leave the game (it is saved if you gave --record)"))
        self.console.print(table)
        for line in self.renderer.reminders(self.match.current.game):
            self.console.print(Text(line, style="dim"))

    def _hint(self, seat: int, view: dict[str, Any], legal: Sequence[Action]) -> None:
        """What the hard bot would play from the human's view (never the state), with the top
        alternatives it weighed: how often it tried each and how each fared."""
        game = self.match.current.game
        if not can_search(game):
            self._error(_("No hints for {game} yet.").format(game=game.name))
            return
        if self._hint_bot is None or self._hint_bot.seat != seat:
            self._hint_bot = ISMCTSBot(
                game,
                seat,
                seed=len(self.match.deals),
                iterations=self.hint_iterations,
                time_limit=self.hint_seconds,
            )
        result = self._hint_bot.search(view, legal)
        self.console.print(
            Text(
                "  "
                + _("Hint: {action}").format(action=self.renderer.describe_action(result.choice)),
                style="bold cyan",
            )
        )
        if result.iterations == 0:
            return
        table = Table(box=None, padding=(0, 2))
        table.add_column(_("move"))
        table.add_column(_("tries"), justify="right")
        table.add_column(_("score"), justify="right")
        for alternative in result.alternatives[:HINT_TOP]:
            table.add_row(
                self.renderer.describe_action(alternative.action),
                str(alternative.visits),
                f"{100 * alternative.mean:.0f}",
            )
        self.console.print(table)
        self.console.print(
            Text(
                "  "
                + ngettext(
                    "{n} imagined deal played out; score: the mean result of its tries, 0 to 100.",
                    "{n} imagined deals played out; score: the mean result of its tries, 0 to 100.",
                    result.iterations,
                ).format(n=result.iterations),
                style="dim",
            )
        )

    def _ask(self, prompt: str) -> str:
        try:
            return self.read_line(prompt)
        except EOFError:
            self.console.print()
            raise _Quit from None

    def _error(self, message: str) -> None:
        self.console.print(Text("  " + without_rule_ids(message), style="red"))

    def _pause(self, seconds: float) -> None:
        if seconds > 0:
            self.sleep(seconds)
