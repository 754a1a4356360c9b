"""The name of every card, for screen readers and picture titles (gettext, one string each).

One whole phrase per card rather than "{rank} of {suit}": Basque and Hungarian put the suit
first and inflect it ("kopen zazpikoa", "kupa hetes"), which a pasted-together phrase cannot do.
The Latin pack's three figures are named as each game's source names them: Punttu's Spanish
deck has the sota, the caballo and the rey (``LATIN_NAMES``); Putto's Italian deck, as its
Hungarian source says, the jack (bubi), the queen (dáma) and the king (``ITALIAN_FIGURES``, the
``italian`` deck: the same pictures, its own names for the figures).
"""

from __future__ import annotations

from cardtable.i18n import N_, NC_

#: Message context of the Latin names: "ace of clubs" is "ás de bastos" in the Latin pack but
#: "ás de paus" in the French one.
LATIN = "Latin deck"

#: Latin 40-card deck, keyed by notation (``7c``).
LATIN_NAMES: dict[str, str] = {
    "Ao": NC_("Latin deck", "ace of coins"),
    "2o": NC_("Latin deck", "two of coins"),
    "3o": NC_("Latin deck", "three of coins"),
    "4o": NC_("Latin deck", "four of coins"),
    "5o": NC_("Latin deck", "five of coins"),
    "6o": NC_("Latin deck", "six of coins"),
    "7o": NC_("Latin deck", "seven of coins"),
    "Jo": NC_("Latin deck", "sota of coins"),
    "Qo": NC_("Latin deck", "caballo of coins"),
    "Ko": NC_("Latin deck", "rey of coins"),
    "Ac": NC_("Latin deck", "ace of cups"),
    "2c": NC_("Latin deck", "two of cups"),
    "3c": NC_("Latin deck", "three of cups"),
    "4c": NC_("Latin deck", "four of cups"),
    "5c": NC_("Latin deck", "five of cups"),
    "6c": NC_("Latin deck", "six of cups"),
    "7c": NC_("Latin deck", "seven of cups"),
    "Jc": NC_("Latin deck", "sota of cups"),
    "Qc": NC_("Latin deck", "caballo of cups"),
    "Kc": NC_("Latin deck", "rey of cups"),
    "Ae": NC_("Latin deck", "ace of swords"),
    "2e": NC_("Latin deck", "two of swords"),
    "3e": NC_("Latin deck", "three of swords"),
    "4e": NC_("Latin deck", "four of swords"),
    "5e": NC_("Latin deck", "five of swords"),
    "6e": NC_("Latin deck", "six of swords"),
    "7e": NC_("Latin deck", "seven of swords"),
    "Je": NC_("Latin deck", "sota of swords"),
    "Qe": NC_("Latin deck", "caballo of swords"),
    "Ke": NC_("Latin deck", "rey of swords"),
    "Ab": NC_("Latin deck", "ace of clubs"),
    "2b": NC_("Latin deck", "two of clubs"),
    "3b": NC_("Latin deck", "three of clubs"),
    "4b": NC_("Latin deck", "four of clubs"),
    "5b": NC_("Latin deck", "five of clubs"),
    "6b": NC_("Latin deck", "six of clubs"),
    "7b": NC_("Latin deck", "seven of clubs"),
    "Jb": NC_("Latin deck", "sota of clubs"),
    "Qb": NC_("Latin deck", "caballo of clubs"),
    "Kb": NC_("Latin deck", "rey of clubs"),
}

#: Message context of Putto's figure names.
ITALIAN = "Italian deck"

#: Putto's three figures in the Italian deck (PT-1: jack, queen, king), keyed by notation; the
#: other cards are named as in ``LATIN_NAMES``.
ITALIAN_FIGURES: dict[str, str] = {
    "Jo": NC_("Italian deck", "jack of coins"),
    "Qo": NC_("Italian deck", "queen of coins"),
    "Ko": NC_("Italian deck", "king of coins"),
    "Jc": NC_("Italian deck", "jack of cups"),
    "Qc": NC_("Italian deck", "queen of cups"),
    "Kc": NC_("Italian deck", "king of cups"),
    "Je": NC_("Italian deck", "jack of swords"),
    "Qe": NC_("Italian deck", "queen of swords"),
    "Ke": NC_("Italian deck", "king of swords"),
    "Jb": NC_("Italian deck", "jack of clubs"),
    "Qb": NC_("Italian deck", "queen of clubs"),
    "Kb": NC_("Italian deck", "king of clubs"),
}

#: French deck (Pontinho), keyed by notation (``Th``), plus the joker ``*``.
FRENCH_NAMES: dict[str, str] = {
    "As": N_("ace of spades"),
    "2s": N_("two of spades"),
    "3s": N_("three of spades"),
    "4s": N_("four of spades"),
    "5s": N_("five of spades"),
    "6s": N_("six of spades"),
    "7s": N_("seven of spades"),
    "8s": N_("eight of spades"),
    "9s": N_("nine of spades"),
    "Ts": N_("ten of spades"),
    "Js": N_("jack of spades"),
    "Qs": N_("queen of spades"),
    "Ks": N_("king of spades"),
    "Ah": N_("ace of hearts"),
    "2h": N_("two of hearts"),
    "3h": N_("three of hearts"),
    "4h": N_("four of hearts"),
    "5h": N_("five of hearts"),
    "6h": N_("six of hearts"),
    "7h": N_("seven of hearts"),
    "8h": N_("eight of hearts"),
    "9h": N_("nine of hearts"),
    "Th": N_("ten of hearts"),
    "Jh": N_("jack of hearts"),
    "Qh": N_("queen of hearts"),
    "Kh": N_("king of hearts"),
    "Ad": N_("ace of diamonds"),
    "2d": N_("two of diamonds"),
    "3d": N_("three of diamonds"),
    "4d": N_("four of diamonds"),
    "5d": N_("five of diamonds"),
    "6d": N_("six of diamonds"),
    "7d": N_("seven of diamonds"),
    "8d": N_("eight of diamonds"),
    "9d": N_("nine of diamonds"),
    "Td": N_("ten of diamonds"),
    "Jd": N_("jack of diamonds"),
    "Qd": N_("queen of diamonds"),
    "Kd": N_("king of diamonds"),
    "Ac": N_("ace of clubs"),
    "2c": N_("two of clubs"),
    "3c": N_("three of clubs"),
    "4c": N_("four of clubs"),
    "5c": N_("five of clubs"),
    "6c": N_("six of clubs"),
    "7c": N_("seven of clubs"),
    "8c": N_("eight of clubs"),
    "9c": N_("nine of clubs"),
    "Tc": N_("ten of clubs"),
    "Jc": N_("jack of clubs"),
    "Qc": N_("queen of clubs"),
    "Kc": N_("king of clubs"),
    "*": N_("joker"),
}

BACK_NAME = N_("back of a card")
