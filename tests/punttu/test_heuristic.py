"""Behaviour of Punttu's heuristic bot on hand-built positions, and its contract on random deals.

Positions are explicit setups; the bot is given only the seat's view with memory and the legal
actions, exactly as ``play_out`` gives them. Long statistical comparisons live in
``cardtable.bots.evaluate``, not here: one quick smoke check only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import cardtable
from cardtable.bots import make_bot, play_out
from cardtable.bots.evaluate import head_to_head
from cardtable.engine.action import Action
from cardtable.engine.game import State
from cardtable.games.punttu.deck import CARD_POINTS, table_deck
from cardtable.games.punttu.heuristic import BOTS, PunttuHeuristic


def position(
    players: int,
    hands: Sequence[Sequence[str]],
    plays: Sequence[str] = (),
    dealer: int = 0,
    stock_top: Sequence[str] = (),
) -> State:
    """A deal with these hands and ``stock_top`` on the stock (the rest of the deck under it in
    deck order), after ``plays``."""
    dealt = {card for hand in hands for card in hand} | set(stock_top)
    stock = list(stock_top) + [str(c) for c in table_deck(players, "aces") if str(c) not in dealt]
    state = cardtable.game("punttu", players=players).deal(
        setup={"hands": [list(hand) for hand in hands], "stock": stock}, dealer=dealer
    )
    for play in plays:
        state.apply(play)
    return state


def bot_choice(state: State, seed: int = 0) -> str:
    seat = state.to_move
    assert seat is not None
    bot = make_bot("heuristic", state.game, seat, seed=seed)
    return str(bot.choose(state.view(seat, memory=True), state.legal_actions()))


def test_registered_under_its_name() -> None:
    assert {"heuristic": PunttuHeuristic} == BOTS
    table = cardtable.game("punttu", players=2)
    assert isinstance(make_bot("heuristic", table, 0), PunttuHeuristic)


def test_leads_its_smallest_card() -> None:
    """A big lead invites a bigger answer; with no sure winner the smallest card loses least."""
    state = position(2, [["5c", "6e", "Jo"], ["Ao", "2o", "3o"]], dealer=1)
    assert state.to_move == 0
    assert bot_choice(state) == "play Jo"


def test_throws_its_lowest_card_under_an_unbeatable_one() -> None:
    """PU-12: a seven led first cannot be beaten, so the bot throws its cheapest card under it."""
    state = position(
        4,
        [["Ao", "2o", "3o"], ["7o", "2c", "3c"], ["6c", "5e", "Kb"], ["4o", "5o", "6o"]],
        plays=["play 7o"],
    )
    assert state.to_move == 2
    assert bot_choice(state) == "play Kb"


def test_takes_a_rich_trick_with_the_cheapest_winning_card() -> None:
    """Last to play, the bot beats the trick with its 6 and keeps its 7 for later."""
    state = position(
        3,
        [["7c", "6c", "Kb"], ["5o", "2c", "3c"], ["4c", "5e", "Jb"]],
        plays=["play 5o", "play 4c"],
    )
    assert state.to_move == 0
    assert bot_choice(state) == "play 6c"


def test_an_equal_card_does_not_win() -> None:
    """PU-12: a 6 on a 6 loses to the first one, so the bot answers a 6 with its 7 instead."""
    state = position(2, [["6c", "7e", "Kb"], ["6o", "2c", "3c"]], plays=["play 6o"])
    assert state.to_move == 0
    assert bot_choice(state) == "play 7e"


def test_does_not_feed_an_equal_card_to_the_trick() -> None:
    """PU-12: without a higher card, a 6 on a 6 would only hand over 6 more points."""
    state = position(2, [["6c", "2e", "Kb"], ["6o", "2c", "3c"]], plays=["play 6o"])
    assert bot_choice(state) == "play Kb"


def test_remembers_played_cards() -> None:
    """With every 7 and 6 seen, a 5 cannot be beaten by the player still to come (PU-12: an
    equal 5 played after it loses), so the bot takes the trick with the 5 and keeps its 6 and 7."""
    hands = [["7b", "6e", "Kc"], ["7o", "6o", "4o"], ["7e", "6c", "5c"]]
    # PU-13: draws start with the trick's winner (seat 1), then seats 2 and 0.
    state = position(3, hands, stock_top=["Ko", "7c", "Qo", "Jo", "6b", "Qe"])
    for play in ["7o", "7e", "7b", "6o", "6c", "6e", "4o"]:
        state.apply(f"play {play}")
    assert state.to_move == 2
    assert sorted(state.view(2)["hand"]) == ["5c", "6b", "7c"]
    assert bot_choice(state) == "play 5c"


def test_bot_module_does_not_touch_the_state() -> None:
    """Hidden information is enforced: the bot gets views, and its module never imports State."""
    import cardtable.games.punttu.heuristic as module

    assert not hasattr(module, "State")
    assert not hasattr(module, "PunttuState")


@pytest.mark.parametrize("players", range(2, 9))
def test_only_legal_actions_and_reproducible(players: int) -> None:
    table = cardtable.game("punttu", players=players)
    for seed in range(3):
        runs = []
        for _ in range(2):
            state = table.deal(seed=seed)
            bots = [make_bot("heuristic", table, s, seed=seed) for s in range(players)]
            chosen: list[str] = []
            while (seat := state.to_move) is not None:
                legal = state.legal_actions()
                action = bots[seat].choose(state.view(seat, memory=True), legal)
                assert action in legal
                chosen.append(str(action))
                state.apply(action)
            runs.append(chosen)
        assert runs[0] == runs[1]


def _best_difference(state: State, seat: int) -> int:
    """Perfect-information minimax of ``seat``'s points minus the other's, from here on."""
    if state.is_over:
        points = state.view(seat)["points"]
        return int(points[seat] - points[1 - seat])
    values = []
    for card in set(state.legal_action_ids()):
        child = state.clone()
        child.apply_unchecked(card)
        values.append(_best_difference(child, seat))
    return max(values) if state.to_move == seat else min(values)


def test_two_player_endgame_is_played_perfectly() -> None:
    """PU-15: with the stock empty at two players nothing is hidden; the bot plays optimally."""
    table = cardtable.game("punttu", players=2)
    checked = 0
    for seed in range(12):
        state = table.deal(seed=seed)
        rng = random.Random(seed)
        while state.view(0)["stock"] > 0:
            state.apply(rng.choice(state.legal_actions()))
        while (seat := state.to_move) is not None:
            choice = make_bot("heuristic", table, seat).choose(
                state.view(seat, memory=True), state.legal_actions()
            )
            child = state.clone()
            child.apply(choice)
            assert _best_difference(child, seat) == _best_difference(state, seat)
            checked += 1
            state.apply(choice)
    assert checked > 0


def test_spends_few_points_when_losing() -> None:
    """Whenever a 7 was led (PU-12: nothing beats it), the bot throws its cheapest card (PU-2)."""
    table = cardtable.game("punttu", players=4)
    checked = 0
    for seed in range(30):
        state = table.deal(seed=seed)
        rng = random.Random(seed)
        while (seat := state.to_move) is not None:
            view = state.view(seat, memory=True)
            legal = state.legal_actions()
            if view["trick"] and view["trick"][0][1].startswith("7"):
                action = make_bot("heuristic", table, seat).choose(view, legal)
                assert CARD_POINTS[_card(action)] == min(CARD_POINTS[_card(a)] for a in legal)
                checked += 1
            state.apply(rng.choice(legal))
    assert checked > 10


def _card(action: Action) -> int:
    card = action.cards[0]
    assert isinstance(card, int)
    return card


def test_smoke_beats_random() -> None:
    """A quick sanity check, not a measurement (see cardtable.bots.evaluate for that)."""
    stats = head_to_head("punttu", 2, ["heuristic", "random"], deals=100, seed=5)
    assert stats["heuristic"].points > stats["random"].points


def test_play_out_with_heuristic_bots() -> None:
    table = cardtable.game("punttu", players=5)
    state = play_out(table.deal(seed=3), [make_bot("heuristic", table, s) for s in range(5)])
    assert state.outcome is not None
    assert sum(state.outcome.points) == 124
