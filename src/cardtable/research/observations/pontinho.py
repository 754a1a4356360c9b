"""Pontinho's observation: hand and held-apart card, the discard pile, the burned card, every
meld on the table item by item with its owner, counts, the phase and claim (PO-27), and the
steps the seat has already taken in its current multi-step action."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards.french import KIND_INDEX, KINDS, JokerAs, parse_meld_cards
from cardtable.games.pontinho import actions as ids
from cardtable.research.encodings import pontinho as steps
from cardtable.research.observations.base import Layout, Observer, Vector

ITEMS = ids.LAYOFF_ITEMS  # 105
MELDS = ids.MAX_MELDS  # 36
PHASES = ("draw", "first_drawn", "claim", "main", "over")

#: Meld text → its item numbers (a deal shows the same melds over and over).
_MELD_ITEMS: dict[str, tuple[int, ...]] = {}


def meld_items(text: str) -> tuple[int, ...]:
    items = _MELD_ITEMS.get(text)
    if items is None:
        items = _MELD_ITEMS[text] = tuple(
            ids.item_index(item) if isinstance(item, JokerAs) else int(item)
            for item in parse_meld_cards(text)
        )
    return items


class PontinhoObserver(Observer):
    game_name: ClassVar[str] = "pontinho"

    def _layout(self) -> Layout:
        n = self.n
        return Layout(
            [
                ("hand", KINDS, "cards of each kind in hand / 4 (kind = suit·13 + rank, 52 joker)"),
                ("drawn", KINDS, "the first draw held apart, seen by its owner only (PO-9)"),
                ("discard_top", KINDS, "the top discard"),
                ("discard_pile", KINDS, "cards of each kind in the discard pile / 4"),
                ("burned", KINDS, "the burned card (PO-10)"),
                (
                    "melds",
                    MELDS * ITEMS,
                    "meld number m (1‥36): 105 item counts / 2 "
                    "(natural kind, bare joker 52, joker standing for kind k 53 + k)",
                ),
                ("meld_owner", MELDS * n, "meld number m: its owner's relative seat"),
                ("melded", n, "relative seats that laid a meld of their own this deal (PO-16)"),
                ("hand_sizes", n, "cards in hand per relative seat / 27"),
                ("to_move", n, "relative seat whose decision is pending"),
                ("turn", n, "relative seat whose turn it is (differs from to_move in a claim)"),
                ("first_player", n, "relative seat of the deal's first player (PO-5)"),
                ("discarded_by", n, "relative seat that discarded the top card"),
                ("phase", len(PHASES), "draw, first_drawn, claim, main, over"),
                (
                    "flags",
                    4,
                    "top discard advanceable, burn still open, a card held apart, "
                    "the viewer is asked to advance",
                ),
                ("stock", 1, "cards in the stock / 108"),
                ("rebuilds", 1, "stock rebuilds so far / 10 (at most 1)"),
                ("options", 1, "figure_points = 10"),
                (
                    "chosen_kind",
                    4,
                    "steps taken so far in this action: take, advance, meld, layoff started",
                ),
                ("chosen_items", ITEMS, "steps taken so far: meld items picked / 2"),
                ("chosen_meld", MELDS, "steps taken so far: the meld number to lay off on"),
            ]
        )

    def _fill(
        self, view: Mapping[str, Any], prefix: Sequence[int], obs: Vector, ones: list[int]
    ) -> None:
        at = self.layout.offset
        me = view["seat"]
        n = self.n
        index = KIND_INDEX
        for card in view.get("hand", ()):
            obs[index[card]] += 0.25
        drawn = view.get("drawn")
        if drawn is not None:
            obs[at["drawn"] + index[drawn]] = 1.0
        discard = view["discard"]
        if discard:
            obs[at["discard_top"] + index[discard[-1]]] = 1.0
            pile = at["discard_pile"]
            for card in discard:
                obs[pile + index[card]] += 0.25
        if view["burned"] is not None:
            obs[at["burned"] + index[view["burned"]]] = 1.0
        melds, owners = at["melds"], at["meld_owner"]
        for number, meld in enumerate(view["melds"]):
            base = melds + ITEMS * number
            for item in meld_items(meld["cards"]):
                obs[base + item] += 0.5
            obs[owners + n * number + (meld["owner"] - me) % n] = 1.0
        for seat in range(n):
            rel = (seat - me) % n
            obs[at["melded"] + rel] = float(view["melded"][seat])
            obs[at["hand_sizes"] + rel] = min(view["hand_sizes"][seat] / 27, 1.0)
        for key in ("to_move", "turn", "first_player", "discarded_by"):
            seat = view[key]
            if seat is not None:
                obs[at[key] + (seat - me) % n] = 1.0
        obs[at["phase"] + PHASES.index(view["phase"])] = 1.0
        flags = at["flags"]
        obs[flags] = float(view["advanceable"])
        obs[flags + 1] = float(view["burn_open"])
        obs[flags + 2] = float(view["held_apart"])
        claim = view["claim"]
        obs[flags + 3] = float(claim is not None and claim["asked"] == me)
        obs[at["stock"]] = view["stock"] / 108
        obs[at["rebuilds"]] = min(view["stock_rebuilds"] / 10, 1.0)
        obs[at["options"]] = float(self.game.options.figure_points == "10")
        for step in prefix:
            if steps.TAKE <= step < steps.ITEM:
                obs[at["chosen_kind"] + step - steps.TAKE] = 1.0
            elif steps.ITEM <= step < steps.NUMBER:
                obs[at["chosen_items"] + step - steps.ITEM] += 0.5
            elif steps.NUMBER <= step < steps.COMMIT:
                obs[at["chosen_meld"] + step - steps.NUMBER] = 1.0
