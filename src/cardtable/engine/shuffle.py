"""The engine's one shuffle: every deal of every game is shuffled here, from a seeded RNG.

Fisher–Yates driven by a single wide random integer (its digits in the factorial number
system), which is about three times faster than ``random.shuffle`` for a deck and, like it,
gives the same order for the same seed on every machine and Python version. The integer has 64
bits more than log2(n!) needs, so the bias from the modulo is below 2**-64.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import TypeVar

T = TypeVar("T")


@cache
def _bits(n: int) -> int:
    return math.ceil(math.lgamma(n + 1) / math.log(2)) + 64 if n > 1 else 0


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place, uniformly (to within 2**-64), reproducibly from ``rng``."""
    n = len(items)
    if n < 2:
        return
    r = rng.getrandbits(_bits(n))
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        items[i], items[j] = items[j], items[i]


def deal_round_robin(deck: list[T], players: int, first: int, size: int) -> list[list[T]]:
    """Deal ``size`` cards to each of ``players``, one at a time from the top (``deck[0]``),
    starting with seat ``first`` — how every game here deals its hands."""
    hands: list[list[T]] = [[] for _ in range(players)]
    for index in range(size * players):
        hands[(first + index) % players].append(deck[index])
    return hands
