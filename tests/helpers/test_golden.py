"""The golden-file helper itself: a difference fails naming where, a missing file fails, and
only ``CARDTABLE_REGOLD`` writes (a helper that passed everything would make every golden test
one that cannot fail)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.helpers import golden


@pytest.fixture
def where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(golden, "GOLDEN", tmp_path)
    monkeypatch.delenv(golden.REGOLD_VARIABLE, raising=False)
    return tmp_path


DATA = {"steps": [{"seat": 0, "hand": ["Ko", "7c"]}, {"seat": 1, "hand": []}], "over": True}


def test_equal_data_passes_whatever_the_order_of_keys(where: Path) -> None:
    (where / "a.json").write_text(json.dumps({"over": True, "steps": DATA["steps"]}))
    golden.check_golden("a.json", DATA)


def test_a_difference_fails_naming_where(where: Path) -> None:
    (where / "a.json").write_text(json.dumps(DATA))
    changed = {**DATA, "steps": [{"seat": 0, "hand": ["Ko", "7e"]}, {"seat": 1}]}
    with pytest.raises(pytest.fail.Exception) as failed:
        golden.check_golden("a.json", changed)
    message = str(failed.value)
    assert 'steps[0].hand[1]: "7c" -> "7e"' in message
    assert "steps[1].hand: gone (was [])" in message
    assert golden.REGOLD_VARIABLE in message


def test_a_missing_file_fails(where: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match="no golden file"):
        golden.check_golden("none.json", DATA)
    assert not (where / "none.json").exists()


def test_regold_writes_what_is_then_read_back(where: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(golden.REGOLD_VARIABLE, "1")
    with pytest.raises(pytest.skip.Exception, match="rewrote"):
        golden.check_golden("sub/a.json", DATA, depth=2)
    golden.check_golden("sub/a.json", DATA)  # unchanged now: nothing to rewrite, no skip
    monkeypatch.delenv(golden.REGOLD_VARIABLE)
    golden.check_golden("sub/a.json", DATA)
    lines = (where / "sub" / "a.json").read_text().splitlines()
    assert '  {"seat": 0, "hand": ["Ko", "7c"]},' in lines  # below the depth: one line each


def test_the_regold_switch_reads_empty_and_zero_as_off(monkeypatch: pytest.MonkeyPatch) -> None:
    for value, on in (("", False), ("0", False), ("1", True)):
        monkeypatch.setenv(golden.REGOLD_VARIABLE, value)
        assert golden.regold() is on
