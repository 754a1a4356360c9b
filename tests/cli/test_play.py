"""``cardtable play``: driven through click's CliRunner, seeded, without sleeping."""

from __future__ import annotations

import builtins
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

import cardtable
from cardtable.bots import make_bot
from cardtable.cli.main import main
from cardtable.cli.session import Ending, Session
from cardtable.engine.record import replay
from cardtable.terminal import SeatNames, renderer_for

# Enough "1" lines to play every decision of a 2-player deal (20 tricks).
ALWAYS_FIRST = "1\n" * 40


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["play", *args], input=input)


def first_hand(seed: int, players: int = 2, seat: int = 0) -> list[str]:
    """The human's hand at the start of the first deal of the match ``seed``."""
    hand: list[str] = cardtable.game("punttu", players).match(seed=seed).current.view(seat)["hand"]
    return hand


def test_a_whole_two_player_deal_by_numbers() -> None:
    result = run(
        "punttu", "--players", "2", "--bots", "random", "--delay", "0", "--seed", "11",
        input=ALWAYS_FIRST,
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("You play ") == 20  # 40 cards, two hands: 20 tricks
    assert "Final scores" in result.output
    assert re.search(r"(You win|wins|share the win) with \d+ points", result.output)
    assert "You left the table" not in result.output
    assert "seed 11" in result.output


def test_card_codes_in_any_case_and_play_prefix() -> None:
    hand = first_hand(5)
    code = hand[0]
    typed = code[0].lower() + code[1].upper() if code[0] in "AJQK" else code.upper()
    result = run(
        "punttu", "--players", "2", "--bots", "random", "--delay", "0", "--seed", "5",
        input=f"play {typed}\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert f"You play {code}" in result.output


def test_bad_input_is_refused_with_the_reason_and_asked_again() -> None:
    hand = first_hand(5)
    not_held = next(c for c in ("7o", "7c", "7e", "7b") if c not in hand)
    result = run(
        "punttu", "--players", "2", "--bots", "random", "--delay", "0", "--seed", "5",
        input=f"9\nZz\nplay 9o\n{not_held}\n\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "there is no choice 9: type a number from 1 to 3" in out
    assert "'Zz' is not a card" in out
    assert "it has no 8, 9 or 10" in out
    # the seat counted from 1 as the table shows it, the reason without its rule id (PU-11)
    assert f"seat 1 does not hold {not_held} (play a card from your hand)" in out
    assert "seat 0" not in out and "PU-11" not in out
    assert "You play" not in out
    assert out.count("Your move") == 6  # asked again after each refusal (and the empty line)


def test_help_lists_the_commands() -> None:
    result = run(
        "punttu", "--players", "2", "--bots", "random", "--delay", "0", "--seed", "5",
        input="?\nq\n",
    )
    assert result.exit_code == 0
    for command in ("t, table", "?, help", "q, quit", "7o, play 7o"):
        assert command in result.output


def test_q_quits_at_once_without_finishing() -> None:
    result = run(
        "punttu", "--players", "3", "--bots", "random", "--delay", "0", "--seed", "5",
        input="q\n1\n1\n",
    )
    assert result.exit_code == 0
    assert "You left the table (seed 5)." in result.output
    assert "scores" not in result.output
    assert "You play" not in result.output


def test_end_of_input_ends_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "eof.json"
    result = run(
        "punttu", "--players", "2", "--bots", "random", "--delay", "0", "--seed", "5",
        "--record", str(path), input="1\n",
    )
    assert result.exit_code == 0
    assert result.exception is None
    assert "You left the table" in result.output
    replayed = replay(path)
    assert not replayed.state.is_over
    assert replayed.state.history[0][0] == 1  # seat 1 led, then we played once
    assert [seat for seat, _ in replayed.state.history].count(0) == 1


def test_ctrl_c_ends_cleanly_and_saves_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupt(prompt: object = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    path = tmp_path / "interrupted.json"
    result = run(
        "punttu", "--players", "2", "--bots", "random", "--delay", "0", "--seed", "5",
        "--record", str(path),
    )
    assert result.exit_code == 130
    assert not isinstance(result.exception, KeyboardInterrupt)
    assert "Interrupted." in result.output
    assert replay(path).state.to_move == 0


def test_watch_plays_every_seat_and_prints_the_final_scores(tmp_path: Path) -> None:
    path = tmp_path / "watch.json"
    result = run(
        "punttu", "--watch", "--players", "4", "--bots", "random", "--delay", "0",
        "--seed", "3", "--record", str(path),
    )
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert "You" not in result.output and "Your hand" not in result.output
    outcome = replay(path).result()
    assert outcome["over"] is True
    best = max(outcome["points"])
    winners = " and ".join(f"Bot {seat + 1} (random)" for seat in outcome["winners"])
    assert f"{winners} wins with {best} points." in result.output or "share the win" in (
        result.output
    )
    for seat, points in enumerate(outcome["points"]):  # each bot named as in the sentences
        name = rf"Bot {seat + 1} \(random\)"
        assert re.search(rf"│\s+{seat + 1} │ {name}\s+│\s+{points}", result.output)


def test_watch_with_the_default_heuristic_bots() -> None:
    result = run("punttu", "--watch", "--delay", "0", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "Bot 1 (medium) plays" in result.output
    assert "Final scores" in result.output


def test_the_seed_is_printed_and_replays_the_same_game() -> None:
    first = run("punttu", "--watch", "--players", "3", "--bots", "random", "--delay", "0")
    assert first.exit_code == 0
    found = re.search(r"seed (\d+)", first.output)
    assert found is not None
    again = run(
        "punttu", "--watch", "--players", "3", "--bots", "random", "--delay", "0",
        "--seed", found.group(1),
    )
    assert again.output == first.output


def test_record_of_a_finished_deal_replays_to_the_same_result(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    result = run(
        "punttu", "--players", "2", "--bots", "random", "--delay", "0", "--seed", "11",
        "--record", str(path), input=ALWAYS_FIRST,
    )
    assert result.exit_code == 0, result.output
    assert f"Record saved to {path}." in result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert "setup" in record and "deals" not in record
    assert record["meta"]["seats"] == ["human", "random"]
    replayed = replay(path)
    assert replayed.state.is_over
    outcome = replayed.state.outcome
    assert outcome is not None
    for seat, points in enumerate(outcome.points):
        name = "You" if seat == 0 else rf"Bot {seat + 1} \(random\)"
        assert re.search(rf"│\s+{seat + 1} │ {name}\s+│\s+{points}", result.output)


def test_a_match_of_several_deals(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    result = run(
        "punttu", "--players", "2", "--bots", "random", "--delay", "0", "--seed", "4",
        "-o", "deals=2", "--record", str(path),
        input=ALWAYS_FIRST[:40] + "\n" + ALWAYS_FIRST,  # Enter between the deals
    )
    assert result.exit_code == 0, result.output
    assert "Deal 1 of 2: scores" in result.output and "Deal 2 of 2: scores" in result.output
    assert "the match with" in result.output or "share the win" in result.output
    replayed = replay(path)
    assert replayed.match is not None and replayed.match.is_over
    assert len(replayed.match.deals) == 2
    totals = replayed.result()["points"]
    assert f"with {max(totals)} points" in result.output


def test_show_played_option_shows_earlier_tricks() -> None:
    args = ["punttu", "--players", "2", "--bots", "random", "--delay", "0", "--seed", "5"]
    shown = run(*args, "-o", "show_played=true", input="1\nq\n")
    hidden = run(*args, input="1\nq\n")
    assert "Played before:" in shown.output
    assert "Played before:" not in hidden.output


def test_one_bot_per_other_seat() -> None:
    result = run(
        "punttu", "--players", "3", "--seat", "2", "--bots", "random,heuristic",
        "--delay", "0", "--seed", "2", input="q\n",
    )
    assert result.exit_code == 0, result.output
    assert "Bot 1 (random) deals; you lead the first trick" in result.output
    rows = re.findall(r"│ [▶ ]\s+(\d)  (\w+)", result.output)
    # seats counted from 1 and bots named by their level, as players know them
    assert rows == [("1", "random"), ("2", "You"), ("3", "medium")]


def test_a_short_bot_list_is_repeated_around_the_table_as_in_arena() -> None:
    result = run(
        "punttu", "--watch", "--players", "4", "--bots", "random,easy", "--delay", "0",
        "--seed", "2",
    )
    assert result.exit_code == 0, result.output
    for seat, level in enumerate(["random", "easy", "random", "easy"], start=1):
        assert f"Bot {seat} ({level}) plays" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["puntu"], "did you mean punttu"),
        (["punttu", "--players", "9"], "2 to 8 players"),
        (["punttu", "--seat", "5"], "from 1 to 4"),  # counted from 1, as the table shows
        (["punttu", "--seat", "0"], "from 1 to 4"),
        (["punttu", "--bots", "random,random,easy,hard"], "bot seats (seats 2, 3, 4)"),
        (["punttu", "--seat", "3", "--bots", "a,b,c,d"], "(seats 1, 2, 4)"),
        (["punttu", "--bots", "nobody"], "unknown bot 'nobody'"),
        (["punttu", "-o", "deals"], "key=value"),
        (["punttu", "-o", "colour=red"], "unknown option 'colour'"),
        (["punttu", "--watch", "--seat", "1"], "leave out --seat"),
    ],
)
def test_bad_command_lines_are_refused(args: list[str], message: str) -> None:
    result = run(*args, "--delay", "0", input="q\n")
    assert result.exit_code == 2
    assert message in result.output


def test_bots_pause_between_moves_only_as_long_as_asked() -> None:
    table = cardtable.game("punttu", 2)
    bots = [make_bot("random", table, seat, seed=seat) for seat in range(2)]
    pauses: list[float] = []
    session = Session(
        match=table.match(seed=1),
        players=bots,
        renderer=renderer_for("punttu", SeatNames(["random", "random"])),
        console=Console(file=open("/dev/null", "w"), width=80),  # noqa: SIM115
        delay=0.5,
        sleep=pauses.append,
    )
    assert session.run() is Ending.FINISHED
    assert pauses.count(0.5) == 40  # one before each move
    assert pauses.count(1.0) == 19  # after each trick but the last
