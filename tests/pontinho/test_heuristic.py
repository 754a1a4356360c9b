"""Pontinho's heuristic bot (``medium``) on hand-built positions, and its contract on random deals.

The bot is given only the seat's view with memory and the legal actions, exactly as ``play_out``
gives them. Strength is measured in the arena, not here.
"""

from __future__ import annotations

import ast
import inspect

import pytest
from tests.helpers.pontinho import Deal

import cardtable
from cardtable.bots import make_bot, play_out
from cardtable.engine.action import Action
from cardtable.games.pontinho import PontinhoState, heuristic
from cardtable.games.pontinho.heuristic import BOTS, PontinhoHeuristic


def choose(state: PontinhoState, seat: int | None = None) -> Action:
    seat = state.to_move if seat is None else seat
    assert seat is not None
    bot = PontinhoHeuristic(state.game, seat, seed=0)
    return bot.choose(state.view(seat, memory=True), state.legal_actions())


def pass_claims(state: PontinhoState) -> None:
    while state.phase == "claim":
        state.apply("pass")


def seat1_main(deal: Deal, seat1: str, drawn: str, seat0: str, discard0: str) -> PontinhoState:
    """Seat 0 draws and discards ``discard0``; seat 1 draws ``drawn`` and is in its MAIN step."""
    state = deal({0: seat0, 1: seat1}, stock=f"2c {drawn}")
    state.apply("draw")
    state.apply(f"discard {discard0}")
    state.apply("draw")
    pass_claims(state)
    assert state.to_move == 1 and state.phase == "main"
    return state


def seat1_with_a_joker_and_kings(deal: Deal) -> PontinhoState:
    """Seat 0 has melded 7s 8s 9s; seat 1 holds three kings, a ten of spades and a joker, has
    drawn, and is in its MAIN step."""
    state = deal({0: "7s 8s 9s 2h 3d 4c 5h 6d Jc", 1: "Kh Kd Kc Ts * 4d 6h 8d Qc"}, stock="3h 5c")
    state.apply("draw")
    state.apply("meld 7s 8s 9s")
    state.apply("discard Jc")
    state.apply("draw")
    pass_claims(state)
    return state


def test_registered_as_medium() -> None:
    game = cardtable.game("pontinho", players=4)
    assert BOTS["heuristic"] is PontinhoHeuristic
    assert isinstance(make_bot("medium", game, 0, seed=1), PontinhoHeuristic)


def test_discards_the_high_unconnected_card(deal: Deal) -> None:
    state = seat1_main(deal, "5s 5h 7c 8c 2d 3d Kh 4s 6h", "9h", "Tc 3h Jh As Ad 4c Jc 6s 8h", "As")
    assert str(choose(state)) == "discard Kh"


def test_keeps_a_pair(deal: Deal) -> None:
    state = seat1_main(deal, "Qs Qh 2d 3d 6c 7c 9s 4h 5h", "Jd", "Tc 3h Jh As Ad 4c Jc 6s 8h", "As")
    assert str(choose(state)) == "discard Jd"


def test_lays_off_to_shed_points(deal: Deal) -> None:
    state = deal({0: "7s 8s 9s 2h 3d 4c 5h 6d Jc", 1: "Kh Kd Kc Ts 2c 4d 6h 8d Qc"}, stock="3h 5c")
    state.apply("draw")
    state.apply("meld 7s 8s 9s")
    state.apply("discard Jc")
    state.apply("draw")
    pass_claims(state)
    state.apply("meld Kh Kd Kc")
    assert str(choose(state)) == "layoff 1 Ts"


def test_keeps_a_card_that_lays_off_on_a_visible_meld(deal: Deal) -> None:
    state = deal({0: "Ts Js Qs 2h 3d 4c 5h 6d Jc", 1: "Ks Qd 2c 3c 5d 6d 8h 9h 4s"}, stock="3h 7c")
    state.apply("draw")
    state.apply("meld Ts Js Qs")
    state.apply("discard Jc")
    state.apply("draw")
    pass_claims(state)
    action = choose(state)
    assert action.kind == "discard" and str(action) != "discard Ks"


def test_advances_when_it_sheds_many_points(deal: Deal) -> None:
    state = deal({0: "Kc 2s 3h 5d 7c 9s Jh 4d 6c", 2: "Kh Kd 2d 4s 6h 8c Td Qs 3c"}, stock="Ac 8d")
    state.apply("draw")
    state.apply("discard Kc")
    state.apply("draw")
    assert state.phase == "claim" and state.to_move == 2
    assert str(choose(state)) == "advance Kh Kd Kc"


def test_burns_a_useless_first_card(deal: Deal) -> None:
    state = deal({0: "2s 3s 5h 6h 8d 9d Jc Qc 4s"}, stock="Kd")
    state.apply("draw")
    assert state.phase == "first_drawn"
    assert str(choose(state)) == "burn"


def test_keeps_a_useful_first_card(deal: Deal) -> None:
    state = deal({0: "2s 3s 5h 6h 8d 9d Jc Qc 4s"}, stock="7h")
    state.apply("draw")
    assert choose(state).kind != "burn"


@pytest.mark.parametrize("players", range(2, 9))
def test_only_legal_actions_and_reproducible(players: int) -> None:
    game = cardtable.game("pontinho", players=players, rebuild_limit=1)
    histories = []
    for _ in range(2):
        bots = [make_bot("medium", game, seat, seed=seat) for seat in range(players)]
        state = play_out(game.deal(seed=players), bots)  # apply() rejects illegal actions
        assert state.is_over
        histories.append([(s, str(a)) for s, a in state.history])
    assert histories[0] == histories[1]


def test_the_module_never_imports_the_state() -> None:
    tree = ast.parse(inspect.getsource(heuristic))
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    assert not [name for name in imported if name.endswith(("state", "game"))]


def test_easy_blunders(deal: Deal) -> None:
    """``easy``: never a joker discarded, nor a card it could lay off instead."""
    from cardtable.games.pontinho.easy import is_blunder

    state = seat1_with_a_joker_and_kings(deal)
    view = state.view(1, memory=True)
    assert is_blunder(view, state.game.parse_action("discard *"))
    assert not is_blunder(view, state.game.parse_action("discard Ts"))  # not melded yet
    state.apply("meld Kh Kd Kc")
    view = state.view(1, memory=True)
    assert is_blunder(view, state.game.parse_action("discard Ts"))  # layoff 1 Ts instead
    assert not is_blunder(view, state.game.parse_action("discard 4d"))
    assert not is_blunder(view, state.game.parse_action("layoff 1 Ts"))


def easy_choices(state: PontinhoState, seeds: int = 30) -> set[str]:
    seat = state.to_move
    assert seat is not None
    view, legal = state.view(seat, memory=True), state.legal_actions()
    return {
        str(make_bot("easy", state.game, seat, seed=s).choose(view, legal)) for s in range(seeds)
    }


def test_easy_never_takes_the_discard_nor_advances_it(deal: Deal) -> None:
    """``easy`` is a beginner: it draws from the stock even when the top discard makes a meld
    (PO-7), and passes when it could advance it (PO-17); ``medium`` takes it."""
    state = deal({0: "Kc 2s 3h 5d 7c 9s Jh 4d 6c", 1: "Kh Kd 2d 4s 6h 8c Td Qs 3c"}, stock="Ac 8d")
    state.apply("draw")
    state.apply("discard Kc")
    assert "take Kh Kd Kc" in {str(a) for a in state.legal_actions()}
    assert easy_choices(state) == {"draw"}
    assert str(choose(state)) == "take Kh Kd Kc"
    state = deal({0: "Kc 2s 3h 5d 7c 9s Jh 4d 6c", 2: "Kh Kd 2d 4s 6h 8c Td Qs 3c"}, stock="Ac 8d")
    state.apply("draw")
    state.apply("discard Kc")
    state.apply("draw")
    assert state.phase == "claim" and state.to_move == 2
    assert easy_choices(state) == {"pass"}


def test_easy_keeps_its_first_card_and_throws_its_highest(deal: Deal) -> None:
    """``easy`` keeps what it draws first (PO-9: it never burns), lays down what it can at once
    (PO-11) and throws away its highest card (PO-2), even when that breaks a pair."""
    state = deal({0: "7s 8s 9s 2h 3d 4c Kh Kd Jc"}, stock="Tc")
    state.apply("draw")
    assert state.phase == "first_drawn" and "burn" in {str(a) for a in state.legal_actions()}
    assert easy_choices(state) == {"meld 7s 8s 9s"}
    state.apply("meld 7s 8s 9s")
    assert easy_choices(state) == {"discard Kh", "discard Kd"}


def test_easy_spends_its_joker_lays_off_and_never_throws_a_joker(deal: Deal) -> None:
    """``easy`` melds the most natural cards it can and spends its joker in the meld (a
    beginner's mistake: PO-11), lays off what fits (PO-16), then throws its highest card."""
    state = seat1_with_a_joker_and_kings(deal)
    played = []
    while state.to_move == 1:
        (choice,) = easy_choices(state)
        played.append(choice)
        state.apply(choice)
    assert played == ["meld Kh Kd Kc *", "layoff 1 Ts", "discard Qc"]


@pytest.mark.parametrize(
    ("totals", "still_in", "wanted"),
    [
        ([10, 30, 40, 20], [0, 1, 3], True),  # returns with 30: 70 below bust 100
        ([10, 80, 100, 20], [0, 1, 3], True),  # returns with 80: exactly the margin, 20
        ([10, 81, 100, 20], [0, 1, 3], False),  # 81: only 19 points of room
    ],
)
def test_buys_back_only_with_a_margin_below_bust(
    totals: list[int], still_in: list[int], wanted: bool
) -> None:
    view = {"kind": "match", "seat": 2, "totals": totals, "bust": 100, "still_in": still_in}
    assert heuristic.BUYBACK_MARGIN == 20
    assert heuristic.buyback_wanted(view) is wanted
    bot = PontinhoHeuristic(cardtable.game("pontinho", 4), 2, seed=0)
    choice = bot.choose(view, [Action("buyback"), Action("decline")])
    assert choice == Action("buyback" if wanted else "decline")


def test_buys_back_from_a_view_without_totals() -> None:
    assert heuristic.buyback_wanted({"kind": "match"})
