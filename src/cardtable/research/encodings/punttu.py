"""Punttu's steps: 40, one per card of the Latin deck (step ``c`` = ``play`` card ``c``, with
cards numbered ``suit * 10 + rank`` as in ``cardtable.cards.latin``). PU-11: any card in hand
may be played, so the mask is the hand."""

from __future__ import annotations

from typing import ClassVar

from cardtable.cards.latin import card_text
from cardtable.research.encodings.base import FlatEncoding


class PunttuEncoding(FlatEncoding):
    game_name: ClassVar[str] = "punttu"
    num_steps: ClassVar[int] = 40

    def step_text(self, step: int) -> str:
        return f"play {card_text(step)}"
