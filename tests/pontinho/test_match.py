"""The Pontinho match (PO-5, PO-24 … PO-26): totals, busting, buying back, the deal passing on,
and match records.

Deals are built from explicit setups so that a chosen player goes out on their first turn
(``play_out``): the winner holds three sets, the others hold a LIGHT (46 points) or HEAVY
(122 points) hand; players before the winner draw and discard the drawn card; claims are passed.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import cardtable
from cardtable.cards.french import FRENCH_DECK, card_text, hand_points, parse_cards
from cardtable.cli.main import main
from cardtable.engine.record import ReplayError, replay
from cardtable.errors import CardtableError, IllegalAction, RecordError
from cardtable.games.pontinho.match import PontinhoMatch
from cardtable.games.pontinho.state import PontinhoState

WINNER = ["2s", "2h", "2d", "6s", "6h", "6d", "Ts", "Th", "Td"]
MELDS = ("meld 2s 2h 2d", "meld 6s 6h 6d", "meld Ts Th Td")


def light(suit: str) -> list[str]:
    return [f"{rank}{suit}" for rank in "334455778"]


def heavy(suit: str) -> list[str]:
    return [f"{rank}{suit}" for rank in "AAKKQQJJ"] + ["*"]


LIGHT = hand_points(parse_cards(light("c")))  # 46
HEAVY = hand_points(parse_cards(heavy("c")))  # 122


def table(players: int = 4, **options: Any) -> cardtable.Game:
    return cardtable.game("pontinho", players=players, **options)


def new_match(players: int = 4, **options: Any) -> PontinhoMatch:
    match = PontinhoMatch.empty(table(players, **options))
    assert isinstance(match, PontinhoMatch)
    return match


def play_out(match: cardtable.Match, winner: int, heavy_seats: Iterable[int] = ()) -> PontinhoState:
    """Deal the match's next deal from a setup in which table seat ``winner`` goes out on their
    first turn, and play it to its end."""
    if match.deals:
        dealer, seats = match.expected_deal()
    else:
        dealer, seats = 0, tuple(range(match.game.players))
    heavy_seats = set(heavy_seats)
    hands: list[list[str]] = []
    suits = iter("cdsh")
    for seat in seats:
        if seat == winner:
            hands.append(list(WINNER))
        else:
            suit = next(suits)
            hands.append(heavy(suit) if seat in heavy_seats else light(suit))
    rest = Counter(FRENCH_DECK)
    rest.subtract(parse_cards([c for hand in hands for c in hand]))
    stock = []
    for card in FRENCH_DECK:
        if rest[card] > 0:
            rest[card] -= 1
            stock.append(card_text(card))
    state = match.replay_deal(
        dealer=dealer, seats=seats, seed=None, setup={"hands": hands, "stock": stock}
    )
    assert isinstance(state, PontinhoState)
    me = seats.index(winner)
    while (seat := state.to_move) is not None:
        view = state.view(seat)
        if view["phase"] == "claim":
            state.apply("pass")
        elif view["phase"] == "draw":
            state.apply("draw")
        else:
            held = view.get("drawn")
            extra = held or next(iter(Counter(view["hand"]) - Counter(hands[seat])))
            if seat == me:
                for meld in MELDS:
                    state.apply(meld)
            state.apply(f"discard {extra}")
    assert state.went_out == me
    return state


def test_po24_totals_start_at_zero_add_penalty_points_and_bust_at_exactly_bust() -> None:
    match = new_match(3, bust=LIGHT * 2)
    play_out(match, 0)
    assert match.totals == (0, LIGHT, LIGHT)
    assert match.still_in == (0, 1, 2)
    play_out(match, 1)
    # seat 0 reaches LIGHT, seat 2 reaches exactly 2·LIGHT = bust: out
    assert match.totals == (LIGHT, LIGHT, 2 * LIGHT)
    assert match.still_in == (0, 1)
    # seats 0 and 1 are still in: two others, so seat 2 is asked
    assert match.to_move == 2
    match.apply("decline")
    assert match.still_in == (0, 1) and match.to_move is None
    assert not match.is_over


def test_po24_void_deal_adds_nothing_and_seeded_deals_pass_on() -> None:
    game = table(3, rebuild_limit=0)
    match = game.match(seed=11, dealer=1)
    state = match.current
    assert state.dealer == 1
    while (seat := state.to_move) is not None:
        phase = state.view(seat)["phase"]
        if phase in ("draw", "claim"):
            state.apply("draw" if phase == "draw" else "pass")
        else:
            state.apply(next(a for a in state.legal_actions() if a.kind == "discard"))
    assert isinstance(state, PontinhoState) and state.is_void
    assert match.totals == (0, 0, 0)
    nxt = match.next_deal()
    assert nxt.dealer == 2 and match.seats_of_deal(1) == (0, 1, 2)
    assert json.dumps(match.to_record())  # JSON-safe


def test_po25_buyback_returns_with_highest_total_among_players_still_in() -> None:
    match = new_match(4, bust=100)
    play_out(match, 0)  # 1, 2, 3: 46 each
    play_out(match, 0, heavy_seats={3})  # 1, 2: 92; 3: 168, out
    assert match.totals == (0, 2 * LIGHT, 2 * LIGHT, LIGHT + HEAVY)
    assert match.to_move == 3
    assert [str(a) for a in match.legal_actions()] == ["buyback", "decline"]
    with pytest.raises(CardtableError, match="seat 3 must decide"):
        match.next_deal()
    match.apply("buyback")
    assert match.to_move is None
    assert match.totals == (0, 92, 92, 92)
    assert match.still_in == (0, 1, 2, 3)
    assert match.buybacks_used(3) == 1
    # everyone is dealt in again
    play_out(match, 3)
    assert match.seats_of_deal(2) == (0, 1, 2, 3)


def test_po25_at_most_buybacks_times() -> None:
    match = new_match(4, bust=100, buybacks=1)
    play_out(match, 0, heavy_seats={3})
    match.apply("buyback")  # returns with 46
    assert match.totals[3] == LIGHT
    play_out(match, 0, heavy_seats={3})
    # the second bust: no buy-back left, so no question
    assert match.to_move is None
    assert match.still_in == (0, 1, 2)
    with pytest.raises(IllegalAction, match="nobody has a buy-back"):
        match.apply("buyback")

    twice = new_match(4, bust=100, buybacks=2)
    play_out(twice, 0, heavy_seats={3})
    twice.apply("buyback")
    play_out(twice, 0, heavy_seats={3})
    assert twice.to_move == 3
    twice.apply("buyback")
    assert twice.buybacks_used(3) == 2


def test_po25_needs_two_others_still_in() -> None:
    # heads-up: the bust leaves one other player, so there is no buy-back and the match ends
    duel = new_match(2, bust=100)
    play_out(duel, 0, heavy_seats={1})
    assert duel.to_move is None and duel.is_over
    with pytest.raises(IllegalAction, match="match is over"):
        duel.apply("buyback")
    # three players, two bust at once: one is left, so neither may buy back
    match = new_match(3, bust=100)
    play_out(match, 0, heavy_seats={1, 2})
    assert match.to_move is None and match.is_over
    assert match.outcome is not None and match.outcome.winners == (0,)
    # four players, two bust at once: two others are still in for each of them; they are
    # asked in the order of play after the dealer (seat 0), and the first buying back counts
    again = new_match(4, bust=100)
    play_out(again, 0, heavy_seats={2, 3})
    assert again.to_move == 2
    again.apply("buyback")
    assert again.to_move == 3
    again.apply("buyback")
    assert again.still_in == (0, 1, 2, 3)
    assert again.totals == (0, LIGHT, LIGHT, LIGHT)
    # declining one leaves the other with two others still in (seats 0 and 1)
    other = new_match(4, bust=100)
    play_out(other, 0, heavy_seats={2, 3})
    other.apply("decline")
    assert other.to_move == 3
    other.apply("buyback")
    assert other.still_in == (0, 1, 3)


def test_po25_decline_leaves_the_player_out_for_good() -> None:
    match = new_match(4, bust=100)
    play_out(match, 0, heavy_seats={3})
    match.apply("decline")
    assert match.still_in == (0, 1, 2)
    play_out(match, 1)
    assert match.seats_of_deal(1) == (0, 1, 2)
    assert 3 not in match.still_in and match.to_move is None


def test_illegal_decisions_are_rejected_with_reasons() -> None:
    match = new_match(4, bust=100)
    with pytest.raises(IllegalAction, match="not a decision"):
        match.apply("draw")
    play_out(match, 0)
    with pytest.raises(IllegalAction, match="nobody has a buy-back"):
        match.apply("decline")
    match.next_deal()
    with pytest.raises(IllegalAction, match="still being played"):
        match.apply("buyback")
    with pytest.raises(IllegalAction, match="not a decision"):
        match.apply("buyback now")


def test_po26_match_ends_when_one_player_is_left() -> None:
    match = new_match(3, bust=100)
    play_out(match, 0, heavy_seats={1})
    assert match.to_move == 1  # seats 0 and 2 are still in: two others
    match.apply("decline")
    assert match.still_in == (0, 2)
    play_out(match, 0, heavy_seats={2})
    assert match.is_over and match.to_move is None
    outcome = match.outcome
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.points == (0, HEAVY, LIGHT + HEAVY)
    with pytest.raises(CardtableError, match="over"):
        match.next_deal()


def test_po26_deals_option_ends_after_n_deals_with_shared_wins() -> None:
    match = new_match(3, deals=2, bust=1000)
    play_out(match, 0)
    assert not match.is_over
    play_out(match, 1)
    assert match.is_over
    outcome = match.outcome
    assert outcome is not None
    assert outcome.points == (LIGHT, LIGHT, 2 * LIGHT)
    assert outcome.winners == (0, 1)


def test_po26_no_buyback_after_the_last_deal() -> None:
    match = new_match(4, deals=1, bust=100)
    play_out(match, 0, heavy_seats={3})
    assert match.is_over and match.to_move is None


def test_po5_deal_passes_right_skipping_players_who_are_out() -> None:
    match = new_match(4, bust=100)
    play_out(match, 1)  # dealt by seat 0
    assert match.current.dealer == 0
    # next dealer is seat 1; seat 2 busts in deal 2
    play_out(match, 3, heavy_seats={2})
    assert match.seats_of_deal(1)[match.current.dealer] == 1
    match.apply("decline")
    dealer, seats = match.expected_deal()
    assert (dealer, seats) == (3, (0, 1, 3))  # seat 2 skipped (it would have been next)
    state = play_out(match, 0)
    assert match.seats_of_deal(2) == (0, 1, 3)
    assert state.game.players == 3
    assert state.dealer == 2  # deal seat 2 is table seat 3
    assert match.table_seat(state.went_out) == 0
    assert match.deal_seat(2) is None and match.deal_seat(3) == 2
    # the next deal: after seat 3 comes seat 0 (seat 2 is out)
    assert match.expected_deal() == (0, (0, 1, 3))


def test_seeded_match_deals_only_the_seats_still_in() -> None:
    game = table(4, bust=100)
    assert isinstance(game.match(seed=5), PontinhoMatch)
    match = PontinhoMatch.empty(game)
    match.seed = 5  # the next deals are seeded from the match seed
    play_out(match, 0, heavy_seats={2})
    match.apply("decline")
    state = match.next_deal()  # seeded
    assert match.seats_of_deal(1) == (0, 1, 3)
    assert state.game.players == 3 and len(state.view(0)["hand"]) == 9


def _played_match() -> PontinhoMatch:
    match = new_match(4, bust=100)
    play_out(match, 0, heavy_seats={3})
    match.apply("buyback")
    play_out(match, 1, heavy_seats={2})
    match.apply("decline")
    play_out(match, 3)
    return match


def test_match_record_round_trips_through_replay() -> None:
    match = _played_match()
    record = match.to_record()
    assert record["deals"][0]["decisions"] == ["buyback"]
    assert "seats" not in record["deals"][0]
    assert record["deals"][1]["decisions"] == ["decline"]
    assert record["deals"][2]["seats"] == [0, 1, 3]
    assert record["deals"][2]["dealer"] == 3
    replayed = replay(json.loads(json.dumps(record)))
    assert replayed.match is not None
    assert replayed.match.totals == match.totals
    assert replayed.match.to_record() == record
    result = replayed.result()
    assert result["points"] == list(match.totals)
    assert result["went_out"] == 3  # a table seat (deal seat 2)
    assert result["over"] is False and result["to_move"] is None
    assert result["deals"] == 3


def test_replay_result_shows_a_pending_decision_and_the_end() -> None:
    match = new_match(4, bust=100)
    play_out(match, 0, heavy_seats={3})
    result = replay(match.to_record()).result()
    assert result["to_move"] == 3 and result["over"] is False
    assert result["points"] == [0, LIGHT, LIGHT, HEAVY]

    ended = new_match(3, bust=100)
    play_out(ended, 0, heavy_seats={1})
    ended.apply("decline")
    play_out(ended, 0, heavy_seats={2})
    result = replay(ended.to_record()).result()
    assert result["over"] is True and result["winners"] == [0] and result["to_move"] is None


def test_replay_checks_every_decision_and_the_seats() -> None:
    record = _played_match().to_record()
    bad = json.loads(json.dumps(record))
    bad["deals"][1]["decisions"] = ["buyback"]  # seat 2 has a buy-back, so that is legal…
    bad["deals"][2]["dealer"] = 2
    with pytest.raises(RecordError, match="seats in play"):
        replay(bad)  # …but then deal 3 must deal everyone in
    bad = json.loads(json.dumps(record))
    bad["deals"][0]["decisions"] = ["maybe"]
    with pytest.raises(ReplayError, match="decision 1 'maybe' by seat 3"):
        replay(bad)
    bad = json.loads(json.dumps(record))
    del bad["deals"][0]["decisions"]
    with pytest.raises(RecordError, match="seat 3 has still to decide"):
        replay(bad)
    bad = json.loads(json.dumps(record))
    bad["deals"][2]["dealer"] = 0
    with pytest.raises(RecordError, match="passes to seat 3"):
        replay(bad)
    bad = json.loads(json.dumps(record))
    bad["deals"][2]["actions"][0] = "burn now"
    with pytest.raises(ReplayError, match="deal 3, action 1"):
        replay(bad)


def test_cli_replay_json_of_a_match(tmp_path: Path) -> None:
    match = _played_match()
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_record()), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    assert data["points"] == list(match.totals)
    assert data["went_out"] == 3 and data["over"] is False and data["to_move"] is None


def test_single_deal_record_unchanged() -> None:
    state = play_out(new_match(3), 1)
    record = state.to_record()
    assert set(record) == {"game", "players", "options", "dealer", "setup", "actions"}
    result = replay(record).result()
    assert result["went_out"] == 1 and result["points"] == list(state.outcome.points)  # type: ignore[union-attr]


def test_generic_match_has_no_decisions() -> None:
    match = cardtable.game("punttu", players=3).match(seed=1)
    assert match.to_move is None and match.legal_actions() == []
    with pytest.raises(IllegalAction):
        match.apply("buyback")
    assert match.seats_of_deal(0) == (0, 1, 2)


def test_cli_session_plays_a_pontinho_match_with_bots_buying_back() -> None:
    from rich.console import Console

    from cardtable.bots.base import RandomBot
    from cardtable.cli.session import Session
    from cardtable.terminal import renderer_for
    from cardtable.terminal.base import SeatNames

    match = new_match(3, bust=100, deals=3)
    play_out(match, 0, heavy_seats={2})  # seat 2 is asked to buy back, and bots do
    game = match.game
    bots = [RandomBot(game, seat, seed=seat) for seat in range(3)]
    session = Session(
        match=match,
        players=list(bots),
        # the renderer is not used between deals (Pontinho's own is being written)
        renderer=renderer_for("punttu", SeatNames([b.name for b in bots])),
        console=Console(file=io.StringIO(), width=100),
    )
    session._between_deals()  # noqa: SLF001
    assert match.to_move is None and match.buybacks_used(2) == 1
    assert match.totals == (0, LIGHT, LIGHT)


def test_decision_view_and_deal_view_carry_the_match_totals() -> None:
    match = new_match(4, bust=100)
    play_out(match, 0)  # 1, 2, 3: 46 each
    play_out(match, 0, heavy_seats={3})  # 1, 2: 92; 3: 168, out
    view = match.decision_view(3)
    assert view == {
        "kind": "match",
        "seat": 3,
        "totals": [0, 2 * LIGHT, 2 * LIGHT, LIGHT + HEAVY],
        "bust": 100,
        "buybacks": 1,
        "buybacks_used": 0,
        "buybacks_left": 1,
        "still_in": [0, 1, 2],
        "deals": 2,
        "deals_planned": 0,
    }
    assert json.loads(json.dumps(view)) == view
    match.apply("decline")
    match.seed = 1
    match.next_deal()  # seats 0, 1, 2 (3 is out)
    deal_view = match.deal_view(1, memory=True)
    assert deal_view["totals"] == [0, 2 * LIGHT, 2 * LIGHT]  # by deal seat
    assert deal_view == {**match.current.view(1, memory=True), "totals": deal_view["totals"]}
