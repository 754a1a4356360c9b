"""``cardtable arena --bots medium,package.module:policy`` seats a Python policy beside the
built-in bots, on the same duplicate deals, with the same statistics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import cardtable
from cardtable.bots.base import make_bot
from cardtable.cli.main import main
from cardtable.errors import IllegalAction, OptionError

POLICIES = '''
def FirstLegal(view, legal):
    """The first legal action, seen from the seat's own view."""
    assert "hand" in view and "log" in view
    return legal[0]


def as_text(view, legal):
    return str(legal[-1])


def cheat(view, legal):
    return "play Ao" if "play Ao" not in [str(a) for a in legal] else "play 2o"
'''


@pytest.fixture
def policies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "my_policies.py").write_text(POLICIES)
    monkeypatch.syspath_prepend(str(tmp_path))
    return "my_policies"


def test_the_arena_seats_a_python_policy(policies: str) -> None:
    name = f"{policies}:FirstLegal"
    result = CliRunner().invoke(
        main,
        [
            "arena",
            "punttu",
            "--players",
            "2",
            "--bots",
            f"medium,{name}",
            "--deals",
            "3",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seats"] == ["medium", name]  # the policy's name keeps its case
    assert data["bots"][name]["deals"] == 3


def test_a_policy_bot_plays_legal_actions_given_as_actions_or_text(policies: str) -> None:
    table = cardtable.game("punttu", 2)
    state = table.deal(seed=2)
    bot = make_bot(f"{policies}:as_text", table, state.to_move or 0)
    seat = state.to_move
    assert seat is not None
    assert bot.choose(state.view(seat, memory=True), state.legal_actions()) in (
        state.legal_actions()
    )
    cheat = make_bot(f"{policies}:cheat", table, seat)
    with pytest.raises(IllegalAction, match="not legal"):
        cheat.choose(state.view(seat, memory=True), state.legal_actions())
    with pytest.raises(OptionError, match="cannot load"):
        make_bot(f"{policies}:missing", table, 0)


def test_arena_records_save_every_game_as_a_replayable_record(tmp_path: Path) -> None:
    """``--records DIR``: one record per deal and rotation, each replaying to its outcome."""
    out = tmp_path / "records"
    result = CliRunner().invoke(
        main,
        [
            "arena",
            "putto",
            "--players",
            "2",
            "--bots",
            "medium,random",
            "--deals",
            "2",
            "--seed",
            "4",
            "--jobs",
            "2",
            "--json",
            "--records",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in out.iterdir())
    assert files == [f"deal-{n:06d}-r{r}.json" for n in range(2) for r in range(2)]
    for path in out.iterdir():
        record = json.loads(path.read_text())
        meta = record["meta"]
        assert sorted(meta["bots"]) == ["medium", "random"] and meta["seed"] == 4
        replayed = CliRunner().invoke(main, ["replay", str(path), "--json"])
        assert replayed.exit_code == 0, replayed.output
        assert json.loads(replayed.stdout)["points"] == meta["outcome"]["points"]
