"""Step encodings: the legal step sequences are exactly the engine's legal actions, both ways."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.helpers.research import TABLES, make, played_positions, table_id

from cardtable.engine.game import State
from cardtable.errors import IllegalAction
from cardtable.research.encodings import Decision, encoding_for
from cardtable.research.encodings import pontinho as po


def complete_sequences(decision: Decision) -> dict[tuple[int, ...], int]:
    """Every whole step sequence the masks allow from ``decision``, with its action id."""
    found: dict[tuple[int, ...], int] = {}
    mask = decision.mask()
    legal = decision.legal_steps()
    assert legal, "a decision with no legal step"
    assert sorted(int(i) for i in mask.nonzero()[0]) == legal
    for step in legal:
        branch = copy.copy(decision)
        action_id = branch.choose(step)
        if action_id is not None:
            found[branch.prefix] = action_id
        else:
            found.update(complete_sequences(branch))
    return found


def check_position(state: State) -> None:
    encoding = encoding_for(state.game)
    sequences = complete_sequences(encoding.decision(state))
    decoded = sorted(str(state.action_from_id(i)) for i in sequences.values())
    assert decoded == sorted(str(a) for a in state.legal_actions())
    for steps, action_id in sequences.items():
        assert encoding.steps_of_id(action_id) == steps
        assert encoding.id_of_steps(steps) == action_id
        action = encoding.action_of(state, steps)
        assert encoding.steps_of(state, str(action)) == steps
        assert all(0 <= s < encoding.num_steps for s in steps)


@pytest.mark.parametrize("table", TABLES, ids=table_id)
@given(seed=st.integers(0, 2**32))
def test_legal_steps_round_trip_to_the_legal_actions(
    table: tuple[str, int, dict[str, object]], seed: int
) -> None:
    game = make(table)
    for state in played_positions(game, seed, count=25 if game.name == "pontinho" else 60):
        check_position(state)


def test_pontinho_positions_with_melds_lay_offs_and_claims_round_trip() -> None:
    """Long random deals reach every kind of action; the check runs at each decision."""
    game = make(("pontinho", 3, {}))
    kinds: set[str] = set()
    for seed in range(3):
        for state in played_positions(game, seed, count=400):
            kinds.update(a.kind for a in state.legal_actions())
            check_position(state)
    assert kinds >= {"draw", "meld", "layoff", "discard", "advance", "pass", "take", "burn"}


def test_an_illegal_step_is_refused_and_changes_nothing() -> None:
    game = make(("pontinho", 2, {}))
    state = game.deal(seed=4)
    decision = encoding_for(game).decision(state)
    mask = decision.mask().copy()
    illegal = next(s for s in range(po.NUM_STEPS) if not mask[s])
    with pytest.raises(IllegalAction, match="not legal now"):
        decision.choose(illegal)
    assert decision.prefix == ()
    assert (decision.mask() == mask).all()


def test_pontinho_steps_spell_melds_card_by_card() -> None:
    game = make(("pontinho", 2, {}))
    encoding = encoding_for(game)
    state = game.deal(seed=1)
    steps = encoding.steps_of(state, "meld 4c 5c *=6c 7c")
    assert [encoding.step_text(s) for s in steps] == [
        "meld",
        "card 4c",
        "card 5c",
        "card 7c",
        "card *=6c",
        "commit",
    ]
    assert str(encoding.action_of(state, steps)) == "meld 4c 5c *=6c 7c"
    layoff = encoding.steps_of(state, "layoff 2 8c")
    assert [encoding.step_text(s) for s in layoff] == [
        "layoff",
        "meld number 2",
        "card 8c",
        "commit",
    ]
    assert encoding.steps_of(state, "discard Qd") == (po.DISCARD + 2 * 13 + 11,)


@pytest.mark.parametrize(
    "steps",
    [
        (),
        (po.MELD, po.COMMIT),
        (po.COMMIT,),
        (po.MELD, po.ITEM + 3, po.ITEM + 2, po.ITEM + 4, po.COMMIT),
        (po.LAYOFF, po.ITEM, po.NUMBER, po.COMMIT),
        (po.DRAW, po.COMMIT),
        (999,),
    ],
)
def test_steps_that_spell_no_action_are_rejected(steps: tuple[int, ...]) -> None:
    with pytest.raises(IllegalAction, match="encode no pontinho action"):
        po.id_of_steps(steps)


def test_latin_steps_are_the_engine_ids() -> None:
    punttu, putto = make(("punttu", 2, {})), make(("putto", 2, {}))
    assert encoding_for(punttu).num_steps == 40 and encoding_for(putto).num_steps == 80
    state = putto.deal(seed=2)
    assert encoding_for(putto).steps_of(state, "capture 7c") == (40 + 16,)
    assert encoding_for(putto).step_text(40 + 16) == "capture 7c"
    with pytest.raises(IllegalAction):
        encoding_for(punttu).id_of_steps((40,))
