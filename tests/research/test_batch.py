"""Observations for many positions at once: ``Observer.encode_batch`` gives, row for row, what
``encode`` gives one at a time."""

from __future__ import annotations

import numpy as np
import pytest
from tests.helpers.research import TABLES, make, played_positions, table_id

from cardtable.research.episode import Episode
from cardtable.research.observations import observer_for


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_a_batch_is_the_rows_of_single_encodings(
    table: tuple[str, int, dict[str, object]],
) -> None:
    game = make(table)
    observer = observer_for(game)
    views, prefixes = [], []
    for seed in range(3):
        for state in played_positions(game, seed, count=25):
            for seat in range(game.players):
                views.append(state.view(seat, memory=True))
                prefixes.append(())
    episode = Episode(game, seed=5)
    decision = episode.decision
    first = decision.legal_steps()[0]
    if decision.choose(first) is None:  # a multi-step Pontinho action, half chosen
        views.append(episode.view(episode.to_move))
        prefixes.append(episode.prefix)
    batch = observer.encode_batch(views, prefixes)
    assert batch.shape == (len(views), observer.size) and batch.dtype == np.float32
    for row, (view, prefix) in enumerate(zip(views, prefixes, strict=True)):
        assert np.array_equal(batch[row], observer.encode(view, prefix))
    assert observer.encode_batch([]).shape == (0, observer.size)
