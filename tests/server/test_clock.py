"""The clock's arithmetic (``server/tables/clock.py``): pure, with the times given, so no test
here waits. Properties: a bank is never negative and never above its profile's initial bank, a
move costs exactly the stored time between its turn's start and its acceptance, and a clock
rebuilt from the stored steps at any point (a restart) has exactly the banks of one played
through."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.server.tables import clock
from cardtable.server.tables.clock import PROFILES, GameClock, replayed, spend

NORMAL = PROFILES["normal"]


def test_profiles_have_their_documented_figures() -> None:
    figures = {name: (p.bank, p.increment, p.turn_based) for name, p in PROFILES.items()}
    assert figures == {
        "fast": (180, 5, False),
        "normal": (600, 15, False),
        "slow": (1800, 30, False),
        "day": (2 * 86400, 86400, True),
        "days3": (6 * 86400, 3 * 86400, True),
    }
    assert clock.CHOICES == ("none", "fast", "normal", "slow", "day", "days3")
    assert clock.profile("none") is None and clock.profile(None) is None
    assert clock.profile("fast") is PROFILES["fast"]


def test_a_move_costs_the_time_since_the_step_before_it_then_gains_the_increment() -> None:
    game = GameClock.new(NORMAL, 2)
    game.step(1000.0)  # the deal
    game.step(1100.0, 0, "person")  # seat 0 thought 100 s
    assert game.left == [600 - 100 + 15, 600]
    game.step(1400.5, 1, "person")  # seat 1 thought 300.5 s, counted from seat 0's move
    assert game.left == [515, 600 - 300.5 + 15]


def test_the_increment_never_lifts_a_bank_above_the_initial_bank() -> None:
    game = GameClock.new(NORMAL, 2)
    game.step(0.0)
    game.step(1.0, 0, "person")
    assert game.left[0] == 600


def test_a_bank_never_goes_negative_when_the_clock_moves_for_the_seat() -> None:
    game = GameClock.new(PROFILES["fast"], 2)
    game.step(0.0)
    game.step(500.0, 0, "timer")  # late: the stand-in moved after the bank had run out
    assert game.left[0] == 5  # nothing left, then the increment


def test_bots_and_a_persons_only_choice_cost_nothing_but_start_the_next_turn() -> None:
    game = GameClock.new(NORMAL, 2)
    game.step(0.0)
    game.step(50.0, 1, "bot")
    game.step(60.0, 0, "auto")
    assert game.left == [600, 600]
    game.step(70.0, 0, "person")
    assert game.left[0] == 600  # 600 - 10 + 15, capped at the initial bank


def test_remaining_counts_down_only_for_the_seat_on_turn() -> None:
    game = GameClock.new(NORMAL, 2)
    game.step(100.0)
    assert game.remaining(0, 160.0, on_turn=True) == 540
    assert game.remaining(1, 160.0, on_turn=False) == 600
    assert game.remaining(0, 10_000.0, on_turn=True) == 0
    view = game.view(0, 160.0)
    assert view["left"] == [540, 600] and view["since"] == 100.0 and view["profile"] == "normal"


def test_a_step_stored_without_a_time_changes_nothing() -> None:
    game = GameClock.new(NORMAL, 2)
    game.step(None, 0, "person")
    assert game.left == [600, 600] and game.since is None


def test_three_clock_moves_in_a_row_strike_a_seat_out_and_a_persons_move_clears_it() -> None:
    game = GameClock.new(NORMAL, 2)
    game.step(0.0)
    for at in (1.0, 2.0):
        game.step(at, 0, "timer")
    assert not game.struck_out(0)
    game.step(3.0, 0, "person")
    game.step(4.0, 0, "timer")
    assert game.strikes[0] == 1
    game.step(5.0, 0, "timer")
    game.step(6.0, 0, "timer")
    assert clock.STRIKES == 3 and game.struck_out(0) and not game.struck_out(1)


# -- properties --------------------------------------------------------------------------------

BY = st.sampled_from(["person", "timer", "away", "bot", "auto", None])
STEP = st.tuples(st.floats(0, 5 * 86400, allow_nan=False), st.one_of(st.none(), st.integers(0, 3)),
                 BY)
STEPS = st.lists(STEP, max_size=60)
PROFILE = st.sampled_from(list(PROFILES.values()))


def ordered(steps: list[tuple[float, int | None, str | None]]) -> list[tuple[float, int | None,
                                                                             str | None]]:
    """The steps at increasing times (as the server stores them), from gaps."""
    now, out = 1_000_000.0, []
    for gap, seat, by in steps:
        now += gap
        out.append((now, seat, by))
    return out


@given(PROFILE, STEPS)
def test_banks_stay_between_zero_and_the_initial_bank(profile: clock.Profile,
                                                      steps: list) -> None:
    game = replayed(profile, 4, ordered(steps))
    assert all(0 <= left <= profile.bank for left in game.left)


@given(PROFILE, STEPS, st.data())
def test_a_restart_at_any_step_neither_gives_nor_takes_time(profile: clock.Profile, steps: list,
                                                            data: st.DataObject) -> None:
    steps = ordered(steps)
    cut = data.draw(st.integers(0, len(steps)))
    played = GameClock.new(profile, 4)
    for at, seat, by in steps[:cut]:
        played.step(at, seat, by)
    # the process stops here; another one rebuilds the table from the stored steps
    rebuilt = replayed(profile, 4, steps[:cut])
    assert rebuilt == played
    for at, seat, by in steps[cut:]:
        played.step(at, seat, by)
        rebuilt.step(at, seat, by)
    assert rebuilt == played == replayed(profile, 4, steps)


@given(PROFILE, st.floats(0, 10 * 86400, allow_nan=False), st.floats(0, 10 * 86400,
                                                                     allow_nan=False))
def test_a_move_costs_exactly_its_stored_thinking_time(profile: clock.Profile, start: float,
                                                       think: float) -> None:
    game = GameClock.new(profile, 2)
    game.step(start)
    game.step(start + think, 0, "person")
    cost = (start + think) - start  # the stored times' difference, as the server computes it
    assert game.left[0] == pytest.approx(spend(profile.bank, cost, increment=profile.increment,
                                               cap=profile.bank))
    assert game.left[0] == pytest.approx(min(profile.bank,
                                             max(0.0, profile.bank - cost) + profile.increment))


@given(st.floats(-1e6, 1e6, allow_nan=False), st.floats(-1e6, 1e6, allow_nan=False),
       st.floats(0, 1e5, allow_nan=False), st.floats(0, 1e6, allow_nan=False))
def test_spend_is_never_negative_and_never_over_the_cap(left: float, cost: float,
                                                        increment: float, cap: float) -> None:
    after = spend(min(left, cap), cost, increment=min(increment, cap), cap=cap)
    assert 0 <= after <= cap


def test_the_browser_and_the_http_api_know_the_same_profiles() -> None:
    """The lobby's form and the waiting room show the server's figures (``js/clock.js``), and
    the HTTP API accepts exactly the profiles' names."""
    import re
    import typing
    from pathlib import Path

    from cardtable.server.transport.http import ClockName

    assert typing.get_args(ClockName) == clock.CHOICES
    script = (Path(clock.__file__).parents[2] / "web/static/js/clock.js").read_text()
    block = script.split("export const CLOCKS = {", 1)[1].split("};", 1)[0]
    day = 86400

    def seconds(text: str) -> float:
        return float(eval(text, {"DAY": day}))  # the figures are literals times DAY

    found = {name: (seconds(bank), seconds(inc))
             for name, bank, inc in re.findall(r"(\w+): \[([^,]+), ([^\]]+)\]", block)}
    assert found == {name: (p.bank, p.increment) for name, p in PROFILES.items()}
