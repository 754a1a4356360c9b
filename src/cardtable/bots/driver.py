"""Run a deal with bots: the one loop that hands each bot its own view, never the state."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.bots.base import Bot
from cardtable.engine.action import Action
from cardtable.engine.events import Event
from cardtable.engine.game import State


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
        action = bots[seat].choose(state.view(seat, memory=True), state.legal_actions())
        events = state.apply(action)
        if on_action is not None:
            on_action(seat, action, events)
        left -= 1
    return state
