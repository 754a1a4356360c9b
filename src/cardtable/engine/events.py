"""Events: the frozen record of what one transition did, with its private part kept apart.

``State.apply`` returns the events of the action it applied. The same events feed terminal
play ("seat 2 takes the trick"), and later the server's per-viewer broadcasts: ``Event.view``
gives a viewer exactly the part they may see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Event:
    """``public`` is seen by everyone; ``secret`` only by ``seat`` (e.g. the card a seat drew)."""

    kind: str
    seat: int | None = None
    public: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    secret: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def view(self, viewer: int | None) -> dict[str, Any]:
        """The event as ``viewer`` may see it (``None``: a spectator)."""
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat, **self.public}
        if viewer is not None and viewer == self.seat:
            data.update(self.secret)
        return data


def event(
    kind: str, seat: int | None = None, secret: Mapping[str, Any] | None = None, **public: Any
) -> Event:
    """Build an ``Event`` whose mappings are read-only."""
    return Event(
        kind,
        seat,
        MappingProxyType(public),
        MappingProxyType(dict(secret)) if secret else _EMPTY,
    )
