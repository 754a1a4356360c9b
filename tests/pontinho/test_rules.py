"""Pontinho: a scenario test for every deal rule PO-1 … PO-23 and PO-27 (shared/rules/pontinho.md).

Deals are explicit (``deal`` fixture, tests/pontinho/conftest.py): seat 0 plays first unless
said otherwise, hands are completed with meld-free fillers.
"""

from __future__ import annotations

import random

import pytest
from tests.helpers.pontinho import Deal

import cardtable
from cardtable.cards.french import FRENCH_DECK, card_text
from cardtable.engine.record import replay
from cardtable.engine.shuffle import shuffle
from cardtable.errors import IllegalAction, OptionError, SetupError
from cardtable.games.pontinho import Phase
from cardtable.games.pontinho.melds import parse_meld


def texts(state, kind):  # type: ignore[no-untyped-def]
    return [str(a) for a in state.legal_actions(kind)]


# -- cards, players, dealing --------------------------------------------------------------------


@pytest.mark.rule("PO-1")
def test_po1_108_cards_and_setups_must_hold_them_all(deal: Deal) -> None:
    """PO-1: two French decks and 4 jokers, 108 cards; a setup without exactly them is refused."""
    assert len(FRENCH_DECK) == 108
    state = deal()
    debug = state.debug_view()
    cards = [c for hand in debug["hands"] for c in hand] + debug["stock"] + debug["discard"]
    assert sorted(cards) == sorted(card_text(c) for c in FRENCH_DECK)
    setup = state.setup
    setup["stock"] = setup["stock"][:-1]
    with pytest.raises(SetupError, match="missing"):
        state.game.deal(setup=setup)
    setup["stock"].append("As")
    setup["stock"].append("As")
    with pytest.raises(SetupError, match="more copies"):
        state.game.deal(setup=setup)


@pytest.mark.rule("PO-2")
@pytest.mark.parametrize("figure_points, points", [("13-12-11", 90), ("10", 84)])
def test_po2_penalty_points_per_card(deal: Deal, figure_points: str, points: int) -> None:
    """PO-2: joker 20, ace 15, K 13, Q 12, J 11 (or 10 each with figure_points=10), 2‥10 face:
    * Ah Kh Qh Jh Th 2h 3c 4d = 20+15+13+12+11+10+2+3+4 = 90 (or 20+15+10·4+2+3+4 = 84)."""
    state = deal(
        {0: "As 2s 3s 4s 5s 6s 7s 8s 9s", 1: "* Ah Kh Qh Jh Th 2h 3c 4d"},
        stock="Ts",
        players=2,
        figure_points=figure_points,
    )
    state.apply("draw")
    state.apply("meld As 2s 3s 4s 5s 6s 7s 8s 9s Ts")
    assert state.outcome is not None and state.outcome.points == (0, points)


@pytest.mark.rule("PO-2")
def test_po2_the_worded_penalty_is_the_engines() -> None:
    """The sentence the rules sheet and the terminal's help show (``pontinho.points``) states
    PO-2's numbers for each ``figure_points`` choice, though it reads them off the core."""
    from cardtable.games.pontinho.points import penalty_points

    assert penalty_points("13-12-11") == (
        "Cards left in hand cost: joker 20, ace 15, king 13, queen 12, jack 11, the others "
        "their number.")
    assert penalty_points("10") == (
        "Cards left in hand cost: joker 20, ace 15, king, queen and jack 10 each, the others "
        "their number.")


@pytest.mark.rule("PO-3")
def test_po3_two_to_eight_players() -> None:
    """PO-3: 2 to 8 players; 4 by default."""
    assert cardtable.game("pontinho").players == 4
    for n in range(2, 9):
        assert cardtable.game("pontinho", players=n).deal(seed=1).view(0)["stock"] == 108 - 9 * n
    for n in (1, 9):
        with pytest.raises(OptionError):
            cardtable.game("pontinho", players=n)


@pytest.mark.rule("PO-4")
def test_po4_nine_cards_one_at_a_time_from_the_first_player() -> None:
    """PO-4: 9 cards each, dealt one at a time from the first player; the rest is the stock;
    the discard pile starts empty."""
    game = cardtable.game("pontinho", players=3)
    state = game.deal(seed=7, dealer=1)
    deck = list(FRENCH_DECK)
    shuffle(deck, random.Random(7))
    first = 2
    for index in range(27):
        seat = (first + index) % 3
        assert state.setup["hands"][seat][index // 3] == card_text(deck[index])
    assert state.setup["stock"] == [card_text(c) for c in deck[27:]]
    view = state.view(0)
    assert view["hand_sizes"] == [9, 9, 9] and view["stock"] == 81 and view["discard"] == []


@pytest.mark.rule("PO-5")
def test_po5_first_player_and_turn_order(deal: Deal) -> None:
    """PO-5: the dealer's next seat plays first; the turn passes seat by seat."""
    state = deal(dealer=2, players=4)
    assert state.to_move == 3
    state.apply("draw")
    state.apply(f"discard {card_text(state.hands[3][0])}")
    assert state.to_move == 0  # 2 players may claim: after the draw, see PO-21
    state.apply("draw")
    assert state.phase is Phase.CLAIM
    while state.phase is Phase.CLAIM:
        state.apply("pass")
    assert state.to_move == 0
    state.apply(f"discard {card_text(state.hands[0][0])}")
    assert state.to_move == 1


@pytest.mark.rule("PO-6")
def test_po6_draw_then_meld_then_discard(deal: Deal) -> None:
    """PO-6: a turn is draw, optional melds, one discard; nothing before the draw, no second
    draw, and the turn ends only with a discard."""
    state = deal({0: "7s 7h 7d"}, players=2)
    with pytest.raises(IllegalAction, match="must first draw"):
        state.apply("discard 7s")
    with pytest.raises(IllegalAction, match="must first draw"):
        state.apply("meld 7s 7h 7d")
    state.apply("draw")
    state.apply("meld 7s 7h 7d")
    assert state.to_move == 0
    with pytest.raises(IllegalAction, match="drawn already"):
        state.apply("draw")
    state.apply(f"discard {card_text(state.hands[0][0])}")
    assert state.to_move == 1 and state.phase is Phase.DRAW


@pytest.mark.rule("PO-7")
def test_po7_take_only_into_a_new_meld(deal: Deal) -> None:
    """PO-7: the top discard is taken only into a new meld with ≥2 hand cards; a take without
    a meld, or with a meld that lacks the top card, is refused."""
    state = deal({0: "9c 9s 5h 6h"}, discard="9h", players=2)
    assert texts(state, "take") == ["take 9s 9h 9c"]
    with pytest.raises(IllegalAction):
        state.apply("take")
    with pytest.raises(IllegalAction, match="must be one of the cards"):
        state.apply("take 9c 9s *")
    with pytest.raises(IllegalAction):
        state.apply("take 9h")
    state.apply("take 9h 9c 9s")
    assert state.phase is Phase.MAIN and state.discard == []
    assert [str(m) for m in state.melds] == ["9s 9h 9c"] and len(state.hands[0]) == 7


@pytest.mark.rule("PO-7")
def test_po7_take_to_go_out(deal: Deal) -> None:
    """PO-7: the top discard may be taken even to go out."""
    state = deal({0: "9c 9s"}, discard="9h", players=2)
    state.hands[0] = state.hands[0][:2]  # a position: seat 0 holds only 9c 9s
    state.apply("take 9s 9h 9c")
    assert state.is_over and state.outcome is not None and state.outcome.winners == (0,)


@pytest.mark.rule("PO-8")
def test_po8_stock_rebuilt_from_discards_top_stays(deal: Deal) -> None:
    """PO-8: an empty stock is rebuilt from every discard but the top, shuffled."""
    setup = deal(players=2).setup
    setup["discard"], setup["stock"] = setup["stock"][4:], setup["stock"][:4]
    state = cardtable.game("pontinho", players=2).deal(setup=setup, dealer=1)
    for _ in range(4):
        state.apply("draw")
        state.apply(f"discard {card_text(state.hands[state.turn][0])}")
    assert state.stock == []
    top = state.discard[-1]
    before = sorted(state.discard[:-1])
    events = state.apply("draw")
    assert [e.kind for e in events] == ["rebuild", "draw"]
    assert state.discard == [top]
    assert sorted([*state.stock, state.hands[state.turn][-1]]) == before
    assert state.view(None)["stock_rebuilds"] == 1
    # The rebuild's shuffle comes from the dealt cards: the record replays it exactly.
    assert replay(state.to_record()).state.debug_view() == state.debug_view()


@pytest.mark.rule("PO-8")
def test_po8_void_when_nothing_to_rebuild(deal: Deal) -> None:
    """PO-8: with the stock empty and at most one card in the pile, the deal is void."""
    state = deal(players=2)
    state.apply("draw")
    state.apply(f"discard {card_text(state.hands[0][0])}")
    state.stock.clear()  # a position: every other card is somewhere out of reach
    state.apply("draw")
    assert state.is_over and state.is_void
    outcome = state.outcome
    assert outcome is not None
    assert outcome.reason == "void" and outcome.points == (0, 0)
    assert outcome.details["went_out"] is None


@pytest.mark.rule("PO-8")
def test_po8_rebuild_limit_option(deal: Deal) -> None:
    """PO-8 with the table option rebuild_limit: once the stock has been rebuilt that many
    times, running out again ends the deal void."""
    setup = deal(players=2).setup
    setup["discard"], setup["stock"] = setup["stock"][2:], setup["stock"][:2]
    game = cardtable.game("pontinho", players=2, rebuild_limit=1)
    state = game.deal(setup=setup, dealer=1)
    while not state.is_over:
        state.apply("draw")
        if not state.is_over:
            state.apply(f"discard {card_text(state.hands[state.turn][0])}")
    assert state.is_void and state.rebuilds == 1


# -- burning ---------------------------------------------------------------------------------


@pytest.mark.rule("PO-9")
def test_po9_first_player_burns_once(deal: Deal) -> None:
    """PO-9: only the first player, only on their first stock draw, may burn; the replacement
    cannot be burned; nobody else ever may."""
    state = deal(stock="Kd 5c 8h", players=2)
    state.apply("draw")
    assert state.phase is Phase.FIRST_DRAWN and "burn" in texts(state, "burn")
    assert state.view(0)["drawn"] == "Kd" and "drawn" not in state.view(1)
    state.apply("burn")
    assert state.burned is not None and card_text(state.burned) == "Kd"
    assert card_text(state.hands[0][-1]) == "5c" and len(state.hands[0]) == 10
    assert texts(state, "burn") == []
    with pytest.raises(IllegalAction, match="burn"):
        state.apply("burn")
    state.apply("discard 5c")
    state.apply("draw")
    with pytest.raises(IllegalAction, match="burn"):
        state.apply("burn")


@pytest.mark.rule("PO-9")
def test_po9_keeping_the_first_card(deal: Deal) -> None:
    """PO-9: a MAIN action after the first draw keeps the card: it joins the hand."""
    state = deal({0: "7s 7h"}, stock="7d", players=2)
    state.apply("draw")
    state.apply("meld 7s 7h 7d")  # uses the held card
    assert state.phase is Phase.MAIN and state.pending is None
    assert texts(state, "burn") == []


@pytest.mark.rule("PO-10")
def test_po10_burned_card_public_and_out_of_play(deal: Deal) -> None:
    """PO-10: the burned card lies face up for everyone and is out of play."""
    state = deal(stock="Qs", players=3)
    state.apply("draw")
    state.apply("burn")
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["burned"] == "Qs"
    assert "Qs" not in state.view(None)["discard"]


# -- melds -------------------------------------------------------------------------------------


def _melding(deal: Deal, cards: str):  # type: ignore[no-untyped-def]
    state = deal({0: cards}, players=2)
    state.apply("draw")
    return state


@pytest.mark.rule("PO-11")
def test_po11_jokers_are_wild_any_number(deal: Deal) -> None:
    """PO-11: jokers stand for any card, as many as one likes."""
    state = _melding(deal, "5h * * *")
    state.apply("meld 5h *=6h *=7h *=8h")
    assert str(state.melds[0]) == "5h *=6h *=7h *=8h"


@pytest.mark.rule("PO-12")
@pytest.mark.parametrize("meld", ["7s 7h 7d", "Ks Kh Kd *", "8s 8h *"])
def test_po12_valid_sets(deal: Deal, meld: str) -> None:
    """PO-12: 7♠ 7♥ 7♦; K♠ K♥ K♦ + joker; 8♠ 8♥ + joker are sets."""
    state = _melding(deal, meld)
    state.apply(f"meld {meld}")
    assert str(state.melds[0]) == meld


@pytest.mark.rule("PO-12")
@pytest.mark.parametrize("meld", ["5s 5s 5h", "Ks Kh Kd Kc"])
def test_po12_invalid_sets(deal: Deal, meld: str) -> None:
    """PO-12: a repeated suit, and four natural suits, are refused."""
    state = _melding(deal, meld)
    with pytest.raises(IllegalAction, match="PO-12"):
        state.apply(f"meld {meld}")


@pytest.mark.rule("PO-12")
def test_po12_one_natural_two_jokers_and_no_fourth_natural_suit(deal: Deal) -> None:
    """PO-12: one natural and two jokers is a set; a fourth natural suit cannot join a set of
    three naturals without a joker, and the refusal says so."""
    state = _melding(deal, "Qs * * 4s 4h 4d 4c")
    state.apply("meld Qs * *")
    state.apply("meld 4s 4h 4d")
    assert "layoff 2 4c" not in texts(state, "layoff")
    with pytest.raises(IllegalAction, match="PO-16") as info:
        state.apply("layoff 2 4c")
    assert "only when the set also holds a joker" in str(info.value)
    assert "it can take *" in str(info.value)


@pytest.mark.rule("PO-12")
def test_po12_four_natural_suits_and_a_joker_make_a_five_card_set(deal: Deal) -> None:
    """PO-12 (default ``four_suits=with_joker``): "os quatro naipes, com coringa" is a set of
    five cards; the four suits without a joker are not, nor with a second joker."""
    state = _melding(deal, "Ks Kh Kd Kc * *")
    assert state.game.options.four_suits == "with_joker"
    assert "meld Ks Kh Kd Kc *" in texts(state, "meld")
    assert "meld Ks Kh Kd Kc" not in texts(state, "meld")
    assert "meld Ks Kh Kd Kc * *" not in texts(state, "meld")
    with pytest.raises(IllegalAction, match="exactly one joker"):
        state.apply("meld Ks Kh Kd Kc * *")
    state.apply("meld Kc * Kd Kh Ks")
    assert str(state.melds[0]) == "Ks Kh Kd Kc *"
    assert len(state.melds[0]) == 5
    assert state.view(0)["melds"][0]["cards"] == "Ks Kh Kd Kc *"
    # Nothing more joins it: every suit is there and its one joker.
    assert texts(state, "layoff") == []
    with pytest.raises(IllegalAction, match="complete"):
        state.apply("layoff 1 *")


@pytest.mark.rule("PO-12", "PO-16")
def test_po16_the_fourth_suit_lays_off_onto_a_joker_set(deal: Deal) -> None:
    """PO-16 with PO-12's default: K♣ may join K♠ K♥ K♦ + joker, making five cards; K♣ may not
    join K♠ K♥ K♦ alone, and the refusal names the reason (no joker), not a missing suit."""
    state = _melding(deal, "Ks Kh Kd Kc *")
    state.apply("meld Ks Kh Kd")
    assert texts(state, "layoff") == ["layoff 1 *"]
    with pytest.raises(IllegalAction, match="only when the set also holds a joker"):
        state.apply("layoff 1 Kc")
    state.apply("layoff 1 *")
    assert "layoff 1 Kc" in texts(state, "layoff")
    state.apply("layoff 1 Kc")
    assert str(state.melds[0]) == "Ks Kh Kd Kc *"
    record = state.to_record()
    assert "layoff 1 Kc" in record["actions"]
    assert replay(record).state.view(None)["melds"][0]["cards"] == "Ks Kh Kd Kc *"


@pytest.mark.rule("PO-12", "PO-16")
def test_po12_option_four_suits_joker_fills(deal: Deal) -> None:
    """The table option ``four_suits=joker_fills`` keeps the earlier reading: at most three
    natural suits, a joker in the fourth's place, never more than four cards."""
    state = deal({0: "Ks Kh Kd Kc * 7s 7h 7d"}, players=2, four_suits="joker_fills")
    state.apply("draw")
    assert "meld Ks Kh Kd Kc *" not in texts(state, "meld")
    assert "meld Ks Kh Kd *" in texts(state, "meld")
    with pytest.raises(IllegalAction, match="four_suits=joker_fills"):
        state.apply("meld Ks Kh Kd Kc *")
    state.apply("meld Ks Kh Kd *")
    assert texts(state, "layoff") == []  # three natural suits and a joker: complete
    with pytest.raises(IllegalAction, match="complete"):
        state.apply("layoff 1 Kc")
    with pytest.raises(OptionError, match="four_suits"):
        cardtable.game("pontinho", players=2, four_suits="sometimes")


@pytest.mark.rule("PO-13")
@pytest.mark.parametrize(
    "meld",
    ["As 2s 3s", "Qd Kd Ad", "9h *=Th Jh"],
)
def test_po13_valid_runs(deal: Deal, meld: str) -> None:
    """PO-13: ace low, ace high, a joker in the middle standing for its card."""
    state = _melding(deal, meld.replace("*=Th", "*"))
    state.apply(f"meld {meld}")
    assert str(state.melds[0]) == meld


@pytest.mark.rule("PO-13")
def test_po13_ace_to_ace(deal: Deal) -> None:
    """PO-13: the longest run is A 2 … K A, both aces; a run grows at both ends up to it."""
    state = deal({0: "7h 7d 7c As As"}, stock="2d", players=2)
    state.melds.append(parse_meld("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"))  # a position
    state.owners.append(1)
    state.apply("draw")
    state.apply("meld 7h 7d 7c")
    assert texts(state, "layoff") == ["layoff 1 As"]  # no joker in hand for *=As
    state.apply("layoff 1 As")
    assert str(state.melds[0]) == "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"
    state.apply("layoff 1 As")
    assert str(state.melds[0]) == "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"
    assert texts(state, "layoff") == []


@pytest.mark.rule("PO-13")
@pytest.mark.parametrize("meld", ["Kh Ah 2h", "4s 5h 6s"])
def test_po13_invalid_runs(deal: Deal, meld: str) -> None:
    """PO-13: K A 2 does not wrap around; mixed suits are no run."""
    state = _melding(deal, meld)
    with pytest.raises(IllegalAction, match="PO-1"):
        state.apply(f"meld {meld}")


@pytest.mark.rule("PO-14")
def test_po14_at_least_one_natural(deal: Deal) -> None:
    """PO-14: a meld of jokers only is refused."""
    state = _melding(deal, "* * *")
    with pytest.raises(IllegalAction, match="PO-14"):
        state.apply("meld * * *")


@pytest.mark.rule("PO-15")
def test_po15_joker_keeps_its_card(deal: Deal) -> None:
    """PO-15: a laid joker keeps the card it stands for; the natural card cannot replace it."""
    state = _melding(deal, "9h * Jh Th Qh")
    state.apply("meld 9h *=Th Jh")
    with pytest.raises(IllegalAction):
        state.apply("layoff 1 Th")
    state.apply("layoff 1 Qh")
    assert str(state.melds[0]) == "9h *=Th Jh Qh"


# -- laying off ------------------------------------------------------------------------------


@pytest.mark.rule("PO-16")
def test_po16_lay_off_only_after_a_meld_of_ones_own(deal: Deal) -> None:
    """PO-16: lay-offs (on anyone's meld) only once one has laid a meld this deal; the meld must
    stay valid."""
    state = deal({0: "7s 7h * 2c 3c", 1: "7c 8d"}, players=2)
    state.apply("draw")
    state.apply("meld 7s 7h *")
    state.apply("discard 2c")
    state.apply("draw")
    assert texts(state, "layoff") == []
    with pytest.raises(IllegalAction, match="PO-16"):
        state.apply("layoff 1 7c")
    state.melded[1] = True  # a position: as if seat 1 had laid a meld
    assert "layoff 1 7c" in texts(state, "layoff")
    with pytest.raises(IllegalAction, match="PO-16"):
        state.apply("layoff 1 8d")


# -- advancing ---------------------------------------------------------------------------------


def _claim_position(deal: Deal):  # type: ignore[no-untyped-def]
    """Seat 0 discards 9h; seat 1 draws from the stock: seats 2 and 3 are asked."""
    state = deal({0: "9h", 2: "9s 9c", 3: "9d 9c 2s"}, players=4)
    state.apply("draw")
    state.apply("discard 9h")
    state.apply("draw")
    return state


@pytest.mark.rule("PO-17")
def test_po17_advance_lays_one_meld_and_nothing_else(deal: Deal) -> None:
    """PO-17: out of turn, the top discard straight into a new meld with ≥2 own cards; the
    card never joins the hand; then the turn goes on with the player on turn."""
    state = _claim_position(deal)
    assert state.phase is Phase.CLAIM and state.to_move == 2
    assert texts(state, "advance") == ["advance 9s 9h 9c"]
    with pytest.raises(IllegalAction):
        state.apply("discard 9s")
    with pytest.raises(IllegalAction):
        state.apply("meld 9s 9h 9c")  # advancing is spelled 'advance'
    state.apply("advance 9s 9h 9c")
    assert len(state.hands[2]) == 7 and state.owners == [2] and state.melded[2]
    assert state.phase is Phase.MAIN and state.to_move == 1


@pytest.mark.rule("PO-18")
def test_po18_covered_card_cannot_be_advanced(deal: Deal) -> None:
    """PO-18: once another card covers it, a discard can no longer be advanced."""
    state = deal({0: "9h", 3: "9s 9c"}, players=4)
    state.apply("draw")
    state.apply("discard 9h")
    state.apply("draw")
    while state.phase is Phase.CLAIM:
        state.apply("pass")
    state.apply(f"discard {card_text(state.hands[1][0])}")  # covers 9h
    state.apply("draw")
    assert state.claimants == [3, 0] and state.to_move == 3
    assert all("9h" not in t for t in texts(state, "advance"))
    with pytest.raises(IllegalAction, match="must be one of the cards"):
        state.apply("advance 9s 9h 9c")


@pytest.mark.rule("PO-18")
def test_po18_after_a_take_no_claim_round(deal: Deal) -> None:
    """PO-18: a take is no draw from the stock: no claim round follows, and the card below the
    taken one is covered for good."""
    state = deal({0: "9s 9c", 1: "5h 5d"}, discard="5s 9h", players=4)
    state.apply("take 9s 9h 9c")
    assert state.phase is Phase.MAIN and state.view(None)["advanceable"] is False
    state.apply(f"discard {card_text(state.hands[0][0])}")
    state.apply("draw")
    assert state.claimants == [2, 3]
    assert state.view(None)["claim"]["card"] != "5s"


@pytest.mark.rule("PO-19")
def test_po19_no_advancing_to_go_out(deal: Deal) -> None:
    """PO-19: a claimant must keep a card after the meld."""
    state = _claim_position(deal)
    state.hands[2] = state.hands[2][:2]  # only 9s 9c left
    assert texts(state, "advance") == []
    with pytest.raises(IllegalAction, match="PO-19"):
        state.apply("advance 9s 9h 9c")


@pytest.mark.rule("PO-20")
def test_po20_first_in_turn_order_gets_it_and_discarder_excluded(deal: Deal) -> None:
    """PO-20: the discarder is not asked; the first in turn order after the player on turn
    decides first; after the advance the turn goes on where it was."""
    state = _claim_position(deal)
    assert state.claimants == [2, 3]  # seat 0 discarded: not asked; seat 1 is on turn
    state.apply("pass")
    assert state.to_move == 3
    state.apply("advance 9h 9d 9c")
    assert state.owners == [3] and state.to_move == 1 and state.phase is Phase.MAIN


@pytest.mark.rule("PO-20")
def test_po20_own_discard_cannot_be_advanced(deal: Deal) -> None:
    """PO-20: the discarder may not advance their own card (they are never asked)."""
    state = _claim_position(deal)
    state.apply("pass")
    state.apply("pass")
    assert state.to_move == 1
    with pytest.raises(IllegalAction, match="PO-2"):
        state.apply("advance 9s 9h 9c")


@pytest.mark.rule("PO-21")
def test_po21_everyone_eligible_is_asked(deal: Deal) -> None:
    """PO-21: every eligible player is asked in turn, whether or not they could advance."""
    state = deal({0: "9h"}, players=5)
    state.apply("draw")
    state.apply("discard 9h")
    state.apply("draw")
    asked = []
    while state.phase is Phase.CLAIM:
        asked.append(state.to_move)
        assert texts(state, "advance") == []  # nobody can: filler hands hold no nines pair
        assert state.view(None)["claim"]["card"] == "9h"
        state.apply("pass")
    assert asked == [2, 3, 4]
    assert state.to_move == 1 and state.phase is Phase.MAIN


# -- going out and scoring ------------------------------------------------------------------


@pytest.mark.rule("PO-22")
def test_po22_out_by_melding_everything(deal: Deal) -> None:
    """PO-22: laying down every card goes out, no discard needed."""
    state = deal({0: "As 2s 3s 4s 5s 6s 7s 8s 9s"}, stock="Ts", players=2)
    state.apply("draw")
    state.apply("meld As 2s 3s 4s 5s 6s 7s 8s 9s Ts")
    assert state.is_over and state.went_out == 0


@pytest.mark.rule("PO-22")
def test_po22_out_by_discarding_the_last_card(deal: Deal) -> None:
    """PO-22: discarding the last card after laying down goes out too."""
    state = deal({0: "As 2s 3s 4s 5s 6s 7s 8s 9s"}, stock="Kd", players=2)
    state.apply("draw")
    state.apply("meld As 2s 3s 4s 5s 6s 7s 8s 9s")
    assert not state.is_over
    state.apply("discard Kd")
    assert state.is_over and state.went_out == 0


@pytest.mark.rule("PO-23")
@pytest.mark.parametrize("figure_points, penalty", [("13-12-11", 85), ("10", 79)])
def test_po23_penalties(deal: Deal, figure_points: str, penalty: int) -> None:
    """PO-23 with PO-2: the others count their hands; the player out scores 0 and wins."""
    state = deal(
        {0: "As 2s 3s 4s 5s 6s 7s 8s 9s", 1: "* Ah Kh Qh Jh 2h 3c 4d 5c"},
        stock="Ts",
        players=2,
        figure_points=figure_points,
    )
    state.apply("draw")
    state.apply("meld As 2s 3s 4s 5s 6s 7s 8s 9s Ts")
    outcome = state.outcome
    assert outcome is not None
    # 20 + 15 + 13 + 12 + 11 + 2 + 3 + 4 + 5 = 85 (or 79 with figures at 10)
    assert outcome.points == (0, penalty)
    assert outcome.winners == (0,) and outcome.reason == "went_out"
    assert outcome.details["went_out"] == 0
    assert sorted(outcome.details["hands"][1]) == sorted(
        ["*", "Ah", "Kh", "Qh", "Jh", "2h", "3c", "4d", "5c"]
    )


# -- information ------------------------------------------------------------------------------


@pytest.mark.rule("PO-27")
def test_po27_views(deal: Deal) -> None:
    """PO-27: melds with owners, the whole discard pile, the burned card, stock and hand sizes
    are public; a hand only to its owner; a spectator sees no hand."""
    state = deal({0: "7s 7h 7d 2c"}, stock="Qs", players=3)
    state.apply("draw")
    state.apply("burn")
    state.apply("meld 7s 7h 7d")
    state.apply("discard 2c")
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["melds"] == [{"number": 1, "owner": 0, "kind": "set", "cards": "7s 7h 7d"}]
        assert view["discard"] == ["2c"] and view["advanceable"] is True
        assert view["burned"] == "Qs" and view["stock"] == 108 - 27 - 2
        assert view["hand_sizes"] == [6, 9, 9]
    assert "hand" not in state.view(None)
    assert len(state.view(1)["hand"]) == 9
    assert state.view(0)["hand"] != state.view(1)["hand"]
    state.apply("draw")
    claim = state.view(None)["claim"]
    assert claim == {"card": "2c", "turn": 1, "asked": 2, "still_to_ask": []}


@pytest.mark.rule("PO-12", "PO-16")
@pytest.mark.parametrize("lang", ["en", "eu", "hu", "pt_BR"])
def test_po16_the_refusal_names_the_real_reason_in_every_language(deal: Deal, lang: str) -> None:
    """8♣ is the missing suit of 8♠ 8♥ 8♦, so "a set takes a missing suit" would be no reason:
    the refusal says that four natural suits need a joker too, in the player's language."""
    from cardtable.i18n import _, language

    english = (
        "all four suits may be natural cards only when the set also holds a joker, e.g. "
        "Ks Kh Kd Kc *"
    )
    with language(lang):
        state = _melding(deal, "8s 8h 8d 8c")
        state.apply("meld 8s 8h 8d")
        with pytest.raises(IllegalAction) as info:
            state.apply("layoff 1 8c")
        reason = _(english)
        assert reason in str(info.value)
        assert (reason == english) is (lang == "en")
