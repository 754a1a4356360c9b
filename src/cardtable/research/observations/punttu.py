"""Punttu's observation: the seat's hand, the trick, the cards of earlier tricks (from the
public log: every card played is seen, PU-20), points and counts (PU-22)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards.latin import CARD_INDEX
from cardtable.engine.game import Game
from cardtable.games.punttu.deck import points_in_play
from cardtable.research.observations.base import Layout, Observer, Vector


class PunttuObserver(Observer):
    game_name: ClassVar[str] = "punttu"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._total = points_in_play(game.players, game.options.trim)

    def _layout(self) -> Layout:
        n = self.n
        return Layout(
            [
                ("hand", 40, "1 for each card in the seat's hand (card = suit·10 + rank)"),
                (
                    "trick",
                    40 * n,
                    "the current trick: 40 per relative seat, 1 for the card it played",
                ),
                ("played", 40, "cards of the tricks already taken (from the public log)"),
                ("removed", 40, "cards taken out of the deck for this player count (PU-6)"),
                ("winning", n, "relative seat whose card takes the trick as it lies"),
                ("leader", n, "relative seat that led the trick"),
                ("to_move", n, "relative seat on turn"),
                ("points", n, "card points won per relative seat / points in play"),
                ("hand_sizes", n, "cards in hand per relative seat / 3"),
                ("stock", 1, "cards left in the stock / 40"),
                ("tricks", 1, "tricks played / tricks in the deal"),
            ]
        )

    def _fill(
        self, view: Mapping[str, Any], prefix: Sequence[int], obs: Vector, ones: list[int]
    ) -> None:
        at = self.layout.offset
        me = view["seat"]
        n = self.n
        index = CARD_INDEX
        ones += [index[card] for card in view.get("hand", ())]
        trick = at["trick"]
        in_trick = set()
        for seat, card in view["trick"]:
            ones.append(trick + 40 * ((seat - me) % n) + index[card])
            in_trick.add(card)
        played = at["played"]
        # "play Ko": the card is the text after "play ".
        taken = {text[5:] for _seat, text in view.get("log", ())}.difference(in_trick)
        ones += [played + index[card] for card in taken]
        removed = at["removed"]
        ones += [removed + index[card] for card in view["removed"]]
        if view["winning"] is not None:
            ones.append(at["winning"] + (view["winning"][0] - me) % n)
        ones.append(at["leader"] + (view["leader"] - me) % n)
        if view["to_move"] is not None:
            ones.append(at["to_move"] + (view["to_move"] - me) % n)
        total = self._total
        points, sizes = view["points"], view["hand_sizes"]
        start_points, start_sizes = at["points"], at["hand_sizes"]
        # One item at a time: for a few values, faster than a slice from a list.
        for seat in range(n):
            rel = (seat - me) % n
            obs[start_points + rel] = points[seat] / total
            obs[start_sizes + rel] = sizes[seat] / 3
        obs[at["stock"]] = view["stock"] / 40
        obs[at["tricks"]] = view["tricks_played"] / view["tricks_total"]
