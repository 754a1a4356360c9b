"""What every step encoding offers: a fixed space of integer steps and, per decision, the mask.

An RL agent picks one integer *step* from ``range(num_steps)`` at a time. For Punttu and Putto a
step is a whole engine action; Pontinho's actions are too many to list (165,359 ids), so one of
its actions is a short sequence of steps (see ``pontinho``). Either way the legal steps come
from the engine's own ``legal_action_ids()``: nothing here knows a rule of a game.

A ``Decision`` holds the choice open to the seat on turn: which steps are legal now, and the
steps taken so far within one multi-step action. ``choose`` returns the engine's action id once
the steps name a whole action.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from cardtable.engine.action import Action
from cardtable.engine.game import Game, State
from cardtable.errors import IllegalAction
from cardtable.i18n import _

Mask = npt.NDArray[np.int8]


class Decision(ABC):
    """The steps open to the seat on turn until it has chosen a whole action."""

    num_steps: int
    #: Steps already taken in this decision (always empty for one-step encodings).
    prefix: tuple[int, ...]

    @abstractmethod
    def legal_steps(self) -> list[int]:
        """Every step legal next, nothing else (never empty while the deal goes on)."""

    def mask(self) -> Mask:
        """``legal_steps`` as a 0/1 vector of length ``num_steps``."""
        mask = np.zeros(self.num_steps, dtype=np.int8)
        for step in self.legal_steps():
            mask[step] = 1
        return mask

    @abstractmethod
    def choose(self, step: int) -> int | None:
        """Take one step; return the engine action id once the steps name a whole action, else
        ``None``. An illegal step raises ``IllegalAction`` and changes nothing."""

    def _reject(self, step: object) -> IllegalAction:
        return IllegalAction(
            _("step {step!r} is not legal now; the legal steps are {steps}").format(
                step=step, steps=self.legal_steps()
            )
        )


class StepEncoding(ABC):
    """A game's fixed step space and its round trip with the engine's actions."""

    game_name: ClassVar[str]
    num_steps: ClassVar[int]

    def __init__(self, game: Game) -> None:
        if game.name != self.game_name:
            raise ValueError(
                _("this encoding is for {game}, not {other}").format(
                    game=self.game_name, other=game.name
                )
            )
        self.game = game

    @abstractmethod
    def decision(self, state: State) -> Decision:
        """The decision of the seat on turn in ``state`` (which must not be over)."""

    @abstractmethod
    def steps_of_id(self, action_id: int) -> tuple[int, ...]:
        """The steps that encode the engine's action id ``action_id``."""

    @abstractmethod
    def id_of_steps(self, steps: Sequence[int]) -> int:
        """The engine action id that ``steps`` encode; ``IllegalAction`` if they encode none."""

    @abstractmethod
    def step_text(self, step: int) -> str:
        """A short readable name of one step, e.g. ``play Ko`` or ``card *=6c``."""

    def steps_of(self, state: State, action: Action | str) -> tuple[int, ...]:
        """The steps of an engine action (text or ``Action``)."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        return self.steps_of_id(state.action_id(action))

    def action_of(self, state: State, steps: Sequence[int]) -> Action:
        """The engine action that ``steps`` encode."""
        return state.action_from_id(self.id_of_steps(steps))


class FlatDecision(Decision):
    """One step is one engine action id (Punttu, Putto)."""

    __slots__ = ("num_steps", "prefix", "_ids")

    def __init__(self, num_steps: int, ids: list[int]) -> None:
        self.num_steps = num_steps
        self.prefix = ()
        self._ids = ids

    def legal_steps(self) -> list[int]:
        return sorted(int(i) for i in self._ids)

    def mask(self) -> Mask:
        mask = np.zeros(self.num_steps, dtype=np.int8)
        for i in self._ids:  # a few items: faster one by one than by a fancy index
            mask[i] = 1
        return mask

    def choose(self, step: int) -> int | None:
        if step not in self._ids:
            raise self._reject(step)
        self.prefix = (int(step),)
        return int(step)


class FlatEncoding(StepEncoding):
    """Steps are the engine's own action ids (for games whose id space is already small)."""

    def decision(self, state: State) -> Decision:
        if state.is_over:
            raise IllegalAction(_("the deal is over: no more actions are possible"))
        return FlatDecision(self.num_steps, state.legal_action_ids())

    def steps_of_id(self, action_id: int) -> tuple[int, ...]:
        return (action_id,)

    def id_of_steps(self, steps: Sequence[int]) -> int:
        if len(steps) != 1 or not 0 <= steps[0] < self.num_steps:
            raise IllegalAction(
                _("{game} actions are one step from 0 to {high}, not {steps}").format(
                    game=self.game_name, high=self.num_steps - 1, steps=list(steps)
                )
            )
        return int(steps[0])
