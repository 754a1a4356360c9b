"""Pontinho's melds (PO-11 … PO-16): validation, lay-offs and enumeration, all in one place.

One package, one job a module: ``meld`` (the ``Meld`` value, its kinds, PO-12's two readings
and the cache of built melds), ``reading`` (written cards to a valid meld, with the reasons a
meld is refused), ``layoffs`` (PO-16) and ``enumeration`` (every meld a hand can lay). Import
from the package; its names below are the whole API.

A meld is a **set** (trinca, PO-12) or a **run** (sequência, PO-13); jokers are wild (PO-11) but a
meld holds at least one natural card (PO-14). Everything that needs to know whether cards form a
meld — the game state, legal-action generation, bots, hints — asks this module.

Notation (DESIGN.md): in a set a joker is a bare ``*`` (``Ks Kh Kd *``); in a run it names the
card it stands for (``9h *=Th Jh``). Canonical text lists a set's natural cards in suit order
(``s h d c``) then its jokers, and a run's cards from low to high.

How written melds are read (bare jokers, the order of writing, the ace low or high) is in
``reading``; run positions (0 the low ace … 13 the high ace) in ``meld``.

Sets and the table option ``four_suits`` (PO-12): a set's natural cards are of different suits
and each joker takes a missing suit's place, so a set has 3 or 4 cards. With the default
``with_joker`` (the source's examples: "KKKK — os quatro naipes, com coringa" is valid, "os 4
naipes sem coringa" is not) all four natural suits are allowed too, together with exactly one
joker: K♠ K♥ K♦ K♣ + joker, 5 cards. With ``joker_fills`` (the project's earlier reading) at most
three suits are natural and a set never has more than 4 cards. Every function that decides
whether cards form a set takes ``four_suits``; its default is the table option's default.
Reading a meld's text (``make_meld``) without a reading accepts both, so a table's state checks
a written meld against its own reading with ``check_reading``.

Lay-offs (PO-16): ``lay_off(meld, cards)`` grows a meld or raises ``MeldError``;
``layoff_options(meld)``, the single items that fit, is enough for legal-action generation
(``layoffs``). Enumeration: ``enumerate_melds(hand)`` lists every distinct meld a hand can lay,
``enumerate_melds_with(hand, card)`` those with the top discard (PO-7, PO-17), with their bounds
and costs in ``enumeration``; built melds are cached, so a bot's inner loop allocates none.

>>> str(parse_meld("Jh 9h *=Th"))
'9h *=Th Jh'
>>> str(parse_meld("Kd * Ks Kh"))
'Ks Kh Kd *'
>>> str(lay_off(parse_meld("Qs Ks *"), "Js"))
'Js Qs Ks *=As'
>>> str(lay_off(parse_meld("Ks Kh Kd *"), "Kc"))
'Ks Kh Kd Kc *'
"""

from __future__ import annotations

from cardtable.games.pontinho.melds.enumeration import (
    enumerate_melds,
    enumerate_melds_with,
    hand_counts,
    has_meld,
    has_meld_with,
    iter_melds,
)
from cardtable.games.pontinho.melds.layoffs import lay_off, layoff_kinds, layoff_options
from cardtable.games.pontinho.melds.meld import (
    FOUR_SUITS_CHOICES,
    MAX_RUN,
    MAX_SET,
    MIN_MELD,
    FourSuits,
    Hand,
    Meld,
    MeldKind,
    run_meld,
    set_meld,
)
from cardtable.games.pontinho.melds.reading import check_reading, is_meld, make_meld, parse_meld

__all__ = [
    "FOUR_SUITS_CHOICES",
    "MAX_RUN",
    "MAX_SET",
    "MIN_MELD",
    "FourSuits",
    "Hand",
    "Meld",
    "MeldKind",
    "check_reading",
    "enumerate_melds",
    "enumerate_melds_with",
    "has_meld",
    "has_meld_with",
    "hand_counts",
    "is_meld",
    "iter_melds",
    "lay_off",
    "layoff_kinds",
    "layoff_options",
    "make_meld",
    "parse_meld",
    "run_meld",
    "set_meld",
]
