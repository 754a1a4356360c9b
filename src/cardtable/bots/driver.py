"""A bot plays a seat: the one path for the terminal session, the server and the arena.

Bots get the seat's view with memory and the legal actions, never the state. A bot's choice
outside the legal actions is a bug of that bot and raises ``IllegalBotMove``: it is never
replaced by another move. Decisions between deals (Pontinho's buy-backs,
``match.to_move``) go to the seat's bot when it takes them (``Bot.decides_between_deals``),
else to the game's ``medium`` bot when that one does, else the first legal decision is taken:
``between_deals`` is that policy, written once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.bots.base import Bot, available_bots
from cardtable.engine.action import Action
from cardtable.engine.events import Event
from cardtable.engine.game import State
from cardtable.engine.match import Match
from cardtable.errors import IllegalAction
from cardtable.i18n import _


class IllegalBotMove(IllegalAction):
    """A bot chose an action that is not among the legal ones it was given."""


def checked(bot: Bot, choice: Action, legal: Sequence[Action]) -> Action:
    """``choice``, if it is one of ``legal``; else ``IllegalBotMove`` naming the bot."""
    if choice in legal:
        return choice
    raise IllegalBotMove(
        _("the bot {bot} chose {action}, which is not legal now").format(
            bot=type(bot).__name__, action=str(choice)
        )
    )


def deal_move(match: Match, seat: int, bot: Bot) -> Action:
    """``bot``'s move for the deal's ``seat`` (a deal's seat, ``match.deal_seat``), from the
    seat's view with what the match adds (``Match.deal_view``)."""
    legal = match.current.legal_actions()
    return checked(bot, bot.choose(match.deal_view(seat, memory=True), legal), legal)


def between_deals(match: Match, seat: int, bot: Bot, medium: Callable[[], Bot]) -> Action:
    """The decision between deals for the table's ``seat`` played by ``bot`` (see the module
    docstring); ``medium()`` makes the game's medium bot for the seat, when it is asked."""
    legal = match.legal_actions()
    chooser: Bot | None = None
    if bot.decides_between_deals:
        chooser = bot
    elif "medium" in available_bots(match.game.name):
        stand_in = medium()
        if stand_in.decides_between_deals:
            chooser = stand_in
    if chooser is None:
        return legal[0]  # the policy for bots that take no such decision (not a correction)
    return checked(chooser, chooser.choose(match.decision_view(seat), legal), legal)


def play_out(
    state: State,
    bots: Sequence[Bot],
    *,
    on_action: Callable[[int, Action, tuple[Event, ...]], None] | None = None,
    max_actions: int | None = None,
) -> State:
    """Let ``bots[seat]`` play every decision until the deal is over, or until ``max_actions``
    actions have been played (then the state is returned unfinished); return the state."""
    left = -1 if max_actions is None else max_actions
    while left and (seat := state.to_move) is not None:
        bot = bots[seat]
        legal = state.legal_actions()
        action = checked(bot, bot.choose(state.view(seat, memory=True), legal), legal)
        events = state.apply(action)
        if on_action is not None:
            on_action(seat, action, events)
        left -= 1
    return state
