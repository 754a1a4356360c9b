"""What a seat cannot see, in the games whose hidden cards are other hands and the stock.

Punttu, Putto and Pontinho hide the same things — the other players' hands and the stock's
order — so the redeal that ISMCTS and the view tests need is written once here.
"""

from __future__ import annotations

import random
from collections.abc import Callable


def redeal_unseen(hands: list[list[int]], stock: list[int], seat: int, rng: random.Random) -> None:
    """Shuffle every card ``seat`` cannot see (other hands, the stock) back into those places, in
    place, keeping each hand's size and the stock's. Cards are exchangeable only where play
    reveals nothing about what a hand lacks; a game with such inferences needs its own sampler.
    """
    pool = [c for s, hand in enumerate(hands) if s != seat for c in hand] + stock
    rng.shuffle(pool)
    for s, hand in enumerate(hands):
        if s != seat:
            size = len(hand)
            hands[s] = pool[:size]
            del pool[:size]
    stock[:] = pool


def unseen_texts(
    hands: list[list[int]], stock: list[int], seat: int, text: Callable[[int], str]
) -> list[str]:
    """Notation of the cards ``seat`` cannot see: the other hands and the stock."""
    return [text(c) for s, hand in enumerate(hands) if s != seat for c in hand] + [
        text(c) for c in stock
    ]
