"""Explicit Pontinho deals for the scenario and move-count tests (the ``deal`` fixture of
``tests/pontinho/conftest.py`` is ``make_deal``; ``Deal`` is its type).

``deal(hands={seat: "cards"}, stock="top first", discard="top last", players=4, dealer=None,
**options)`` completes every hand to 9 cards and the stock from the rest of the 108 cards, so a
test names only the cards that matter. The dealer defaults to the last seat, so that seat 0
plays first. The cards named for the stock come first (on top). Fillers are spread so that a
filled hand holds no meld by chance: ranks 2‥K in turn, suits rotating, aces and jokers last
(tests that count melds give the hand in full).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import cardtable
from cardtable.cards.french import FRENCH_DECK, card_text, parse_cards
from cardtable.games.pontinho import PontinhoState

Deal = Callable[..., PontinhoState]


def _filler_order(rest: Counter[int]) -> list[int]:
    # Card k of each 48-card cycle: rank 2‥K by k % 12, suit (k + k // 12) % 4; aces, jokers last.
    order = [((k + k // 12) % 4) * 13 + 1 + k % 12 for k in range(48)] * 2
    order += [0, 13, 26, 39] * 2 + [52] * 4
    out = []
    for card in order:
        if rest[card]:
            rest[card] -= 1
            out.append(card)
    return out


def make_deal(
    hands: Mapping[int, str] | None = None,
    stock: str = "",
    discard: str = "",
    *,
    players: int = 4,
    dealer: int | None = None,
    **options: Any,
) -> PontinhoState:
    hands = hands or {}
    given = {seat: parse_cards(text) for seat, text in hands.items()}
    top = parse_cards(stock)
    pile = parse_cards(discard)
    rest = Counter(FRENCH_DECK)
    for card in [c for cards in given.values() for c in cards] + top + pile:
        rest[card] -= 1
        assert rest[card] >= 0, f"too many {card_text(card)}"
    filler = _filler_order(rest)
    full = []
    for seat in range(players):
        hand = list(given.get(seat, []))
        while len(hand) < 9:
            hand.append(filler.pop(0))
        full.append([card_text(c) for c in hand])
    setup = {
        "hands": full,
        "stock": [card_text(c) for c in top + filler],
        "discard": [card_text(c) for c in pile],
    }
    game = cardtable.game("pontinho", players=players, **options)
    state = game.deal(setup=setup, dealer=players - 1 if dealer is None else dealer)
    assert isinstance(state, PontinhoState)
    return state
