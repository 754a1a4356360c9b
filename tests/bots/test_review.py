"""The coach (``cardtable.bots.review``): it flags a move that threw away an obvious trick, and
leaves a sound move alone; it grades from the seat's view only.

Positions are explicit 4-player Punttu setups (3 cards each, PU-8); the statistical validation
of the evaluator (mistakes confirmed by a deeper evaluation, medium's own moves flagged) is
``benchmarks/coach.py``, not a test.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence

from click.testing import CliRunner

import cardtable
from cardtable.bots import make_bot
from cardtable.bots.review import Evaluator, label_of, review_deal, review_record
from cardtable.cli.main import main
from cardtable.engine.game import State
from cardtable.games.punttu.deck import table_deck
from cardtable.games.punttu.search import prior

#: Seat 1 leads the 6 of coins (PU-9: the dealer's right leads), seat 2 adds the 5 and seat 3 the
#: 6 of swords; seat 0, last to play, holds the 7 of cups, the only card that takes this 17-point
#: trick (PU-12: strictly higher), and throws the ace of clubs instead.
HANDS = [["7c", "5b", "Ab"], ["6o", "4e", "Jc"], ["5o", "3e", "Qo"], ["6e", "2e", "Ke"]]
PLAYS = ["play 6o", "play 5o", "play 6e"]
THROWN = "play Ab"


def deal(hands: Sequence[Sequence[str]] = HANDS) -> State:
    dealt = {card for hand in hands for card in hand}
    stock = [str(c) for c in table_deck(4, "aces") if str(c) not in dealt]
    return cardtable.game("punttu", players=4).deal(
        setup={"hands": [list(h) for h in hands], "stock": stock}, dealer=0
    )


def test_throwing_away_an_obvious_trick_is_flagged_with_the_winning_card_as_best() -> None:
    review = review_deal(deal(), [*PLAYS, THROWN], seats=[0], samples=48)
    (move,) = review.moves
    assert (move.number, move.seat, move.played) == (4, 0, THROWN)
    assert move.label in {"mistake", "blunder"}, move
    assert move.best == "play 7c"
    assert move.low > 0 and move.low <= move.loss <= move.high
    # the coach's reason in words, from the same deals: the better move ended the deal ahead
    # in most of them (the rest of a deal can still go either way)
    assert move.samples == 48 and move.better_in > 24 > move.worse_in
    assert move.better_in + move.worse_in <= move.samples
    assert {"better_in", "worse_in", "samples"} <= set(move.to_json())
    (summary,) = review.summaries
    assert summary.decisions == 1 and summary.labels[move.label] == 1 and summary.best_share == 0


def test_taking_the_trick_is_good() -> None:
    review = review_deal(deal(), [*PLAYS, "play 7c"], seats=[0], samples=48)
    (move,) = review.moves
    assert move.label == "good" and move.loss == 0.0 and move.best == "play 7c"
    assert move.better_in == move.worse_in == 0  # nothing better to give a reason for


def test_the_grade_depends_on_the_view_only() -> None:
    # Redeal every card seat 0 has not seen (the other hands and the stock), keeping what it saw:
    # the same view, so the same evaluation.
    state = deal()
    for play in PLAYS:
        state.apply(play)
    other = [["7c", "5b", "Ab"], ["6o", "2b", "5c"], ["5o", "7e", "6c"], ["6e", "7o", "3b"]]
    twin = deal(other)
    for play in PLAYS:
        twin.apply(play)
    assert state.view(0, memory=True) == twin.view(0, memory=True)
    evaluator = Evaluator(state.game, samples=16, seed=3)
    graded = [
        evaluator.evaluate(s.view(0, memory=True), s.legal_actions(), salt=1) for s in (state, twin)
    ]
    assert graded[0] == graded[1]


def test_labels_follow_the_lower_end_of_the_interval() -> None:
    assert [label_of("punttu", low) for low in (-3.0, 1.9, 2.0, 5.0, 10.0)] == [
        "good",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ]


def test_the_fast_continuation_plays_mediums_moves() -> None:
    # The evaluator continues with the rollout's prior (medium's scoring read off the state):
    # it must pick a card of the same rank as the medium bot itself, on random positions.
    table = cardtable.game("punttu", players=4)
    rng = random.Random(5)
    medium = [make_bot("medium", table, seat) for seat in range(4)]
    checked = 0
    for seed in range(6):
        state = table.deal(seed=seed)
        while (seat := state.to_move) is not None:
            legal = state.legal_actions()
            ids = state.legal_action_ids()
            judged = prior(state, ids)
            fast = ids[max(range(len(ids)), key=judged.__getitem__)]
            mine = medium[seat].choose(state.view(seat, memory=True), legal)
            assert mine.cards[0] == fast or judged[ids.index(state.action_id(mine))] == 1.0
            checked += 1
            state.apply(rng.choice(legal))
    assert checked == 6 * 40


def test_cli_review_prints_json_and_refuses_a_missing_seat(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = deal().to_record()
    record["actions"] = [*PLAYS, THROWN]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    runner = CliRunner()
    # --seat counts from 1 as the table shows seats; the JSON keeps the engine's 0-based seats
    result = runner.invoke(main, ["review", str(path), "--seat", "1", "--samples", "32", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [m["played"] for m in data["moves"]] == [THROWN]
    assert data["moves"][0]["label"] in {"mistake", "blunder"}
    assert data["summary"][0]["seat"] == 0
    shown = runner.invoke(main, ["review", str(path), "--seat", "1", "--samples", "32"])
    assert shown.exit_code == 0, shown.output
    assert re.search(rf"│\s+\d+ │\s+1 │ {THROWN}", shown.output), shown.output
    for missing in ("0", str(record["players"] + 1)):
        refused = runner.invoke(main, ["review", str(path), "--seat", missing])
        assert refused.exit_code != 0 and f"no seat {missing}" in refused.output


def test_review_record_checks_the_record_first() -> None:
    record = deal().to_record()
    record["actions"] = ["play 7c"]  # seat 1 leads, and does not hold it
    try:
        review_record(record)
    except cardtable.errors.RecordError as error:
        assert "action 1" in str(error)
    else:
        raise AssertionError("an illegal record was reviewed")


def test_every_game_reviews_the_first_decisions_of_a_deal() -> None:
    # Putto's and Pontinho's continuations are slower (medium costs 40 times Punttu's per move):
    # a few decisions, two sampled deals each, to check the whole path runs and grades.
    for name in ("putto", "pontinho"):
        table = cardtable.game(name, players=2)
        fresh = table.deal(seed=4)
        bots = [make_bot("random", table, seat, seed=seat) for seat in range(2)]
        played = fresh.clone()
        actions = []
        while len(actions) < 6 and (seat := played.to_move) is not None:
            action = bots[seat].choose(played.view(seat, memory=True), played.legal_actions())
            played.apply(action)
            actions.append(str(action))
        review = review_deal(fresh, actions, samples=2, seed=1)
        assert [m.played for m in review.moves] == actions
        assert {m.label for m in review.moves} <= {"good", "inaccuracy", "mistake", "blunder"}
        assert all(m.forced or m.low <= m.loss + 1e-9 for m in review.moves)
