"""Pontinho's process-global memo tables: answers about melds and hands, remembered.

None of this is a rule: each function gives exactly what the ``melds`` module (or ``str``)
would, only remembered, because a search asks the same few questions millions of times — the
lay-offs a meld on the table takes, the melds of the hands of the position it searches from, the
text of a meld in a view. They live here, not in the deal's state, so that a state is its rules'
data and nothing else, and so that every state of the process shares them.

Keys. The lay-off and text tables are keyed by ``id()`` of the ``Meld``: melds are cached
singletons of the melds module (at most the 53 841 the deck can form, PO-1's four jokers keep
every run cacheable), so a meld's id names it, and looking an id up costs far less than hashing
the dataclass. An entry keeps a reference to the meld(s) of its key, so while the entry exists
no other object can be given the same id: an id found in a table is the meld it was stored
for. The hand tables are keyed by the sorted hand.

Bounds. The tables keyed by melds can hold at most one entry per meld (and reading, and item),
so they stay small; the tables keyed by hands or by the melds on the table are cleared whenever
they reach ``CACHE_LIMIT`` entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardtable.cards.french import NATURAL_KINDS, MeldCard
from cardtable.games.pontinho.actions import (
    LAYOFF,
    LAYOFF_ITEMS,
    MELD,
    item_index,
    item_kind,
    meld_index,
)
from cardtable.games.pontinho.melds import (
    FourSuits,
    Meld,
    enumerate_melds,
    enumerate_melds_with,
    lay_off,
    layoff_options,
)

#: Entries a table keyed by hands (or by the melds on the table) holds before it is cleared.
CACHE_LIMIT: Final = 50_000

#: PO-12's two readings by "may a set hold four natural suits and a joker?" (``four_suits``).
READINGS: Final = {True: FourSuits.WITH_JOKER, False: FourSuits.JOKER_FILLS}

_JOKER = NATURAL_KINDS

_LAYOFF_ITEMS: dict[tuple[int, bool], tuple[Meld, tuple[tuple[int, int], ...]]] = {}
_LAID: dict[tuple[int, int, bool], tuple[Meld, Meld]] = {}
_TEXT: dict[int, tuple[Meld, str]] = {}
_MELD_IDS: dict[tuple[tuple[int, ...], bool], list[int]] = {}
_MELDS_WITH: dict[tuple[tuple[int, ...], int, bool], list[tuple[int, int]]] = {}
_TABLE: dict[tuple[object, ...], tuple[tuple[Meld, ...], tuple[int, tuple[int, ...]]]] = {}


def layoff_items(meld: Meld, five: bool = True) -> tuple[tuple[int, int], ...]:
    """``layoff_options(meld)`` as (lay-off item number, kind it takes from a hand) pairs;
    ``five``: the table's reading of PO-12 allows the five-card set."""
    key = (id(meld), five)
    entry = _LAYOFF_ITEMS.get(key)
    if entry is None:
        options = layoff_options(meld, READINGS[five])
        items = tuple((index, item_kind(index)) for index in map(item_index, options))
        entry = _LAYOFF_ITEMS[key] = (meld, items)
    return entry[1]


def lay_off_one(meld: Meld, item: MeldCard, five: bool = True) -> Meld:
    """``lay_off(meld, (item,))``: searches lay off one card at a time, over and over."""
    key = (id(meld), item_index(item), five)
    entry = _LAID.get(key)
    if entry is None:
        entry = _LAID[key] = (meld, lay_off(meld, (item,), READINGS[five]))
    return entry[1]


def meld_text(meld: Meld) -> str:
    """``str(meld)``: views print the melds on the table at every step."""
    entry = _TEXT.get(id(meld))
    if entry is None:
        entry = _TEXT[id(meld)] = (meld, str(meld))
    return entry[1]


def meld_ids(hand: Sequence[int], five: bool = True) -> list[int]:
    """The ``meld`` action ids of ``enumerate_melds(hand)``, in its order. Read-only."""
    key = (tuple(sorted(hand)), five)
    ids = _MELD_IDS.get(key)
    if ids is None:
        if len(_MELD_IDS) >= CACHE_LIMIT:
            _MELD_IDS.clear()
        melds = enumerate_melds(hand, READINGS[five])
        ids = _MELD_IDS[key] = [MELD + meld_index(m) for m in melds]
    return ids


def melds_with(hand: Sequence[int], top: int, five: bool = True) -> list[tuple[int, int]]:
    """(meld table index, length) of ``enumerate_melds_with(hand, top)``, in its order.
    Read-only."""
    key = (tuple(sorted(hand)), top, five)
    found = _MELDS_WITH.get(key)
    if found is None:
        if len(_MELDS_WITH) >= CACHE_LIMIT:
            _MELDS_WITH.clear()
        found = _MELDS_WITH[key] = [
            (meld_index(m), len(m)) for m in enumerate_melds_with(hand, top, READINGS[five])
        ]
    return found


def table_layoffs(melds: Sequence[Meld], five: bool = True) -> tuple[int, tuple[int, ...]]:
    """Where cards lay off on the table ``melds`` (PO-16): the natural kinds that fit some meld,
    as bits, and per kind the ``layoff`` action id on the first meld that takes it (for the
    joker, its first item there: ``*`` or ``*=X``), -1 where none does."""
    key = (*map(id, melds), five)
    entry = _TABLE.get(key)
    if entry is None:
        if len(_TABLE) >= CACHE_LIMIT:
            _TABLE.clear()
        entry = _TABLE[key] = (tuple(melds), _table_layoffs(melds, five))
    return entry[1]


def _table_layoffs(melds: Sequence[Meld], five: bool = True) -> tuple[int, tuple[int, ...]]:
    ids = [-1] * (NATURAL_KINDS + 1)
    fits = 0
    base = LAYOFF
    for meld in melds:
        for item, kind in layoff_items(meld, five):
            if ids[kind] < 0:
                ids[kind] = base + item
                if kind != _JOKER:
                    fits |= 1 << kind
        base += LAYOFF_ITEMS
    return fits, tuple(ids)
