"""A game state's fields, declared once: its ``__slots__``, its ``clone`` and its sampler's copy.

Each game's state lists its own fields in one ``Fields`` value, by how a copy treats them:
``nested`` (lists of lists: a new list of new lists), ``lists`` (a new list) and ``values``
(shared: numbers, ``None``, booleans, enums, tuples and other values never changed in place).
From it come the class's ``__slots__`` (with ``State``'s own fields first), its ``clone`` and its
``public_copy``: the fields a view shows, every field but ``hidden`` (the ones a sampler deals
anew). A field added to a state is so copied by ``clone`` and by its sampler without either being
touched.

The copies are generated as straight-line functions (as ``dataclasses`` writes ``__init__``):
they sit in the hard bot's inner loop, one sample per search iteration, and a loop of
``getattr``/``setattr`` over the names took half as long again as the straight-line copy
(figures: docs/architecture.md, "A state's fields").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: ``State``'s own fields, which every state has and ``State._bare_clone`` copies.
BASE_SLOTS: tuple[str, ...] = ("game", "dealer", "seed", "_dealt", "history", "n")


@dataclass(frozen=True, kw_only=True, slots=True)
class Fields:
    """One state class's own fields (``State``'s aside), each named once, by how it is copied;
    ``hidden`` names those of them that a sampler deals anew (they also appear in their kind)."""

    nested: tuple[str, ...] = ()
    lists: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        names = self.own
        if not all(name.isidentifier() for name in names):
            raise ValueError(f"a field name is not an identifier: {names}")
        if len(set(names)) != len(names):
            raise ValueError(f"a field is named twice: {names}")
        if clash := set(names) & set(BASE_SLOTS):
            raise ValueError(f"{sorted(clash)} are State's own fields")
        if stray := set(self.hidden) - set(names):
            raise ValueError(f"hidden fields {sorted(stray)} are not among the fields")

    @property
    def own(self) -> tuple[str, ...]:
        """The class's own fields, in declaration order: nested, lists, values."""
        return (*self.nested, *self.lists, *self.values)

    @property
    def slots(self) -> tuple[str, ...]:
        """The class's ``__slots__``: ``State``'s fields, then its own."""
        return (*BASE_SLOTS, *self.own)

    def copier(self, *, skip: tuple[str, ...] = ()) -> Callable[[Any], Any]:
        """``state -> copy``: ``State._bare_clone`` (the base fields), then every own field but
        ``skip``, each as its kind says."""
        lines = ["def copy(self):", "    other = self._bare_clone()"]
        for name in self.nested:
            if name not in skip:
                lines.append(f"    other.{name} = [list(x) for x in self.{name}]")
        for name in self.lists:
            if name not in skip:
                lines.append(f"    other.{name} = list(self.{name})")
        for name in self.values:
            if name not in skip:
                lines.append(f"    other.{name} = self.{name}")
        lines.append("    return other")
        namespace: dict[str, Any] = {}
        exec("\n".join(lines), namespace)  # noqa: S102 - built from identifiers checked above
        function: Callable[[Any], Any] = namespace["copy"]
        return function
