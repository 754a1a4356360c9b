"""Every seat's view, and the spectator's, at chosen steps of fixed-seed matches, against golden
files (``tests/golden/views/``); and views built together equal views built one by one.

The golden files hold what each seat saw at the first steps of each deal, the first step of each
phase, every ``EVERY``-th step, the end of each deal and each decision between deals, for a few
table sizes and options of each game: a refactor of the views (the games' public and private
parts, ``State.views``, ``Match.deal_views``) must leave them as they are. Regenerate them after
a change that is meant with ``CARDTABLE_REGOLD=1`` (``tests/helpers/golden.py``). The server
builds every seat's view of a step with ``Match.deal_views``; a difference from the views one by
one would show a seat something else, or leak, so that is checked at every step.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.helpers.golden import check_golden

import cardtable
from cardtable.games import match_class

#: The tables, each with the seed whose views are kept in a golden file (the others are
#: checked for agreement only). The last one busts players early, for the buy-back decisions.
TABLES: list[tuple[str, int, dict[str, Any], int]] = [
    ("punttu", 4, {"deals": 2}, 1), ("punttu", 3, {"trim": "twos", "show_played": True}, 1),
    ("punttu", 2, {"show_played": True}, 1),
    ("putto", 4, {"deals": 2}, 1), ("putto", 3, {}, 1), ("putto", 2, {"must_capture": True}, 1),
    ("pontinho", 4, {}, 1), ("pontinho", 3, {"deals": 2}, 1), ("pontinho", 2, {}, 1),
    ("pontinho", 3, {"bust": 30, "figure_points": "10", "four_suits": "joker_fills"}, 0),
]
#: Besides the first steps of a deal and of each phase, a checkpoint every so many steps.
EVERY = 40
#: The most steps a match is played for.
STEPS = 400


def _table_id(name: str, players: int, options: dict[str, Any]) -> str:
    return f"{name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize(
    ("name", "players", "options", "golden_seed"),
    [pytest.param(*table, id=_table_id(table[0], table[1], table[2])) for table in TABLES],
)
@pytest.mark.parametrize("seed", range(4))
def test_views_of_every_seat_at_every_step(
    name: str, players: int, options: dict[str, Any], golden_seed: int, seed: int
) -> None:
    """A seeded match played at random: at every step the views built together (the state's
    and the match's) equal the views one by one, a view with memory is the view and its log,
    and at the checkpoints every view equals its golden file's (for the table's golden seed)."""
    game = cardtable.game(name, players, **options)
    match = match_class(game)(game, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    checkpoints: list[dict[str, Any]] = []
    phases: set[Any] = set()
    deal_step = 0
    steps = 0
    while not match.is_over and steps < STEPS:
        state = match.current
        seats: list[int | None] = [None, *range(state.n)]
        together = state.views(seats)
        match_views = match.deal_views(seats)
        assert list(together) == seats and list(match_views) == seats
        for seat in seats:
            alone = state.view(seat)
            assert together[seat] == alone, (seed, steps, seat)
            assert match_views[seat] == match.deal_view(seat), (seed, steps, seat)
            memory = state.view(seat, memory=True)
            assert memory.pop("log") == [[s, str(a)] for s, a in state.history]
            assert memory == alone
        phase = together[None].get("phase")
        deciding = state.is_over and match.to_move is not None
        if deal_step < 3 or phase not in phases or deal_step % EVERY == 0 or state.is_over:
            checkpoints.append(
                {
                    "step": steps,
                    "deal": len(match.deals),
                    "deal_step": deal_step,
                    "views": {
                        "spectator" if seat is None else str(seat): match_views[seat]
                        for seat in seats
                    },
                    **(
                        {"decision": match.decision_view(match.to_move)}
                        if deciding and match.to_move is not None
                        else {}
                    ),
                }
            )
        phases.add(phase)
        if not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            deal_step += 1
        elif match.to_move is not None:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        else:
            match.next_deal()
            phases.clear()
            deal_step = 0
        steps += 1
    assert steps > 10
    if seed == golden_seed:
        check_golden(
            f"views/{_table_id(name, players, options)}-seed{seed}.json",
            {"table": game.describe(), "seed": seed, "dealer": seed % players,
             "checkpoints": checkpoints},
            depth=4,
        )


def test_views_check_their_seats() -> None:
    state = cardtable.game("punttu", 4).deal(seed=1)
    with pytest.raises(cardtable.CardtableError):
        state.views([0, 4])


@pytest.mark.parametrize("name", ["punttu", "putto", "pontinho"])
def test_the_memory_log_is_the_history_at_every_step_of_the_state_and_its_clones(
    name: str,
) -> None:
    """``view(memory=True)``'s log is kept from one view to the next (each entry made once):
    it must still be every action so far, for the state and for each clone on its own, and a
    view's list is its own."""
    table = cardtable.game(name, players=3)
    state = table.deal(seed=7)
    rng = random.Random(7)
    clone = None
    for step in range(60):
        if state.is_over:
            break
        seat = state.to_move
        log = state.view(seat, memory=True)["log"]
        assert log == [[s, str(a)] for s, a in state.history]
        log.append([0, "scribbled"])  # a view's list is its own
        if step == 20:
            clone = state.clone()
        state.apply(rng.choice(state.legal_actions()))
    assert clone is not None
    before = [[s, str(a)] for s, a in clone.history]
    assert clone.view(None, memory=True)["log"] == before
    clone.apply(clone.legal_actions()[0])
    assert clone.view(None, memory=True)["log"] == [[s, str(a)] for s, a in clone.history]
    assert state.view(None, memory=True)["log"] == [[s, str(a)] for s, a in state.history]
