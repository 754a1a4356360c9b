"""Putto's cards: card points and the sorting order (PT-1, PT-2)."""

from __future__ import annotations

from cardtable.cards.latin import LATIN_DECK

#: PT-2: ace 11, three 10, king 4, queen 3, jack 2; 7, 6, 5, 4 and 2 nothing.
_POINTS_BY_RANK = {0: 11, 2: 10, 9: 4, 8: 3, 7: 2}
CARD_POINTS: tuple[int, ...] = tuple(_POINTS_BY_RANK.get(card.rank, 0) for card in LATIN_DECK)
assert sum(CARD_POINTS) == 120 and all(
    sum(CARD_POINTS[s * 10 : s * 10 + 10]) == 30 for s in range(4)
)

#: The card points as the texts state them (rules sheet, terminal help), read off the table
#: above so that no text restates a number: a rank's name → its points; ``rest``: the others.
RANK_POINTS: dict[str, int] = {
    name: CARD_POINTS[rank] for name, rank in
    (("ace", 0), ("three", 2), ("king", 9), ("queen", 8), ("jack", 7), ("rest", 6))
}
SUIT_POINTS = sum(CARD_POINTS[:10])
PACK_POINTS = sum(CARD_POINTS)

#: PT-1: ace, king, queen, jack, 7 … 2, highest first. Only for sorting: captures go by rank.
RANK_ORDER = (0, 9, 8, 7, 6, 5, 4, 3, 2, 1)
SORT_KEY: tuple[int, ...] = tuple(
    card.suit * 10 + RANK_ORDER.index(card.rank) for card in LATIN_DECK
)

HAND_SIZE = 4  # PT-5
SWEEP_POINTS = 3  # PT-12
