"""Fixed step encodings with masks, one small module per game (see ``docs/research.md``)."""

from __future__ import annotations

from cardtable.engine.game import Game
from cardtable.research.encodings.base import Decision, FlatEncoding, Mask, StepEncoding
from cardtable.research.encodings.pontinho import PontinhoEncoding
from cardtable.research.encodings.punttu import PunttuEncoding
from cardtable.research.encodings.putto import PuttoEncoding
from cardtable.research.games import part_for

ENCODINGS: dict[str, type[StepEncoding]] = {
    cls.game_name: cls for cls in (PunttuEncoding, PuttoEncoding, PontinhoEncoding)
}


def encoding_for(game: Game) -> StepEncoding:
    """The step encoding of ``game``'s table."""
    return part_for(ENCODINGS, game)(game)


__all__ = [
    "ENCODINGS",
    "Decision",
    "FlatEncoding",
    "Mask",
    "StepEncoding",
    "encoding_for",
]
