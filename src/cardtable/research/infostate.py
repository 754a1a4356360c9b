"""Perfect-recall information states: a seat's observation plus its history, in order.

OpenSpiel's algorithms that key on information states (the CFR family, ISMCTS) assume perfect
recall: two different histories of a seat — what it saw and did, in order — never share an
information state. A seat's view with memory holds the public log in order, but its hand only as
it is now, so two deals that differ only in the order of the seat's own draws could meet again.
The information state adds what the seat received, in order (``Episode.received``: after how
many actions, which cards).

- The string (every game): the view with memory, the steps taken in a pending action, and
  ``received``.
- The tensor (Punttu and Putto, whose deals are at most 40 actions): the observation, then one
  block per action of the deal (the card, and whether it captured) and one per moment a seat
  can receive cards (dealt, or after action k): the cards received then. Pontinho deals have no
  length bound (PO-8), so a fixed-size tensor cannot hold their history: Pontinho provides the
  string only.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from cardtable.cards.latin import CARD_INDEX
from cardtable.research.episode import Episode
from cardtable.research.observations import Layout, Vector

#: A Punttu or Putto deal has at most 40 actions, one per card.
LATIN_ACTIONS = 40


def history_layout() -> Layout:
    """The blocks the perfect-recall tensor adds after the observation (Latin-deck games)."""
    return Layout(
        [
            (
                "actions",
                LATIN_ACTIONS * 41,
                "action k of the deal (k < 40): 40 for its card, 1 if it captured (Putto)",
            ),
            (
                "received",
                (LATIN_ACTIONS + 1) * 40,
                "cards the seat received after k actions (k = 0: its first hand)",
            ),
        ]
    )


def encode_history(
    log: Sequence[Sequence[Any]], received: Sequence[Sequence[Any]] | None
) -> Vector:
    """The history blocks of ``history_layout`` (``received=None``: the public part only)."""
    layout = history_layout()
    out = np.zeros(layout.total, dtype=np.float32)
    start = layout.offset["received"]
    for k, (_seat, text) in enumerate(log[:LATIN_ACTIONS]):
        # "play Ko" / "capture 7c": the card is the last two characters.
        out[41 * k + CARD_INDEX[text[-2:]]] = 1.0
        if text.startswith("capture"):
            out[41 * k + 40] = 1.0
    for at, cards in received or ():
        if at <= LATIN_ACTIONS:
            for card in cards:
                out[start + 40 * at + CARD_INDEX[card]] = 1.0
    return out


def infostate_string(episode: Episode, seat: int) -> str:
    """The seat's information state as text: its view with memory, its pending steps, and
    everything it received, in order."""
    data: dict[str, Any] = {"view": episode.view(seat)}
    if seat == episode.to_move and episode.prefix:
        data["steps"] = list(episode.prefix)
    assert episode.received is not None, "an information state needs Episode(recall=True)"
    data["received"] = episode.received[seat]
    return json.dumps(data, sort_keys=True)


def public_string(episode: Episode) -> str:
    """What every seat sees alike, as text: the spectator's view with the public log (the same
    for every seat, and perfect recall of the public information)."""
    return json.dumps({"view": episode.public_view()}, sort_keys=True)
