"""Pontinho move counts (python-chess perft style): fixed positions, the exact number of legal
actions of each kind, each derived by hand in the comments. A failure prints the counts per kind
and the actions themselves.

Run positions (PO-13) count windows of consecutive positions (ace low 0 … king 12, ace high 13)
that lack at most as many cards as there are jokers; each window gives one meld per way of
placing the jokers on its missing cards plus any choice of its natural cards (keeping at least
one natural card).
"""

from __future__ import annotations

from collections import Counter

import pytest
from tests.helpers.pontinho import Deal

from cardtable.games.pontinho import Phase, PontinhoState

KINDS = ("draw", "take", "burn", "meld", "layoff", "discard", "advance", "pass")


def counts(state: PontinhoState) -> dict[str, int]:
    found = Counter(action.kind for action in state.legal_actions())
    return {kind: found[kind] for kind in KINDS if found[kind]}


def check(state: PontinhoState, expected: dict[str, int]) -> None:
    got = counts(state)
    assert got == expected, f"per kind: got {got}, expected {expected}; actions: " + ", ".join(
        str(a) for a in state.legal_actions()
    )
    assert len(state.legal_action_ids()) == sum(expected.values())
    for kind, number in expected.items():
        assert len(state.legal_actions(kind)) == number


def test_first_turn_only_draw(deal: Deal) -> None:
    # An empty discard pile: nothing to take; the only action is draw.
    check(deal(players=4), {"draw": 1})


def test_take_a_set(deal: Deal) -> None:
    # Top 9h; hand 9s 9c: the set 9s 9h 9c (hearts must be in it). No heart runs (2h, Kh alone).
    state = deal({0: "9s 9c 2h 4d 6c 8s Tc Qd Kh"}, discard="9h", players=2)
    check(state, {"draw": 1, "take": 1})


def test_take_a_set_of_three_suits(deal: Deal) -> None:
    # Top 9h; 9s 9c 9d in hand: any two of the three with 9h (without a joker at most 3 natural
    # suits, PO-12): 3.
    state = deal({0: "9s 9c 9d 2h 4d 6c Js Qd Kh"}, discard="9h", players=2)
    check(state, {"draw": 1, "take": 3})


def test_take_with_one_joker(deal: Deal) -> None:
    # Top 9h, hand 9s and one joker: sets need a second natural suit: 9s 9h * only; runs with
    # 9h need another heart near it (none): 1.
    state = deal({0: "9s * 2h 4d 6c 8s Tc Qd Kc"}, discard="9h", players=2)
    check(state, {"draw": 1, "take": 1})


def test_take_a_discarded_joker(deal: Deal) -> None:
    # Top *, no pair of one rank: runs only, each with the joker on a missing end:
    # *=4h 5h 6h, 5h 6h *=7h; *=7c 8c 9c, 8c 9c *=Tc; *=Jd Qd Kd, Qd Kd *=Ad: 6.
    state = deal({0: "5h 6h 8c 9c 2s 4d Js Qd Kd"}, discard="*", players=2)
    check(state, {"draw": 1, "take": 6})


def test_first_draw_sets_and_a_run(deal: Deal) -> None:
    # Held Qs; 10 cards 7s 7h 7d 2c 3c 4c Ts Jd Kh Qs: the set 7s 7h 7d, the run 2c 3c 4c
    # (Ts Qs lack Js): 2 melds; 10 distinct cards to discard; burn.
    state = deal({0: "7s 7h 7d 2c 3c 4c Ts Jd Kh"}, stock="Qs", players=2)
    state.apply("draw")
    assert state.phase is Phase.FIRST_DRAWN
    check(state, {"burn": 1, "meld": 2, "discard": 10})


def test_first_draw_with_a_joker(deal: Deal) -> None:
    # Held Qh; 5h 6h * 9c 9d Ks 2d 4s Jc Qh: *=4h 5h 6h, 5h 6h *=7h, 9c *=Tc Jc, 9d 9c *: 4
    # (Ks, 2d, 4s, Qh make nothing with one joker).
    state = deal({0: "5h 6h * 9c 9d Ks 2d 4s Jc"}, stock="Qh", players=2)
    state.apply("draw")
    check(state, {"burn": 1, "meld": 4, "discard": 10})


def test_clubs_run_with_a_joker(deal: Deal) -> None:
    # Held Ac; clubs A 2 3 4 5 and one joker (also 7s 7h: the set 7s 7h *).
    # Windows (missing ≤ 1) and joker placements (1 + one per natural when none is missing):
    # [A,3] 1+3, [A,4] 1+4, [A,5] 1+5, [A,6] 1 (*=6c); [2,4] 1+3, [2,5] 1+4, [2,6] 1;
    # [3,5] 1+3, [3,6] 1; [4,6] 1; Q K A and the rest lack two: 32 runs + 1 set = 33.
    state = deal({0: "7s 7h * 2c 3c 4c 5c Ts Kh"}, stock="Ac", players=2)
    state.apply("draw")
    check(state, {"burn": 1, "meld": 33, "discard": 10})


def test_lay_offs_on_a_run(deal: Deal) -> None:
    # After meld 2c 3c 4c: hand 7s 7h * 5c Ts Kh Ac. Meld 1 takes Ac, *=Ac, 5c, *=5c: all held: 4.
    # Melds: 7s 7h *; clubs Ac 5c with one joker lack two everywhere: 1. Discards: 7.
    state = deal({0: "7s 7h * 2c 3c 4c 5c Ts Kh"}, stock="Ac", players=2)
    state.apply("draw")
    state.apply("meld 2c 3c 4c")
    check(state, {"meld": 1, "layoff": 4, "discard": 7})


def test_lay_offs_on_a_set(deal: Deal) -> None:
    # After meld 8s 8h *: hand * 8d 8c 3s 5h Jc Kd. Meld 1 (two natural suits) takes 8d, 8c, *:
    # 3. Melds: 8d 8c *: 1. Discards: 7 kinds.
    state = deal({0: "8s 8h * * 8d 8c 3s 5h Jc"}, stock="Kd", players=2)
    state.apply("draw")
    state.apply("meld 8s 8h *")
    check(state, {"meld": 1, "layoff": 3, "discard": 7})


@pytest.mark.rule("PO-12")
@pytest.mark.parametrize(("four_suits", "five"), [("with_joker", 1), ("joker_fills", 0)])
def test_four_suits_and_a_joker(deal: Deal, four_suits: str, five: int) -> None:
    # Held 3h; Ks Kh Kd Kc * and 2c 4d 6h 8s 3h (no two of one suit within two ranks): sets of
    # kings only: three suits of four with 0 or 1 joker (4·2), two suits with the joker (6), and
    # with the default the four suits with the joker (1): 15, else 14. Discards: 10 kinds.
    state = deal({0: "Ks Kh Kd Kc * 2c 4d 6h 8s"}, stock="3h", players=2, four_suits=four_suits)
    state.apply("draw")
    check(state, {"burn": 1, "meld": 14 + five, "discard": 10})
    # After meld Ks Kh Kd *: Kc joins it with the default (PO-16), nothing with joker_fills;
    # no meld left; 6 kinds to discard.
    state.apply("meld Ks Kh Kd *")
    check(state, {"layoff": five, "discard": 6} if five else {"discard": 6})


def _claim(deal: Deal, seat2: str, seat3: str) -> PontinhoState:
    state = deal({0: "9h 2c 3d 4s 6h 7c Jd Qs Kc", 2: seat2, 3: seat3}, players=4, dealer=3)
    state.apply("draw")
    state.apply("discard 9h")
    state.apply("draw")
    assert state.phase is Phase.CLAIM and state.claimants == [2, 3]
    return state


def test_claim_round(deal: Deal) -> None:
    # Seat 2: 9s 9c 9d and 8h Th: two of three suits with 9h (3) and the run 8h 9h Th (1): 4.
    # Seat 3: 9s 2h 4h ... : one other nine and no heart near 9h: nothing but pass.
    state = _claim(deal, "9s 9c 9d 8h Th 2s 4d 6c Qc", "9s 2h 3d 5c 7s Jh Kd 4h 6d")
    check(state, {"advance": 4, "pass": 1})
    state.apply("pass")
    check(state, {"pass": 1})


def test_claim_keeps_a_card(deal: Deal) -> None:
    # PO-19: with only 9s 9c left (a position), advancing 9s 9h 9c would empty the hand: pass.
    state = _claim(deal, "9s 9c 9d 8h Th 2s 4d 6c Qc", "9s 2h 3d 5c 7s Jh Kd 4h 6d")
    state.hands[2] = [13 * 0 + 8, 13 * 3 + 8]  # 9s 9c
    check(state, {"pass": 1})


def test_over(deal: Deal) -> None:
    # The deal is over: nothing is legal.
    state = deal({0: "As 2s 3s 4s 5s 6s 7s 8s 9s"}, stock="Ts", players=2)
    state.apply("draw")
    state.apply("meld As 2s 3s 4s 5s 6s 7s 8s 9s Ts")
    assert counts(state) == {} and state.legal_action_ids() == []


@pytest.mark.parametrize("kind", ["bogus"])
def test_unknown_kind_is_refused(deal: Deal, kind: str) -> None:
    from cardtable.errors import IllegalAction

    with pytest.raises(IllegalAction):
        deal().legal_actions(kind)
