"""Putto's steps: 80 — step ``c`` plays card ``c`` onto the table, step ``40 + c`` captures with
it (PT-9, PT-10; cards numbered ``suit * 10 + rank``). The mask allows a capture only when a
table card has the card's rank, and with ``must_capture`` forbids the plain play then (PT-11):
all of it read from the engine's ``legal_action_ids``."""

from __future__ import annotations

from typing import ClassVar

from cardtable.cards.latin import card_text
from cardtable.research.encodings.base import FlatEncoding

CAPTURE = 40


class PuttoEncoding(FlatEncoding):
    game_name: ClassVar[str] = "putto"
    num_steps: ClassVar[int] = 80

    def step_text(self, step: int) -> str:
        kind = "capture" if step >= CAPTURE else "play"
        return f"{kind} {card_text(step % CAPTURE)}"
