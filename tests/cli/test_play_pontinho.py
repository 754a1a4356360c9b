"""``cardtable play pontinho``: friendly input read against the legal actions, typed turns, and
watched deals whose end-of-deal table matches the replayed record. Seeded, without sleeping."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import cardtable
from cardtable.cards.french import FRENCH_DECK, card_text
from cardtable.cli.main import main
from cardtable.engine.action import Action
from cardtable.engine.game import State
from cardtable.engine.record import replay
from cardtable.errors import CardtableError
from cardtable.terminal import SeatNames, renderer_for
from cardtable.terminal.pontinho import PontinhoTable

#: The level the terminal names each bot by (``cardtable.terminal.base.bot_label``).
LEVEL = {"heuristic": "medium", "ismcts": "hard"}


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["play", "pontinho", "--delay", "0", *args], input=input)


# Seat 0 plays first (dealer 1): hand Qs Ks 9h 9d 4c 5c 6c 7c *, the top discard 9s.
HANDS = [
    ["4c", "5c", "6c", "7c", "9h", "9d", "*", "Qs", "Ks"],
    ["2s", "3s", "4s", "2h", "3h", "4h", "Jd", "Qd", "Kd"],
]


def setup_state() -> State:
    game = cardtable.game("pontinho", 2)
    used = [c for hand in HANDS for c in hand] + ["9s", "2d"]
    deck = [card_text(c) for c in FRENCH_DECK]
    for text in used:
        deck.remove(text)
    setup = {"hands": HANDS, "stock": ["2d", *deck], "discard": ["9s"]}
    return game.deal(setup=setup, dealer=1)


def table() -> PontinhoTable:
    renderer = renderer_for("pontinho", SeatNames([None, "random"]))
    assert isinstance(renderer, PontinhoTable)
    return renderer


def understand(state: State, text: str) -> Action | str:
    return table().understand(text, state.view(0), state.legal_actions())


def test_the_hand_is_numbered_by_suit_then_rank_jokers_last() -> None:
    state = setup_state()
    assert PontinhoTable.hand_cards(state.view(0)) == [
        "Qs", "Ks", "9h", "9d", "4c", "5c", "6c", "7c", "*",
    ]
    state.apply("draw")  # the first draw is held apart (PO-9) but numbered with the hand
    assert PontinhoTable.hand_cards(state.view(0))[3] == "2d"


def test_take_by_numbers_means_the_top_discard_and_those_cards() -> None:
    state = setup_state()
    action = understand(state, "take 3 4")
    assert isinstance(action, Action) and str(action) == "take 9s 9h 9d"
    assert understand(state, "d") == understand(state, "s") == Action("draw")
    assert understand(state, "take 9s 9h 9d") == "take 9s 9h 9d"  # the game's own notation


def test_take_after_drawing_says_it_is_too_late() -> None:
    # issue 16 §7: 'take' after a draw asked to "name the cards of the meld"
    state = setup_state()
    state.apply("draw")
    for text in ("take", "take 3 4"):
        with pytest.raises(CardtableError, match="you have drawn this turn"):
            understand(state, text)


def test_melds_discards_and_layoffs_by_numbers() -> None:
    state = setup_state()
    state.apply("draw")  # hand: Qs Ks 9h 2d 9d 4c 5c 6c 7c *
    assert understand(state, "b") == "burn"
    meld = understand(state, "meld 6 7 8")
    assert isinstance(meld, Action) and str(meld) == "meld 4c 5c 6c"
    assert understand(state, "discard 2") == "discard Ks"
    with pytest.raises(CardtableError, match=r"can mean 'meld \*=3c 4c 5c' or 'meld 4c 5c \*=6c'"):
        understand(state, "meld 6 7 10")
    with pytest.raises(CardtableError, match="no card 11 in your hand: .* numbered 1 to 10"):
        understand(state, "meld 1 2 11")
    assert understand(state, "meld 1 2 3") == "meld Qs Ks 9h"  # not a meld: the game says why
    state.apply(meld)  # hand: Qs Ks 9h 2d 9d 7c *
    assert understand(state, "layoff 1 6") == "layoff 1 7c"
    # A joker laid off on a run names its card: at either end here, so the player is asked.
    with pytest.raises(CardtableError, match=r"'layoff 1 \*=3c' or 'layoff 1 \*=7c'"):
        understand(state, "layoff 1 7")
    assert understand(state, "discard 7") == "discard *"


def test_typed_turns_with_the_engines_reason_on_a_bad_meld() -> None:
    result = run(
        "--players", "4", "--seat", "1", "--bots", "random", "--seed", "7",
        input="meld 1 2 3\nmeld 1 8 10\nd\ndiscard 5\n2\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    flat = " ".join(out.split())  # messages wrap at the runner's 80 columns
    # The engine's reason, then asked again.
    assert "'meld 3s 5s 8s' is not a pontinho action: '3s 5s 8s': a run's ranks must" in flat
    assert "You could meld: 3s 3c *" in out
    assert "You lay meld 4: 3s 3c *" in out
    assert "Discard pile, bottom to top: empty" in out
    assert "You discard Kd." in out
    assert re.search(r"passed on Kd\.", out)
    # The claim round: who discarded, who drew, who passed, and the numbered answers.
    assert "Bot 2 (random) discarded Qc. Bot 3 (random) drew from the stock." in out
    assert "Advance Qc? (a meld with it, or pass)" in out
    assert "1 pass   2 advance Qc Kc Ac" in out
    assert "You advance Qc: meld 5, Qc Kc Ac" in out
    assert out.count("Your move") >= 5


def test_help_lists_the_pontinho_commands() -> None:
    result = run("--players", "2", "--bots", "random", "--seed", "5", input="?\nq\n")
    assert result.exit_code == 0, result.output
    for command in ("meld 1 2 3, meld 4c 5c *=6c 7c", "layoff 2 4, layoff 2 8c", "b, burn"):
        assert command in result.output


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (3, 3)])
def test_watch_prints_the_penalty_table_of_the_record(
    tmp_path: Path, players: int, seed: int
) -> None:
    path = tmp_path / "watch.json"
    result = run(
        "--watch", "--players", str(players), "--bots", "random", "--seed", str(seed),
        "-o", "deals=1", "-o", "rebuild_limit=0", "--record", str(path),
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You" not in out and "Your hand" not in out
    outcome = replay(path).state.outcome
    assert outcome is not None
    section = out.split("Final scores: penalty points", 1)[1]
    for seat in range(players):
        left = " ".join(outcome.details["hands"][seat]) or "—"
        points = outcome.points[seat]
        name = rf"Bot {seat + 1} \(random\)"
        row = rf"\b{seat + 1}\s+{name}\s+{re.escape(left)}\s+{points}\s+{points}\b"
        assert re.search(row, section), (seat, row)
    went_out = outcome.details["went_out"]
    if went_out is None:
        assert "the deal is void" in out
    else:
        assert f"Bot {went_out + 1} (random) went out: bateu!" in out


@pytest.mark.parametrize("seed", [3, 6])
def test_reduced_deals_are_named_by_table_seat_and_bots_decide_buybacks(
    tmp_path: Path, seed: int
) -> None:
    """Players bust quickly (bust 25): the deals after are dealt to the seats still in, and the
    scores table names each row by the record's seat map; the bots' buy-back decisions are
    printed by name and recorded."""
    path = tmp_path / "watch.json"
    result = run(
        "--watch", "--players", "4", "--bots", "medium,random,easy,medium", "--seed", str(seed),
        "-o", "bust=25", "-o", "rebuild_limit=0", "--record", str(path),
    )
    assert result.exit_code == 0, result.output
    out = result.output
    record = json.loads(path.read_text())
    names = record["meta"]["seats"]
    deals = record["deals"]
    reduced = [i for i, deal in enumerate(deals) if "seats" in deal]
    assert reduced, "the seed should make someone bust"
    sections = re.split(r"Deal \d+: penalty points", out)[1:]
    assert len(sections) == len(deals)
    for index in reduced:
        seats = deals[index]["seats"]
        section = sections[index]
        for seat in range(4):
            # each row names the bot as the sentences do, by its table seat
            name = rf"Bot {seat + 1} \({LEVEL.get(names[seat], names[seat])}\)"
            if seat in seats:
                row = rf"^\s*{seat + 1}\s+{name}\s"
            else:  # out: not dealt in, listed as out
                row = rf"^\s*{seat + 1}\s+{name}\s+—\s+—\s+\d+\s+out\b"
            assert re.search(row, section, re.MULTILINE), (index, seat, row)
    decided = [text for deal in deals for text in deal.get("decisions", [])]
    assert decided
    printed = re.findall(r"^Bot (\d) \((\w+)\): (buyback|decline)\.$", out, re.MULTILINE)
    assert [text for _seat, _name, text in printed] == decided
    assert all(LEVEL.get(names[int(seat) - 1], names[int(seat) - 1]) == name
               for seat, name, _text in printed)


@pytest.mark.parametrize("text", ["meld 1 2 ³", "layoff ² 7", "layoff 1 ⁷", "take ³ 4"])
def test_digits_that_are_no_decimal_numbers_go_to_the_game_as_text(text: str) -> None:
    """``'³'.isdigit()`` is true but ``int('³')`` fails: such words are no card numbers, and
    the game's parser says what is wrong with them (no traceback)."""
    state = setup_state()
    if not text.startswith("take"):
        state.apply("draw")
    result = understand(state, text)
    assert isinstance(result, str)
    with pytest.raises(CardtableError):
        state.apply(result)


def test_a_superscript_digit_at_the_prompt_is_no_choice() -> None:
    result = run("--seed", "3", input="²\nq\n")
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
