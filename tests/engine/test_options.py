"""Table options and ``cardtable.game``: validated, frozen, loud about bad input."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.engine.options import Option, parse_option_assignments


def test_defaults_and_describe() -> None:
    table = cardtable.game("punttu")
    assert table.players == 4
    assert dict(table.options) == {"trim": "aces", "deals": 1, "show_played": False}
    assert table.describe() == {"game": "punttu", "players": 4, "options": dict(table.options)}
    assert table == cardtable.game("punttu", players=4, trim="aces")
    assert hash(table) == hash(cardtable.game("punttu", players=4, trim="aces"))
    assert table != cardtable.game("punttu", players=4, trim="twos")
    assert "trim='aces'" in repr(table)


def test_unknown_option_names_it_and_the_known_ones() -> None:
    with pytest.raises(cardtable.OptionError, match=r"unknown option 'colour'.*trim, deals"):
        cardtable.game("punttu", colour="red")


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("trim", "threes", "trim must be one of aces, twos"),
        ("trim", 3, "trim must be one of"),
        ("deals", 0, "deals must be between 1 and 100"),
        ("deals", 101, "deals must be between 1 and 100"),
        ("deals", "-3", "deals must be between"),
        ("deals", "two", "deals must be a whole number"),
        ("deals", 2.0, "deals must be a whole number"),
        ("deals", True, "deals must be a whole number"),
        ("show_played", "maybe", "show_played must be true or false"),
        ("show_played", 1, "show_played must be true or false"),
        ("show_played", None, "show_played must be true or false"),
    ],
)
def test_bad_values_rejected_never_defaulted(option: str, value: object, message: str) -> None:
    with pytest.raises(cardtable.OptionError, match=message):
        cardtable.game("punttu", **{option: value})


@pytest.mark.parametrize(
    ("text", "expected"),
    [("true", True), ("Yes", True), (" on ", True), ("1", True)]
    + [("false", False), ("NO", False), ("off", False), ("0", False)],
)
def test_bool_from_text(text: str, expected: bool) -> None:
    assert cardtable.game("punttu", show_played=text).options.show_played is expected


def test_int_from_text() -> None:
    options = cardtable.game("punttu", deals=" 7 ").options
    assert options.deals == 7
    assert isinstance(options.deals, int)


def test_players_from_text_and_bad_counts() -> None:
    assert cardtable.game("punttu", players="3").players == 3  # type: ignore[arg-type]
    for bad in (True, 2.5, "three", "-2", 0, 1):
        with pytest.raises(cardtable.OptionError, match="players|played by"):
            cardtable.game("punttu", players=bad)  # type: ignore[arg-type]
    with pytest.raises(cardtable.OptionError, match="punttu is played by 2 to 8 players, not 9"):
        cardtable.game("punttu", players=9)


def test_options_and_tables_are_frozen() -> None:
    table = cardtable.game("punttu", players=3)
    with pytest.raises(AttributeError):
        table.options.trim = "twos"
    with pytest.raises(TypeError):
        table.options["trim"] = "twos"  # type: ignore[index]
    with pytest.raises(AttributeError):
        table.players = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        _ = table.options.colour
    assert table.options.trim == "aces" and table.players == 3


def test_unknown_game_suggests_a_name() -> None:
    hint = r"unknown game 'puntu' \(did you mean punttu\?\)"
    with pytest.raises(cardtable.UnknownGame, match=hint):
        cardtable.game("puntu")
    with pytest.raises(cardtable.UnknownGame, match="cardtable plays: .*punttu"):
        cardtable.game("chess")
    assert "punttu" in cardtable.available()
    assert cardtable.game(" Punttu ").name == "punttu"


def test_option_assignments_from_a_command_line() -> None:
    assert parse_option_assignments(["trim=twos", " deals = 3 "]) == {"trim": "twos", "deals": "3"}
    for bad in (["trim"], ["=twos"]):
        with pytest.raises(cardtable.OptionError, match="key=value"):
            parse_option_assignments(bad)


def test_option_validate_directly() -> None:
    option = Option(name="target", default=100, minimum=50, help="h")
    assert option.validate("60") == 60
    with pytest.raises(cardtable.OptionError, match="between 50 and ∞"):
        option.validate(10)
