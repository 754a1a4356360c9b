"""Pontinho's fixed integer action ids (for bots, RL masks and the fast path).

Encoding (``num_action_ids`` = 165 359):

========================  =================================================================
id                        action
========================  =================================================================
0                         ``draw``
1                         ``burn``
2                         ``pass``
3 + k                     ``discard K`` for card kind k (0‥52, the joker 52)
56 + i                    ``meld M``: M is meld number i of the global meld table
56 + N + i                ``take M``
56 + 2N + i               ``advance M``
56 + 3N + 105·(m−1) + j   ``layoff m X``: meld number m (1‥36) and item j — a natural kind
                          0‥51, the bare joker ``*`` 52 (sets), or ``*=K`` as 53 + k (runs)
========================  =================================================================

N = 53 841 is the size of the **global meld table**: every distinct meld the whole 108-card deck
can form (``enumerate_melds`` over the deck, its deterministic canonical order), built lazily on
first use (about 0.3 s) and cached. It holds the 13 five-card sets of PO-12's default reading
(four natural suits and a joker), so the ids are the same whatever the table's ``four_suits``;
with ``four_suits=joker_fills`` those 13 melds are never legal. At most 36 melds (108 / 3) can
lie on the table, so the lay-off block has 36 × 105 ids. A lay-off of several cards at once
(accepted by ``apply``) has no id: the fast path lays off one card at a time, which reaches
every lay-off (melds module).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from cardtable.cards.french import (
    FRENCH_DECK,
    FRENCH_KINDS,
    JOKER_AS,
    NATURAL_KINDS,
    JokerAs,
    MeldCard,
)
from cardtable.games.pontinho.melds import Meld, enumerate_melds

DRAW: Final = 0
BURN: Final = 1
PASS: Final = 2
DISCARD: Final = 3
#: Size of the global meld table (checked when it is built).
MELD_COUNT: Final = 53_841
MELD: Final = DISCARD + NATURAL_KINDS + 1  # 56
TAKE: Final = MELD + MELD_COUNT
ADVANCE: Final = TAKE + MELD_COUNT
LAYOFF: Final = ADVANCE + MELD_COUNT
#: Lay-off items per meld: 52 naturals, the bare joker, 52 named jokers.
LAYOFF_ITEMS: Final = 2 * NATURAL_KINDS + 1  # 105
#: At most 36 melds of 3+ cards fit in 108 cards.
MAX_MELDS: Final = len(FRENCH_DECK) // 3
NUM_ACTION_IDS: Final = LAYOFF + MAX_MELDS * LAYOFF_ITEMS


@cache
def meld_table() -> tuple[tuple[Meld, ...], dict[int, int], dict[Meld, int]]:
    """The global meld table, its index by object identity (melds are cached singletons in the
    melds module, so identity is the fast path) and by value (the fallback)."""
    melds = tuple(enumerate_melds(FRENCH_DECK))
    assert len(melds) == MELD_COUNT, len(melds)
    return melds, {id(m): i for i, m in enumerate(melds)}, {m: i for i, m in enumerate(melds)}


def meld_index(meld: Meld) -> int:
    """Index of ``meld`` in the global table."""
    _melds, by_id, by_value = meld_table()
    index = by_id.get(id(meld))
    if index is None or _melds[index] is not meld:
        index = by_value[meld]
    return index


def item_index(item: MeldCard) -> int:
    """Lay-off item number: a natural kind 0‥51, the bare joker 52, ``*=K`` 53 + K."""
    if isinstance(item, JokerAs):
        return NATURAL_KINDS + 1 + int(item.card)
    return int(item)


def item_of(index: int) -> MeldCard:
    """Inverse of ``item_index``."""
    if index <= NATURAL_KINDS:
        return FRENCH_KINDS[index]
    return JOKER_AS[index - NATURAL_KINDS - 1]


def item_kind(index: int) -> int:
    """The kind an item takes from a hand (the joker for ``*`` and ``*=K``)."""
    return index if index <= NATURAL_KINDS else NATURAL_KINDS
