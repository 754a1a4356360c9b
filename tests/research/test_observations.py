"""Observations: built from the seat's view alone, in range, and blind to hidden cards."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.helpers.research import TABLES, make, played_positions, table_id

from cardtable.cards.french import KIND_INDEX
from cardtable.cards.latin import CARD_INDEX
from cardtable.research.episode import Episode
from cardtable.research.observations import observer_for


@pytest.mark.parametrize("table", TABLES, ids=table_id)
@given(seed=st.integers(0, 2**32))
def test_observations_ignore_how_the_hidden_cards_lie(
    table: tuple[str, int, dict[str, object]], seed: int
) -> None:
    """Redealing every card a seat cannot see, consistently with its view (as the bots' fairness
    tests do), changes nothing in its observation."""
    game = make(table)
    observer = observer_for(game)
    rng = random.Random(seed)
    for index, state in enumerate(played_positions(game, seed, count=40)):
        if index % 7:
            continue
        for seat in range(game.players):
            obs = observer.encode(state.view(seat, memory=True))
            assert obs.shape == (observer.size,) and obs.dtype == np.float32
            assert obs.min() >= 0.0 and obs.max() <= 1.0
            other = state.determinize(seat, rng)
            assert (observer.encode(other.view(seat, memory=True)) == obs).all()


@pytest.mark.parametrize("table", [t for t in TABLES if t[0] != "pontinho"], ids=table_id)
def test_no_card_of_another_hand_shows_in_a_latin_observation(
    table: tuple[str, int, dict[str, object]],
) -> None:
    """Every 40-card block of the observation is 0 at each card another seat holds."""
    game = make(table)
    observer = observer_for(game)
    for state in played_positions(game, seed=11, count=40):
        hands = state.debug_view()["hands"]
        for seat in range(game.players):
            obs = observer.encode(state.view(seat, memory=True))
            cards = {CARD_INDEX[c] for s, hand in enumerate(hands) if s != seat for c in hand}
            blocks = [b for b in observer.layout.blocks if b[1] % 40 == 0]
            for name, size, _meaning in blocks:
                start = observer.layout.offset[name]
                for card in cards:
                    assert not obs[start + card : start + size : 40].any(), (name, card)
            own = obs[:40]
            assert sorted(int(i) for i in own.nonzero()[0]) == sorted(
                CARD_INDEX[c] for c in hands[seat]
            )


def test_a_pontinho_observation_shows_its_own_hand_and_held_card_only() -> None:
    game = make(("pontinho", 3, {}))
    observer = observer_for(game)
    at = observer.layout.offset
    for state in played_positions(game, seed=5, count=80):
        debug = state.debug_view()
        for seat in range(game.players):
            obs = observer.encode(state.view(seat, memory=True))
            counts = np.zeros(53, dtype=np.float32)
            for card in debug["hands"][seat]:
                counts[KIND_INDEX[card]] += 0.25
            assert (obs[:53] == counts).all()
            drawn = obs[at["drawn"] : at["drawn"] + 53]
            own_pending = debug["pending"] is not None and debug["turn"] == seat
            assert drawn.any() == own_pending


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_episode_views_are_the_checked_paths_views_with_memory(
    table: tuple[str, int, dict[str, object]],
) -> None:
    """The fast-path Episode shows each seat exactly ``state.view(seat, memory=True)`` of the
    same deal played through the checked ``apply``."""
    game = make(table)
    rng = random.Random(3)
    episode = Episode(game, seed=8, dealer=1)
    checked = game.deal(seed=8, dealer=1)
    for _ in range(60):
        if episode.is_over:
            break
        while episode.step(rng.choice(episode.legal_steps())) is None:
            pass
        checked.apply(episode.log[-1][1])
        for seat in (None, *range(game.players)):
            assert episode.view(seat) == checked.view(seat, memory=True)
        assert checked.debug_view()["hands"] == episode.state.debug_view()["hands"]
