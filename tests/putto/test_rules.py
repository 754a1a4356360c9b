"""Scenario tests for every rule of shared/rules/putto.md (PT-1 … PT-23).

Deals are explicit setups where the scenario can be built by hand; end-of-deal rules are checked
on seeded playouts against an oracle written here from the rules text (never from the engine).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import cardtable
from cardtable.cards.latin import LATIN_DECK
from cardtable.engine.game import State
from cardtable.games.putto import PuttoGame

rule = pytest.mark.rule

ALL_CARDS = [str(card) for card in LATIN_DECK]
#: PT-2, by hand.
POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2, "7": 0, "6": 0, "5": 0, "4": 0, "2": 0}


def putto(players: int = 2, **options: Any) -> PuttoGame:
    table = (
        cardtable.game("putto", players, **options)
        if "putto" in cardtable.available()
        else (PuttoGame(players, **options))
    )
    assert isinstance(table, PuttoGame)
    return table


def setup(
    players: int, hands: Sequence[Sequence[str]], table: str, stock: Sequence[str] = ()
) -> dict[str, Any]:
    """A full setup: given hand cards, the face-up card and the stock's top; the rest of the
    deck, in deck order, fills each hand to four and then the stock."""
    given = [c for hand in hands for c in hand] + [table] + list(stock)
    rest = [c for c in ALL_CARDS if c not in given]
    full = []
    for hand in [*hands, *[[]] * (players - len(hands))]:
        hand = list(hand)
        while len(hand) < 4:
            hand.append(rest.pop(0))
        full.append(hand)
    return {"hands": full, "stock": list(stock) + rest, "table": [table]}


def play_out(state: State, rng: random.Random, capture_first: bool = True) -> State:
    while not state.is_over:
        actions = state.legal_actions()
        captures = [a for a in actions if a.kind == "capture"]
        state.apply(rng.choice(captures if captures and capture_first else actions))
    return state


def hand_of(state: State, seat: int) -> list[str]:
    return list(state.view(seat)["hand"])


# -- cards ---------------------------------------------------------------------------------------


@rule("PT-1")
def test_pt1_forty_latin_cards_sorted_ace_king_queen_jack_seven_down() -> None:
    """PT-1: the 40-card deck; hands sort ace, king, queen, jack, 7 … 2 within a suit."""
    state = putto(2).deal(setup=setup(2, [["2o", "Ao", "7o", "Ko"]], "Jo"))
    assert hand_of(state, 0) == ["Ao", "Ko", "7o", "2o"]
    every = (
        [c for h in state.setup["hands"] for c in h] + state.setup["stock"] + state.setup["table"]
    )
    assert sorted(every) == sorted(ALL_CARDS)


@rule("PT-2")
def test_pt2_card_points_per_rank_total_120() -> None:
    """PT-2: ace 11, three 10, king 4, queen 3, jack 2, others 0; 120 in the deck, 30 a suit."""
    from cardtable.games.putto.deck import CARD_POINTS

    assert [CARD_POINTS[c] for c in LATIN_DECK] == [POINTS[str(c)[0]] for c in LATIN_DECK]
    assert sum(POINTS[c[0]] for c in ALL_CARDS) == 120


@rule("PT-2")
@rule("PT-12")
def test_pt2_the_worded_points_are_the_engines() -> None:
    """The sentences the rules sheet and the terminal's help show (``putto.points``) state
    PT-2's and PT-12's numbers as written out by hand above, though they read them off the
    core."""
    from cardtable.games.putto import points

    assert points.card_points() == (
        f"Card points: ace {POINTS['A']}, three {POINTS['3']}, king {POINTS['K']}, queen "
        f"{POINTS['Q']}, jack {POINTS['J']}, the rest {POINTS['7']}.")
    assert points.pack_points() == "There are 30 card points in each suit, 120 in the pack."
    assert points.sweep_points() == "A sweep is worth 3 points."


# -- players and teams -----------------------------------------------------------------------------


@rule("PT-3")
@pytest.mark.parametrize("players", [1, 7])
def test_pt3_two_to_six_players(players: int) -> None:
    """PT-3: two to six players."""
    with pytest.raises(cardtable.OptionError, match="2 to 6"):
        putto(players)


@rule("PT-3")
def test_pt3_a_team_pools_its_captures() -> None:
    """PT-3: partners' captures go to one pile and score together."""
    state = putto(4).deal(setup=setup(4, [[], ["7c"], ["Kb"], ["Ko"]], "7o"))
    state.apply("capture 7c")  # seat 1 plays first (dealer 0); sides are (0, 2) and (1, 3)
    state.apply("play Kb")  # seat 2
    state.apply("capture Ko")  # seat 3, seat 1's partner
    piles = state.debug_view()["piles"]
    assert piles[0] == [] and sorted(piles[1]) == sorted(["7o", "7c", "Kb", "Ko"])


@rule("PT-4")
@pytest.mark.parametrize(
    ("players", "options", "sides"),
    [
        (2, {}, [[0], [1]]),
        (3, {}, [[0], [1], [2]]),
        (4, {}, [[0, 2], [1, 3]]),
        (5, {}, [[0], [1], [2], [3], [4]]),
        (6, {}, [[0, 3], [1, 4], [2, 5]]),
        (4, {"teams": "alone"}, [[0], [1], [2], [3]]),
        (6, {"teams": "alone"}, [[0], [1], [2], [3], [4], [5]]),
        (6, {"teams": "threes"}, [[0, 2, 4], [1, 3, 5]]),
    ],
)
def test_pt4_teams(players: int, options: dict[str, str], sides: list[list[int]]) -> None:
    """PT-4: default pairs for 4 and 6 (partners opposite), alone otherwise; or alone; or two
    teams of three (alternate seats) for 6."""
    assert [list(s) for s in putto(players, **options).sides] == sides


@rule("PT-4")
@pytest.mark.parametrize(
    ("players", "teams"), [(2, "pairs"), (3, "pairs"), (5, "pairs"), (4, "threes")]
)
def test_pt4_impossible_teams_are_rejected(players: int, teams: str) -> None:
    with pytest.raises(cardtable.OptionError, match=f"teams={teams}"):
        putto(players, teams=teams)


# -- the deal --------------------------------------------------------------------------------------


@rule("PT-5")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_pt5_four_cards_each_one_face_up_rest_stock(players: int) -> None:
    """PT-5: four cards each, the stock's top card turned up starts the table."""
    view = putto(players).deal(seed=players).view(0)
    assert view["hand_sizes"] == [4] * players
    assert len(view["table"]) == 1
    assert view["stock"] == 40 - 4 * players - 1


@rule("PT-5")
def test_pt5_setup_table_is_the_one_face_up_card() -> None:
    bad = setup(2, [[]], "7o")
    bad["stock"], bad["table"] = bad["stock"][1:], ["7o", bad["stock"][0]]
    with pytest.raises(cardtable.SetupError, match="PT-5"):
        putto(2).deal(setup=bad)


@rule("PT-6")
def test_pt6_the_table_is_open_to_every_seat() -> None:
    """PT-6: the face-up area is the table, an open row every player sees."""
    state = putto(3).deal(setup=setup(3, [[], ["5c"]], "Qb"))
    state.apply("play 5c")
    assert all(state.view(seat)["table"] == ["Qb", "5c"] for seat in range(3))


@rule("PT-7")
def test_pt7_dealers_left_plays_first_then_clockwise_and_deal_passes_left() -> None:
    """PT-7: the player after the dealer starts; turns go on in seat order; in a match the deal
    passes to the next seat."""
    state = putto(3).deal(seed=1, dealer=2)
    assert state.to_move == 0
    state.apply(str(state.legal_actions()[0]))
    assert state.to_move == 1
    match = putto(3).match(seed=3, dealer=1)
    play_out(match.current, random.Random(0))
    assert match.next_deal().dealer == 2


# -- a turn ----------------------------------------------------------------------------------------


@rule("PT-8")
def test_pt8_one_card_from_hand_per_turn() -> None:
    """PT-8: exactly one card, from the player's own hand."""
    state = putto(2).deal(setup=setup(2, [["5c"], ["6o"]], "Qb"))
    assert state.to_move == 1  # dealer 0, so seat 1 plays first
    with pytest.raises(cardtable.IllegalAction, match="does not hold"):
        state.apply("play 5c")
    state.apply("play 6o")
    assert state.view(1)["hand_sizes"] == [4, 4]  # played one, drew one (PT-13)


@rule("PT-9")
def test_pt9_capture_takes_every_table_card_of_the_rank_and_nothing_else() -> None:
    """PT-9: a capture takes all table cards of the played card's rank, with the played card."""
    state = putto(2).deal(setup=setup(2, [["7b", "5c"], ["7c", "7e"]], "7o"))
    state.apply("play 7c")  # seat 1: table 7o 7c
    state.apply("play 5c")  # seat 0: table 7o 7c 5c
    state.apply("capture 7e")  # seat 1 takes both sevens, not the five
    view = state.view(0)
    assert view["table"] == ["5c"]
    assert sorted(state.debug_view()["piles"][1]) == sorted(["7o", "7c", "7e"])
    assert view["captured"] == [0, 3]


@rule("PT-9")
def test_pt9_capture_needs_a_matching_table_card() -> None:
    state = putto(2).deal(setup=setup(2, [[], ["5c"]], "7o"))
    before = state.debug_view()
    with pytest.raises(cardtable.IllegalAction, match="PT-9"):
        state.apply("capture 5c")
    assert state.debug_view() == before
    assert "capture 5c" not in [str(a) for a in state.legal_actions()]


@rule("PT-10")
def test_pt10_playing_leaves_the_card_on_the_table_even_when_it_could_capture() -> None:
    """PT-10/PT-11: capturing is optional by default; a played card joins the table."""
    state = putto(2).deal(setup=setup(2, [[], ["7c"]], "7o"))
    assert {"play 7c", "capture 7c"} <= {str(a) for a in state.legal_actions()}
    state.apply("play 7c")
    assert state.view(0)["table"] == ["7o", "7c"]


@rule("PT-11")
def test_pt11_must_capture_forbids_playing_a_matching_card() -> None:
    """PT-11: with ``must_capture`` a card that matches can only capture."""
    state = putto(2, must_capture=True).deal(setup=setup(2, [[], ["7c", "5c"]], "7o"))
    legal = {str(a) for a in state.legal_actions()}
    assert "capture 7c" in legal and "play 7c" not in legal and "play 5c" in legal
    with pytest.raises(cardtable.IllegalAction, match="must_capture"):
        state.apply("play 7c")


@rule("PT-12")
def test_pt12_a_capture_that_empties_the_table_is_a_sweep() -> None:
    """PT-12: a sweep scores 3 and the next player plays onto an empty table."""
    state = putto(2).deal(setup=setup(2, [["5b"], ["7c"]], "7o"))
    events = state.apply("capture 7c")
    assert events[0].public["sweep"] is True
    view = state.view(0)
    assert view["table"] == [] and view["sweeps"] == [0, 1]
    assert all(a.kind == "play" for a in state.legal_actions())


@rule("PT-12")
def test_pt12_a_capture_that_leaves_cards_is_no_sweep() -> None:
    state = putto(2).deal(setup=setup(2, [["5b"], ["7c", "Kc"]], "7o"))
    state.apply("play Kc")
    state.apply("play 5b")
    events = state.apply("capture 7c")
    assert events[0].public["sweep"] is False and state.view(0)["sweeps"] == [0, 0]


@rule("PT-13")
def test_pt13_draw_from_the_stock_after_playing() -> None:
    """PT-13: after playing, the player draws the stock's top card."""
    state = putto(2).deal(setup=setup(2, [[], ["5c"]], "7o", stock=["Ae", "2b"]))
    state.apply("play 5c")
    assert "Ae" in hand_of(state, 1)
    assert state.view(0)["stock"] == 40 - 9 - 1


@rule("PT-14")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_pt14_the_deal_ends_when_stock_and_hands_are_empty_after_39_plays(players: int) -> None:
    """PT-14: the deal ends when the stock is empty and every hand is played out: 39 plays."""
    state = putto(players).deal(seed=7 + players)
    plays = 0
    while not state.is_over:
        state.apply(random.Random(plays).choice(state.legal_actions()))
        plays += 1
    view = state.view(0)
    assert plays == 39 and view["stock"] == 0 and view["hand_sizes"] == [0] * players


def _ends_with_cards_on_table(leftover: str) -> tuple[State, int]:
    """A seeded playout that ends with cards left on the table and at least one capture."""
    for seed in range(200):
        state = putto(2, leftover=leftover).deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            before = state.clone()
            state.apply(rng.choice(state.legal_actions()))
        last = before.debug_view()
        if last["table"] and (last["last_capturer"] is not None):
            return state, seed
    raise AssertionError("no seeded deal ends with cards on the table")


@rule("PT-15")
def test_pt15_leftover_goes_to_the_last_capturer_and_is_no_sweep() -> None:
    """PT-15: cards left on the table go to the last capturer's side; that is not a sweep."""
    state, _seed = _ends_with_cards_on_table("last_capturer")
    outcome = state.outcome
    assert outcome is not None
    debug = state.debug_view()
    assert debug["table"] == [] and outcome.details["leftover"]
    side = outcome.details["leftover_to"]
    assert set(outcome.details["leftover"]) <= set(debug["piles"][side])
    assert sum(outcome.details["card_points"]) == 120


@rule("PT-15")
def test_pt15_leftover_nobody_leaves_them_unscored() -> None:
    state, _seed = _ends_with_cards_on_table("nobody")
    outcome = state.outcome
    assert outcome is not None
    left = state.debug_view()["table"]
    assert left and outcome.details["leftover"] == []
    assert sum(outcome.details["card_points"]) == 120 - sum(POINTS[c[0]] for c in left)


def _oracle(state: State) -> list[int]:
    """PT-16/PT-17 from the rules text: card points + 3 per sweep + primiera (ties: nobody)."""
    debug = state.debug_view()
    piles, sweeps = debug["piles"], debug["sweeps"]
    totals = [
        sum(POINTS[c[0]] for c in pile) + 3 * s for pile, s in zip(piles, sweeps, strict=True)
    ]
    for suit in "oceb":
        per = [sum(POINTS[c[0]] for c in pile if c[1] == suit) for pile in piles]
        if per.count(max(per)) == 1:
            totals[per.index(max(per))] += 1
    return totals


@rule("PT-16")
@pytest.mark.parametrize(
    ("players", "teams"), [(2, "alone"), (3, "alone"), (4, "pairs"), (6, "threes")]
)
def test_pt16_deal_points_are_card_points_sweeps_and_primiera(players: int, teams: str) -> None:
    """PT-16: per side, card points + 3 × sweeps + one primiera point per suit won."""
    for seed in range(8):
        state = play_out(putto(players, teams=teams).deal(seed=seed), random.Random(seed))
        outcome = state.outcome
        assert outcome is not None
        assert list(outcome.points) == _oracle(state)
        d = outcome.details
        assert list(outcome.points) == [
            cp + 3 * sw + len(pr)
            for cp, sw, pr in zip(d["card_points"], d["sweeps"], d["primiera"], strict=True)
        ]


@rule("PT-17")
def test_pt17_a_primiera_tie_gives_nobody_the_point() -> None:
    """PT-17: equal most card points in a suit: nobody gets that suit's point."""
    for seed in range(400):
        state = play_out(putto(2).deal(seed=seed), random.Random(seed), capture_first=False)
        outcome = state.outcome
        assert outcome is not None
        piles = state.debug_view()["piles"]
        tied = [
            s
            for s in "oceb"
            if len({sum(POINTS[c[0]] for c in p if c[1] == s) for p in piles}) == 1
        ]
        if tied:
            assert not any(tied[0] in won for won in outcome.details["primiera"])
            return
    raise AssertionError("no seeded deal had a primiera tie")


@rule("PT-18")
def test_pt18_a_sweep_on_the_last_play_counts_unless_the_table_says_otherwise() -> None:
    """PT-18: ``last_play_sweep`` (default true) decides whether the last play's sweep counts."""
    for seed in range(500):
        record = None
        state = putto(2).deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            captures = [a for a in actions if a.kind == "capture"]
            events = state.apply(rng.choice(captures or actions))
        if events[0].kind == "capture" and events[0].public["sweep"]:
            record = state.to_record()
            break
    assert record is not None, "no seeded deal ended with a sweep"
    counted = state.outcome
    record["options"]["last_play_sweep"] = False
    from cardtable.engine.record import replay

    uncounted = replay(record).state.outcome
    assert counted is not None and uncounted is not None
    side = state.game.side_of(state.history[-1][0])
    assert counted.details["sweeps"][side] == uncounted.details["sweeps"][side] + 1
    assert counted.points[side] == uncounted.points[side] + 3


@rule("PT-19")
def test_pt19_most_points_wins_the_deal_equal_share() -> None:
    """PT-19: the side with the most points wins the deal."""
    for seed in range(10):
        state = play_out(putto(3).deal(seed=seed), random.Random(seed))
        outcome = state.outcome
        assert outcome is not None
        best = max(outcome.points)
        assert list(outcome.winners) == [i for i, p in enumerate(outcome.points) if p == best]


# -- the match ---------------------------------------------------------------------------------


def _play_match(table: PuttoGame, seed: int) -> cardtable.Match:
    match = table.match(seed=seed)
    rng = random.Random(seed)
    while True:
        play_out(match.current, rng)
        if match.is_over:
            return match
        match.next_deal()


@rule("PT-20")
def test_pt20_match_totals_add_up_over_the_deals() -> None:
    """PT-20: scores add up; the highest total wins."""
    match = _play_match(putto(3), 5)
    per_deal = [deal.outcome.points for deal in match.deals if deal.outcome]
    assert list(match.totals) == [sum(p[i] for p in per_deal) for i in range(3)]
    outcome = match.outcome
    assert outcome is not None and max(outcome.points) == outcome.points[outcome.winners[0]]


@rule("PT-21")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_pt21_default_one_deal_per_seat(players: int) -> None:
    """PT-21: by default every player deals once."""
    match = _play_match(putto(players), players)
    assert len(match.deals) == players
    assert [deal.dealer for deal in match.deals] == list(range(players))


@rule("PT-21")
def test_pt21_target_ends_after_the_deal_that_reaches_it() -> None:
    match = _play_match(putto(2, target=150), 9)
    totals = [0, 0]
    for index, deal in enumerate(match.deals):
        assert deal.outcome is not None
        totals = [t + p for t, p in zip(totals, deal.outcome.points, strict=True)]
        assert (max(totals) >= 150) == (index == len(match.deals) - 1)


@rule("PT-21")
def test_pt21_deals_and_target_together_are_rejected() -> None:
    with pytest.raises(cardtable.OptionError, match="not both"):
        putto(2, deals=3, target=300)


@rule("PT-21")
def test_pt21_a_target_match_is_rebuilt_from_its_own_options() -> None:
    """describe() writes every option, deals included: a target match's options (a stored
    server table, a match record) must make the same table again."""
    for players in (2, 3, 4, 6):
        game = putto(players, target=300)
        assert cardtable.game("putto", players, **game.options) == game


# -- information -------------------------------------------------------------------------------


@rule("PT-22")
def test_pt22_public_table_counts_and_sweeps_but_not_capture_piles() -> None:
    """PT-22: table, stock and hand counts, sweeps, whose turn are public; capture piles are
    face down until the end."""
    state = putto(2).deal(setup=setup(2, [["5b"], ["7c"]], "7o"))
    state.apply("capture 7c")
    view = state.view(0)
    assert view["sweeps"] == [0, 1] and view["to_move"] == 0 and view["stock"] == 30
    assert "piles" not in view and "7c" not in str(view["captured"])


@rule("PT-23")
def test_pt23_partners_do_not_see_each_others_hands() -> None:
    """PT-23: a partner's hand is as hidden as an opponent's."""
    state = putto(4).deal(seed=11)
    partner_hand = state.debug_view()["hands"][2]
    text = str(state.view(0, memory=True))
    assert not any(f"'{card}'" in text for card in partner_hand)
