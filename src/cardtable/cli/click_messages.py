"""Click's own words (usage line, section titles, common errors) in cardtable's catalogs.

Click translates its messages with the standard library's global ``gettext``, which knows
nothing of ``--lang``. ``speak_through_cardtable`` points click's modules at cardtable's
translation instead, and the strings below (click's exact message ids) put those messages in
cardtable's catalogs. Messages not listed stay in English.
"""

from __future__ import annotations

import click.core
import click.decorators
import click.exceptions
import click.formatting
import click.types

from cardtable import i18n
from cardtable.i18n import N_

CLICK_MESSAGES = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("Missing {param_type}"),
    N_("No such command {name!r}."),
    N_("No such option {name!r}."),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Aborted!"),
    N_("default: {default}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
)

_MODULES = (click.core, click.decorators, click.exceptions, click.formatting, click.types)


def speak_through_cardtable() -> None:
    """Make click look its messages up in cardtable's current language (idempotent)."""
    for module in _MODULES:
        if hasattr(module, "_"):
            module._ = i18n._  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = i18n.ngettext  # type: ignore[attr-defined]
