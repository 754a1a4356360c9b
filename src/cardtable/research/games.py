"""Which games the research adapters play: each needs a step encoding and an observer of its
own, so a game registered without them is refused by name, not with a ``KeyError``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from cardtable.engine.game import Game
from cardtable.errors import UnknownGame
from cardtable.i18n import _

Part = TypeVar("Part")


def part_for(parts: Mapping[str, Part], game: Game) -> Part:
    """``parts[game.name]``; ``UnknownGame`` naming the games the adapters play if it has none."""
    try:
        return parts[game.name]
    except KeyError:
        raise UnknownGame(
            _("the research adapters cannot play {game} yet; they play {games}").format(
                game=game.name, games=", ".join(sorted(parts))
            )
        ) from None
