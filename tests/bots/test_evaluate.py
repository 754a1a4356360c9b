"""The head-to-head helper: seat rotation, bookkeeping and reproducibility (small runs only)."""

from __future__ import annotations

import pytest

from cardtable.bots.evaluate import BotStats, decisions_per_second, head_to_head
from cardtable.errors import OptionError


def test_every_bot_plays_every_seat_of_every_deal() -> None:
    stats = head_to_head("punttu", 3, ["heuristic", "random", "random"], deals=4, seed=1)
    assert stats["heuristic"].seat_deals == 4 * 3
    assert stats["random"].seat_deals == 4 * 3 * 2
    # PU-7: 123 points in play with 3 players; every game is counted once per seat.
    assert stats["heuristic"].points + stats["random"].points == 4 * 3 * 123
    # Shared wins are split, so the wins add up to one per game.
    assert stats["heuristic"].wins + stats["random"].wins == pytest.approx(4 * 3)


def test_rotation_cancels_the_deal_for_equal_bots() -> None:
    """The same bot in every seat of every rotation: its stats are the table's averages."""
    stats = head_to_head("punttu", 2, ["random", "random"], deals=3, seed=2)
    assert stats["random"].win_rate == pytest.approx(0.5)
    assert stats["random"].mean_points == pytest.approx(62)


def test_replays_from_the_seed() -> None:
    first = head_to_head("punttu", 2, ["heuristic", "random"], deals=5, seed=9)
    second = head_to_head("punttu", 2, ["heuristic", "random"], deals=5, seed=9)
    assert first == second


def test_one_name_per_seat() -> None:
    with pytest.raises(OptionError, match="one bot name per seat"):
        head_to_head("punttu", 4, ["heuristic", "random"], deals=1, seed=0)
    with pytest.raises(OptionError, match="at least one deal"):
        head_to_head("punttu", 2, ["heuristic", "random"], deals=0, seed=0)


def test_stats_of_nothing_are_zero() -> None:
    empty = BotStats("x")
    assert (empty.win_rate, empty.win_rate_stderr, empty.mean_points) == (0.0, 0.0, 0.0)


def test_decisions_per_second_is_positive() -> None:
    assert decisions_per_second("punttu", 2, "heuristic", deals=2, seed=0) > 0


def test_partners_win_together() -> None:
    """A team's win is a whole win for each of its seats: with one bot per pair at 4-player
    Putto, the two bots' win rates add up to 1 (a tied deal gives each half)."""
    stats = head_to_head("putto", 4, ["heuristic", "random", "heuristic", "random"], 6, seed=3)
    total = stats["heuristic"].win_rate + stats["random"].win_rate
    assert total == pytest.approx(1.0)
