"""Named house-rule presets (``engine/presets.py``): each game's, declared on its descriptor,
fit its options; a table's preset follows from its options, and one option changed makes it
custom; a preset that does not fit is refused when the game is registered."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.art.deck import deck_cards
from cardtable.engine.options import Option
from cardtable.engine.presets import CUSTOM, Preset, UnknownPreset, check_presets
from cardtable.errors import OptionError
from cardtable.games import descriptor, descriptors

NAMES = cardtable.available()


@pytest.mark.parametrize("name", NAMES)
def test_the_first_preset_is_the_source_table_and_each_makes_a_table(name: str) -> None:
    game = descriptor(name)
    assert len(game.presets) >= 2  # the source's table and at least one tradition
    for players in game.game_class.player_counts():
        assert game.preset_of(cardtable.game(name, players).options) == game.presets[0].name
        for preset in game.presets:
            table = cardtable.game(name, players, **game.with_preset(preset.name, {}))
            assert game.preset_of(table.options) == preset.name
            for option, value in preset.options.items():
                assert table.options[option] == value


@pytest.mark.parametrize("name", NAMES)
def test_changing_one_of_a_presets_options_makes_the_table_custom(name: str) -> None:
    game = descriptor(name)
    specs = {spec.name: spec for spec in game.game_class.option_specs}
    for preset in game.presets:
        for option, value in preset.options.items():
            spec = specs[option]
            other: bool | int | str
            if isinstance(value, bool):
                other = not value
            elif isinstance(value, int):
                other = value + 1 if spec.maximum is None or value < spec.maximum else value - 1
            else:
                other = next(c for c in spec.choices if c != value)
            options = game.with_preset(preset.name, {option: other})
            assert options[option] == other  # the option given wins over the preset's
            table = cardtable.game(name, **options)
            assert game.preset_of(table.options) != preset.name
            if not any(p.matches(table.options) for p in game.presets):
                assert game.preset_of(table.options) == CUSTOM


def test_options_a_preset_does_not_name_stay_free() -> None:
    putto = descriptor("putto")
    table = cardtable.game("putto", 6, **putto.with_preset("scopa", {"deals": 2}))
    assert putto.preset_of(table.options) == "scopa"
    assert table.options.teams == "pairs" and table.options.deals == 2


def test_an_unknown_preset_is_refused_naming_those_there_are() -> None:
    with pytest.raises(OptionError, match=r"unknown preset 'scopone' for putto.*source, scopa"
                       ) as refused:
        descriptor("putto").with_preset("scopone", {})
    # one lookup for every front end: the refusal carries the presets each words its own way
    assert isinstance(refused.value, UnknownPreset)
    assert refused.value.presets == descriptor("putto").presets
    assert refused.value.names == [*(p.name for p in descriptor("putto").presets), CUSTOM]
    assert descriptor("putto").with_preset(CUSTOM, {"deals": 3}) == {"deals": 3}
    assert descriptor("putto").with_preset(None, {}) == {}


@pytest.mark.parametrize("game", descriptors(), ids=lambda g: g.name)
def test_each_game_says_what_it_is_and_shows_cards_of_its_deck(game: object) -> None:
    from cardtable.engine.plugin import GameDescriptor

    assert isinstance(game, GameDescriptor)
    assert game.summary
    pictures = "french" if game.deck == "french" else "latin"
    assert set(game.showcase) <= set(deck_cards(pictures))


SPECS = (
    Option(name="trim", default="aces", choices=("aces", "twos"), help="h"),
    Option(name="strict", default=False, help="h"),
    Option(name="deals", default=1, minimum=1, maximum=9, help="h"),
    Option(name="teams", default="alone", default_for=lambda n: "alone", choices=("alone",),
           help="h"),
)


def preset(name: str, **options: bool | int | str) -> Preset:
    return Preset(name=name, title=name.title(), description="d", options=options)


@pytest.mark.parametrize(
    ("presets", "problem"),
    [
        ((), "at least the source"),
        ((preset("source", trim="aces"), preset("source", trim="twos")), "two presets"),
        ((preset("custom", trim="aces"),), "other than 'custom'"),
        ((preset("Source", trim="aces"),), "lower-case word"),
        ((preset("source", colour="red"),), "no option 'colour'"),
        ((preset("source", trim="threes"),), "must be one of aces, twos"),
        ((preset("source", strict="false"),), "given as 'false', not False"),
        ((preset("source", deals=0),), "between 1 and 9"),
        ((preset("source", teams="alone"),), "depends on the player count"),
        ((preset("source", trim="aces"), preset("other", strict=True)), "the same options"),
        ((preset("source", trim="aces"), preset("other", trim="aces")), "are the same"),
        ((preset("source", trim="twos"),), "must be its default 'aces'"),
    ],
)
def test_presets_that_do_not_fit_the_options_are_refused(
    presets: tuple[Preset, ...], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        check_presets("toy", SPECS, presets)


def test_presets_that_fit_are_accepted() -> None:
    check_presets("toy", SPECS, (preset("source", trim="aces", strict=False),
                                 preset("briscola", trim="twos", strict=False),
                                 preset("strict", trim="aces", strict=True)))
