"""Views built together equal views built one by one, and equal the views as they were before
the games split them into a public and a private part (the server builds every seat's view of
a step with ``Match.deal_views``; a difference would show a seat something else, or leak).

The reference functions below are the games' ``_view`` as they were before the split, kept
verbatim (``self`` → ``state``); every step of random deals, every seat and the spectator,
must give equal output."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import cardtable
from cardtable.cards.french import card_text as french_text
from cardtable.cards.latin import card_text as latin_text
from cardtable.games import match_class
from cardtable.games.pontinho.memo import meld_text
from cardtable.games.pontinho.phase import Phase
from cardtable.games.pontinho.state import _sorted
from cardtable.games.punttu.deck import removed_cards
from cardtable.games.punttu.state import _winning_index
from cardtable.games.putto.deck import SORT_KEY


def punttu_view(self: Any, seat: int | None) -> dict[str, Any]:
    card_text = latin_text
    n = self.n
    trick = self.trick
    data: dict[str, Any] = {
        "phase": "over" if self._to_move is None else "play",
        "hand_sizes": [len(hand) for hand in self.hands],  # PU-22
        "stock": len(self.stock),  # PU-22
        "leader": self.leader,
        # PU-20: the current trick is face up, with who played each card.
        "trick": [[(self.leader + i) % n, card_text(c)] for i, c in enumerate(trick)],
        # PU-12: who would take the trick as it lies (public: everyone sees the cards).
        "winning": (
            [(self.leader + _winning_index(trick)) % n, card_text(trick[_winning_index(trick)])]
            if trick
            else None
        ),
        "points": list(self.points),  # PU-22
        "tricks_played": self.tricks_played,
        "tricks_total": (40 - len(removed_cards(n, self.game.options.trim))) // n,
        "removed": [card_text(c) for c in removed_cards(n, self.game.options.trim)],
    }
    if seat is not None:
        data["hand"] = [card_text(c) for c in sorted(self.hands[seat])]
    if self.game.options.show_played:  # PU-21
        data["played"] = [card_text(c) for c in sorted(c for p in self.won for c in p)]
    return data


def putto_view(self: Any, seat: int | None) -> dict[str, Any]:
    card_text = latin_text
    data: dict[str, Any] = {
        "phase": "over" if self._to_move is None else "play",
        "hand_sizes": [len(hand) for hand in self.hands],  # PT-22
        "stock": len(self.stock),
        "table": [card_text(c) for c in self.table],
        # PT-5/PT-22: the card turned up at the deal was seen by all, even once captured.
        "turned_up": [card_text(c) for c in self._dealt[2]],
        "sweeps": list(self.sweeps),
        "captured": [len(pile) for pile in self.piles],  # pile sizes are plain to see
        "plays": self.plays,
    }
    if seat is not None:
        data["hand"] = [
            card_text(c) for c in sorted(self.hands[seat], key=SORT_KEY.__getitem__)
        ]
    return data


def pontinho_view(self: Any, seat: int | None) -> dict[str, Any]:
    card_text = french_text
    data: dict[str, Any] = {
        "phase": str(self.phase),
        "turn": self.turn if self.phase is not Phase.OVER else None,
        "first_player": self.first,
        "hand_sizes": [len(hand) for hand in self.hands],
        "stock": len(self.stock),
        "discard": [card_text(c) for c in self.discard],
        "advanceable": self.advanceable and bool(self.discard),
        "discarded_by": self.discarder if self.discard else None,
        "melds": [
            {"number": i + 1, "owner": owner, "kind": str(meld.kind), "cards": meld_text(meld)}
            for i, (meld, owner) in enumerate(zip(self.melds, self.owners, strict=True))
        ],
        "melded": list(self.melded),
        "burned": card_text(self.burned) if self.burned is not None else None,
        "burn_open": self.burn_open,
        "held_apart": self.pending is not None,
        "claim": (
            {
                "card": card_text(self.discard[-1]),
                "turn": self.turn,
                "asked": self.claimants[0],
                "still_to_ask": self.claimants[1:],
            }
            if self.phase is Phase.CLAIM
            else None
        ),
        "stock_rebuilds": self.rebuilds,
    }
    if seat is not None:
        data["hand"] = [card_text(c) for c in _sorted(self.hands[seat])]
        if seat == self.turn and self.pending is not None:
            data["drawn"] = card_text(self.pending)  # PO-9: seen by its owner only
    return data


OLD: dict[str, Callable[[Any, int | None], dict[str, Any]]] = {
    "punttu": punttu_view, "putto": putto_view, "pontinho": pontinho_view,
}

TABLES = [
    ("punttu", 4, {"deals": 2}), ("punttu", 3, {"trim": "twos", "show_played": True}),
    ("punttu", 2, {"show_played": True}),
    ("putto", 4, {"deals": 2}), ("putto", 3, {}), ("putto", 2, {"must_capture": True}),
    ("pontinho", 4, {}), ("pontinho", 3, {"deals": 2}), ("pontinho", 2, {}),
]


@pytest.mark.parametrize(("name", "players", "options"), TABLES)
@pytest.mark.parametrize("seed", range(4))
def test_views_equal_the_old_views_seat_by_seat(
    name: str, players: int, options: dict[str, Any], seed: int
) -> None:
    game = cardtable.game(name, players, **options)
    match = match_class(game)(game, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    old = OLD[name]
    steps = 0
    while not match.is_over and steps < 400:
        state = match.current
        seats: list[int | None] = [None, *range(state.n)]
        together = state.views(seats)
        match_views = match.deal_views(seats)
        assert list(together) == seats
        for seat in seats:
            assert state._view(seat) == old(state, seat), (name, seed, steps, seat)
            alone = state.view(seat)
            assert together[seat] == alone
            assert match_views[seat] == match.deal_view(seat)
        if not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        elif match.to_move is not None:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        else:
            match.next_deal()
        steps += 1
    assert steps > 10


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
