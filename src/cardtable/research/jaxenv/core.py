"""The part of pgx's ``Env`` that every game shares: a state is a frozen dataclass of arrays (a
JAX pytree), and ``step`` wraps a game's own ``_step`` with pgx's conventions, so that code
written for pgx (``state.legal_action_mask``, ``state.rewards``, auto-reset loops) runs unchanged:

- a step on a finished state changes nothing and gives zero rewards;
- an action outside ``legal_action_mask`` ends the game at once: -1 for the player who chose it,
  0 for the others (the Gymnasium environment's ``illegal_reward``), the deal left as it was;
- once terminated, ``legal_action_mask`` is all true (a masked softmax never divides by zero);
- ``observation`` is always the observation of ``current_player``.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from typing import Any, Self, TypeVar

import jax
import jax.numpy as jnp

Array = jax.Array

S = TypeVar("S", bound="State")
T = TypeVar("T", bound="type[State]")


@dataclasses.dataclass(frozen=True)
class State:
    """pgx's state fields; each game's state adds its own (a subclass, registered as a pytree
    with ``pytree``)."""

    current_player: Array
    observation: Array
    rewards: Array
    terminated: Array
    truncated: Array
    legal_action_mask: Array
    _step_count: Array

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes`` (flax.struct's spelling, which pgx code uses)."""
        return dataclasses.replace(self, **changes)


def pytree(cls: T) -> T:
    """Register a state dataclass with JAX: every field is an array leaf."""
    names = [field.name for field in dataclasses.fields(cls)]
    jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])
    return cls


class Env(ABC):
    """A game for batched play. Subclasses give ``_init``, ``_step`` and ``observe``."""

    #: pgx's ``env.id`` and ``env.version``.
    id: str
    version: str = "v0"
    num_players: int
    num_actions: int

    def init(self, key: Array) -> State:
        """A new deal from ``key``; its observation is the first player's."""
        state = self._init(key)
        return state.replace(observation=self.observe(state, state.current_player))

    def step(self, state: State, action: Array, key: Array | None = None) -> State:
        """Play ``action`` for ``state.current_player`` (pgx's rules above). ``key`` is
        accepted for pgx's signature: the deal is random only at ``init``."""
        action = jnp.asarray(action, dtype=jnp.int32)
        illegal = ~state.legal_action_mask[action]
        over = state.terminated | state.truncated
        moved = self._step(state.replace(_step_count=state._step_count + 1), action)
        # Under vmap a cond computes both branches anyway: selecting is as cheap and simpler.
        penalty = jnp.where(
            jnp.arange(self.num_players) == state.current_player, -1.0, 0.0
        ).astype(jnp.float32)
        refused = state.replace(rewards=penalty, terminated=jnp.bool_(True))
        idle = state.replace(rewards=jnp.zeros_like(state.rewards))
        new = select(over, idle, select(illegal, refused, moved))
        new = new.replace(
            legal_action_mask=new.legal_action_mask | new.terminated,
        )
        return new.replace(observation=self.observe(new, new.current_player))

    @abstractmethod
    def _init(self, key: Array) -> State: ...

    @abstractmethod
    def _step(self, state: State, action: Array) -> State: ...

    @abstractmethod
    def observe(self, state: State, player_id: Array) -> Array:
        """What ``player_id`` sees of ``state``, as the research observer's vector."""


def select(condition: Array, if_true: S, if_false: S) -> S:
    """``if_true`` where ``condition`` holds, field by field (a scalar condition per game)."""
    result: S = jax.tree_util.tree_map(
        lambda a, b: jnp.where(condition, a, b), if_true, if_false
    )
    return result


def one_hot(index: Array, size: int) -> Array:
    """A boolean vector (or a row per index) with true at ``index``: compares, no scatter."""
    return jnp.expand_dims(index, -1) == jnp.arange(size)


def deal_hands(deck: Array, players: int, first: Array, size: int) -> Array:
    """``engine.shuffle.deal_round_robin`` on arrays: card i of ``deck`` goes to seat
    ``(first + i) mod players``, so seat s holds cards ``(s - first) mod players + players·j``
    (``players × size`` card ids)."""
    order = (jnp.arange(players) - first) % players
    return deck[order[:, None] + players * jnp.arange(size)[None, :]]


def first_turn(players: int, first: Array, mask: Array, observation_size: int) -> dict[str, Any]:
    """pgx's fields of a state before anyone has played: ``first`` on turn with ``mask``, no
    rewards yet, the observation left empty for ``Env.init`` or a game's ``deal`` to fill."""
    return {
        "current_player": first,
        "observation": jnp.zeros(observation_size, dtype=jnp.float32),
        "rewards": jnp.zeros(players, dtype=jnp.float32),
        "terminated": jnp.bool_(False),
        "truncated": jnp.bool_(False),
        "legal_action_mask": mask,
        "_step_count": jnp.int32(0),
    }
