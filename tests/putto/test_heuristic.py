"""Behaviour of Putto's heuristic bot on hand-built positions, and its contract on random deals.

Positions are explicit setups holding all 40 cards; the bot is given only the seat's view with
memory and the legal actions, exactly as ``play_out`` gives them. Long statistical comparisons
live in ``cardtable.bots.evaluate``, not here: one quick smoke check only.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

import cardtable
from cardtable.bots import make_bot
from cardtable.bots.evaluate import head_to_head
from cardtable.cards.latin import LATIN_DECK
from cardtable.engine.game import State
from cardtable.games.putto.heuristic import _CARD, BOTS, Memory, PuttoHeuristic


def position(
    players: int,
    hands: Sequence[Sequence[str]],
    table: str,
    plays: Sequence[str] = (),
    dealer: int = 0,
    stock_top: Sequence[str] = (),
    **options: object,
) -> State:
    """A deal with these hands, ``table`` face up and ``stock_top`` on the stock (the rest of
    the deck under it in deck order), after ``plays``."""
    dealt = {card for hand in hands for card in hand} | set(stock_top) | {table}
    stock = list(stock_top) + [str(c) for c in LATIN_DECK if str(c) not in dealt]
    state = cardtable.game("putto", players=players, **options).deal(
        setup={"hands": [list(hand) for hand in hands], "stock": stock, "table": [table]},
        dealer=dealer,
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
    assert {"heuristic": PuttoHeuristic} == BOTS
    table = cardtable.game("putto", players=2)
    assert isinstance(make_bot("heuristic", table, 0), PuttoHeuristic)


def test_captures_the_ace_rather_than_the_king() -> None:
    """PT-2: an ace pair is worth 22; taking the king instead would leave the ace to be taken."""
    state = position(
        2, [["Ae", "Ke", "5c", "6c"], ["Kb", "4o", "5o", "6o"]], "Ao", plays=["play Kb"]
    )
    assert state.to_move == 0
    assert state.view(0)["table"] == ["Ao", "Kb"]
    assert bot_choice(state) == "capture Ae"


def test_captures_a_three() -> None:
    """PT-2: a three is worth 10, a jack 2."""
    state = position(
        2, [["3c", "Jc", "5c", "6c"], ["Jb", "4o", "5o", "6o"]], "3o", plays=["play Jb"]
    )
    assert bot_choice(state) == "capture 3c"


def test_sweeps_even_worthless_cards() -> None:
    """PT-12: taking two fives is worth nothing in card points but 3 as a sweep."""
    state = position(
        2, [["5e", "4o", "6o", "7o"], ["5c", "Jb", "Qb", "Kb"]], "5o", plays=["play 5c"]
    )
    assert state.view(0)["table"] == ["5o", "5c"]
    assert bot_choice(state) == "capture 5e"


def test_leaves_a_dead_rank_rather_than_an_easy_sweep() -> None:
    """PT-12, PT-22: left alone on the table, a six can still be matched by the two unseen sixes
    (a sweep for the opponent); a two cannot, as the bot remembers both other twos were captured
    and holds the last one itself."""
    state = position(
        2,
        [["Jo", "6c", "6o", "2e"], ["2b", "Jc", "2o", "Kb"]],
        "2c",
        plays=["capture 2b", "play Jo", "capture Jc", "play 6c", "play 2o"],
        stock_top=["5b", "7b", "5e", "7e", "4b"],
    )
    assert state.to_move == 0
    view = state.view(0)
    assert view["table"] == ["6c", "2o"]
    assert "6o" in view["hand"] and "2e" in view["hand"]
    assert bot_choice(state) == "capture 6o"


def test_does_not_feed_an_ace() -> None:
    """PT-2, PT-10: an ace played onto the table is 22 points for an opponent holding another;
    a card worth nothing costs little."""
    state = position(2, [["Ao", "4c", "5c", "6c"], ["Jb", "4o", "5o", "6o"]], "Kc", dealer=1)
    assert state.to_move == 0
    assert bot_choice(state) in {"play 4c", "play 5c", "play 6c"}


def test_does_not_feed_a_three_or_a_figure() -> None:
    """PT-2: the same for a three or a king, when a card worth nothing can be played instead."""
    state = position(2, [["3o", "Ko", "4c", "5c"], ["Jb", "4o", "5o", "6o"]], "Qc", dealer=1)
    assert bot_choice(state) in {"play 4c", "play 5c"}


@pytest.mark.parametrize(("teams", "expected"), [("pairs", "capture Ae"), ("alone", "capture Ac")])
def test_counts_the_partners_captures_for_primiera(teams: str, expected: str) -> None:
    """PT-3, PT-16: either ace takes the ace on the table; only the primiera differs. The bot
    (seat 2) took Kc and seat 0 took 3c. With seat 0 as partner, copas is as good as won, so the
    ace of espadas opens a new suit; alone, seat 0 is a rival and copas is the suit to fight for.
    """
    hands = [
        ["3c", "4o", "6o", "2c"],
        ["Ko", "5o", "2e", "4e"],
        ["Kc", "Ac", "Ae", "6b"],
        ["Ab", "2b", "4b", "5b"],
    ]
    state = position(
        4,
        hands,
        "3o",
        dealer=3,
        plays=["capture 3c", "play Ko", "capture Kc", "play Ab", "play 4o", "play 5o"],
        stock_top=["6c", "6e", "7b", "7c", "7e", "2o"],
        teams=teams,
    )
    assert state.to_move == 2
    assert state.view(2)["table"] == ["Ab", "4o", "5o"]
    assert bot_choice(state) == expected


def test_remembers_the_first_face_up_card() -> None:
    """PT-5: a capture whose rank no logged card had took the first face-up card, so that rank
    has one unseen card fewer."""
    state = position(
        2, [["Ae", "4c", "5c", "6c"], ["Jb", "4o", "5o", "6o"]], "Ao", plays=["play Jb"]
    )
    state.apply("capture Ae")
    seat = state.to_move
    assert seat == 1
    memory = Memory(state.view(seat, memory=True))
    # Aces: Ao (captured first card) and Ae seen; Ac, Ab unseen for seat 1.
    assert memory.unseen[0] == 2


def _true_unseen(state: State, seat: int) -> list[int]:
    debug = state.debug_view()
    counts = [0] * 10
    others = [card for s, hand in enumerate(debug["hands"]) if s != seat for card in hand]
    for text in others + debug["stock"]:
        counts[_CARD[text] % 10] += 1
    return counts


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_unseen_counts_follow_the_log(players: int) -> None:
    """Unseen cards per rank are exact: the log and the turned-up card (PT-5) tell everything."""
    table = cardtable.game("putto", players=players, must_capture=players == 3)
    for seed in range(8):
        state = table.deal(seed=seed)
        rng = random.Random(seed)
        while (seat := state.to_move) is not None:
            memory = Memory(state.view(seat, memory=True))
            truth = _true_unseen(state, seat)
            assert memory.unseen == [float(t) for t in truth]
            state.apply(rng.choice(state.legal_actions()))


def test_bot_module_does_not_touch_the_state() -> None:
    """Hidden information is enforced: the bot gets views, and its module never imports State."""
    import cardtable.games.putto.heuristic as module

    assert not hasattr(module, "State")
    assert not hasattr(module, "PuttoState")
    assert "cardtable.games.putto.state" not in (module.__doc__ or "")


_OPTION_SETS = [
    dict(zip(("must_capture", "leftover", "last_play_sweep"), values, strict=True))
    for values in itertools.product((False, True), ("last_capturer", "nobody"), (True, False))
]


@pytest.mark.parametrize(
    ("players", "teams"),
    [
        (2, "alone"),
        (3, "alone"),
        (4, "pairs"),
        (4, "alone"),
        (5, "alone"),
        (6, "pairs"),
        (6, "threes"),
    ],
)
def test_only_legal_actions_and_reproducible(players: int, teams: str) -> None:
    for seed, options in enumerate(_OPTION_SETS):
        table = cardtable.game("putto", players=players, teams=teams, **options)
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


def test_smoke_beats_random() -> None:
    """A quick sanity check, not a measurement (see cardtable.bots.evaluate for that)."""
    stats = head_to_head("putto", 2, ["heuristic", "random"], deals=60, seed=5)
    assert stats["heuristic"].win_rate > 0.7
