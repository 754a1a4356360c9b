"""Who plays the other seats of the Gymnasium environment: bots, policies, or the learner itself.

- a bot level (``"random"``, ``"easy"``, ``"medium"``, ``"hard"``): a ``cardtable`` bot, given its
  own view with memory and the legal actions (``hard``'s search budget: ``hard_iterations``);
- a **step policy**, any callable ``policy(observation, mask) -> step``: the seat's observation
  vector and legal-step mask, exactly what the agent gets (so a trained agent, a frozen copy of
  it, or ``lambda obs, mask: int(mask.argmax())`` can sit there); a multi-step Pontinho action
  asks it once per step;
- ``SelfPlay(snapshot, every=n)``: self-play — every other seat is played by the step policy that
  ``snapshot()`` returns (a frozen copy of the learner), taken at the first ``reset`` and again
  every ``n`` resets;
- ``load_policy("package.module:name")`` reads a saved policy (any importable callable).

Opponents never see the state: bots get views, policies observations of their own seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.bots.base import Bot, make_bot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.policy import load
from cardtable.engine.game import Game
from cardtable.errors import OptionError
from cardtable.i18n import _
from cardtable.research.encodings import Mask
from cardtable.research.episode import Episode
from cardtable.research.observations import Vector

StepPolicy = Callable[[Vector, Mask], int]


class SelfPlay:
    """The other seats played by a frozen copy of the learner, refreshed on a schedule."""

    def __init__(self, snapshot: Callable[[], StepPolicy], *, every: int = 1) -> None:
        if isinstance(every, bool) or not isinstance(every, int) or every < 1:
            raise OptionError(
                _("every must be a whole number of resets, at least 1, not {value!r}").format(
                    value=every
                )
            )
        self.snapshot = snapshot
        self.every = every
        self.resets = 0
        self.policy: StepPolicy | None = None
        #: How many snapshots were taken (for logs and tests).
        self.refreshes = 0

    def on_reset(self) -> StepPolicy:
        """The policy for this episode: a new snapshot on the first reset and every ``every``."""
        if self.policy is None or self.resets % self.every == 0:
            self.policy = self.snapshot()
            self.refreshes += 1
        self.resets += 1
        return self.policy


def load_policy(spec: str) -> Any:
    """The object named ``package.module:name`` (a saved policy: any importable callable)."""
    return load(spec)


class Seat:
    """One other seat: plays its decisions of an episode, as a bot or through a step policy."""

    def __init__(self, bot: Bot | None = None, policy: StepPolicy | None = None) -> None:
        self.bot = bot
        self.policy = policy

    def act(self, episode: Episode, seat: int) -> None:
        """Make one whole action for ``seat`` (a policy may take several steps for it)."""
        if self.bot is not None:
            action = self.bot.choose(episode.view(seat), episode.state.legal_actions())
            episode.apply(action)
            return
        assert self.policy is not None
        while True:
            step = self.policy(episode.observe(seat), episode.mask(seat))
            if episode.step(int(step)) is not None:
                return


def check_opponent(spec: object, table: Game, seat: int) -> None:
    """Fail now, not at ``reset``, for an unknown bot level or a thing that cannot play."""
    if isinstance(spec, str):
        make_bot(spec, table, seat)
    elif not isinstance(spec, SelfPlay) and not callable(spec):
        raise OptionError(
            _(
                "an opponent is a bot level, a step policy (observation, mask) -> step, or "
                "SelfPlay, not {value!r}"
            ).format(value=type(spec).__name__)
        )


def seat_for(
    spec: object, table: Game, seat: int, *, seed: int, hard_iterations: int | None
) -> Seat:
    """The player of ``seat`` for one episode (``SelfPlay`` resolved by the caller)."""
    if isinstance(spec, str):
        name = spec.strip().lower()
        if hard_iterations is not None and name in ("hard", "ismcts"):
            # A fixed number of iterations and no clock: reproducible, and as cheap as asked.
            bot = ISMCTSBot(table, seat, seed=seed, iterations=hard_iterations, time_limit=None)
            return Seat(bot=bot)
        return Seat(bot=make_bot(spec, table, seat, seed=seed))
    assert callable(spec)
    return Seat(policy=spec)
