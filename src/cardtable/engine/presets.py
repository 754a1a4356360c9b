"""Named house-rule presets: a name for a set of table options, as players name the rule sets
they play ("the Scopa way", "figures at ten").

A game declares its presets once, on its descriptor (``GameDescriptor.presets``), the first
being the source's own table: the options' defaults. Every preset of a game sets the same
options (its *preset options*, the rules a tradition changes); the others (how many deals, what a
beginner is shown) stay free whatever the preset. A table's preset is a function of its options:
the preset whose every option the table has, else ``CUSTOM``. Choosing a preset sets its options;
changing one of them afterwards makes the table "custom".

``check_presets`` refuses, when the game is registered, a preset that names an option the game
does not have, gives a value the option refuses, or depends on the player count.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.options import Option
from cardtable.errors import OptionError
from cardtable.i18n import N_, _

#: What a table whose options match none of its game's presets is called (never a preset's
#: name): its house rules are its own.
CUSTOM = "custom"
#: How "custom" is shown (translated where shown), with its line of explanation.
CUSTOM_TITLE = N_("Custom")
CUSTOM_DESCRIPTION = N_("This table's own choice of house rules.")

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


@dataclass(frozen=True, kw_only=True)
class Preset:
    """One named rule set: ``name`` (stable, for the API and storage), ``title`` and one line
    of ``description`` (marked with ``N_``, translated where shown) and the ``options`` it sets."""

    name: str
    title: str
    description: str
    options: Mapping[str, bool | int | str] = field(default_factory=dict, hash=False)

    def matches(self, options: Mapping[str, Any]) -> bool:
        """Whether a table with ``options`` plays this preset: it has each of its values."""
        return all(
            name in options and options[name] == value and type(options[name]) is type(value)
            for name, value in self.options.items()
        )


def check_presets(game: str, specs: Sequence[Option], presets: Sequence[Preset]) -> None:
    """Refuse presets that do not fit ``game``'s options (``ValueError`` naming the problem):
    at least one; names unique, lower-case words and never ``CUSTOM``; every option one of the
    game's, with a value it accepts as it is, and none whose default depends on the player
    count; every preset setting the same options, no two alike; the first the defaults."""
    if not presets:
        raise ValueError(f"game {game!r}: presets must name at least the source's own table")
    known = {spec.name: spec for spec in specs}
    names = [preset.name for preset in presets]
    for preset in presets:
        where = f"game {game!r}, preset {preset.name!r}"
        if not _NAME.match(preset.name) or preset.name == CUSTOM:
            raise ValueError(f"{where}: a preset's name is a lower-case word other than {CUSTOM!r}")
        if names.count(preset.name) > 1:
            raise ValueError(f"{where}: two presets have this name")
        if not preset.title or not preset.description:
            raise ValueError(f"{where}: a preset needs a title and a description")
        for name, value in preset.options.items():
            spec = known.get(name)
            if spec is None:
                raise ValueError(f"{where}: {game} has no option {name!r}")
            if spec.default_for is not None:
                raise ValueError(f"{where}: option {name!r} depends on the player count")
            try:
                accepted = spec.validate(value)
            except OptionError as error:
                raise ValueError(f"{where}: {error}") from None
            if type(accepted) is not type(value) or accepted != value:
                raise ValueError(
                    f"{where}: option {name!r} is given as {value!r}, not {accepted!r}"
                )
        if set(preset.options) != set(presets[0].options):
            raise ValueError(
                f"{where}: every preset sets the same options, "
                f"{sorted(presets[0].options)}, not {sorted(preset.options)}"
            )
    for i, preset in enumerate(presets):
        for other in presets[i + 1 :]:
            if dict(preset.options) == dict(other.options):
                raise ValueError(
                    f"game {game!r}: presets {preset.name!r} and {other.name!r} are the same"
                )
    source = presets[0]
    for name, value in source.options.items():
        if known[name].default != value:
            raise ValueError(
                f"game {game!r}: the first preset, {source.name!r}, is the source's table: "
                f"option {name!r} must be its default {known[name].default!r}, not {value!r}"
            )


class UnknownPreset(OptionError):
    """A preset name the game does not have. It carries the game's presets, so that each front
    end words the refusal its own way (the command line lists their titles, the server answers
    ``table/unknown_preset``) from this one lookup; its own text names them for a library
    user."""

    def __init__(self, game: str, name: str, presets: Sequence[Preset]) -> None:
        self.game, self.name, self.presets = game, name, tuple(presets)
        super().__init__(
            _("unknown preset {name!r} for {game}; its presets are: {known}").format(
                name=name, game=game, known=", ".join(self.names)
            )
        )

    @property
    def names(self) -> list[str]:
        """Every name a table may be asked for with: the presets' and ``CUSTOM``."""
        return [preset.name for preset in self.presets] + [CUSTOM]


def find_preset(game: str, presets: Sequence[Preset], name: str) -> Preset:
    """The preset called ``name``; ``UnknownPreset`` if the game has none so called."""
    for preset in presets:
        if preset.name == name:
            return preset
    raise UnknownPreset(game, name, presets)


def preset_of(presets: Sequence[Preset], options: Mapping[str, Any]) -> str:
    """The name of the preset a table with ``options`` plays, else ``CUSTOM``."""
    for preset in presets:
        if preset.matches(options):
            return preset.name
    return CUSTOM


def with_preset(
    game: str, presets: Sequence[Preset], name: str | None, given: Mapping[str, Any]
) -> dict[str, Any]:
    """The options of a table made with preset ``name`` (``None`` or ``CUSTOM``: none) and the
    options ``given`` besides, which win over the preset's (the table is then custom)."""
    if name is None or name == CUSTOM:
        return dict(given)
    return {**find_preset(game, presets, name).options, **given}
