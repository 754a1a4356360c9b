"""``hard`` (ISMCTS) at Pontinho: a tiny-budget smoke test, and the rollout's cap."""

from __future__ import annotations

import random

import cardtable
from cardtable.bots import make_bot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.games.pontinho import PontinhoState
from cardtable.games.pontinho.search import playout, side_points, tree_moves
from cardtable.games.pontinho.search.playout import MAX_ACTIONS


def test_hard_plays_legal_moves_reproducibly_with_an_iteration_budget() -> None:
    game = cardtable.game("pontinho", players=4)
    assert isinstance(make_bot("hard", game, 0, seed=1), ISMCTSBot)
    choices = []
    for _ in range(2):
        state = game.deal(seed=11)
        bot = ISMCTSBot(game, state.first, seed=5, iterations=30, time_limit=None)
        picked = []
        rng = random.Random(2)
        for _step in range(14):
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            if seat == bot.seat:
                action = bot.choose(state.view(seat, memory=True), legal)
                assert action in legal
                picked.append(str(action))
            else:
                action = rng.choice(legal)
            state.apply(action)
        choices.append(picked)
    assert choices[0] == choices[1] and choices[0]


def test_rollouts_stop_at_the_cap_and_score_the_hands() -> None:
    game = cardtable.game("pontinho", players=4)
    rng = random.Random(0)
    for seed in range(5):
        state = game.deal(seed=seed)
        assert isinstance(state, PontinhoState)
        sampled = game.sample_state(state.view(1, memory=True), rng)
        assert len(tree_moves(sampled, sampled.legal_action_ids())) >= 1
        playout(sampled, rng)
        points = side_points(sampled)
        assert len(points) == 4 and min(points) >= 0
        if not sampled.is_over:
            assert len(sampled.history) == 0  # the fast path records nothing
    assert MAX_ACTIONS > 0
