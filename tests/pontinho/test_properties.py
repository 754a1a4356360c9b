"""Pontinho invariants over seeded random playouts (hypothesis): the 108 cards are all somewhere
at every step (hands, stock, discard pile, melds, the burned and the held-apart card), every meld
on the table is valid, and the fast path agrees with the checked one.

Random play has no bound (PO-8 rebuilds the stock for ever); the playouts here stop at the game's
documented ``playout_cap_actions``, which they hardly ever reach.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.cards.french import FRENCH_DECK, kind_of
from cardtable.engine.record import replay
from cardtable.games.pontinho import PontinhoGame, PontinhoState
from cardtable.games.pontinho.melds import make_meld

DECK = Counter(int(c) for c in FRENCH_DECK)


def all_cards(state: PontinhoState) -> Counter[int]:
    cards: Counter[int] = Counter()
    for hand in state.hands:
        cards.update(hand)
    cards.update(state.stock)
    cards.update(state.discard)
    for meld in state.melds:
        cards.update(int(kind_of(item)) for item in meld.cards)
    for single in (state.burned, state.pending):
        if single is not None:
            cards[single] += 1
    return cards


@settings(max_examples=10)
@given(
    players=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_cards_conserved_and_melds_valid_fast_path(players: int, seed: int) -> None:
    game = cardtable.game("pontinho", players=players)
    state = game.deal(seed=seed)
    assert isinstance(state, PontinhoState)
    rng = random.Random(seed)
    for _ in range(PontinhoGame.playout_cap_actions):
        ids = state.legal_action_ids()
        if not ids:
            break
        state.apply_unchecked(rng.choice(ids))
        assert all_cards(state) == DECK
        for meld in state.melds:
            assert make_meld(meld.cards) == meld
        assert len(state.melds) == len(state.owners)
    if state.is_over:
        outcome = state.outcome
        assert outcome is not None
        if outcome.reason == "went_out":
            assert outcome.points[outcome.winners[0]] == 0
            assert all(p > 0 for s, p in enumerate(outcome.points) if s != outcome.winners[0])


@settings(max_examples=6)
@given(
    players=st.sampled_from([2, 3, 5]),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_checked_path_texts_round_trip(players: int, seed: int) -> None:
    """Every legal action's text parses back to it and is accepted; conservation holds."""
    game = cardtable.game("pontinho", players=players, rebuild_limit=1)
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        actions = state.legal_actions()
        for action in actions:
            assert game.parse_action(str(action)) == action
        state.apply(str(rng.choice(actions)))
        assert all_cards(state) == DECK  # type: ignore[arg-type]
    record = state.to_record()
    assert replay(record).state.debug_view() == state.debug_view()
