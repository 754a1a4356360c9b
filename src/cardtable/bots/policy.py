"""A Python policy seated as a bot: ``make_bot("package.module:name", …)``.

A policy is any importable callable ``policy(view, legal) -> action``: the seat's view with
memory and its legal actions (``Action`` values), returning one of them (or its text). That is
what the arena needs to measure a trained agent beside the built-in bots on the same duplicate
deals (``cardtable arena --bots medium,mypackage.agents:policy``); the policy, like every bot,
sees only its own view.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from cardtable.engine.action import Action
from cardtable.engine.bot import Bot
from cardtable.engine.game import Game
from cardtable.errors import IllegalAction, OptionError
from cardtable.i18n import _

Policy = Callable[[dict[str, Any], Sequence[Action]], Action | str]


def is_policy_name(name: str) -> bool:
    """Whether a bot name names a Python policy (``package.module:name``)."""
    return ":" in name


def load(spec: str) -> Policy:
    """The callable named ``package.module:name`` (attributes may be dotted: ``mod:obj.act``)."""
    module_name, _sep, attribute = spec.strip().partition(":")
    if not module_name or not attribute:
        raise OptionError(
            _("a policy is named 'package.module:name', not {value!r}").format(value=spec)
        )
    try:
        found: Any = importlib.import_module(module_name)
        for part in attribute.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as error:
        raise OptionError(
            _("cannot load the policy {value!r}: {error}").format(value=spec, error=error)
        ) from None
    if not callable(found):
        raise OptionError(_("the policy {value!r} is not callable").format(value=spec))
    policy: Policy = found
    return policy


class PolicyBot(Bot):
    """Plays what a Python policy chooses; refuses, saying so, an action that is not legal."""

    name: ClassVar[str] = "policy"

    def __init__(self, game: Game, seat: int, *, seed: int | None = None, spec: str = "") -> None:
        super().__init__(game, seat, seed=seed)
        self.spec = spec
        self.policy = load(spec)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        choice = self.policy(view, legal)
        action = self.game.parse_action(choice) if isinstance(choice, str) else choice
        if action not in legal:
            raise IllegalAction(
                _("the policy {policy} chose {action!r}, which is not legal now").format(
                    policy=self.spec, action=str(action)
                )
            )
        return action

    def __repr__(self) -> str:
        return f"<PolicyBot {self.spec} seat={self.seat}>"
