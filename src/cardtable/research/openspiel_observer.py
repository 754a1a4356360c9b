"""What an OpenSpiel observer of the cardtable games shows (``research/openspiel.py``): the
observation type asked for (``ObservationKind``) and, for it, a seat's tensor and string built
from its view, with the deal's public log and the cards it received for perfect recall.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from cardtable.i18n import _
from cardtable.research.episode import Episode
from cardtable.research.infostate import (
    encode_history,
    history_layout,
    infostate_string,
    public_string,
)
from cardtable.research.observations import Layout

if TYPE_CHECKING:
    from cardtable.research.openspiel import CardtableState, TableSpec


class CardtableObserver:
    """OpenSpiel's ``PyObserver`` of one observation type (``ObservationKind``): a tensor and a
    string per seat, each built from what that type may show."""

    def __init__(self, spec: TableSpec, kind: ObservationKind) -> None:
        self.spec = spec
        self.kind = kind
        size = spec.observer.size
        self.private = private_mask(spec.observer.layout)
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None
        if kind.perfect_recall and not spec.latin:
            # Pontinho: no fixed-size tensor can hold an unbounded history (see ``infostate``).
            self.tensor = None
            self.dict: dict[str, Any] = {}
            return
        extra = history_layout().total if kind.perfect_recall else 0
        self.tensor = np.zeros(size + extra, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if extra:
            layout = history_layout()
            for name, block, _meaning in layout.blocks:
                start = size + layout.offset[name]
                self.dict[name] = self.tensor[start : start + block]

    def set_from(self, state: CardtableState, player: int) -> None:
        tensor = self.tensor
        if tensor is None:
            return
        episode = state.episode
        if episode is None:
            tensor.fill(0.0)
            return
        size = self.spec.observer.size
        public = self.kind.public_only
        tensor[:size] = episode.observe_public() if public else episode.observe(player)
        if self.kind.private_only:
            tensor[:size] *= self.private
        if self.kind.perfect_recall:
            received = None if public else received_cards(episode)[player]
            tensor[size:] = encode_history(episode.log, received)

    def string_from(self, state: CardtableState, player: int) -> str:
        episode = state.episode
        if episode is None:
            return "dealing" if self.kind.public_only else f"seat {player}: dealing"
        if self.kind.public_only:
            return public_string(episode)
        if self.kind.private_only:
            return private_string(episode, player)
        if self.kind.perfect_recall:
            return infostate_string(episode, player)
        data: dict[str, Any] = {"view": episode.view(player)}
        if player == episode.to_move and episode.prefix:
            data["steps"] = list(episode.prefix)
        return json.dumps(data, sort_keys=True)


#: The observation blocks only their seat sees: its cards (Pontinho: and the card held apart for
#: it, PO-9) and the steps it has taken in an action not yet complete.
PRIVATE_BLOCKS = ("hand", "drawn", "chosen_kind", "chosen_items", "chosen_meld")


def private_mask(layout: Layout) -> np.ndarray[Any, np.dtype[np.float32]]:
    """1 over the private blocks of an observation layout, 0 elsewhere."""
    mask = np.zeros(layout.total, np.float32)
    for name, size, _meaning in layout.blocks:
        if name in PRIVATE_BLOCKS:
            start = layout.offset[name]
            mask[start : start + size] = 1.0
    return mask


def private_string(episode: Episode, player: int) -> str:
    """What only ``player`` sees: its cards, and its steps in a pending action."""
    data: dict[str, Any] = {"private": episode.state._private_view(player)}
    if player == episode.to_move and episode.prefix:
        data["steps"] = list(episode.prefix)
    return json.dumps(data, sort_keys=True)


def received_cards(episode: Episode) -> list[list[list[Any]]]:
    assert episode.received is not None, "OpenSpiel episodes are made with recall=True"
    return episode.received


class ObservationKind:
    """What an ``IIGObservationType`` asks for, among what these games offer: the seat's own
    observation (public and its private information), its perfect-recall information state,
    the public observation or public information state (identical for every seat), and the
    private observation (``public_info=False``: the seat's cards and pending steps only, what
    OpenSpiel's factored observations and ``generate_playthrough`` ask for)."""

    def __init__(self, iig_obs_type: Any = None) -> None:
        self.private_only = False
        if iig_obs_type is None:
            self.perfect_recall, self.public_only = False, False
            return
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info:
            if private != pyspiel.PrivateInfoType.SINGLE_PLAYER or iig_obs_type.perfect_recall:
                raise ValueError(
                    _(
                        "an observation type with public_info=False is offered only as the "
                        "private observation: private_info=SINGLE_PLAYER, perfect_recall=False"
                    )
                )
            self.perfect_recall, self.public_only, self.private_only = False, False, True
            return
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                _(
                    "cardtable's OpenSpiel games never show every seat's private cards: "
                    "private_info=ALL_PLAYERS is not offered"
                )
            )
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public_only = private == pyspiel.PrivateInfoType.NONE
