"""The mini variants (``cardtable.research.mini``) and their exact answers (``research.exact``).

Game values worked out by hand for decks small enough to reason about, CFR reducing
exploitability on the registered game itself, and the EFG export the exact command solves
checked against that game, policy for policy."""

from __future__ import annotations

import io
import pickle

import pyspiel
import pytest
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability

from cardtable.research import exact, mini


def _python_policy(game: pyspiel.Game, tree: exact.Tree, level: str) -> policy_lib.TabularPolicy:
    """A bot as OpenSpiel's Python tabular policy of the registered game (not the EFG one)."""
    choose = exact.bot_choice(tree, level)
    table = policy_lib.TabularPolicy(game)
    for info in tree.infosets:
        row = table.policy_for_key(info.key)
        row[:] = 0.0
        for step, probability in choose(info).items():
            row[step] = probability
    return table


def test_two_equal_cards_go_to_the_leader() -> None:
    """7o and 7c, one each, no stock: seat 1 (the dealer's right, PU-9) leads, the first of
    equal cards takes the trick (PU-12), so seat 1 wins 14 points: seat 0's return is -7."""
    game = mini.load("punttu", hand=1, ranks=1, suits=2)
    tree = exact.build_tree(game)
    value, low, high = exact.value_bounds(
        tree.load(),
        pyspiel.TabularPolicy(exact.efg_policy(tree, lambda info: {info.actions[0]: 1.0})),
    )
    assert (value, low, high) == (-7.0, -7.0, -7.0)


def test_sevens_and_sixes_value_by_hand() -> None:
    """7o 7c 6o 6c, two cards each, no stock: once dealt, each seat knows the other's hand.
    Both sevens in one hand take all 26 points (1/6 each way: ±13); a seven and a six each is
    a draw, since the follower answers a seven with its six and a six with its seven (13 all).
    The game value is 0, and the ``medium`` bot, which solves 2-player endgames with an empty
    stock exactly, cannot be exploited at all."""
    game = mini.load("punttu", hand=2, ranks=2, suits=2)
    tree = exact.build_tree(game)
    efg = tree.load()
    solver = pyspiel.CFRPlusSolver(efg)
    for _ in range(200):
        solver.evaluate_and_update_policy()
    value, low, high = exact.value_bounds(efg, solver.average_policy())
    assert low <= 0.0 <= high
    assert high - low < 1e-2
    assert exact.bot_exploitability(tree, "medium")[0] == 0.0
    assert exact.bot_exploitability(tree, "random")[0] > 1.0


def test_cfr_on_the_registered_game_reduces_exploitability() -> None:
    game = mini.load("punttu", hand=2, ranks=2, suits=2)
    solver = cfr.CFRPlusSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.exploitability(game, solver.average_policy())
    for _ in range(7):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < first / 4


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("punttu", {"hand": 2, "ranks": 2, "suits": 2}),
        ("putto", {"hand": 1, "ranks": 2, "suits": 2}),
    ],
)
def test_the_efg_tree_is_the_same_game(name: str, params: dict[str, int]) -> None:
    """NashConv of the same bot policy, by OpenSpiel's Python code on the registered game and by
    its C++ code on the exported tree, agree: the export keeps every node, chance probability,
    information set and return."""
    game = mini.load(name, **params)
    tree = exact.build_tree(game)
    efg = tree.load()
    for level in ("random", "easy"):
        ours = exploitability.nash_conv(game, _python_policy(game, tree, level))
        theirs = pyspiel.nash_conv(
            efg, pyspiel.TabularPolicy(exact.efg_policy(tree, exact.bot_choice(tree, level)))
        )
        assert ours == pytest.approx(theirs, abs=1e-9)


def test_mini_putto_cfr_converges() -> None:
    game = mini.load("putto", hand=1, ranks=2, suits=2)
    efg = exact.build_tree(game).load()
    curve, _policy = exact.run_solver("CFR+", pyspiel.CFRPlusSolver(efg), efg, 64)
    assert curve.points[0][1] > 1.0
    assert curve.final() < curve.points[0][1] / 20


def test_the_rules_are_the_engines() -> None:
    """A mini deal is an engine deal: a Putto capture takes the card of its rank (PT-9)."""
    game = mini.load("putto", hand=1, ranks=1, suits=3)
    state = game.new_initial_state()
    for card in (0, 10, 20):  # Ao to seat 0, Ac to seat 1, Ae face up
        state.apply_action(card)
    assert state.current_player() == 1  # the dealer's left plays first (PT-7)
    assert 40 + 10 in state.legal_actions()  # capture the Ae with the Ac
    assert state.episode.state.hands == [[0], [10]]


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("punttu", {"hand": 4}),
        ("punttu", {"hand": 2, "ranks": 2, "suits": 1}),  # 2 cards for two hands of 2
        ("punttu", {"hand": 1, "ranks": 3, "suits": 1}),  # a stock of 1: no round of draws
        ("putto", {"hand": 2, "ranks": 2, "suits": 2}),  # no face-up card left
        ("putto", {"ranks": 11}),
    ],
)
def test_impossible_decks_are_refused(name: str, params: dict[str, int]) -> None:
    with pytest.raises(ValueError):
        mini.load(name, **params)


def test_a_mini_game_pickles() -> None:
    game = mini.load("putto", hand=1, ranks=2, suits=2)
    again = pickle.loads(pickle.dumps(game))
    assert again.get_parameters() == game.get_parameters()
    pyspiel.random_sim_test(again, num_sims=2, serialize=True, verbose=False)


def test_the_command_prints_curves_value_and_bots() -> None:
    out = io.StringIO()
    exact.report(
        "mini_punttu", {"hand": 2, "ranks": 2, "suits": 2}, 8, 64, ["random", "medium"], out
    )
    text = out.getvalue()
    for word in ("CFR:", "CFR+:", "ES-MCCFR:", "game value", "bot random", "bot medium"):
        assert word in text
