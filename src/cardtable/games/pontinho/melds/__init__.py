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

How written melds are read (``make_meld`` / ``parse_meld``):

- Natural cards and ``*=X`` jokers may be written in any order; the meld is normalised.
- With bare ``*`` only, a meld whose natural cards all have one rank is a **set** (``7h * *`` is a
  set of sevens, never the run 7h 8h 9h). Otherwise it is read as a **run written in order**,
  from low to high: each bare joker stands for the card of its position (``9h * Jh`` is 9h *=Th
  Jh; ``Qs Ks *`` is Qs Ks *=As), and the meld is normalised to ``*=X``. A run with bare jokers
  whose cards are not written in order is rejected with a message asking for ``*=X``. Nothing is
  guessed: the written order fixes every joker's card.
- ``*=X`` inside a set, or mixing ``*`` and ``*=X`` in one meld, is an error.
- A run of 2 … K plus one ace is the same meld whichever end the ace is at: it is normalised with
  the ace low (``Ah 2h … Kh``); likewise a 14-card run with one natural ace and one joker ace puts
  the natural ace low (``Ah 2h … Kh *=Ah``).

Run positions are 0‥13: position 0 is the low ace, ``p`` (1‥12) the card of rank index ``p`` (2 …
K), 13 the high ace. ``Meld.low`` and ``Meld.high`` are positions.

Sets and the table option ``four_suits`` (PO-12): a set's natural cards are of different suits
and each joker takes a missing suit's place, so a set has 3 or 4 cards. With the default
``with_joker`` (the source's examples: "KKKK — os quatro naipes, com coringa" is valid, "os 4
naipes sem coringa" is not) all four natural suits are allowed too, together with exactly one
joker: K♠ K♥ K♦ K♣ + joker, 5 cards. With ``joker_fills`` (the project's earlier reading) at most
three suits are natural and a set never has more than 4 cards. Every function that decides
whether cards form a set takes ``four_suits``; its default is the table option's default.
Reading a meld's text (``make_meld``) without a reading accepts both, so a table's state checks
a written meld against its own reading with ``check_reading``.

Lay-offs (PO-16): ``lay_off(meld, cards)`` returns the grown meld or raises ``MeldError``. Any
multi-card lay-off can be made one card at a time (a run grows at its ends, a set by any missing
suit or joker, and a joker before the fourth natural suit), so ``layoff_options(meld)`` — the
single items that fit — is enough for legal-action generation.

Enumeration: ``enumerate_melds(hand)`` lists every distinct meld a hand (a multiset of kinds) can
lay, jokers in every position and number the hand allows, each once, in canonical form;
``enumerate_melds_with(hand, card)`` those that use one extra card (the top discard, PO-7, PO-17).
Bound: per rank at most 29 sets (suit subsets × joker counts; 28 with ``joker_fills``); per
suit at most 77 windows of positions, each with at most ``sum(C(L, e) for e ≤ jokers)`` joker
placements. Measured (CPython 3.11, one core): a random 9-card hand with 2 jokers gives 35 melds
on average (at most ~125) in about 0.15 ms; with 4 jokers 71 (at most ~220) in 0.3 ms; 10
naturals of one suit and 2 jokers (5h … Ah * *) 798 melds in 2.5 ms; the whole 108-card deck
53 841 melds (377 sets, 53 464 runs; with ``joker_fills`` 364 sets) in 0.3 s. ``has_meld``
answers in about 10 µs. Built melds are cached (at most those 53 841), so enumeration in a
bot's inner loop allocates no new ``Meld``.

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
