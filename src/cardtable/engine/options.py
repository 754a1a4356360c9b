"""Typed, validated, frozen table options.

A game declares its options once, as ``Option`` values; everything else (CLI flags, the record's
``options``, lobby forms, rules sheets) is derived from that declaration. A bad value is rejected
with a message that names the option and what it accepts; it is never replaced by a default.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable.errors import OptionError
from cardtable.i18n import _

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, kw_only=True)
class Option:
    """One table option: its name, type, default, allowed values and a one-line explanation.

    ``help``, ``label`` (a short name for forms, e.g. "Bust line") and ``choice_labels`` (a
    short name per choice, e.g. ``{"nobody": N_("nobody")}``) are marked with ``N_`` where they
    are declared and translated where they are shown. An option without a label is shown by its
    ``name``; a choice without one by its value.
    """

    name: str
    default: bool | int | str
    help: str
    label: str = ""
    choice_labels: Mapping[str, str] = field(default_factory=dict, hash=False)
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: A default that depends on the player count (Putto's teams and deals), else ``default``.
    default_for: Callable[[int], bool | int | str] | None = None

    def default_value(self, players: int) -> bool | int | str:
        return self.default if self.default_for is None else self.default_for(players)

    @property
    def title(self) -> str:
        """The English label (a msgid) to show for this option: ``label``, else ``name``."""
        return self.label or self.name

    def choice_title(self, value: object) -> str:
        """The English label (a msgid) of one choice: its ``choice_labels`` entry, else the
        value as text."""
        text = str(value)
        return self.choice_labels.get(text, text)

    @property
    def kind(self) -> type:
        return type(self.default)

    def validate(self, value: object) -> bool | int | str:
        """Return ``value`` as this option's type, accepting text as typed on a command line."""
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            raise OptionError(
                _("option {name} must be true or false, not {value!r}").format(
                    name=self.name, value=value
                )
            )
        if kind is int:
            number: int | None = None
            if isinstance(value, int) and not isinstance(value, bool):
                number = value
            elif isinstance(value, str) and value.strip().lstrip("-").isdigit():
                number = int(value)
            if number is None:
                raise OptionError(
                    _("option {name} must be a whole number, not {value!r}").format(
                        name=self.name, value=value
                    )
                )
            if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            ):
                raise OptionError(
                    _("option {name} must be between {low} and {high}, not {value}").format(
                        name=self.name,
                        low=self.minimum if self.minimum is not None else "-∞",
                        high=self.maximum if self.maximum is not None else "∞",
                        value=number,
                    )
                )
            return number
        if not isinstance(value, str) or value not in self.choices:
            raise OptionError(
                _("option {name} must be one of {choices}, not {value!r}").format(
                    name=self.name, choices=", ".join(self.choices), value=value
                )
            )
        return value


class TableOptions(Mapping[str, Any]):
    """The validated options of one table: read-only, hashable, and readable as attributes."""

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, Any]) -> None:
        object.__setattr__(self, "_values", dict(values))

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __getattr__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("table options are frozen")

    def __reduce__(self) -> tuple[type[TableOptions], tuple[dict[str, Any]]]:
        # pickled for the worker processes (``cardtable.workers``); without it unpickling
        # reads ``_values`` through ``__getattr__`` before it is set, and recurses
        return TableOptions, (self._values,)

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._values.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self) == dict(other)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._values.items())
        return f"TableOptions({inner})"


def resolve_options(
    game: str, specs: tuple[Option, ...], given: Mapping[str, object], players: int
) -> TableOptions:
    """Validate ``given`` against ``specs`` and fill in the defaults of the options not given."""
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise OptionError(
            _("unknown option {names} for {game}; its options are: {known}").format(
                names=", ".join(repr(u) for u in unknown),
                game=game,
                known=", ".join(known) or _("none"),
            )
        )
    return TableOptions(
        {
            spec.name: spec.validate(given[spec.name])
            if spec.name in given
            else spec.default_value(players)
            for spec in specs
        }
    )


def parse_option_assignments(items: tuple[str, ...] | list[str]) -> dict[str, str]:
    """Parse ``key=value`` texts from a command line into a dict (values validated later)."""
    result: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(
                _("table options are written key=value, e.g. trim=twos; got {item!r}").format(
                    item=item
                )
            )
        result[key.strip()] = value.strip()
    return result
