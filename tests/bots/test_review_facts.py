"""The coach's reason in a game's own words (``bots.review_facts`` and each game's ``coach``
module): the facts are tallied in the same sampled deals that graded the move, and the reason
says the surest differences in the better move's favour.

Positions where the right fact is certain: a Punttu trick only one card can take; a Putto
endgame (the stock is out, so every hand is known) where a card played leaves the next player
a sweep.
"""

from __future__ import annotations

import math

from tests.bots.test_review import PLAYS, THROWN, deal

from cardtable.bots.review import Evaluator, decisions, grade, review_deal
from cardtable.bots.review_facts import compare, said
from cardtable.engine.plugin import CoachFact


def test_punttu_the_better_card_surely_wins_the_trick_the_played_one_throws_away() -> None:
    review = review_deal(deal(), [*PLAYS, THROWN], seats=[0], samples=32)
    (move,) = review.moves
    assert move.best == "play 7c"
    facts = {fact.name: fact for fact in move.facts}
    # the 7 of cups takes the trick in every sampled deal, the ace of clubs in none: known at once
    trick = facts["trick"]
    assert (trick.better, trick.played, trick.samples, trick.certain) == (32, 0, 32, True)
    # and the trick's card points (PU-2): the 6 and 5 of coins, the 6 of swords and the 7 of cups
    points = facts["trick_points"]
    assert points.certain and points.played == 0 and points.better == 6 + 5 + 6 + 7
    assert move.reason == ("trick", "trick_points")  # both certain: the game's order
    data = move.to_json()
    assert data["reason"] == ["trick", "trick_points"]
    assert {"fact": "trick", "kind": "count", "fewer_is_better": False, "played": 0,
            "better": 32, "certain": True} in data["facts"]
    # the counts stay, as before (the JSON only gains fields)
    assert {"better_in", "worse_in", "samples", "alternatives"} <= set(data)


def test_a_good_move_has_no_reason() -> None:
    review = review_deal(deal(), [*PLAYS, "play 7c"], seats=[0], samples=16)
    (move,) = review.moves
    assert move.label == "good" and move.facts == () and move.reason == ()
    assert move.to_json()["facts"] == [] and move.to_json()["reason"] == []


FACTS = (
    CoachFact("won", "count"),
    CoachFact("risk", "count", fewer_is_better=True),
    CoachFact("points", "mean"),
)


def test_the_rule_keeps_sure_differences_in_the_better_moves_favour_surest_first() -> None:
    # 10 sampled deals; rows: (won, risk, points)
    better = [(1.0, 0.0, 10.0 + k % 2) for k in range(10)]
    played = [(0.0, 1.0 if k < 6 else 0.0, 10.0 + (k + 1) % 2) for k in range(10)]
    compared = {fact.name: fact for fact in compare(FACTS, better, played)}
    assert compared["won"].certain and compared["won"].surety == math.inf
    assert (compared["won"].better, compared["won"].played) == (10, 0)
    # the risk: 6 of 10 after the move played, none after the better one: fewer is better
    risk = compared["risk"]
    assert (risk.played, risk.better) == (6, 0) and 1.96 < risk.surety < math.inf
    # the points: the same mean, no difference to say
    assert compared["points"].surety == 0.0 and not compared["points"].telling
    assert said(tuple(compared.values())) == ("won", "risk")


def test_a_difference_against_the_better_move_or_unsure_or_too_small_is_not_said() -> None:
    better = [(0.0, 1.0, 10.0 + (k % 3) * 0.1) for k in range(12)]
    played = [(1.0 if k < 2 else 0.0, 1.0 if k < 11 else 0.0, 10.0) for k in range(12)]
    compared = compare(FACTS, better, played)
    by = {fact.name: fact for fact in compared}
    assert by["won"].surety < 0  # the move played won more often: no reason for the better one
    assert by["risk"].surety < 1.96  # one deal in twelve: not sure
    assert by["points"].surety > 1.96 and not by["points"].telling  # sure, but under half a point
    assert said(compared) == ()


def test_every_game_names_its_facts() -> None:
    from cardtable.games import descriptors

    names = {d.name: [f.name for f in d.coach_facts.facts] for d in descriptors() if d.coach_facts}
    assert names == {
        "punttu": ["trick", "trick_points", "later_points", "tricks"],
        "putto": ["captured", "sweep", "swept_next", "sweeps", "card_points", "primiera"],
        "pontinho": ["out", "penalty"],
    }


#: A two-player Putto deal (seed 31) played by ``medium`` until the stock is out: seat 1 (to
#: move) holds 3b, Jo, 5e and Je over an empty table, and every card is known by now (seat 0
#: holds Jc, Jb and 3o). A jack or the three of clubs played there is swept at once; the five
#: of swords is not.
PUTTO_SEED = 31
PUTTO_ACTIONS = [
    "play 6o", "play Ao", "capture Ko", "capture Ab", "capture 6e", "play 7e", "play 5c",
    "play 7c", "play 6b", "capture 6c", "play 7o", "play 4e", "play 3c", "capture 3e",
    "play Ac", "capture 7b", "capture Ae", "play 5o", "play 2c", "capture 2o", "play Qo",
    "play 2e", "capture Qb", "capture 4b", "play Qc", "capture Qe", "play 4c", "capture 5b",
    "play Kc", "capture 2b", "capture Ke", "capture 4o",
]


def test_putto_the_played_card_surely_leaves_the_next_player_a_sweep() -> None:
    import cardtable

    state = cardtable.game("putto", players=2).deal(seed=PUTTO_SEED)
    *_, (number, seat, view, legal, action) = decisions(state, [*PUTTO_ACTIONS, "play Jo"])
    assert (number, seat, str(action)) == (33, 1, "play Jo")
    move = grade(Evaluator(state.game, samples=12), number, seat, view, legal, action)
    assert move.label != "good" and move.best == "play 5e", move
    swept = {fact.name: fact for fact in move.facts}["swept_next"]
    assert swept.fewer_is_better and swept.certain
    assert (swept.played, swept.better, swept.samples) == (12, 0, 12)
    assert move.reason[0] == "swept_next"


def test_pontinho_the_better_move_goes_out_in_every_sampled_deal() -> None:
    """Seat 0 holds three runs (A-2-3 of spades, 4-5-6 of hearts, 7-8-9 of diamonds) and draws
    the ten of clubs: laying the runs down and discarding the ten goes out at once (PO-22);
    discarding the two of spades breaks a run, and goes out first only where the rest of the
    deal allows."""
    from tests.helpers.pontinho import make_deal

    state = make_deal({0: "As 2s 3s 4h 5h 6h 7d 8d 9d"}, stock="Tc", players=2)
    state.apply("draw")
    played = state.game.parse_action("discard 2s")
    evaluator = Evaluator(state.game, samples=24)
    move = grade(evaluator, 2, 0, state.view(0, memory=True), state.legal_actions(), played)
    assert move.loss > 0 and move.best != "discard 2s"
    facts = {fact.name: fact for fact in move.facts}
    out, penalty = facts["out"], facts["penalty"]
    assert out.better == 24 and out.played < 24
    assert penalty.fewer_is_better and penalty.better == 0 and penalty.played > 0
    assert "out" in move.reason
