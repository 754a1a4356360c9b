"""The head-to-head helper: seat rotation, bookkeeping and reproducibility (small runs only)."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.bots.evaluate import (
    BotStats,
    bot_seed,
    chunks,
    decisions_per_second,
    head_to_head,
    play_deal,
)
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
    assert empty.points_interval() is None and empty.went_out_rate is None


def test_decisions_per_second_is_positive() -> None:
    assert decisions_per_second("punttu", 2, "heuristic", deals=2, seed=0) > 0


def test_partners_win_together() -> None:
    """A team's win is a whole win for each of its seats: with one bot per pair at 4-player
    Putto, the two bots' win rates add up to 1 (a tied deal gives each half)."""
    stats = head_to_head("putto", 4, ["heuristic", "random", "heuristic", "random"], 6, seed=3)
    total = stats["heuristic"].win_rate + stats["random"].win_rate
    assert total == pytest.approx(1.0)


def test_a_deal_plays_alone_as_in_the_run() -> None:
    """Deal ``i`` depends only on (seed, i): played alone, out of order, it adds up to the run."""
    table = cardtable.game("punttu", 3)
    names = ["heuristic", "random", "random"]
    run = head_to_head("punttu", 3, names, deals=4, seed=7)
    alone = {name: BotStats(name) for name in names}
    for number in range(4):
        deal = play_deal(table, names, 7, number)
        assert [game.names for game in deal.games] == [
            tuple(names[(seat + rotation) % 3] for seat in range(3)) for rotation in range(3)
        ]
        for entry in alone.values():
            entry.add(deal)
    assert alone == run
    assert play_deal(table, names, 7, 3) == play_deal(table, names, 7, 3)
    assert play_deal(table, names, 7, 3) != play_deal(table, names, 8, 3)


def test_bot_seeds_differ_by_deal_rotation_and_seat() -> None:
    seeds = {bot_seed(1, n, r, s) for n in range(3) for r in range(4) for s in range(4)}
    assert len(seeds) == 3 * 4 * 4
    assert bot_seed(1, 2, 3, 0) == bot_seed(1, 2, 3, 0)


@pytest.mark.parametrize(("deals", "jobs"), [(1, 4), (7, 2), (1000, 2), (5000, 3), (10, 64)])
def test_chunks_cover_every_deal_once_in_order(deals: int, jobs: int) -> None:
    parts = chunks(deals, jobs)
    assert [n for part in parts for n in part] == list(range(deals))
    assert all(len(part) <= 64 for part in parts)


def test_at_least_one_process() -> None:
    with pytest.raises(OptionError, match="at least one process"):
        head_to_head("punttu", 2, ["heuristic", "random"], deals=1, seed=0, jobs=0)
