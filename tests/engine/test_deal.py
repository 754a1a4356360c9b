"""``Game.deal``: seeds, setups and dealers, each bad input refused with a message naming it."""

from __future__ import annotations

from typing import Any

import pytest

import cardtable
from cardtable.cards.latin import LATIN_DECK
from cardtable.engine.game import MAX_SEED

CARDS = [str(card) for card in LATIN_DECK]


def setup_for(players: int, removed: tuple[str, ...] = ()) -> dict[str, Any]:
    """A valid setup, dealing the deck in order (hands first, then the stock)."""
    cards = [c for c in CARDS if c not in removed]
    return {
        "hands": [cards[3 * s : 3 * s + 3] for s in range(players)],
        "stock": cards[3 * players :],
    }


def test_seeded_deals_are_reproducible_and_differ_by_seed() -> None:
    table = cardtable.game("punttu", players=4)
    assert table.deal(seed=5).debug_view() == table.deal(seed=5).debug_view()
    assert table.deal(seed=5).debug_view() != table.deal(seed=6).debug_view()
    assert table.deal(seed=5).seed == 5
    assert table.deal(seed=0).to_move == 1
    assert table.deal(seed=MAX_SEED).to_move == 1
    assert table.deal().to_move == 1  # a fresh random seed


def test_setup_deals_exactly_and_is_kept() -> None:
    table = cardtable.game("punttu", players=4)
    setup = setup_for(4)
    state = table.deal(setup=setup, dealer=2)
    assert state.to_move == 3
    assert state.debug_view()["hands"] == setup["hands"]
    assert state.debug_view()["stock"] == setup["stock"]
    assert state.to_record()["setup"] == setup


def test_seed_and_setup_both() -> None:
    with pytest.raises(cardtable.SetupError, match="either a seed or a setup, not both"):
        cardtable.game("punttu").deal(seed=1, setup=setup_for(4))


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, "42", 1.5, True])
def test_bad_seed(seed: object) -> None:
    with pytest.raises(cardtable.SetupError, match="a seed is a whole number from 0 to"):
        cardtable.game("punttu").deal(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("dealer", [-1, 4, "0", None, True])
def test_bad_dealer(dealer: object) -> None:
    with pytest.raises(cardtable.CardtableError, match="dealer must be a seat from 0 to 3"):
        cardtable.game("punttu").deal(seed=1, dealer=dealer)  # type: ignore[arg-type]


def _bad_setups() -> list[Any]:
    def wrong_hand_count() -> dict[str, Any]:
        setup = setup_for(4)
        setup["stock"] = setup["hands"].pop() + setup["stock"]
        return setup

    def long_hand() -> dict[str, Any]:
        setup = setup_for(4)
        setup["hands"][2].append(setup["stock"].pop(0))
        return setup

    def duplicate() -> dict[str, Any]:
        setup = setup_for(4)
        setup["stock"][-1] = "Ao"  # Kb replaced by a second Ao
        return setup

    def missing() -> dict[str, Any]:
        setup = setup_for(4)
        setup["stock"].remove("Kb")
        return setup

    def unknown_key() -> dict[str, Any]:
        return {**setup_for(4), "table": []}

    def not_a_card() -> dict[str, Any]:
        setup = setup_for(4)
        setup["stock"][0] = "8o"
        return setup

    def not_text() -> dict[str, Any]:
        setup = setup_for(4)
        setup["hands"][1] = [1, 2, 3]
        return setup

    def no_hands() -> dict[str, Any]:
        return {"stock": CARDS}

    return [
        pytest.param(wrong_hand_count, r"'hands' must be a list of 4 hands", id="hand-count"),
        pytest.param(long_hand, r"hand of seat 2 has 4 cards; each hand starts with 3", id="size"),
        pytest.param(duplicate, r"more than once: Ao.*missing: Kb", id="duplicate"),
        pytest.param(missing, r"not the 40-card deck.*missing: Kb", id="missing"),
        pytest.param(unknown_key, r"only 'hands' and 'stock', not 'table'", id="unknown-key"),
        pytest.param(not_a_card, r"setup stock: '8o' is not a card of the Latin", id="not-card"),
        pytest.param(not_text, r"hand of seat 1 must be a list of card texts", id="not-text"),
        pytest.param(no_hands, r"'hands' must be a list", id="no-hands"),
    ]


@pytest.mark.parametrize(("make", "message"), _bad_setups())
def test_bad_setup_names_the_problem(make: Any, message: str) -> None:
    with pytest.raises(cardtable.SetupError, match=message):
        cardtable.game("punttu", players=4).deal(setup=make())


def test_setup_with_a_removed_card() -> None:
    table = cardtable.game("punttu", players=3)
    setup = setup_for(3, removed=("Ao",))
    table.deal(setup=setup)
    setup["stock"][-1] = "Ao"  # instead of Kb
    with pytest.raises(
        cardtable.SetupError, match=r"removed from the deck with 3 players and trim=aces: Ao"
    ):
        table.deal(setup=setup)


def test_setup_must_be_an_object() -> None:
    with pytest.raises(cardtable.SetupError, match="a setup is an object"):
        cardtable.game("punttu").deal(setup=[["Ao"]])  # type: ignore[arg-type]


def test_view_of_a_bad_seat() -> None:
    state = cardtable.game("punttu", players=2).deal(seed=1)
    for seat in (-1, 2, "0"):
        with pytest.raises(cardtable.CardtableError, match="seat from 0 to 1"):
            state.view(seat)  # type: ignore[arg-type]


def test_apply_refuses_non_actions_and_changes_nothing() -> None:
    state = cardtable.game("punttu", players=2).deal(seed=1)
    before = state.debug_view()
    for bad in (None, 3, ["play Ko"], cardtable.Action("pass")):
        with pytest.raises(cardtable.IllegalAction):
            state.apply(bad)  # type: ignore[arg-type]
    assert state.debug_view() == before


def test_apply_refuses_actions_whose_text_is_not_an_action() -> None:
    """An Action built by hand with a plain number or a bool for a card would be recorded as
    ``play 5`` / ``play True``, which no record could replay: it is refused, state unchanged."""
    state = cardtable.game("punttu", players=2).deal(seed=1)
    card = state.legal_actions()[0].cards[0]
    before = state.debug_view()
    bogus = [cardtable.Action("play", (int(card),))]
    if int(card) in (0, 1):
        bogus.append(cardtable.Action("play", (bool(int(card)),)))
    for action in bogus:
        with pytest.raises(cardtable.IllegalAction):
            state.apply(action)
    assert state.debug_view() == before
    state.apply(cardtable.Action("play", (card,)))
    assert state.to_record()["actions"] == [f"play {card}"]


def test_bool_card_is_refused() -> None:
    """``True == 1`` must not let ``Action("play", (True,))`` stand for the 2 of oros."""
    setup = setup_for(2)
    state = cardtable.game("punttu", players=2).deal(setup=setup, dealer=1)
    assert "2o" in state.view(0)["hand"]
    with pytest.raises(cardtable.IllegalAction):
        state.apply(cardtable.Action("play", (True,)))
    assert state.history == []
