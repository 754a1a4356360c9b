"""Bot levels: ``easy`` (random, obvious blunders avoided), ``medium`` (the heuristic),
``hard`` (ISMCTS); every bot takes a seed; the hint command of terminal play."""

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


def test_easy_putto_captures_rather_than_feeding_the_table() -> None:
    hands = [["5c", "Ao", "2e", "4b"], ["6o", "6c", "6e", "6b"]]
    dealt = {c for hand in hands for c in hand} | {"5o"}
    stock = [str(c) for c in LATIN_DECK if str(c) not in dealt]
    state = cardtable.game("putto", players=2).deal(
        setup={"hands": hands, "stock": stock, "table": ["5o"]}, dealer=1
    )
    view, legal = state.view(0, memory=True), state.legal_actions()
    assert "play 5c" in {str(a) for a in legal}
    choices = {str(make_bot("easy", state.game, 0, seed=s).choose(view, legal)) for s in range(40)}
    assert "play 5c" not in choices
    assert len(choices) > 1  # random otherwise


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
    for name, players in (("punttu", 5), ("putto", 6)):
        table = cardtable.game(name, players=players)
        state = table.deal(seed=rng.getrandbits(32))
        bots = [make_bot("easy", table, seat, seed=seat) for seat in range(players)]
        while (seat := state.to_move) is not None:
            legal = state.legal_actions()
            action = bots[seat].choose(state.view(seat, memory=True), legal)
            assert action in legal
            state.apply(action)
