"""A Gymnasium single-agent environment: the agent holds one seat, cardtable bots the others.

``CardtableEnv("punttu", players=2, seat=0, opponents="random")``: the observation is the
agent's ``Observer`` vector (its own view only), an action is one step of the game's
``StepEncoding``, and ``info["action_mask"]`` (also ``env.action_masks()``, the convention of
maskable policies) gives the legal steps. Opponents (``cardtable.research.opponents``) are bots
by level (``random``, ``easy``, ``medium``, ``hard``; ``hard_iterations=`` sets the search's
budget), step policies ``policy(observation, mask) -> step``, or ``SelfPlay(snapshot, every=n)``
(a frozen copy of the learner, refreshed every n resets): one for every other seat or one per
seat. Bots receive their own views with memory, policies their own observations, never the
state; bots are seeded from ``reset``'s seed.

Reward (``reward=``): given when the deal ends, 0 before — ``"win"``: 1 if the agent's side is
among the winners, else 0; ``"points"``: its side's deal points (Pontinho: minus the penalty
points). A step outside the mask ends the episode at once (``terminated``) with
``illegal_reward`` (default -1) and ``info["illegal_action"]`` saying why; the deal itself is
left unchanged. (Gymnasium's own checks and many wrappers sample actions without a mask, so an
exception would break them.) After ``max_steps`` moves of the deal (the agent's steps and the
bots' actions; default ``cardtable.research.episode.default_max_steps(game)``, which only a
Pontinho deal can reach) a deal still running is ``truncated`` with reward 0.

``episode="match"`` (Punttu and Putto): an episode is a whole match of the table's ``deals``
(or to its ``target``); each deal follows the last at once, the reward comes when the match
ends (``"win"``: the agent's side among the match's winners; ``"points"``: its total), and
``info`` gives ``deal`` (its number, from 1) and ``totals``. With ``episode="deal"`` (the
default) the match options are refused, not ignored.

``reset()`` always hands back a deal in which the agent must act: a deal that ends (or is
truncated) before the agent's first decision — a Pontinho bot can go out at once — is dealt
anew from the same seeded stream, and ``info["redeals"]`` counts how many were (0 nearly always).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardtable.engine.game import State
from cardtable.engine.match import Match
from cardtable.errors import CardtableError, IllegalAction, OptionError
from cardtable.games import available
from cardtable.games import game as make_game
from cardtable.i18n import _
from cardtable.research.encodings import encoding_for
from cardtable.research.episode import Episode, max_steps_for, refuse_match_options
from cardtable.research.image import Frame
from cardtable.research.observations import Vector, observer_for
from cardtable.research.opponents import Seat, SelfPlay, StepPolicy, check_opponent, seat_for
from cardtable.research.render_modes import RENDER_MODES, check_render_mode, render_episode
from cardtable.research.rewards import check_reward, seat_reward

#: ``reset`` deals anew at most this many times when deals end before the agent decides.
MAX_REDEALS = 100


class CardtableEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of a cardtable game against bots."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        game: str = "punttu",
        players: int | None = 2,
        *,
        seat: int = 0,
        opponents: str | StepPolicy | SelfPlay | Sequence[str | StepPolicy | SelfPlay] = "random",
        hard_iterations: int | None = None,
        reward: str = "win",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        max_steps: int | None = None,
        episode: str = "deal",
        **options: object,
    ) -> None:
        self.table = make_game(game, players, **options)
        if episode not in ("deal", "match"):
            raise OptionError(
                _("episode must be 'deal' or 'match', not {value!r}").format(value=episode)
            )
        # A match whose deals seat fewer players as they bust (Pontinho's own match class)
        # cannot be followed by a fixed observation.
        seats_change = self.table.match_class() is not Match
        if episode == "deal":
            refuse_match_options(self.table.name, options, matches_offered=not seats_change)
        elif seats_change:
            raise OptionError(
                _(
                    "episode='match' is offered for Punttu and Putto: a Pontinho match deals "
                    "fewer players as they bust (PO-24), which a fixed observation cannot follow"
                )
            )
        self.episode_kind = episode
        #: The match being played, with ``episode="match"``.
        self.match: Match | None = None
        self.max_steps = max_steps_for(self.table, max_steps)
        self.seat = self.table.check_seat(seat)
        others = [s for s in range(self.table.players) if s != self.seat]
        if isinstance(opponents, str | SelfPlay) or callable(opponents):
            specs: list[object] = [opponents] * len(others)
        else:
            specs = list(opponents)
        if len(specs) != len(others):
            raise OptionError(
                _("give one opponent level for all seats or one per other seat ({count})").format(
                    count=len(others)
                )
            )
        for seat_of, spec in zip(others, specs, strict=True):
            check_opponent(spec, self.table, seat_of)  # an unknown level fails here
        if hard_iterations is not None and (
            isinstance(hard_iterations, bool)
            or not isinstance(hard_iterations, int)
            or hard_iterations < 1
        ):
            raise OptionError(
                _("hard_iterations must be a whole number of at least 1, not {value!r}").format(
                    value=hard_iterations
                )
            )
        self.hard_iterations = hard_iterations
        self.opponents: dict[int, object] = dict(zip(others, specs, strict=True))
        self.reward_kind = check_reward(reward)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = check_render_mode(render_mode)
        self.encoding = encoding_for(self.table)
        self.observer = observer_for(self.table)
        self.observation_space = spaces.Box(0.0, 1.0, (self.observer.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.num_steps)
        self.episode: Episode | None = None
        self._bots: dict[int, Seat] = {}
        #: Moves of this deal so far, the agent's steps and the bots' actions alike.
        self._moves = 0
        #: Deals of this episode's reset that ended before the agent had a decision.
        self._redeals = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(2**63 - 1)))
        snapshots: dict[int, StepPolicy] = {}  # one snapshot per SelfPlay per reset
        self._bots = {}
        for seat, spec in self.opponents.items():
            seed = rng.getrandbits(63)
            if isinstance(spec, SelfPlay):
                if id(spec) not in snapshots:
                    snapshots[id(spec)] = spec.on_reset()
                spec = snapshots[id(spec)]
            self._bots[seat] = seat_for(
                spec, self.table, seat, seed=seed, hard_iterations=self.hard_iterations
            )
        # A deal can end before the agent's first decision (a Pontinho bot going out at once):
        # such a deal is no episode, so it is dealt anew, and counted in ``info["redeals"]``.
        for redeals in range(MAX_REDEALS + 1):
            seed, dealer = rng.getrandbits(63), rng.randrange(self.table.players)
            if self.episode_kind == "match":
                self.match = self.table.match(seed=seed, dealer=dealer)
                self._begin(self.match.current)
            else:
                self._begin(self.table.deal(seed=seed, dealer=dealer))
            episode = self.episode
            if episode is not None and episode.to_move == self.seat and not self._truncated:
                self._redeals = redeals
                return self._observation(), self._info()
        raise CardtableError(
            _("{count} deals in a row ended before seat {seat} had a decision").format(
                count=MAX_REDEALS + 1, seat=self.seat
            )
        )

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        episode = self.episode
        if episode is None or episode.is_over or self._truncated:
            raise gymnasium.error.ResetNeeded(_("call reset() before step(): the deal is over"))
        try:
            episode.step(int(action))
        except IllegalAction as error:
            info = self._info()
            info["illegal_action"] = str(error)
            return self._observation(), self.illegal_reward, True, False, info
        self._moves += 1
        self._play_bots()
        reward = 0.0
        over = episode.is_over
        if over and self.match is not None:
            # episode="match": the next deal follows at once, until the match is over.
            while self._deal_over() and not self.match.is_over:
                self._begin(self.match.next_deal())
            over = self.match.is_over
            outcome = self.match.outcome if over else None
        else:
            outcome = episode.state.outcome
        if over:
            assert outcome is not None
            reward = seat_reward(self.table, outcome, self.seat, self.reward_kind)
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, self._truncated, self._info()

    def _deal_over(self) -> bool:
        return self.episode is not None and self.episode.is_over

    def _begin(self, state: State) -> None:
        """Start playing the fresh deal ``state``: the bots play up to the agent's decision."""
        self.episode = Episode(
            self.table, state=state, encoding=self.encoding, observer=self.observer
        )
        self._moves = 0
        self._play_bots()

    @property
    def _truncated(self) -> bool:
        """The deal ran past ``max_steps`` moves without ending (only Pontinho can)."""
        return (
            self.episode is not None
            and not self.episode.is_over
            and (self._moves >= self.max_steps)
        )

    def _play_bots(self) -> None:
        episode = self.episode
        assert episode is not None
        while not episode.is_over and episode.to_move != self.seat and not self._truncated:
            seat = episode.to_move
            assert seat is not None
            self._bots[seat].act(episode, seat)
            self._moves += 1

    def _observation(self) -> Vector:
        assert self.episode is not None
        return self.episode.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": self.action_masks().astype(np.int8),
            "redeals": self._redeals,
        }
        if self.match is not None:
            info["deal"] = len(self.match.deals)
            info["totals"] = list(self.match.totals)
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal steps of the agent now (all False once the deal is over)."""
        assert self.episode is not None, "call reset() first"
        return self.episode.mask(self.seat).astype(bool)

    def render(self) -> str | Frame | None:
        return render_episode(self.episode, self.render_mode)


for _name in available():
    gymnasium.register(
        id=f"cardtable/{_name.capitalize()}-v0",
        entry_point="cardtable.research.gymnasium:CardtableEnv",
        kwargs={"game": _name},
    )
