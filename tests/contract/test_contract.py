"""Generic contract tests, run over every registered game, player count and listed option set.

Only the public API is used (see DESIGN.md), plus the few hooks of ``conftest.py``. Seeds are
hypothesis strategies; each example deals a table from a seed and plays it out with seeded random
choices, checking the contract at every step (OpenSpiel-style random-playout tests).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.bots.base import available_bots, make_bot
from cardtable.bots.driver import checked
from cardtable.engine.action import Action
from cardtable.engine.bot import Bot
from cardtable.engine.events import Event
from cardtable.engine.game import MAX_SEED, Game, State
from cardtable.engine.record import replay

seeds = st.integers(min_value=0, max_value=MAX_SEED)
play_seeds = st.integers(min_value=0, max_value=2**32)

def spread(states: list[Any], count: int | None) -> list[Any]:
    """``count`` states evenly spread over ``states``, the first and the last always among them
    (all of them when ``count`` is None or not smaller)."""
    if count is None or len(states) <= count:
        return list(states)
    last = len(states) - 1
    return [states[round(i * last / (count - 1))] for i in range(count)]



@dataclass
class Trace:
    """A seeded random playout: a copy of the state before each action, the actions, the events
    each returned, and the final state."""

    states: list[State]
    actions: list[Action]
    events: list[tuple[Event, ...]]
    final: State

    @property
    def all_states(self) -> list[State]:
        return [*self.states, self.final]


def play(
    case: Any,
    seed: int,
    play_seed: int,
    limit: int | None = None,
    bots: Sequence[Bot] | None = None,
) -> Trace:
    """Deal from ``seed`` (the dealer drawn from ``play_seed``) and play at random, or by
    ``bots`` (one per seat, from the seat's view with memory), at most ``limit`` actions
    (default: to the end, failing if the deal outlasts its bound)."""
    game = case.game
    rng = random.Random(play_seed)
    state = game.deal(seed=seed, dealer=rng.randrange(game.players))
    bound = _bound(game)
    trace = Trace([], [], [], state)
    while not state.is_over and (limit is None or len(trace.actions) < limit):
        assert len(trace.actions) < bound, f"{game!r}: deal not over after {bound} actions"
        legal = state.legal_actions()
        if bots is None:
            action = rng.choice(legal)
        else:
            seat = state.to_move
            assert seat is not None
            action = checked(bots[seat], bots[seat].choose(state.view(seat, memory=True), legal),
                             legal)
        trace.states.append(state.clone())
        trace.actions.append(action)
        trace.events.append(state.apply(action))
    return trace


_WORD = re.compile(r'[^\s"\[\]{},:]+')


def words(data: object) -> set[str]:
    """Every whitespace-separated word of every string (keys included) of a JSON-safe value."""
    return set(_WORD.findall(json.dumps(data, ensure_ascii=False)))


class Secrets:
    """What each seat may not see in one state, computed once."""

    def __init__(self, state: State, hooks: Any) -> None:
        everything = Counter(hooks.cards(state.debug_view()))
        self.hidden: list[set[str]] = []
        for seat in range(state.game.players):
            secret = Counter(state.secret_cards(seat))
            assert not secret - everything, "secret_cards lists cards not in the deal"
            visible = everything - secret
            # A card counts only if no copy of it is visible to the seat (in games with two
            # copies of a card, a seat's own 7h says nothing about an opponent's 7h).
            self.hidden.append({card for card in secret if visible[card] == 0})

    def leaks(self, shown: Iterable[str], seat: int) -> list[str]:
        """Cards secret from ``seat`` that appear in ``shown``."""
        return sorted(set(shown) & self.hidden[seat])


def without_history(debug: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in debug.items() if key != "history"}


# -- termination and legal actions ---------------------------------------------------------------


@given(seed=seeds, play_seed=play_seeds)
def test_playout_ends_within_bound(case: Any, seed: int, play_seed: int) -> None:
    """A random playout ends within the game's bound; while it lasts someone is to move and has
    legal actions; once over, nobody moves, nothing is legal and there is an outcome."""
    trace = play(case, seed, play_seed)
    game = case.game
    assert len(trace.actions) <= _bound(game)
    for state in trace.states:
        assert not state.is_over
        assert state.to_move in range(game.players)
        assert state.legal_actions()
        assert state.outcome is None
    final = trace.final
    assert final.is_over and final.to_move is None
    assert final.legal_actions() == []
    assert final.legal_action_ids() == []
    outcome = final.outcome
    assert outcome is not None
    assert outcome.sides == game.sides
    assert len(outcome.points) == len(game.sides)
    assert outcome.winners and set(outcome.winners) <= set(range(game.players))
    with pytest.raises(cardtable.IllegalAction):
        final.apply(trace.actions[-1])


@given(seed=seeds, play_seed=play_seeds)
def test_apply_accepts_exactly_the_legal_actions(case: Any, seed: int, play_seed: int) -> None:
    """Every legal action is accepted (on a clone); every other action text seen in this deal
    or listed by the game is rejected with IllegalAction and leaves the state unchanged."""
    trace = play(case, seed, play_seed)
    game = case.game
    texts = {str(a) for state in trace.states for a in state.legal_actions()}
    texts |= set(case.hooks.extra_action_texts(game))
    for state in spread(trace.states, case.hooks.states_checked):
        legal = {str(a) for a in state.legal_actions()}
        for action in state.legal_actions():
            state.clone().apply(action)
        before = state.debug_view()
        for text in sorted(texts - legal):
            try:
                action = game.parse_action(text)
            except cardtable.IllegalAction:
                continue
            for attempt in (action, text):
                try:
                    state.apply(attempt)
                except cardtable.IllegalAction:
                    continue
                pytest.fail(f"{text!r} accepted, but legal actions are {sorted(legal)}")
        assert state.debug_view() == before


def _check_every_action_id(case: Any, seed: int, play_seed: int, states: int) -> None:
    """Every action id of the game, on ``states`` states of a random deal: ``apply`` (checked)
    accepts it exactly when ``legal_action_ids()`` holds it, and a refusal changes nothing. No
    sample of texts can miss a rarer shape (a Pontinho meld, a lay-off on meld 9) that a
    verifier wrongly accepts."""
    trace = play(case, seed, play_seed)
    game = case.game
    chosen = [trace.states[len(trace.states) // 2]] if states == 1 else spread(trace.states, states)
    for state in chosen:
        legal = set(state.legal_action_ids())
        before = state.debug_view()
        for action_id in range(game.num_action_ids):
            action = state.action_from_id(action_id)
            if action_id in legal:
                state.clone().apply(action)
                continue
            try:
                state.apply(action)
            except cardtable.IllegalAction:
                continue
            pytest.fail(f"{action} (id {action_id}) accepted; legal: {sorted(legal)}")
        assert state.debug_view() == before


@settings(max_examples=2)
@given(seed=seeds, play_seed=play_seeds)
def test_apply_accepts_exactly_the_legal_action_ids(
    case: Any, seed: int, play_seed: int
) -> None:
    """Every action id, on eight states of each deal, for a game with at most 1,000 ids.
    Pontinho's 165,359 ids take seconds a state: the slow run below checks them."""
    if case.game.num_action_ids > 1000:
        pytest.skip("every id of this game is checked in the slow run")
    _check_every_action_id(case, seed, play_seed, 8)


@pytest.mark.slow
@settings(max_examples=3)
@given(seed=seeds, play_seed=play_seeds)
def test_apply_accepts_exactly_the_legal_action_ids_of_many_states(
    case: Any, seed: int, play_seed: int
) -> None:
    """Every id of a game with many (Pontinho's 165,359) on four states of each deal, at the
    smallest and the largest tables: an id's meaning does not change with the number of seats,
    and these two hold every shape the others do (the fewest and the most hands and melds)."""
    if case.game.num_action_ids <= 1000:
        pytest.skip("every id is checked on eight states in the quick run")
    cls = type(case.game)
    if case.game.players not in (cls.min_players, cls.max_players):
        pytest.skip("checked at the smallest and the largest tables")
    _check_every_action_id(case, seed, play_seed, 4)


@given(seed=seeds, play_seed=play_seeds)
def test_action_text_and_ids_round_trip(case: Any, seed: int, play_seed: int) -> None:
    """``str(action)`` parses back to the action; action ids round-trip, lie in the id space,
    and ``legal_action_ids()`` are exactly the ids of ``legal_actions()``, without repeats."""
    trace = play(case, seed, play_seed)
    game = case.game
    for state in trace.states:
        actions = state.legal_actions()
        assert len({str(a) for a in actions}) == len(actions)
        for action in actions:
            assert game.parse_action(str(action)) == action
            assert str(game.parse_action(str(action))) == str(action)
            action_id = state.action_id(action)
            assert 0 <= action_id < game.num_action_ids
            assert state.action_from_id(action_id) == action
        ids = state.legal_action_ids()
        assert len(set(ids)) == len(ids)
        assert set(ids) == {state.action_id(a) for a in actions}


@given(seed=seeds, play_seed=play_seeds)
def test_apply_unchecked_agrees_with_apply(case: Any, seed: int, play_seed: int) -> None:
    """The bots' fast path gives the same state as ``apply`` at every step (history aside)."""
    trace = play(case, seed, play_seed)
    fast = trace.states[0].clone()
    for slow, action in zip([*trace.states[1:], trace.final], trace.actions, strict=True):
        fast.apply_unchecked(fast.action_id(action))
        assert without_history(fast.debug_view()) == without_history(slow.debug_view())
        assert fast.to_move == slow.to_move
    assert fast.outcome == trace.final.outcome


@given(seed=seeds, play_seed=play_seeds)
def test_clones_are_independent(case: Any, seed: int, play_seed: int) -> None:
    """Changing a clone never changes the original, nor the other way round."""
    trace = play(case, seed, play_seed)
    for state, action in zip(trace.states, trace.actions, strict=True):
        before = state.debug_view()
        copy = state.clone()
        assert copy.debug_view() == before
        copy.apply(action)
        assert state.debug_view() == before
        other = state.clone()
        state.apply(action)
        assert other.debug_view() == before


# -- records and seeds ---------------------------------------------------------------------------


@given(seed=seeds, play_seed=play_seeds, cut=st.floats(min_value=0, max_value=1))
def test_records_round_trip(case: Any, seed: int, play_seed: int, cut: float) -> None:
    """A deal's record, through JSON, replays to the same state and outcome, whether the deal
    is over or stopped part-way."""
    trace = play(case, seed, play_seed)
    states = trace.all_states
    state = states[round(cut * (len(states) - 1))]
    record = json.loads(json.dumps(state.to_record()))
    replayed = replay(record)
    assert replayed.state.debug_view() == state.debug_view()
    assert replayed.state.outcome == state.outcome
    result = replayed.result()
    assert result["game"] == case.game.name
    assert result["over"] == state.is_over
    assert result["to_move"] == state.to_move
    assert json.loads(json.dumps(result)) == result


@given(seed=seeds, play_seed=play_seeds)
def test_seeds_are_reproducible(case: Any, seed: int, play_seed: int) -> None:
    """The same seed deals the same cards; a record with that seed replays the same deal."""
    first = play(case, seed, play_seed)
    second = play(case, seed, play_seed)
    assert [s.debug_view() for s in first.all_states] == [s.debug_view() for s in second.all_states]
    record = {
        **case.game.describe(),
        "dealer": first.states[0].dealer,
        "seed": seed,
        "actions": [str(a) for a in first.actions],
    }
    assert replay(json.loads(json.dumps(record))).state.debug_view() == first.final.debug_view()


# -- invariants ------------------------------------------------------------------------------------


@given(seed=seeds, play_seed=play_seeds)
def test_cards_are_conserved(case: Any, seed: int, play_seed: int) -> None:
    """At every step the deal holds exactly the table's deck: nothing lost, nothing doubled."""
    trace = play(case, seed, play_seed)
    deck = sorted(case.hooks.deck(case.game))
    for state in trace.all_states:
        assert sorted(case.hooks.cards(state.debug_view())) == deck


@given(seed=seeds, play_seed=play_seeds)
def test_points_add_up(case: Any, seed: int, play_seed: int) -> None:
    """At the end the outcome is what each game's own scoring rule gives for the cards and the
    play (the hooks' ``check_points``, an oracle restated from shared/rules: Punttu's tricks,
    Putto's captures, sweeps and primiera, Pontinho's penalties of the hands left). Random play
    seldom scores the rarer parts (in Pontinho it mostly ends void, nobody out, at the larger
    tables), so the same deal is also played by the game's ``medium`` bot at every seat, which
    goes out, sweeps and wins primiera as players do."""
    trace = play(case, seed, play_seed)
    case.hooks.check_points(trace.states, trace.actions, trace.final)
    if "medium" in available_bots(case.game.name):
        game = case.game
        bots = [make_bot("medium", game, s, seed=play_seed + s) for s in range(game.players)]
        played = play(case, seed, play_seed, bots=bots)
        case.hooks.check_points(played.states, played.actions, played.final)


# -- hidden information ----------------------------------------------------------------------------


@given(seed=seeds, play_seed=play_seeds, rng_seed=play_seeds)
def test_views_hide_secret_cards(case: Any, seed: int, play_seed: int, rng_seed: int) -> None:
    """For every seat at every step: the views are JSON-safe, show no card secret from that seat,
    and do not depend on the hidden cards (a determinized copy looks the same to the seat, and
    to a spectator, whose view ``view(None)`` shows no card hidden from any seat)."""
    trace = play(case, seed, play_seed)
    rng = random.Random(rng_seed)
    hooks = case.hooks
    deck = sorted(hooks.deck(case.game))
    for state in spread(trace.all_states, hooks.states_checked):
        before = state.debug_view()
        secrets = Secrets(state, hooks)
        for seat in range(case.game.players):
            view = state.view(seat)
            memory = state.view(seat, memory=True)
            for data in (view, memory):
                assert json.loads(json.dumps(data)) == data
                assert secrets.leaks(words(data), seat) == []
            assert view["seat"] == seat
            other = state.determinize(seat, rng)
            assert other.view(seat) == view
            assert other.view(seat, memory=True) == memory
            assert sorted(hooks.cards(other.debug_view())) == deck
            assert other.to_move == state.to_move
            if state.to_move == seat:
                assert other.legal_actions() == state.legal_actions()
            assert other.view(None) == state.view(None)
        # A spectator sees only what is public: no card hidden from any seat.
        for data in (state.view(None), state.view(None, memory=True)):
            assert json.loads(json.dumps(data)) == data
            assert data["seat"] is None
            for seat in range(case.game.players):
                assert secrets.leaks(words(data), seat) == []
        assert state.debug_view() == before


@given(seed=seeds, play_seed=play_seeds)
def test_event_views_hide_secret_cards(case: Any, seed: int, play_seed: int) -> None:
    """The events ``apply`` returns show each viewer (and spectators) no card secret from them:
    what a seat draws is in the event's private part, seen by that seat only."""
    trace = play(case, seed, play_seed)
    hooks = case.hooks
    players = range(case.game.players)
    for after, events in zip(trace.all_states[1:], trace.events, strict=True):
        secrets = Secrets(after, hooks)
        for event in events:
            assert event.seat is None or event.seat in players
            for viewer in players:
                data = event.view(viewer)
                assert json.loads(json.dumps(data)) == data
                assert secrets.leaks(words(data), viewer) == []
            # A spectator sees only the public part, which every seat may see.
            public = words(event.view(None))
            for viewer in players:
                assert secrets.leaks(public, viewer) == []


# -- matches -------------------------------------------------------------------------------------


@given(seed=seeds, play_seed=play_seeds)
def test_match_deals_pass_on_and_end(case: Any, seed: int, play_seed: int) -> None:
    """A match: each deal is dealt by the next dealer (the next seat dealt in, for games whose
    players can be out), decisions between deals (Pontinho's buy-backs) are made through the
    match, totals are the sums of the deals (unless a buy-back reset one), the match ends, and
    its record replays to the same totals."""
    game = case.game
    n = game.players
    rng = random.Random(play_seed)
    match = game.match(seed=seed, dealer=rng.randrange(game.players))
    adjusted = False
    for _deal in range(200):
        state = match.current
        for _step in range(_bound(game)):
            if state.is_over:
                break
            assert not match.is_over and match.outcome is None
            state.apply(rng.choice(state.legal_actions()))
        assert state.is_over
        if match.is_over:
            break
        while match.to_move is not None:
            decision = rng.choice(match.legal_actions())
            adjusted = adjusted or decision.kind == "buyback"
            match.apply(decision)
        with pytest.raises(cardtable.CardtableError):
            match.current.apply(rng.choice(case.hooks.extra_action_texts(game) or ["x"]))
        previous = match.seats_of_deal(len(match.deals) - 1)[match.current.dealer]
        match.next_deal()
        seats = match.seats_of_deal(len(match.deals) - 1)
        following = [(previous + step) % n for step in range(1, n + 1)]
        assert seats[match.current.dealer] == next(s for s in following if s in seats)
        if len(seats) == n:
            assert match.current.dealer == game.next_dealer(previous)
    assert match.is_over
    outcome = match.outcome
    assert outcome is not None
    totals = [0] * len(game.sides)
    for index, deal in enumerate(match.deals):
        assert deal.outcome is not None
        seats = match.seats_of_deal(index)
        for side, points in enumerate(deal.outcome.points):
            where = side if len(seats) == n else game.side_of(seats[side])
            totals[where] += points
    if not adjusted:
        assert list(outcome.points) == totals
    totals = list(match.totals)
    assert list(outcome.points) == totals
    replayed = replay(json.loads(json.dumps(match.to_record())))
    assert replayed.match is not None
    assert replayed.result()["points"] == totals
    assert replayed.result()["over"] is True
    assert replayed.result()["winners"] == list(outcome.winners)


def _bound(game: Game) -> int:
    """The table's own bound on a deal's length (``Game.deal_length_bound``): every game's
    contract tables have one (Pontinho's with ``rebuild_limit=0``)."""
    bound = game.deal_length_bound()
    assert bound is not None, f"{game!r} has no bound on a deal's length"
    return bound
