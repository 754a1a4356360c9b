"""The search's rollout policy and hooks (``pontinho.search``): they build moves from bit
masks instead of listing the legal actions, so every shortcut is checked against the engine."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from tests.helpers.pontinho import Deal
from tests.walk import walked_deal

import cardtable
from cardtable.bots import make_bot
from cardtable.cards.french import FRENCH_DECK, NATURAL_KINDS, parse_cards, penalty_table
from cardtable.games.pontinho import PontinhoState
from cardtable.games.pontinho.actions import LAYOFF, MELD, TAKE, meld_table
from cardtable.games.pontinho.heuristic import TAKE_THRESHOLD
from cardtable.games.pontinho.melds import (
    Meld,
    enumerate_melds,
    enumerate_melds_with,
    has_meld_with,
    lay_off,
    layoff_options,
    parse_meld,
)
from cardtable.games.pontinho.memo import _table_layoffs, lay_off_one, table_layoffs
from cardtable.games.pontinho.search import endgame, playout, side_points, tree_moves
from cardtable.games.pontinho.search.masks import Shape, _best_natural_with_top, can_meld_with
from cardtable.games.pontinho.search.playout import MAX_ACTIONS
from cardtable.games.pontinho.search.policy import EPSILON, choose

POINTS = penalty_table("13-12-11")

hands = st.lists(st.sampled_from(FRENCH_DECK), min_size=2, max_size=11)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_rollout_move_is_legal_and_the_remembered_table_bits_are_true(players: int) -> None:
    game = cardtable.game("pontinho", players=players)
    rng = random.Random(players)
    kinds: set[str] = set()
    for seed in range(12):
        state = game.deal(seed=seed)
        assert isinstance(state, PontinhoState)
        for _step in range(300):
            if state.is_over:
                break
            action_id = choose(state, rng.random, POINTS, EPSILON)
            assert action_id in state.legal_action_ids()
            action = state.action_from_id(action_id)
            kinds.add(action.kind)
            state.apply(action)  # the checked path agrees the move is legal
            assert table_layoffs(state.melds) == _table_layoffs(state.melds)
    assert {"draw", "meld", "layoff", "discard"} <= kinds
    if players > 2:
        assert {"pass", "advance"} <= kinds


def test_the_table_lay_off_index_names_the_first_meld_that_takes_each_kind() -> None:
    melds = [parse_meld("7s 8s 9s"), parse_meld("Kh Kd Kc"), parse_meld("9h *=Th Jh")]
    fits, ids = _table_layoffs(melds)
    kinds = {int(k) for k in parse_cards("6s Ts 8h Qh")}  # Kh Kd Kc takes only a joker
    assert fits == sum(1 << k for k in kinds)
    for k in kinds:
        action = PontinhoState.action_from_id(None, ids[k])  # type: ignore[arg-type]
        assert action.kind == "layoff" and int(action.cards[0]) == k
    assert str(PontinhoState.action_from_id(None, ids[NATURAL_KINDS])) == "layoff 1 *=6s"  # type: ignore[arg-type]


@given(hands, st.sampled_from(FRENCH_DECK))
def test_the_quick_test_for_a_meld_with_the_top_discard_is_exact(hand: list[int], top: int) -> None:
    assert can_meld_with(list(hand), top) == has_meld_with(hand, top)


@pytest.mark.parametrize("text", ["* *", "* * *", "As *", "As Ks", "As 2s", "As 3h", "As Qs"])
def test_the_quick_test_with_a_discarded_joker(text: str) -> None:
    hand = [int(c) for c in parse_cards(text)]
    assert can_meld_with(hand, NATURAL_KINDS) == has_meld_with(hand, NATURAL_KINDS)


@given(hands)
def test_connections_count_same_rank_suits_and_near_ranks(hand: list[int]) -> None:
    shape = Shape(hand)
    held = set(hand)
    for k in held - {NATURAL_KINDS}:
        suit, rank = divmod(k, 13)
        same = sum(1 for s in range(4) if s != suit and s * 13 + rank in held)
        positions = (1, 2, 11, 12) if rank == 0 else (rank - 2, rank - 1, rank + 1, rank + 2)
        near = sum(1 for p in positions if 0 <= p <= 13 and suit * 13 + p % 13 in held)
        assert shape.connections(k) == same + near


def test_single_card_lay_offs_are_cached_as_the_engine_lays_them() -> None:
    rng = random.Random(3)
    melds = enumerate_melds(list(FRENCH_DECK[:26]) + [NATURAL_KINDS] * 2)
    for meld in rng.sample(melds, 300):
        for item in layoff_options(meld):
            laid = lay_off_one(meld, item)
            assert laid == lay_off(meld, (item,))
            assert lay_off_one(meld, item) is laid


def test_capped_rollouts_score_the_hands_and_void_deals_score_nothing(deal: Deal) -> None:
    state = deal(hands={0: "As Kh Qd", 1: "2c 3c"}, players=2)
    points = side_points(state)
    assert points == [sum(POINTS[k] for k in hand) for hand in state.hands]
    state.phase = state.phase.__class__("over")
    assert side_points(state) == [0, 0]  # nobody went out: void (PO-8)


def test_tree_moves_keep_few_melds_and_discards_but_every_draw_and_pass() -> None:
    game = cardtable.game("pontinho", players=4)
    rng = random.Random(0)
    table = meld_table()[0]
    natural_steps = 0
    for seed in range(8):
        state = game.deal(seed=seed)
        for _step in range(80):
            if state.is_over:
                break
            ids = state.legal_action_ids()
            kept = tree_moves(state, ids)
            assert set(kept) <= set(ids)
            if len(kept) == 1 and MELD <= kept[0] < TAKE:
                assert not table[kept[0] - MELD].jokers  # a natural meld, played at once
                natural_steps += 1
            elif len(kept) == 1 and kept[0] >= LAYOFF:
                assert state.action_from_id(kept[0]).cards[0] != NATURAL_KINDS
                natural_steps += 1
            else:
                assert [a for a in ids if a < 3] == [a for a in kept if a < 3]
                assert len(kept) <= max(len(ids), 3 + 3 * 4)
            state.apply_unchecked(ids[int(rng.random() * len(ids))])
    assert natural_steps


def test_endgame_goes_out_when_it_can_and_leaves_other_positions_to_the_search(
    deal: Deal,
) -> None:
    # Seat 0 is down to 7s 8s 9s (set up by hand) and draws 6s: it melds all four (PO-22).
    state = deal(hands={0: "7s 8s 9s"}, stock="6s", players=2)
    state.hands[0] = [c for c in state.hands[0] if c in (6, 7, 8)]
    state.apply("draw")
    view = state.view(0, memory=True)
    legal = state.legal_actions()
    chosen = endgame(state.game, view, legal)
    assert chosen is not None and str(chosen) == "meld 6s 7s 8s 9s"
    state.apply(chosen)
    assert state.is_over and state.outcome is not None and state.outcome.winners == (0,)
    fresh = deal(players=2)
    assert endgame(fresh.game, fresh.view(0, memory=True), fresh.legal_actions()) is None


def _oracle_playout(state: PontinhoState, rng: random.Random, epsilon: float) -> None:
    """The policy one action at a time through ``apply_unchecked``, the engine's own rules."""
    points = penalty_table(state.game.options.figure_points)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return
        state.apply_unchecked(choose(state, rng.random, points, epsilon))


@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
    epsilon=st.sampled_from([0.0, EPSILON, 1.0]),
)
def test_the_fused_playout_plays_exactly_the_policy_through_the_rules(
    players: int, seed: int, moves: int, epsilon: float
) -> None:
    state = walked_deal("pontinho", players, seed, moves)
    assert isinstance(state, PontinhoState)
    fused, oracle = state.clone(), state.clone()
    playout(fused, random.Random(seed), epsilon)
    _oracle_playout(oracle, random.Random(seed), epsilon)
    assert fused.debug_view() == oracle.debug_view()
    assert side_points(fused) == side_points(oracle)


def test_endgame_lays_the_richest_natural_meld_then_natural_lay_offs(deal: Deal) -> None:
    # Seat 0 holds a natural set of kings and a run of spades (PO-12, PO-13): the set sheds
    # more, so it goes first; jokers and discards are left to the search.
    state = deal(hands={0: "Ks Kh Kd 4s 5s 6s *"}, stock="2c", players=2)
    state.apply("draw")
    chosen = endgame(state.game, state.view(0, memory=True), state.legal_actions())
    assert chosen is not None and str(chosen) == "meld Ks Kh Kd"
    state.apply(chosen)
    chosen = endgame(state.game, state.view(0, memory=True), state.legal_actions())
    assert chosen is not None and str(chosen) == "meld 4s 5s 6s"
    state.apply(chosen)
    # Now melded (PO-16): 7s lays off on the run; the joker is not laid off by rule.
    state.hands[0].append(6)  # 7s, set up by hand
    chosen = endgame(state.game, state.view(0, memory=True), state.legal_actions())
    assert chosen is not None and str(chosen) == "layoff 2 7s"
    state.apply(chosen)
    assert endgame(state.game, state.view(0, memory=True), state.legal_actions()) is None
    assert len(tree_moves(state, state.legal_action_ids())) > 1


def test_clear_discards_are_medium_s_and_close_calls_are_searched() -> None:
    game = cardtable.game("pontinho", players=4)
    medium = [make_bot("medium", game, seat, seed=seat) for seat in range(4)]
    played = searched = 0
    for seed in range(6):
        state = game.deal(seed=seed)
        while (seat := state.to_move) is not None:
            legal = state.legal_actions()
            view = state.view(seat, memory=True)
            choice = medium[seat].choose(view, legal)
            if len(legal) > 1 and all(a.kind == "discard" for a in legal):
                instant = endgame(game, view, legal)
                if instant is None:
                    searched += 1
                else:
                    assert instant == choice
                    played += 1
            state.apply(choice)
    assert played and searched


def _take_score(meld: Meld, top: int) -> float:
    kinds = list(meld.kinds)
    kinds.remove(top)  # type: ignore[arg-type]
    return len(kinds) + 1 + sum(4.0 if k == NATURAL_KINDS else POINTS[k] for k in kinds)


@example(hand=[4, 5, 6], top=7, keep=True)  # 5s 6s 7s + 8s: an advance keeps a card
@example(hand=[4, 5, 6, 8, 9], top=7, keep=True)
@given(
    st.lists(st.sampled_from(FRENCH_DECK[:NATURAL_KINDS]), min_size=2, max_size=11),
    st.sampled_from(FRENCH_DECK[:NATURAL_KINDS]),
    st.booleans(),
)
def test_the_direct_take_without_jokers_sheds_as_much_as_the_best_enumerated(
    hand: list[int], top: int, keep: bool
) -> None:
    found = _best_natural_with_top(hand, top, POINTS, keep)
    enumerated = [
        meld for meld in enumerate_melds_with(hand, top) if not keep or len(meld) <= len(hand)
    ]
    best = max((_take_score(m, top) for m in enumerated), default=0.0)
    if best > TAKE_THRESHOLD:
        assert found is not None and found in enumerated
        assert _take_score(found, top) == best
    else:
        assert found is None


@pytest.mark.rule("PO-12")
@pytest.mark.parametrize("four_suits", ["with_joker", "joker_fills"])
def test_the_bit_mask_meld_finder_follows_the_tables_reading_of_four_suits(
    deal: Deal, four_suits: str
) -> None:
    """Four aces and a joker: the five-card set sheds the most (4 × 15 less the joker's cost)
    with the default; with ``joker_fills`` the finder keeps to melds that table allows."""
    state = deal({0: "As Ah Ad Ac * 5c 7d 9h Js"}, stock="5c", players=2, four_suits=four_suits)
    state.apply("draw")
    action_id = choose(state, random.Random(1).random, POINTS, EPSILON)
    assert action_id in state.legal_action_ids()
    meld = meld_table()[0][action_id - MELD]
    if four_suits == "with_joker":
        assert meld == parse_meld("As Ah Ad Ac *")
    else:
        assert meld.is_set and len(meld) == 3
