"""Bot levels: ``easy`` (a beginner: rules of thumb, obvious blunders avoided), ``medium``
(the heuristic), ``hard`` (ISMCTS); every bot takes a seed; the hint command of terminal play."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from click.testing import CliRunner

import cardtable
from cardtable.bots import available_bots, make_bot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.levels import EasyBot
from cardtable.cards.latin import LATIN_DECK
from cardtable.cli.main import main
from cardtable.engine.game import State
from cardtable.games.punttu.deck import table_deck
from cardtable.games.punttu.heuristic import PunttuHeuristic
from cardtable.games.putto.heuristic import PuttoHeuristic


@pytest.mark.parametrize("name", ["punttu", "putto"])
def test_every_level_is_available(name: str) -> None:
    assert {"random", "easy", "medium", "hard", "heuristic", "ismcts"} <= set(available_bots(name))


def test_levels_are_the_expected_bots() -> None:
    for name, heuristic in (("punttu", PunttuHeuristic), ("putto", PuttoHeuristic)):
        table = cardtable.game(name, players=2)
        assert isinstance(make_bot("easy", table, 0, seed=1), EasyBot)
        assert type(make_bot("medium", table, 0, seed=1)) is heuristic
        assert isinstance(make_bot("hard", table, 0, seed=1), ISMCTSBot)


def punttu_position(hands: Sequence[Sequence[str]], plays: Sequence[str]) -> State:
    """Two players, these hands, the rest of the deck as the stock; seat 1 leads (PU-9)."""
    dealt = {card for hand in hands for card in hand}
    stock = [str(c) for c in table_deck(2, "aces") if str(c) not in dealt]
    state = cardtable.game("punttu", players=2).deal(
        setup={"hands": [list(h) for h in hands], "stock": stock}, dealer=0
    )
    for play in plays:
        state.apply(play)
    return state


def test_easy_punttu_never_throws_a_rich_card_onto_a_lost_trick() -> None:
    # Seat 1 leads the 7o; seat 0 cannot beat it (PU-12) and holds the 2c.
    state = punttu_position([["7c", "6o", "2c"], ["7o", "Jo", "Qo"]], ["play 7o"])
    view, legal = state.view(0, memory=True), state.legal_actions()
    choices = {str(make_bot("easy", state.game, 0, seed=s).choose(view, legal)) for s in range(30)}
    assert choices == {"play 2c"}


def putto_position(hands: Sequence[Sequence[str]], turned_up: str, plays: Sequence[str]) -> State:
    """Two players, these hands and the table's first card, the rest of the deck as the stock;
    seat 1 plays first (PT-7: the dealer is seat 0)."""
    dealt = {c for hand in hands for c in hand} | {turned_up}
    stock = [str(c) for c in LATIN_DECK if str(c) not in dealt]
    state = cardtable.game("putto", players=2).deal(
        setup={"hands": [list(h) for h in hands], "stock": stock, "table": [turned_up]}, dealer=0
    )
    for play in plays:
        state.apply(play)
    return state


def easy_choices(state: State, seeds: int = 40) -> set[str]:
    seat = state.to_move
    assert seat is not None
    view, legal = state.view(seat, memory=True), state.legal_actions()
    bots = [make_bot("easy", state.game, seat, seed=s) for s in range(seeds)]
    return {str(bot.choose(view, legal)) for bot in bots}


def test_easy_putto_takes_the_richest_capture_in_sight() -> None:
    # The table holds the king of coins and the five of coins; seat 0 can take either (PT-9):
    # the kings are worth 8 points (PT-2), the fives nothing. A beginner grabs the kings.
    state = putto_position([["5c", "Kb", "2e", "4b"], ["5o", "6c", "6e", "6b"]], "Ko", ["play 5o"])
    legal = {str(a) for a in state.legal_actions()}
    assert {"capture 5c", "capture Kb", "play 5c", "play Kb"} <= legal
    assert easy_choices(state) == {"capture Kb"}


def test_easy_putto_lays_down_any_card_when_it_cannot_capture() -> None:
    # Nothing on the table matches: a beginner lays a card down without weighing it (its
    # beginner's mistake: even the ace, PT-10), never capturing what is not there.
    state = putto_position([["3c", "Ao", "2e", "4b"], ["6o", "6c", "6e", "6b"]], "Kb", ["play 6o"])
    choices = easy_choices(state)
    assert len(choices) > 1 and all(choice.startswith("play ") for choice in choices)


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_level_is_reproducible_for_a_seed(level: str) -> None:
    def deal_with(seed: int) -> list[str]:
        table = cardtable.game("putto", players=2)
        state = table.deal(seed=4)
        bots = [make_bot(level, table, seat, seed=seed + seat) for seat in range(2)]
        for bot in bots:
            if isinstance(bot, ISMCTSBot):
                bot.iterations, bot.time_limit = 20, None
        moves = []
        while (seat := state.to_move) is not None:
            action = bots[seat].choose(state.view(seat, memory=True), state.legal_actions())
            moves.append(str(action))
            state.apply(action)
        return moves

    assert deal_with(3) == deal_with(3)


def test_hint_in_terminal_play_shows_a_move_and_its_alternatives() -> None:
    result = CliRunner().invoke(
        main,
        ["play", "punttu", "--players", "2", "--bots", "random", "--delay", "0", "--seed", "5"],
        input="h\n?\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "Hint:" in result.output
    assert "tries" in result.output and "imagined deal" in result.output
    assert "h, hint" in result.output  # listed in the help


def test_random_easy_bots_choose_legal_actions_over_whole_deals() -> None:
    rng = random.Random(0)
    for name, players in (("punttu", 5), ("putto", 6), ("pontinho", 4)):
        table = cardtable.game(name, players=players)
        state = table.deal(seed=rng.getrandbits(32))
        bots = [make_bot("easy", table, seat, seed=seat) for seat in range(players)]
        while (seat := state.to_move) is not None:
            legal = state.legal_actions()
            action = bots[seat].choose(state.view(seat, memory=True), legal)
            assert action in legal
            state.apply(action)
