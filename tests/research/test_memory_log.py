"""Views with memory cost what changed: the engine keeps the public log from one view to the
next (``State._memory_log``) instead of rebuilding it from the whole history at every bot move.
Behaviour-identical: the log equals the one built from ``history``, whatever happened between."""

from __future__ import annotations

import random

import pytest
from tests.helpers.research import TABLES, make, table_id

import cardtable
from cardtable.research.episode import Episode


def rebuilt(state: cardtable.State) -> list[list[object]]:
    """The log as it was built before: from the whole history, at every call."""
    return [[s, str(a)] for s, a in state.history]


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_the_kept_log_equals_the_log_of_the_history(
    table: tuple[str, int, dict[str, object]],
) -> None:
    game = make(table)
    rng = random.Random(7)
    state = game.deal(seed=7)
    clones = []
    for move in range(120):
        if state.is_over:
            break
        seat = state.to_move
        view = state.view(seat, memory=True)
        assert view["log"] == rebuilt(state)
        view["log"].append([0, "not an action"])  # the caller's list is its own
        if move % 25 == 3:
            clones.append(state.clone())
        if move % 30 == 5:
            sampled = game.sample_state(state.view(seat, memory=True), rng)
            assert sampled.view(seat, memory=True)["log"] == rebuilt(sampled)
        state.apply(rng.choice(state.legal_actions()))
    for clone in clones:  # clones keep their own log, and go their own way
        assert clone.view(None, memory=True)["log"] == rebuilt(clone)
        if not clone.is_over:
            clone.apply(clone.legal_actions()[0])
            assert clone.view(None, memory=True)["log"] == rebuilt(clone)
    assert state.view(None, memory=True)["log"] == rebuilt(state)


def test_a_second_view_reuses_the_entries_of_the_first() -> None:
    """The log is not rebuilt at each view: the entries of earlier actions are the same
    objects (before, every view made every entry anew: 6 to 12 ms per bot move at 12,000
    entries in a long Pontinho deal)."""
    state = cardtable.game("pontinho", 2).deal(seed=3)
    rng = random.Random(3)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    first = state.view(0, memory=True)["log"]
    state.apply(rng.choice(state.legal_actions()))
    second = state.view(1, memory=True)["log"]
    assert len(second) == len(first) + 1
    assert all(a is b for a, b in zip(first, second, strict=False))


def test_the_episode_view_shares_its_log_entries_too() -> None:
    episode = Episode(cardtable.game("putto", 2), seed=1)
    episode.apply(episode.state.legal_actions()[0])
    first = episode.view(0)["log"]
    episode.apply(episode.state.legal_actions()[0])
    second = episode.view(1)["log"]
    assert second[0] is first[0] and len(second) == 2
