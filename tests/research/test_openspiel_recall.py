"""What the OpenSpiel games promise about information: public observations are public, and
information states have perfect recall (OpenSpiel's CFR family and ISMCTS key on them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import cardtable.research.openspiel  # noqa: F401  (registers the games)

#: (game, parameters): every game at 2 and 4 players; Pontinho's deals cut short by max_steps.
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("cardtable_punttu", {"players": 2}),
    ("cardtable_punttu", {"players": 4}),
    ("cardtable_putto", {"players": 2}),
    ("cardtable_putto", {"players": 4}),
    ("cardtable_pontinho", {"players": 2, "max_steps": 80}),
    ("cardtable_pontinho", {"players": 4, "max_steps": 80}),
]
IDS = [f"{name[10:]}-{params['players']}" for name, params in GAMES]
PUBLIC = pyspiel.IIGObservationType(
    perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
)


def dealt(game: pyspiel.Game, cards: list[int]) -> pyspiel.State:
    state = game.new_initial_state()
    for card in cards:
        state.apply_action(card)
    return state


def random_deal(game: pyspiel.Game, rng: np.random.Generator) -> list[int]:
    state = game.new_initial_state()
    cards = []
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        cards.append(int(rng.choice(outcomes, p=probs)))
        state.apply_action(cards[-1])
    return cards


def walk(game: pyspiel.Game, cards: list[int], steps: list[int]) -> Iterator[pyspiel.State]:
    """The states of the deal ``cards`` as the ``steps`` are taken (stops at an illegal one)."""
    state = dealt(game, cards)
    yield state
    for step in steps:
        if state.is_terminal() or step not in state.legal_actions():
            return
        state.apply_action(step)
        yield state


def random_steps(game: pyspiel.Game, cards: list[int], rng: np.random.Generator) -> list[int]:
    state = dealt(game, cards)
    steps = []
    while not state.is_terminal():
        steps.append(int(rng.choice(state.legal_actions())))
        state.apply_action(steps[-1])
    return steps


@pytest.mark.parametrize(("name", "params"), GAMES, ids=IDS)
def test_the_public_observation_is_the_same_for_every_seat(
    name: str, params: dict[str, Any]
) -> None:
    game = pyspiel.load_game(name, params)
    public = make_observation(game, PUBLIC)
    own = make_observation(game)
    rng = np.random.default_rng(1)
    cards = random_deal(game, rng)
    seats = range(game.num_players())
    for state in walk(game, cards, random_steps(game, cards, rng)):
        strings = {public.string_from(state, seat) for seat in seats}
        tensors = []
        for seat in seats:
            public.set_from(state, seat)
            tensors.append(public.tensor.copy())
        assert len(strings) == 1 and state.public_observation_string() in strings
        assert all(np.array_equal(tensors[0], t) for t in tensors[1:])
        assert np.array_equal(tensors[0], np.array(state.public_observation_tensor()))
        view = state.episode.state
        assert '"hand":' not in strings.pop()
        if view.to_move is not None:
            # The seat's own observation does show its hand: the two types differ.
            own.set_from(state, view.to_move)
            hand = np.asarray(own.tensor[:40] if name != "cardtable_pontinho" else own.tensor[:53])
            assert hand.any() or not view.view(view.to_move)["hand"]
            assert not tensors[0][: hand.size].any()


def test_observation_types_not_offered_are_refused() -> None:
    game = pyspiel.load_game("cardtable_putto", {"players": 2})
    everything = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        game.make_py_observer(everything)


def variants(
    game: pyspiel.Game, rng: np.random.Generator, deals: int, pairs: int
) -> Iterator[tuple[list[int], list[int]]]:
    """Random deals played at random, and the same deals with two of the first cards of the
    stock swapped, played with the same steps as far as they stay legal: deals in which a seat
    drew the same cards in another order, with the same public moves, that perfect recall must
    tell apart."""
    first_stock = [key for key, _seat in game.spec.slots].index("stock")
    for _ in range(deals):
        cards = random_deal(game, rng)
        steps = random_steps(game, cards, rng)
        yield cards, steps
        stock = range(first_stock, min(len(cards), first_stock + 12))
        for _ in range(pairs):
            i, j = (int(x) for x in rng.choice(stock, size=2, replace=False))
            swapped = list(cards)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            yield swapped, steps


KEYS: dict[str, Callable[[pyspiel.State, int], object]] = {
    "observation": lambda state, seat: state.observation_string(seat),
    "string": lambda state, seat: state.information_state_string(seat),
    "tensor": lambda state, seat: np.asarray(
        state.information_state_tensor(seat), dtype=np.float32
    ).tobytes(),
}


def collisions(game: pyspiel.Game, keys: list[str], seed: int) -> dict[str, int]:
    """Per key: how many times two different histories of a seat met in one value (0: perfect
    recall). A seat's history is everything it observed, in order: its observation at each
    state, repeats dropped (its own actions are in its view's public log)."""
    n = game.num_players()
    history_of: dict[tuple[str, int, object], tuple[str, ...]] = {}
    found = dict.fromkeys(keys, 0)
    rng = np.random.default_rng(seed)
    for cards, steps in variants(game, rng, deals=2, pairs=16):
        seen: list[list[str]] = [[] for _ in range(n)]
        for state in walk(game, cards, steps):
            for seat in range(n):
                observation = state.observation_string(seat)
                if not seen[seat] or seen[seat][-1] != observation:
                    seen[seat].append(observation)
                history = tuple(seen[seat])
                for name in keys:
                    value = KEYS[name](state, seat)
                    found[name] += history_of.setdefault((name, seat, value), history) != history
    return found


@pytest.mark.parametrize(("name", "params"), GAMES[::2] + GAMES[1:2], ids=IDS[::2] + IDS[1:2])
def test_information_states_have_perfect_recall(name: str, params: dict[str, Any]) -> None:
    """The probe has teeth: the seat's view with memory (the observation, which was the
    information state before) merges different histories; the information state never does."""
    game = pyspiel.load_game(name, params)
    keys = ["observation", "string"]
    if game.get_type().provides_information_state_tensor:
        keys.append("tensor")
    found = collisions(game, keys, seed=3)
    assert found["observation"] > 0
    assert {name: found[name] for name in keys[1:]} == dict.fromkeys(keys[1:], 0)


def test_pontinho_offers_no_information_state_tensor() -> None:
    """Its deals have no length bound (PO-8): no fixed-size tensor can recall them."""
    game = pyspiel.load_game("cardtable_pontinho", {"players": 2})
    assert not game.get_type().provides_information_state_tensor
    assert game.get_type().provides_information_state_string
