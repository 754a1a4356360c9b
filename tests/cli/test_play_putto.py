"""``cardtable play putto``: driven through click's CliRunner, seeded, without sleeping.

The human's inputs are worked out beforehand by playing the same match with the engine and the
same seeded bots (``bot_seed``), so every line typed is known to be what the test means.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

import cardtable
from cardtable.bots import make_bot
from cardtable.cli.main import main
from cardtable.cli.play import bot_seed
from cardtable.engine.action import Action
from cardtable.engine.game import State
from cardtable.engine.record import replay
from cardtable.terminal import Choice, SeatNames, renderer_for


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["play", "putto", "--delay", "0", *args], input=input)


@dataclass
class Planned:
    """What the human types, and the actions that should come of it."""

    lines: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    state: State | None = None


def plan(
    seed: int,
    decide: Callable[[int, list[Choice]], tuple[list[str], Action]],
    *,
    players: int = 2,
    seat: int = 0,
    stop: Callable[[State, list[Choice]], bool] | None = None,
) -> Planned:
    """Play deal 1 of match ``seed`` as ``cardtable play`` will, the human deciding with
    ``decide(turn, choices)`` -> (lines typed, action meant). ``stop`` ends the plan early."""
    table = cardtable.game("putto", players, deals=1)
    state = table.match(seed=seed).current
    bots = {
        s: make_bot("random", table, s, seed=bot_seed(seed, s)) for s in range(players) if s != seat
    }
    names = SeatNames([None if s == seat else "random" for s in range(players)])
    renderer = renderer_for("putto", names)
    planned = Planned(state=state)
    turn = 0
    while (mover := state.to_move) is not None:
        if mover != seat:
            state.apply(bots[mover].choose(state.view(mover, memory=True), state.legal_actions()))
            continue
        legal = state.legal_actions()
        choices = renderer.choices(state.view(seat), legal)
        if stop is not None and stop(state, choices):
            return planned
        if len(legal) == 1:  # played for the human, nothing typed
            action = legal[0]
        else:
            lines, action = decide(turn, choices)
            planned.lines += lines
        planned.actions.append(str(action))
        state.apply(action)
        turn += 1
    return planned


def numbers_and_codes(turn: int, choices: list[Choice]) -> tuple[list[str], Action]:
    """Alternately a number and a card code (lower case); a card that may capture does."""
    index = turn % len(choices)
    choice = choices[index]
    typed = str(index + 1) if turn % 2 == 0 else choice.label.lower()
    if len(choice.actions) == 1:
        return [typed], choice.actions[0]
    capture = next(a for a in choice.actions if a.kind == "capture")
    return [typed, "c"], capture


def test_a_whole_two_player_deal_by_numbers_and_card_codes(tmp_path: Path) -> None:
    planned = plan(11, numbers_and_codes)
    path = tmp_path / "deal.json"
    result = run(
        "--players", "2", "--bots", "random", "--seed", "11", "-o", "deals=1",
        "--record", str(path), input="\n".join(planned.lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert len(planned.actions) == 19  # 39 turns, seat 1 (the dealer's left) plays first
    assert out.count("You play ") + out.count("You capture ") == 19
    assert "Final scores" in out
    assert re.search(r"(You win|wins|share the win) with \d+ points", out)
    assert "You left the table" not in out
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["actions"][1::2] == planned.actions
    replayed = replay(path)
    assert replayed.state.is_over
    assert planned.state is not None and planned.state.outcome == replayed.state.outcome


def _first_double_choice(seed: int) -> tuple[Planned, Choice, int]:
    """The human's first turn in match ``seed`` with a card that can capture or be played."""
    found: list[tuple[Choice, int]] = []

    def stop(state: State, choices: list[Choice]) -> bool:
        for index, choice in enumerate(choices, start=1):
            if len(choice.actions) == 2:
                found.append((choice, index))
                return True
        return False

    planned = plan(seed, numbers_and_codes, stop=stop)
    assert found, "this seed never offers the choice"
    return planned, *found[0]


def test_a_card_that_can_capture_or_play_asks_which() -> None:
    planned, choice, number = _first_double_choice(3)
    taken_rank = choice.label[:-1]
    lines = [*planned.lines, str(number), "x", "", choice.label.upper(), "c", "q"]
    result = run("--players", "2", "--bots", "random", "--seed", "3", input="\n".join(lines))
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count(f"{choice.label} can take") >= 3  # the hint in the table, then asked twice
    assert out.count("capture or play it? (c/p, Enter: back)") == 3  # x refused, Enter: back
    assert "'x' is not an answer here: type c / capture / p / play" in out
    assert re.search(rf"You capture ({taken_rank}\w ?)+ with {choice.label}", out)


def test_capture_or_play_typed_at_once() -> None:
    planned, choice, number = _first_double_choice(3)
    played = f"You play {choice.label} onto the table."
    captured = re.compile(rf"You capture ({choice.label[:-1]}\w ?)+ with {choice.label}")
    for typed, capture in (
        (f"p {number}", False),
        (f"play {choice.label}", False),
        (f"c {number}", True),
        (f"capture {choice.label.lower()}", True),
        (f"C {choice.label.upper()}", True),
    ):
        lines = [*planned.lines, typed, "q"]
        result = run("--players", "2", "--bots", "random", "--seed", "3", input="\n".join(lines))
        assert result.exit_code == 0, result.output
        assert "capture or play it?" not in result.output  # not asked
        assert bool(captured.search(result.output)) is capture, typed
        assert (played in result.output) is not capture, typed


def test_only_one_kind_of_move_is_made_at_once() -> None:
    """A card that cannot capture is played as soon as it is chosen."""
    table = cardtable.game("putto", 2)
    state = table.match(seed=5).current
    bot = make_bot("random", table, 1, seed=bot_seed(5, 1))
    state.apply(bot.choose(state.view(1, memory=True), state.legal_actions()))
    choices = renderer_for("putto", SeatNames([None, "random"])).choices(
        state.view(0), state.legal_actions()
    )
    number, single = next((i, c) for i, c in enumerate(choices, 1) if len(c.actions) == 1)
    result = run("--players", "2", "--bots", "random", "--seed", "5", input=f"{number}\nq\n")
    assert result.exit_code == 0, result.output
    assert f"You play {single.label} onto the table." in result.output
    assert "capture or play it?" not in result.output


def test_bad_input_is_refused_with_the_reason_and_asked_again() -> None:
    table = cardtable.game("putto", 2)
    state = table.match(seed=5).current
    bot = make_bot("random", table, 1, seed=bot_seed(5, 1))
    state.apply(bot.choose(state.view(1, memory=True), state.legal_actions()))
    view = state.view(0)
    hand, on_table = view["hand"], view["table"]
    not_held = next(c for c in ("7o", "7c", "7e", "7b", "6o") if c not in hand)
    no_match = next(c for c in hand if all(t[:-1] != c[:-1] for t in on_table))
    result = run(
        "--players", "2", "--bots", "random", "--seed", "5",
        input=f"9\nZz\n{not_held}\ncapture {no_match}\nplay 9o\n\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "there is no choice 9: type a number from 1 to 4" in out
    assert "'Zz' is not a card" in out
    assert f"you do not hold {not_held}; your cards: {' '.join(hand)}" in out
    # the engine's reason, without the rule id it cites (rule ids are not for players)
    assert f"{no_match} captures nothing: no table card has its rank" in out
    assert "(PT-9)" not in out
    assert "it has no 8, 9 or 10" in out
    assert "You play" not in out and "You capture" not in out
    assert out.count("Your move") == 7  # asked again after each refusal (and the empty line)


def test_help_lists_the_putto_commands() -> None:
    result = run("--players", "2", "--bots", "random", "--seed", "5", input="?\nq\n")
    assert result.exit_code == 0
    for command in ("c 2, capture 7c", "p 2, play 7c", "t, table", "q, quit"):
        assert command in result.output
    assert "A sweep is worth 3 points. Capturing is optional." in result.output
    assert "Card points: ace 11, three 10" in result.output


def test_help_says_the_tables_capture_rule() -> None:
    """The reminders follow the table's options: compulsory capture is said as such."""
    result = run("--players", "2", "--bots", "random", "--seed", "5", "-o", "must_capture=true",
                 input="?\nq\n")
    assert result.exit_code == 0, result.output
    assert "You must capture when you can." in result.output
    assert "Capturing is optional." not in result.output


def test_the_table_shows_teams_partner_stock_and_sides() -> None:
    result = run(
        "--players", "4", "--seat", "2", "--bots", "random", "--seed", "2", input="q\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Team A: Bot 1 (random) + Bot 3 (random)" in out
    assert "Team B: You + Bot 4 (random) (partner)" in out
    assert re.search(r"4\s+random · partner\s+B\s+4", out)
    assert re.search(r"B: 2, 4\s+You \+ random \(partner\)\s+\d+\s+\d+", out)
    assert re.search(r"Stock: \d+ cards", out) and "Table:" in out and "Your hand:" in out


def _breakdown_row(side: int, details: Mapping[str, Any], points: int) -> str:
    """A regular expression for one side's row of the end-of-deal table (PT-16)."""
    sweeps = details["sweeps"][side]
    suits = "".join(sorted(details["primiera"][side], key="oceb".index))
    sweeps_cell = f"{sweeps} (+{3 * sweeps})" if sweeps else "0"
    primiera_cell = f"{len(suits)} ({suits})" if suits else "0"
    card_points = details["card_points"][side]
    seats = ("1, 3", "2, 4")[side]  # counted from 1, as players count
    return (
        rf"{'AB'[side]}: {seats}\s+random \+ random\s+{card_points}\s+"
        rf"{re.escape(sweeps_cell)}\s+{re.escape(primiera_cell)}\s+{points}\b"
    )


def test_watch_four_players_in_pairs_prints_the_breakdown_of_the_record(tmp_path: Path) -> None:
    path = tmp_path / "watch.json"
    result = run(
        "--watch", "--players", "4", "--bots", "random", "--seed", "7", "--record", str(path)
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You" not in out and "Your hand" not in out
    replayed = replay(path)
    assert replayed.match is not None and replayed.match.is_over
    assert len(replayed.match.deals) == 4  # deals: one per seat
    totals = [0, 0]
    for number, deal in enumerate(replayed.match.deals, start=1):
        outcome = deal.outcome
        assert outcome is not None and outcome.sides == ((0, 2), (1, 3))
        section = out.split(f"Deal {number} of 4: scores", 1)[1]
        for side in (0, 1):
            totals[side] += outcome.points[side]
            row = _breakdown_row(side, outcome.details, outcome.points[side])
            assert re.search(row + rf"( ★)?\s+{totals[side]}", section), (number, side, row)
        if outcome.details["leftover"]:
            assert "Left on the table: " + " ".join(outcome.details["leftover"]) in section
    result_line = replayed.result()
    assert result_line["points"] == totals
    best = max(totals)
    assert f"win the match with {best} points." in out or "share the win" in out
    assert out.count("SWEEP!") == sum(
        sum(deal.outcome.details["sweeps"]) for deal in replayed.match.deals if deal.outcome
    )


def test_watch_with_the_heuristic_bots() -> None:
    result = run("--watch", "--players", "2", "--seed", "1", "-o", "deals=1")
    assert result.exit_code == 0, result.output
    assert "Bot 1 (medium)" in result.output
    assert "Final scores" in result.output


def _table_text(state: State, seat: int) -> str:
    from rich.console import Console

    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderer_for("putto", SeatNames([None, "bot"])).table(state.view(seat)))
    return console.export_text()


def _last_play(table: cardtable.Game, seed: int) -> State:
    """The deal of ``seed`` played by each seat's first legal action up to its very last play."""
    state = table.deal(seed=seed)
    while sum(state.view(None)["hand_sizes"]) > 1 or state.view(None)["stock"]:
        state.apply(state.legal_actions()[0])
    return state


def test_the_capture_hint_promises_a_sweep_only_where_the_engine_scores_one() -> None:
    """PT-12, PT-18: with ``last_play_sweep=false`` a capture that empties the table on the
    deal's very last play is no sweep. The hint asks the engine (``capture_preview``) instead
    of re-deriving it (it said "a sweep!" here: Putto, 2 players, seed 5)."""
    for last_play_sweep in (False, True):
        table = cardtable.game("putto", 2, last_play_sweep=last_play_sweep)
        state = _last_play(table, 5)
        seat = state.to_move
        assert seat is not None
        (capture,) = [a for a in state.legal_actions() if a.kind == "capture"]
        text = _table_text(state, seat)
        assert "can take" in text
        sweeps_before = sum(state.sweeps)  # type: ignore[attr-defined]
        state.apply(capture)
        scored = sum(state.outcome.details["sweeps"]) > sweeps_before  # type: ignore[union-attr]
        assert scored is last_play_sweep
        assert ("a sweep!" in text) is scored, text
