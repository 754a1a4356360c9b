"""Putto's observation: hand, table, the turned-up cards, the cards gone from play (captured:
seen in the public log or turned up, and no longer on the table), and per side its captured
pile size and sweeps (PT-22). Sides are ordered from the viewer's: own side first."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards.latin import CARD_INDEX
from cardtable.engine.game import Game
from cardtable.research.observations.base import Layout, Observer, Vector


class PuttoObserver(Observer):
    game_name: ClassVar[str] = "putto"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        sides = game.sides
        # Per viewer: the sides in the order of their first seat to play after the viewer.
        self._side_order = [
            sorted(range(len(sides)), key=lambda i: min((s - me) % self.n for s in sides[i]))
            for me in range(self.n)
        ]
        self._partners = [
            [(seat - me) % self.n for seat in sides[game.side_of(me)]] for me in range(self.n)
        ]
        options = game.options
        self._options = [
            float(bool(options.must_capture)),
            float(bool(options.last_play_sweep)),
            float(options.leftover == "last_capturer"),
        ]

    def _layout(self) -> Layout:
        n, k = self.n, len(self.game.sides)
        return Layout(
            [
                ("hand", 40, "1 for each card in the seat's hand (card = suit·10 + rank)"),
                ("table", 40, "cards face up on the table"),
                ("turned_up", 40, "cards turned up on the table at the deal (PT-5)"),
                (
                    "gone",
                    40,
                    "cards seen that are now in a captured pile (log, turned up, not on the table)",
                ),
                ("to_move", n, "relative seat on turn"),
                ("partners", n, "1 for each relative seat on the viewer's side (itself too)"),
                ("hand_sizes", n, "cards in hand per relative seat / 4"),
                ("captured", k, "captured cards per side (own side first) / 40"),
                ("sweeps", k, "sweeps per side (own side first) / 10"),
                ("stock", 1, "cards left in the stock / 40"),
                ("plays", 1, "cards played so far / 40"),
                ("options", 3, "must_capture, last_play_sweep, leftover = last_capturer"),
            ]
        )

    def _fill(
        self, view: Mapping[str, Any], prefix: Sequence[int], obs: Vector, ones: list[int]
    ) -> None:
        at = self.layout.offset
        me = view["seat"]
        n = self.n
        index = CARD_INDEX
        hand = view.get("hand", ())
        table = view["table"]
        turned_up = view["turned_up"]
        ones += [index[card] for card in hand]
        start = at["table"]
        ones += [start + index[card] for card in table]
        start = at["turned_up"]
        ones += [start + index[card] for card in turned_up]
        # "play 7c" / "capture 7c": the card is the last two characters.
        seen = {text[-2:] for _seat, text in view.get("log", ())}
        seen.update(turned_up)
        start = at["gone"]
        ones += [start + index[card] for card in seen.difference(table, hand)]
        if view["to_move"] is not None:
            ones.append(at["to_move"] + (view["to_move"] - me) % n)
        start = at["partners"]
        ones += [start + rel for rel in self._partners[me]]
        # One item at a time: for a few values, faster than a slice from a list.
        start = at["hand_sizes"]
        for seat, size in enumerate(view["hand_sizes"]):
            obs[start + (seat - me) % n] = size / 4
        captured, sweeps = view["captured"], view["sweeps"]
        start_captured, start_sweeps = at["captured"], at["sweeps"]
        for rank, side in enumerate(self._side_order[me]):
            obs[start_captured + rank] = captured[side] / 40
            obs[start_sweeps + rank] = min(sweeps[side] / 10, 1.0)
        obs[at["stock"]] = view["stock"] / 40
        obs[at["plays"]] = view["plays"] / 40
        start = at["options"]
        for i, value in enumerate(self._options):
            obs[start + i] = value
