"""Learned agents at the arena: a step policy ``(observation, mask) -> step`` as a bot.

The research environments give an agent its seat's observation vector and the legal-step mask;
the arena (``cardtable arena``, its ``--ladder``) seats policies ``(view, legal) -> action``.
``ArenaPolicy`` turns the first into the second: from the view it is handed it computes the
observation the environments would give (the same ``Observer``), builds the mask from the legal
actions (the same step encoding; Pontinho's multi-step actions ask the policy once per step),
and returns the action the steps name. So a policy trained with PyTorch, JAX or SB3 on the
Gymnasium, PettingZoo or OpenSpiel games plays at the arena and on the ladder unchanged, seeing
only its own view, like every bot.

In a module of yours::

    from cardtable.research.agents import ArenaPolicy, from_logits, from_sb3
    agent = ArenaPolicy(from_sb3(MaskablePPO.load("punttu.zip")))
    # or: ArenaPolicy(from_logits(lambda obs: torch_net(torch.as_tensor(obs))))

then ``cardtable arena punttu --players 2 --ladder --bots mymodule:agent``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cardtable.engine.action import Action
from cardtable.engine.game import Game, State
from cardtable.games import game as make_game
from cardtable.research.encodings import Mask, StepEncoding, encoding_for
from cardtable.research.observations import Observer, Vector, observer_for

StepPolicy = Callable[[Vector, Mask], int]


def playable(mask: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """``mask`` with every row that has no legal step made all legal: a masked softmax or
    argmax over it never divides by zero. Such a row comes from a finished deal (a Gymnasium
    vector environment's step before its autoreset, docs/research.md); its action is ignored."""
    mask = np.asarray(mask)
    empty = ~mask.astype(bool).any(axis=-1, keepdims=True)
    return np.where(empty, np.ones_like(mask), mask)


def masked_argmax(logits: Any, mask: Mask) -> int:
    """The legal step with the highest logit (a PyTorch or JAX array, or anything numpy reads)."""
    if hasattr(logits, "detach"):  # a PyTorch tensor that may require grad
        logits = logits.detach().cpu()
    values = np.asarray(logits, dtype=np.float64).reshape(-1)
    return int(np.argmax(np.where(playable(mask).astype(bool), values, -np.inf)))


def from_logits(network: Callable[[Vector], Any]) -> StepPolicy:
    """A greedy step policy from a network ``observation -> logits`` (PyTorch, JAX, numpy)."""
    return lambda obs, mask: masked_argmax(network(obs), mask)


def from_sb3(model: Any, *, deterministic: bool = True) -> StepPolicy:
    """A step policy from an SB3 model: sb3-contrib's ``MaskablePPO`` is given the mask; a
    model that takes none has its choice checked, and an illegal one replaced by the first
    legal step."""

    def act(obs: Vector, mask: Mask) -> int:
        try:
            step = model.predict(obs, action_masks=mask, deterministic=deterministic)[0]
        except TypeError:  # a model without action masking
            step = model.predict(obs, deterministic=deterministic)[0]
        step = int(step)
        return step if mask[step] else int(np.flatnonzero(mask)[0])

    return act


class _Legal:
    """Just enough of a state for an encoding's decision: the legal action ids."""

    is_over = False

    def __init__(self, ids: list[int]) -> None:
        self._ids = ids

    def legal_action_ids(self) -> list[int]:
        return self._ids


class _Table:
    """What the adapter needs of one table, built once from the first view of it."""

    def __init__(self, game: Game) -> None:
        self.encoding: StepEncoding = encoding_for(game)
        self.observer: Observer = observer_for(game)
        #: Action ids do not depend on the position (any state of the table converts them).
        self.state: State = game.deal(seed=0)


class ArenaPolicy:
    """An arena policy ``(view, legal) -> action`` playing a step policy ``(obs, mask)``."""

    def __init__(self, step_policy: StepPolicy) -> None:
        self.step_policy = step_policy
        self._tables: dict[str, _Table] = {}

    def _table(self, view: dict[str, Any]) -> _Table:
        key = repr((view["game"], view["players"], sorted(view["options"].items())))
        table = self._tables.get(key)
        if table is None:
            game = make_game(view["game"], int(view["players"]), **view["options"])
            table = self._tables[key] = _Table(game)
        return table

    def __call__(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        table = self._table(view)
        by_id = {table.state.action_id(action): action for action in legal}
        decision = table.encoding.decision(_Legal(list(by_id)))  # type: ignore[arg-type]
        while True:
            obs = table.observer.encode(view, decision.prefix)
            chosen = decision.choose(int(self.step_policy(obs, decision.mask())))
            if chosen is not None:
                return by_id[chosen]
