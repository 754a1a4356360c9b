"""OpenSpiel's own conformance record: each checked-in playthrough (made by
``generate_playthrough``, ``examples/make_playthroughs.py``) replays to the same text, as
OpenSpiel's ``playthrough_test`` checks its games. The private observation the playthrough asks
for (``public_info=False``) shows a seat its own cards and nothing public."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from absl import flags
from open_spiel.python.algorithms import generate_playthrough
from open_spiel.python.observation import make_observation

import cardtable.research.mini  # noqa: F401  (registers the mini games)
import cardtable.research.openspiel  # noqa: F401  (registers the games)

FOLDER = Path(__file__).resolve().parent / "playthroughs"
PRIVATE = pyspiel.IIGObservationType(
    perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
)


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.txt")), ids=lambda p: p.stem)
def test_the_playthrough_replays_unchanged(path: Path) -> None:
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()  # the replay reads an absl flag, at its default
    original, regenerated = generate_playthrough.replay(str(path))
    assert regenerated == original


def test_every_game_has_a_playthrough() -> None:
    names = {path.stem for path in FOLDER.glob("*.txt")}
    games = {name for name in pyspiel.registered_names() if name.startswith("cardtable_")}
    assert games <= names


@pytest.mark.parametrize("name", ["cardtable_punttu", "cardtable_putto", "cardtable_pontinho"])
def test_the_private_observation_is_the_seats_cards_only(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 2})
    private = make_observation(game, PRIVATE)
    default = make_observation(game)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    for _ in range(3):
        state.apply_action(int(rng.choice(state.legal_actions())))
    view = state.episode.view(0)
    private.set_from(state, 0)
    default.set_from(state, 0)
    text = json.loads(private.string_from(state, 0))
    assert sorted(text["private"]["hand"]) == sorted(view["hand"])
    assert "log" not in text["private"] and "view" not in text
    # The private tensor is the observation with everything public left out: the hand block
    # only (at the start of every layout), and nothing of the public blocks.
    hand = game.spec.observer.layout.blocks[0][1]
    assert np.array_equal(private.tensor[:hand], default.tensor[:hand])
    assert private.tensor[:hand].any()
    assert not private.tensor[hand:].any() or name == "cardtable_pontinho"
    assert default.tensor[hand:].any()


def test_a_private_observation_with_perfect_recall_is_refused() -> None:
    game = pyspiel.load_game("cardtable_punttu", {"players": 2})
    with pytest.raises(ValueError, match="private observation"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=True,
                public_info=False,
                private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
            )
        )
