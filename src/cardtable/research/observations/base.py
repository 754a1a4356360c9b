"""Observation tensors built from one seat's view, and their documented layouts.

An observation is a flat ``float32`` vector made of named blocks (``Layout``); every value lies in
[0, 1]. It is computed from ``view`` — the seat's ``state.view(seat, memory=True)`` — and
nothing else (Pontinho adds the steps the seat has taken so far in its own decision), so it can
hold only what the seat may know. Seats are relative to the viewer: in every per-seat block,
entry 0 is the viewer, entry 1 the next seat in the order of play, and so on (Hanabi LE's
habit), so one policy serves every seat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from cardtable.engine.game import Game
from cardtable.i18n import _

Vector = npt.NDArray[np.float32]


class Layout:
    """Named blocks of a flat vector: ``offset[name]`` and ``size[name]``, in order."""

    def __init__(self, blocks: Sequence[tuple[str, int, str]]) -> None:
        self.blocks = tuple(blocks)
        self.offset: dict[str, int] = {}
        self.size: dict[str, int] = {}
        position = 0
        for name, size, _meaning in self.blocks:
            self.offset[name] = position
            self.size[name] = size
            position += size
        self.total = position

    def table(self) -> str:
        """The layout as a Markdown table (for docs/research.md)."""
        rows = ["| block | offset | size | meaning |", "| --- | --- | --- | --- |"]
        rows += [
            f"| `{name}` | {self.offset[name]} | {size} | {meaning} |"
            for name, size, meaning in self.blocks
        ]
        return "\n".join(rows)


class Observer(ABC):
    """Turns one seat's view into its observation vector, for one table."""

    game_name: ClassVar[str]

    def __init__(self, game: Game) -> None:
        if game.name != self.game_name:
            raise ValueError(
                _("this observer is for {game}, not {other}").format(
                    game=self.game_name, other=game.name
                )
            )
        self.game = game
        self.n = game.players
        self.layout = self._layout()

    @property
    def size(self) -> int:
        return self.layout.total

    @abstractmethod
    def _layout(self) -> Layout: ...

    def encode(self, view: Mapping[str, Any], prefix: Sequence[int] = ()) -> Vector:
        """The observation of the seat whose view (with memory) ``view`` is. ``prefix``: the
        steps this seat has taken so far in its current decision (multi-step encodings)."""
        obs = self.zeros()
        ones: list[int] = []
        self._fill(view, prefix, obs, ones)
        for i in ones:
            obs[i] = 1.0
        return obs

    def encode_batch(
        self, views: Sequence[Mapping[str, Any]], prefixes: Sequence[Sequence[int]] | None = None
    ) -> npt.NDArray[np.float32]:
        """The observations of many views at once, as one ``(len(views), size)`` array: row i
        equals ``encode(views[i], prefixes[i])``. The rows are filled in place and every 1 of
        the batch is set by one vectorised assignment (the per-step path sets them one by one),
        so a batch costs less per view than stacking ``encode`` calls."""
        count = len(views)
        size = self.layout.total
        out = np.zeros((count, size), dtype=np.float32)
        flat: list[int] = []
        for row, view in enumerate(views):
            ones: list[int] = []
            self._fill(view, () if prefixes is None else prefixes[row], out[row], ones)
            base = row * size
            flat += [base + i for i in ones]
        out.reshape(-1)[flat] = 1.0
        return out

    @abstractmethod
    def _fill(
        self, view: Mapping[str, Any], prefix: Sequence[int], obs: Vector, ones: list[int]
    ) -> None:
        """Write the observation of ``view`` into ``obs`` (all zero on entry): the values other
        than 1 directly, and the offsets that are 1 appended to ``ones`` (set by the caller)."""

    def relative(self, viewer: int, seat: int) -> int:
        """Position of ``seat`` seen from ``viewer``: 0 itself, 1 the next to play, …"""
        return (seat - viewer) % self.n

    def zeros(self) -> Vector:
        return np.zeros(self.layout.total, dtype=np.float32)
