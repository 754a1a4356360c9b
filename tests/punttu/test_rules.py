"""Scenario tests for every rule of shared/rules/punttu.md (PU-1 … PU-22 and PU-6a).

Each test names the rule it checks (``@pytest.mark.rule``) and cites it in its docstring. Deals
are explicit setups (``deal(setup=…)``) so each scenario is derived by hand from the rules; a few
seeded playouts check properties that must hold for every deal.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

import cardtable
from cardtable.cards.latin import LATIN_DECK
from cardtable.engine.game import State

rule = pytest.mark.rule

ALL_CARDS = [str(card) for card in LATIN_DECK]

#: PU-2, written out by hand from the rules: figures 1, every other card its number.
VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 1, "Q": 1, "K": 1}
#: PU-3, written out by hand: 7 > 6 > 5 > 4 > 3 > 2 > {ace, sota, caballo, rey}.
RANK = {"7": 6, "6": 5, "5": 4, "4": 3, "3": 2, "2": 1, "A": 0, "J": 0, "Q": 0, "K": 0}

#: PU-5 / PU-6 / PU-6a, by hand: the removed cards per player count and ``trim``.
REMOVED = {
    "aces": {
        2: [],
        3: ["Ao"],
        4: [],
        5: [],
        6: ["Ao", "Ac", "Ae", "Ab"],
        7: ["Ao", "Ac", "Ae", "Ab", "Jo"],
        8: [],
    },
    "twos": {
        2: [],
        3: ["2o"],
        4: [],
        5: [],
        6: ["2o", "2c", "2e", "2b"],
        7: ["2o", "2c", "2e", "2b", "Ao"],
        8: [],
    },
}


# -- helpers -----------------------------------------------------------------------------------


def table_cards(players: int, trim: str = "aces") -> list[str]:
    """The cards in play, in deck order (from the hand-written table above)."""
    return [c for c in ALL_CARDS if c not in REMOVED[trim][players]]


def complete_setup(
    players: int,
    hands: Sequence[Sequence[str]],
    stock: Sequence[str] = (),
    trim: str = "aces",
) -> dict[str, Any]:
    """A full setup from partial hands and the top of the stock: the rest of the deck fills each
    hand to 3 cards, then the stock below the given top cards, in deck order."""
    given = [c for hand in hands for c in hand] + list(stock)
    rest = [c for c in table_cards(players, trim) if c not in given]
    full_hands = []
    for hand in hands:
        hand = list(hand)
        while len(hand) < 3:
            hand.append(rest.pop(0))
        full_hands.append(hand)
    return {"hands": full_hands, "stock": list(stock) + rest}


def scripted_setup(
    players: int,
    tricks: Sequence[Mapping[int, str]],
    winners: Sequence[int],
) -> dict[str, Any]:
    """The setup that makes every seat play ``tricks[k][seat]`` in trick ``k``.

    ``winners`` are the trick winners derived by hand; they fix the draw order (PU-13: winner
    first, then in turn order), so each seat draws exactly the card it plays three tricks later.
    """
    n = players
    hands = [[tricks[k][seat] for k in range(3)] for seat in range(n)]
    stock = [
        tricks[k + 3][(winners[k] + offset) % n]
        for k in range(len(tricks) - 3)
        for offset in range(n)
    ]
    return {"hands": hands, "stock": stock}


def play_tricks(
    state: State, tricks: Sequence[Mapping[int, str]], leader: int
) -> Iterator[tuple[int, list[Any]]]:
    """Play the scripted tricks, checking whose turn it is; yield (trick index, its events)."""
    n = state.game.players
    for index, trick in enumerate(tricks):
        events: list[Any] = []
        for offset in range(n):
            seat = (leader + offset) % n
            assert state.to_move == seat, f"trick {index + 1}: seat {seat} should be on turn"
            events.extend(state.apply(f"play {trick[seat]}"))
        taken = [e for e in events if e.kind == "trick"]
        assert len(taken) == 1
        leader = taken[0].seat
        yield index, events


def playout(state: State, seed: int) -> list[Any]:
    """Play to the end with seeded random choices; return all events."""
    rng = random.Random(seed)
    events: list[Any] = []
    while not state.is_over:
        events.extend(state.apply(rng.choice(state.legal_actions())))
    return events


def strings(data: object) -> Iterator[str]:
    """Every whitespace-separated word of every string in a JSON-like value."""
    if isinstance(data, str):
        yield from data.split()
    elif isinstance(data, Mapping):
        for key, value in data.items():
            yield from strings(key)
            yield from strings(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from strings(item)


def two_card_trick(lead: str, answer: str) -> tuple[State, list[Any]]:
    """Two players, seat 0 leads ``lead`` (dealer 1), seat 1 answers; the events of the trick."""
    table = cardtable.game("punttu", players=2)
    state = table.deal(setup=complete_setup(2, [[lead], [answer]]), dealer=1)
    events = list(state.apply(f"play {lead}")) + list(state.apply(f"play {answer}"))
    return state, events


# -- cards -------------------------------------------------------------------------------------


@rule("PU-1")
def test_pu1_deck_is_the_40_card_latin_deck() -> None:
    """PU-1: 40 cards, four suits (o c e b) of ten ranks (A 2 3 4 5 6 7 J Q K); with 4 players
    a setup must hold exactly those 40 cards, and a non-Latin card is refused."""
    assert len(set(ALL_CARDS)) == 40
    assert {c[:-1] for c in ALL_CARDS} == set("A234567JQK")
    assert {c[-1] for c in ALL_CARDS} == set("oceb")
    table = cardtable.game("punttu", players=4)
    state = table.deal(setup=complete_setup(4, [[], [], [], []]))
    view = state.debug_view()
    held = [c for hand in view["hands"] for c in hand] + view["stock"]
    assert sorted(held) == sorted(ALL_CARDS)
    bad = complete_setup(4, [[], [], [], []])
    bad["stock"][-1] = "8o"
    with pytest.raises(cardtable.SetupError, match="8o"):
        table.deal(setup=bad)


@rule("PU-2")
@pytest.mark.parametrize("rank", list(VALUE))
def test_pu2_card_values(rank: str) -> None:
    """PU-2: figures are worth 1, every other card its number; suits never matter. A trick of
    the card and a figure that it beats (or ties, leading) is worth value + 1."""
    for suit in "oceb":
        card = rank + suit
        other = "Kc" if suit != "c" else "Ko"  # a 1-point card of another suit, never stronger
        state, events = two_card_trick(card, other)
        (trick,) = [e for e in events if e.kind == "trick"]
        assert trick.seat == 0  # equal or higher: the leader keeps it
        assert trick.public["points"] == VALUE[rank] + 1
        assert state.view(0)["points"] == [VALUE[rank] + 1, 0]


@rule("PU-2")
@rule("PU-3")
def test_pu2_pu3_the_worded_order_and_points_are_the_engines() -> None:
    """The terminal's help and the rules sheet (``punttu.points``) state PU-3's order and
    PU-2's figure points as written out by hand above, though they read them off the core."""
    from cardtable.games.punttu import points

    by_strength = sorted(RANK, key=lambda rank: -RANK[rank])
    order = " > ".join(by_strength[:6]) + " > " + " = ".join(by_strength[6:])
    assert points.strength_order() == order == "7 > 6 > 5 > 4 > 3 > 2 > A = J = Q = K"
    assert points.figure_points() == VALUE["J"] == VALUE["Q"] == VALUE["K"]
    assert "The whole pack holds 124 points." in points.card_points()


@rule("PU-3")
@pytest.mark.parametrize("lead", list(RANK))
@pytest.mark.parametrize("answer", list(RANK))
def test_pu3_trick_rank(lead: str, answer: str) -> None:
    """PU-3: 7 > 6 > 5 > 4 > 3 > 2 > {A, J, Q, K}; the answer wins only if strictly higher
    (ace and figures are equal, so the leader keeps a trick of two of them — PU-12)."""
    _state, events = two_card_trick(lead + "o", answer + "c")
    (trick,) = [e for e in events if e.kind == "trick"]
    assert trick.seat == (1 if RANK[answer] > RANK[lead] else 0)
    assert trick.public["cards"] == [[0, lead + "o"], [1, answer + "c"]]


@rule("PU-4")
def test_pu4_full_deck_worth_124() -> None:
    """PU-4: the 40 cards are worth 124 points; with 4 players a whole deal scores 124."""
    assert sum(VALUE[c[0]] for c in ALL_CARDS) == 124
    for seed in range(5):
        state = cardtable.game("punttu", players=4).deal(seed=seed)
        playout(state, seed)
        assert state.outcome is not None
        assert sum(state.outcome.points) == 124


# -- players and deck size ---------------------------------------------------------------------


@rule("PU-5")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_pu5_deck_trimmed_for_source_counts(players: int) -> None:
    """PU-5: 3 players play without the ace of oros (39 cards), 6 without the four aces (36);
    2, 4 and 5 players keep all 40. The view says which cards are out, and a setup holding a
    removed card is rejected naming it."""
    expected = {2: [], 3: ["Ao"], 4: [], 5: [], 6: ["Ao", "Ac", "Ae", "Ab"]}[players]
    table = cardtable.game("punttu", players=players)
    state = table.deal(seed=7)
    view = state.view(0)
    assert view["removed"] == expected
    assert view["stock"] + 3 * players == 40 - len(expected)
    held = state.debug_view()
    cards = [c for hand in held["hands"] for c in hand] + held["stock"]
    assert sorted(cards) == sorted(c for c in ALL_CARDS if c not in expected)
    if expected:
        setup = complete_setup(players, [[] for _ in range(players)])
        setup["stock"].append(expected[0])
        with pytest.raises(cardtable.SetupError, match=f"removed.*{expected[0]}"):
            table.deal(setup=setup)


@rule("PU-6")
@pytest.mark.parametrize("players", range(2, 9))
def test_pu6_deck_for_2_to_8_players(players: int) -> None:
    """PU-6: 2 to 8 players; 40 mod n one-point cards leave in the order Ao Ac Ae Ab Jo …:
    7 players lose the four aces and the sota of oros, 8 players nothing."""
    table = cardtable.game("punttu", players=players)
    state = table.deal(seed=players)
    assert state.view(0)["removed"] == REMOVED["aces"][players]
    assert (40 - len(REMOVED["aces"][players])) % players == 0
    debug = state.debug_view()
    cards = [c for hand in debug["hands"] for c in hand] + debug["stock"]
    assert sorted(cards) == sorted(table_cards(players))


@rule("PU-6")
@pytest.mark.parametrize("players", [0, 1, 9, 12])
def test_pu6_other_player_counts_rejected(players: int) -> None:
    """PU-6: counts outside 2‥8 are refused with a message giving the range."""
    with pytest.raises(cardtable.OptionError, match="2 to 8"):
        cardtable.game("punttu", players=players)


@rule("PU-6a")
@pytest.mark.parametrize("players", range(2, 9))
def test_pu6a_trim_twos(players: int) -> None:
    """PU-6a: with trim=twos the twos leave first (2o 2c 2e 2b), then the aces: 3 players drop
    the two of oros, 6 players all four twos, 7 players the twos and the ace of oros."""
    table = cardtable.game("punttu", players=players, trim="twos")
    state = table.deal(seed=players)
    assert state.view(0)["removed"] == REMOVED["twos"][players]
    debug = state.debug_view()
    cards = [c for hand in debug["hands"] for c in hand] + debug["stock"]
    assert sorted(cards) == sorted(table_cards(players, "twos"))
    # An explicit setup for trim=twos holds the aces and not the removed twos.
    setup = complete_setup(players, [[] for _ in range(players)], trim="twos")
    table.deal(setup=setup)
    if REMOVED["twos"][players]:
        with pytest.raises(cardtable.SetupError, match="missing"):
            table.deal(setup=complete_setup(players, [[] for _ in range(players)]))


@rule("PU-6a")
def test_pu6a_trim_is_validated() -> None:
    """PU-6a: ``trim`` is aces (the default) or twos; anything else is refused."""
    assert cardtable.game("punttu", players=3).options.trim == "aces"
    with pytest.raises(cardtable.OptionError, match="trim"):
        cardtable.game("punttu", players=3, trim="threes")


@rule("PU-7")
@pytest.mark.parametrize("trim", ["aces", "twos"])
@pytest.mark.parametrize("players", range(2, 9))
def test_pu7_points_in_play(players: int, trim: str) -> None:
    """PU-7: the points in play are 124 minus the removed cards' values (120 with 6 players,
    123 with 3); every deal's scores add up to that."""
    total = 124 - sum(VALUE[c[0]] for c in REMOVED[trim][players])
    if trim == "aces":
        assert total == {3: 123, 6: 120, 7: 119}.get(players, 124)
    state = cardtable.game("punttu", players=players, trim=trim).deal(seed=players)
    playout(state, players)
    assert state.outcome is not None
    assert sum(state.outcome.points) == total


# -- dealing and turn order --------------------------------------------------------------------


@rule("PU-8")
@pytest.mark.parametrize("players", range(2, 9))
def test_pu8_three_cards_each_rest_is_stock(players: int) -> None:
    """PU-8: three cards to each player, the rest is the stock (face down: not in the views)."""
    state = cardtable.game("punttu", players=players).deal(seed=11)
    view = state.view(0)
    assert view["hand_sizes"] == [3] * players
    assert len(view["hand"]) == 3
    assert view["stock"] == len(table_cards(players)) - 3 * players
    # With a setup, each hand is exactly the given cards and the stock keeps its order.
    setup = complete_setup(players, [[] for _ in range(players)])
    state = cardtable.game("punttu", players=players).deal(setup=setup)
    for seat in range(players):
        assert sorted(state.view(seat)["hand"]) == sorted(setup["hands"][seat])
    assert state.debug_view()["stock"] == setup["stock"]


@rule("PU-9")
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_pu9_dealers_right_leads(players: int) -> None:
    """PU-9: the first player (esku) is the one after the dealer; play then goes seat by seat."""
    table = cardtable.game("punttu", players=players)
    for dealer in range(players):
        state = table.deal(seed=3, dealer=dealer)
        first = (dealer + 1) % players
        assert state.to_move == first
        assert state.view(dealer)["leader"] == first
        state.apply(state.legal_actions()[0])
        assert state.to_move == (first + 1) % players


@rule("PU-10")
def test_pu10_deal_passes_on_in_a_match() -> None:
    """PU-10: in a match the deal passes to the next seat, so every seat leads in turn."""
    table = cardtable.game("punttu", players=3, deals=5)
    match = table.match(seed=5, dealer=1)
    dealers = [match.current.dealer]
    leaders = [match.current.to_move]
    while True:
        playout(match.current, len(dealers))
        if match.is_over:
            break
        match.next_deal()
        dealers.append(match.current.dealer)
        leaders.append(match.current.to_move)
    assert dealers == [1, 2, 0, 1, 2]
    assert leaders == [2, 0, 1, 2, 0]


# -- tricks ------------------------------------------------------------------------------------


@rule("PU-11")
def test_pu11_any_card_may_be_played() -> None:
    """PU-11: after the lead, each player in turn may play any card of their hand (no duty to
    follow suit or to beat); a card not in hand is refused and changes nothing."""
    table = cardtable.game("punttu", players=3)
    setup = complete_setup(3, [["Qb", "4e", "6o"], ["7o", "2c", "Kb"], ["5e", "3o", "Jc"]])
    state = table.deal(setup=setup, dealer=0)
    assert state.to_move == 1
    assert sorted(map(str, state.legal_actions())) == ["play 2c", "play 7o", "play Kb"]
    state.apply("play 7o")
    assert state.to_move == 2
    # Seat 2 cannot follow oros with a higher one, yet every card of its hand is legal.
    assert sorted(map(str, state.legal_actions())) == ["play 3o", "play 5e", "play Jc"]
    before = state.debug_view()
    with pytest.raises(cardtable.IllegalAction, match="does not hold"):
        state.apply("play 2c")  # seat 1's card
    with pytest.raises(cardtable.IllegalAction, match="removed"):
        state.apply("play Ao")  # out of the deck with 3 players
    assert state.debug_view() == before
    state.apply("play Jc")
    assert state.to_move == 0
    assert sorted(map(str, state.legal_actions())) == ["play 4e", "play 6o", "play Qb"]


@rule("PU-12")
def test_pu12_highest_wins_and_first_played_wins_ties() -> None:
    """PU-12: the highest card wins; among equal highest cards the one played first wins (here
    the second and fourth players both play a six: the second wins; the views show the card
    winning so far). The winner takes all the cards of the trick into their won pile."""
    table = cardtable.game("punttu", players=4)
    setup = complete_setup(4, [["2o"], ["6c"], ["5o"], ["6e"]])
    state = table.deal(setup=setup, dealer=3)  # seat 0 leads
    winning = []
    for card in ["2o", "6c", "5o", "6e"]:
        winning.append(state.view(None)["winning"])
        state.apply(f"play {card}")
    assert winning == [None, [0, "2o"], [1, "6c"], [1, "6c"]]
    debug = state.debug_view()
    assert debug["won"][1] == ["2o", "6c", "5o", "6e"]
    assert debug["won"][0] == debug["won"][2] == debug["won"][3] == []
    assert debug["trick"] == []
    assert debug["points"] == [0, 2 + 6 + 5 + 6, 0, 0]


@rule("PU-12")
def test_pu12_ace_and_figures_tie_first_played_wins() -> None:
    """PU-12 with PU-3: ace, sota, caballo and rey are equal, so the leader of a trick of only
    those keeps it, whatever comes after."""
    table = cardtable.game("punttu", players=4)
    setup = complete_setup(4, [["Jo"], ["Kc"], ["Ae"], ["Qb"]])
    state = table.deal(setup=setup, dealer=3)
    events = [e for card in ["Jo", "Kc", "Ae", "Qb"] for e in state.apply(f"play {card}")]
    (trick,) = [e for e in events if e.kind == "trick"]
    assert trick.seat == 0
    assert trick.public["points"] == 4
    assert state.to_move == 0


@rule("PU-13")
def test_pu13_draw_order_winner_first() -> None:
    """PU-13: after a trick, while the stock lasts, the winner draws first (the top card), then
    the others in turn order from the winner: here seat 2 wins, so seats 2, 3, 0, 1 draw the
    four top cards in that order. Each draw is shown to the drawer only."""
    table = cardtable.game("punttu", players=4)
    top = ["Ko", "5b", "3c", "7e"]
    setup = complete_setup(4, [["2o"], ["3o"], ["7o"], ["4o"]], stock=top)
    state = table.deal(setup=setup, dealer=3)
    events = [e for card in ["2o", "3o", "7o", "4o"] for e in state.apply(f"play {card}")]
    draws = [e for e in events if e.kind == "draw"]
    assert [e.seat for e in draws] == [2, 3, 0, 1]
    for drawn, expected in zip(draws, top, strict=True):
        assert drawn.view(drawn.seat)["card"] == expected
        for viewer in [None, *range(4)]:
            if viewer != drawn.seat:
                assert "card" not in drawn.view(viewer)
    for seat, card in zip([2, 3, 0, 1], top, strict=True):
        assert card in state.view(seat)["hand"]
        assert state.debug_view()["hands"][seat][-1] == card
    assert state.view(0)["hand_sizes"] == [3, 3, 3, 3]
    assert state.debug_view()["stock"] == setup["stock"][4:]


@rule("PU-13")
@pytest.mark.parametrize("players", range(2, 9))
def test_pu13_stock_runs_out_after_a_full_round(players: int) -> None:
    """PU-13: everyone is back to 3 cards after every round of draws, and the stock empties
    exactly at the end of a round."""
    state = cardtable.game("punttu", players=players).deal(seed=players)
    rng = random.Random(players)
    while state.view(0)["stock"] > 0:
        for _ in range(players):
            state.apply(rng.choice(state.legal_actions()))
        assert state.view(0)["hand_sizes"] == [3] * players
    assert state.view(0)["stock"] == 0


@rule("PU-14")
def test_pu14_winner_leads_next_trick() -> None:
    """PU-14: the winner of a trick leads the next one (here seat 3, the last to play)."""
    table = cardtable.game("punttu", players=4)
    setup = complete_setup(4, [["2o"], ["3o"], ["4o"], ["5o"]])
    state = table.deal(setup=setup, dealer=3)
    for card in ["2o", "3o", "4o", "5o"]:
        state.apply(f"play {card}")
    assert state.to_move == 3
    assert state.view(1)["leader"] == 3
    state.apply(state.legal_actions()[0])
    assert state.to_move == 0
    assert state.view(1)["trick"][0][0] == 3


@rule("PU-15")
@pytest.mark.parametrize(("players", "trim"), [(n, t) for n in range(2, 9) for t in REMOVED])
def test_pu15_number_of_tricks(players: int, trim: str) -> None:
    """PU-15: once the stock is empty the hands are played out (3, 2, 1 cards left); the deal
    ends when every hand is empty, after deck size / players tricks."""
    state = cardtable.game("punttu", players=players, trim=trim).deal(seed=players)
    expected = len(table_cards(players, trim)) // players
    assert state.view(0)["tricks_total"] == expected
    events = playout(state, players)
    assert sum(1 for e in events if e.kind == "trick") == expected
    assert state.view(0)["tricks_played"] == expected
    assert state.view(0)["hand_sizes"] == [0] * players
    assert state.to_move is None
    assert state.legal_actions() == []
    with pytest.raises(cardtable.IllegalAction, match="over"):
        state.apply("play Ko")


@rule("PU-15")
def test_pu15_play_out_after_stock_empty() -> None:
    """PU-15: with 8 players (40 cards: 16 in the stock) the stock lasts two tricks; the hand
    sizes then go 3, 2, 1, 0 over the last three tricks."""
    state = cardtable.game("punttu", players=8).deal(seed=1)
    sizes = []
    rng = random.Random(1)
    while not state.is_over:
        for _ in range(8):
            state.apply(rng.choice(state.legal_actions()))
        sizes.append((state.view(0)["stock"], state.view(0)["hand_sizes"][0]))
    assert sizes == [(8, 3), (0, 3), (0, 2), (0, 1), (0, 0)]


# -- scoring and winning -----------------------------------------------------------------------


@rule("PU-16")
@pytest.mark.parametrize("players", range(2, 9))
def test_pu16_scores_are_won_card_values(players: int) -> None:
    """PU-16: each score is the sum of the values of the cards in the seat's won pile, and the
    scores add up to the points in play (PU-7)."""
    state = cardtable.game("punttu", players=players).deal(seed=100 + players)
    playout(state, players)
    debug = state.debug_view()
    assert state.outcome is not None
    expected = [sum(VALUE[c[0]] for c in pile) for pile in debug["won"]]
    assert list(state.outcome.points) == expected == debug["points"]
    assert sum(expected) == 124 - sum(VALUE[c[0]] for c in REMOVED["aces"][players])


@rule("PU-17")
def test_pu17_most_points_wins() -> None:
    """PU-17: the player with the most points wins (seeded deals, winner checked by hand from
    the points)."""
    for seed in range(10):
        state = cardtable.game("punttu", players=3).deal(seed=seed)
        playout(state, seed)
        outcome = state.outcome
        assert outcome is not None
        best = max(outcome.points)
        assert list(outcome.winners) == [s for s in range(3) if outcome.points[s] == best]
        assert outcome.sides == ((0,), (1,), (2,))
        assert state.view(1)["outcome"]["winners"] == list(outcome.winners)


def _tie_deal() -> tuple[list[dict[int, str]], list[int]]:
    """Two players, 20 tricks: the follower always beats the leader, so the seats win in turn,
    and each pair of tricks k, k+1 is made of cards of equal values: both end with 62."""
    pools = {r: [r + s for s in "oceb"] for r in "234567"}
    pools["1"] = [r + s for r in "AJQK" for s in "oceb"]
    kinds = [("1", "2"), ("1", "3"), ("1", "4"), ("1", "5"), ("1", "6"), ("1", "7")]
    kinds += [("1", "7"), ("1", "6"), ("2", "4"), ("3", "5")]
    tricks: list[dict[int, str]] = []
    winners: list[int] = []
    leader = 1  # dealer 0
    for low, high in kinds:
        for _twice in range(2):
            follower = 1 - leader
            tricks.append({leader: pools[low].pop(), follower: pools[high].pop()})
            winners.append(follower)
            leader = follower
    return tricks, winners


@rule("PU-18")
def test_pu18_equal_best_scores_share_the_win() -> None:
    """PU-18: equal highest scores share the win (a scripted 2-player deal ending 62–62)."""
    tricks, winners = _tie_deal()
    table = cardtable.game("punttu", players=2)
    state = table.deal(setup=scripted_setup(2, tricks, winners), dealer=0)
    for index, events in play_tricks(state, tricks, leader=1):
        (trick,) = [e for e in events if e.kind == "trick"]
        assert trick.seat == winners[index]
    assert state.outcome is not None
    assert state.outcome.points == (62, 62)
    assert state.outcome.winners == (0, 1)


@rule("PU-19")
def test_pu19_match_totals_add_up() -> None:
    """PU-19: a match of ``deals`` deals; scores add up across deals and the highest total wins.
    The match ends after exactly ``deals`` deals."""
    table = cardtable.game("punttu", players=4, deals=3)
    match = table.match(seed=2024)
    per_deal = []
    while True:
        assert match.outcome is None
        playout(match.current, len(per_deal))
        assert match.current.outcome is not None
        per_deal.append(match.current.outcome.points)
        if match.is_over:
            break
        match.next_deal()
    assert len(per_deal) == 3
    totals = tuple(sum(points[s] for points in per_deal) for s in range(4))
    assert match.totals == totals
    assert sum(totals) == 3 * 124
    assert match.outcome is not None
    assert match.outcome.points == totals
    assert list(match.outcome.winners) == [s for s in range(4) if totals[s] == max(totals)]
    with pytest.raises(cardtable.CardtableError, match="over"):
        match.next_deal()


@rule("PU-19")
def test_pu19_match_is_reproducible_from_its_seed() -> None:
    """PU-19 with the engine's seeded RNG: a match replays exactly from its seed; its deals
    differ from one another."""

    def run() -> list[Any]:
        match = cardtable.game("punttu", players=3, deals=2).match(seed=77)
        deals = []
        while True:
            deals.append(match.current.debug_view())
            playout(match.current, 0)
            if match.is_over:
                return deals
            match.next_deal()

    first, second = run(), run()
    assert first == second
    assert first[0]["hands"] != first[1]["hands"]


@rule("PU-19")
def test_pu19_deals_option_validated() -> None:
    """PU-19: ``deals`` is a whole number of at least 1, default 1 (one deal is a match)."""
    assert cardtable.game("punttu").options.deals == 1
    for bad in (0, -2, "many", 2.5):
        with pytest.raises(cardtable.OptionError, match="deals"):
            cardtable.game("punttu", deals=bad)
    match = cardtable.game("punttu", players=2).match(seed=1)
    playout(match.current, 1)
    assert match.is_over


# -- information -------------------------------------------------------------------------------


@rule("PU-20")
def test_pu20_current_trick_visible_taken_tricks_hidden() -> None:
    """PU-20: the cards of the trick on the table are face up for everyone, with who played
    them; once taken they are not shown any more (without show_played), though a player's
    memory (the log) keeps every action."""
    table = cardtable.game("punttu", players=3)
    setup = complete_setup(3, [["Kb"], ["2c"], ["5e"]])
    state = table.deal(setup=setup, dealer=2)
    state.apply("play Kb")
    state.apply("play 2c")
    for seat in range(3):
        assert state.view(seat)["trick"] == [[0, "Kb"], [1, "2c"]]
    state.apply("play 5e")
    for seat in range(3):
        view = state.view(seat)
        assert view["trick"] == []
        assert "played" not in view
        words = set(strings(view))
        assert not words & {"Kb", "2c", "5e"}
        log = state.view(seat, memory=True)["log"]
        assert log == [[0, "play Kb"], [1, "play 2c"], [2, "play 5e"]]


@rule("PU-21")
def test_pu21_show_played_option() -> None:
    """PU-21: with show_played=true every seat sees all cards of earlier tricks ("played"); the
    option is off by default and "played" is absent then."""
    assert cardtable.game("punttu").options.show_played is False
    setup = complete_setup(3, [["Kb"], ["2c"], ["5e"]])
    shown = cardtable.game("punttu", players=3, show_played=True).deal(setup=setup, dealer=2)
    hidden = cardtable.game("punttu", players=3, show_played="false").deal(setup=setup, dealer=2)
    for state in (shown, hidden):
        for card in ["Kb", "2c", "5e"]:
            state.apply(f"play {card}")
    for seat in range(3):
        assert shown.view(seat)["played"] == sorted(["Kb", "2c", "5e"], key=ALL_CARDS.index)
        assert "played" not in hidden.view(seat)
    # The played cards stay listed trick after trick.
    shown.apply(shown.legal_actions()[0])
    assert len(shown.view(0)["played"]) == 3
    for _ in range(2):
        shown.apply(shown.legal_actions()[0])
    assert len(shown.view(1)["played"]) == 6


@rule("PU-22")
def test_pu22_public_information() -> None:
    """PU-22: every seat sees the current trick, every score, the stock count and each hand's
    size, and they agree with the true state; a seat sees its own hand and no other, a
    spectator no hand at all."""
    state = cardtable.game("punttu", players=4).deal(seed=22)
    rng = random.Random(22)
    for _step in range(13):  # into the fourth trick
        state.apply(rng.choice(state.legal_actions()))
    debug = state.debug_view()
    public = {"trick", "points", "stock", "hand_sizes", "leader", "to_move", "tricks_played"}
    views = [state.view(seat) for seat in range(4)]
    for seat, view in enumerate(views):
        json.dumps(view)
        assert {k: view[k] for k in public} == {k: views[0][k] for k in public}
        assert view["points"] == debug["points"]
        assert view["stock"] == len(debug["stock"])
        assert view["hand_sizes"] == [len(hand) for hand in debug["hands"]]
        assert [card for _s, card in view["trick"]] == debug["trick"]
        assert sorted(view["hand"]) == sorted(debug["hands"][seat])
        others = {c for s, hand in enumerate(debug["hands"]) if s != seat for c in hand}
        assert not set(strings(view)) & (others | set(debug["stock"]))
    assert sum(views[0]["points"]) > 0
    spectator = state.view(None)
    assert {k: spectator[k] for k in public} == {k: views[0][k] for k in public}
    assert "hand" not in spectator
    hidden = {c for hand in debug["hands"] for c in hand} | set(debug["stock"])
    assert not set(strings(spectator)) & hidden


# -- the worked example of the source ----------------------------------------------------------

# Seats A‥F are 0‥5; A deals, so B (seat 1) leads the first trick. Each trick maps seat → card;
# the cards are chosen so that the tricks go as the source tells them.
A, B, C, D, E, F = range(6)
EXAMPLE_TRICKS: list[dict[int, str]] = [
    {B: "2o", C: "2c", D: "Jo", E: "Jc", F: "4o", A: "4c"},  # F, the first four: 14
    {F: "5o", A: "4e", B: "3o", C: "2e", D: "Je", E: "6o"},  # E, a six: 21
    {E: "5c", F: "3c", A: "Jb", B: "Qo", C: "6c", D: "Qc"},  # C, a six: 17
    {C: "5e", D: "3e", E: "7o", F: "Qe", A: "Qb", B: "Ko"},  # E, a seven: 18 (39 in all)
    {E: "4b", F: "7c", A: "7e", B: "Kc", C: "Ke", D: "Kb"},  # F, the first seven: 21 (35)
    {F: "6e", A: "7b", B: "2b", C: "3b", D: "5b", E: "6b"},  # A, a seven: 29
]
EXAMPLE_WINNERS = [F, E, C, E, F, A]
EXAMPLE_POINTS = [14, 21, 17, 18, 21, 29]


@rule("PU-12")
@rule("PU-13")
@rule("PU-16")
@rule("PU-17")
def test_worked_example_of_the_source() -> None:
    """The worked example of the rules file (golden): six players A–F, four aces out, 36 cards;
    F takes trick 1 with the first four played (14), E trick 2 with a six (21), C trick 3 with a
    six (17), E trick 4 with a seven (18, 39 in all), F trick 5 with the first seven played (21,
    35 in all), A trick 6 with a seven (29). The points add up to 120 and E wins with 39."""
    table = cardtable.game("punttu", players=6)
    setup = scripted_setup(6, EXAMPLE_TRICKS, EXAMPLE_WINNERS)
    assert len(setup["stock"]) == 18
    state = table.deal(setup=setup, dealer=A)
    assert state.view(A)["removed"] == ["Ao", "Ac", "Ae", "Ab"]
    running = [0] * 6
    for index, events in play_tricks(state, EXAMPLE_TRICKS, leader=B):
        (trick,) = [e for e in events if e.kind == "trick"]
        assert trick.seat == EXAMPLE_WINNERS[index]
        assert trick.public["points"] == EXAMPLE_POINTS[index]
        running[EXAMPLE_WINNERS[index]] += EXAMPLE_POINTS[index]
        assert state.view(C)["points"] == running
    assert running[E] == 39 and running[F] == 35
    outcome = state.outcome
    assert outcome is not None
    assert outcome.points == (29, 0, 17, 0, 39, 35)
    assert sum(outcome.points) == 120
    assert outcome.winners == (E,)
    # The golden deal replays from its record.
    from cardtable.engine.record import replay

    replayed = replay(json.loads(json.dumps(state.to_record())))
    assert replayed.result() == {
        "game": "punttu",
        "over": True,
        "points": [29, 0, 17, 0, 39, 35],
        "sides": [[0], [1], [2], [3], [4], [5]],
        "winners": [E],
        "to_move": None,
    }
