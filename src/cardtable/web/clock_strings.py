"""The browser strings of the game clock (``static/js/clock.js``: the lobby's choice of a
profile, the waiting room's figures, the time on each plate), listed for extraction like
``strings.CLIENT_STRINGS``, which includes them."""

from __future__ import annotations

from cardtable.i18n import N_
from cardtable.web.friends_strings import N_plural

CLOCK_STRINGS: tuple[str, ...] = (
    N_("Game clock"),
    N_("No clock"),
    N_("Fast clock"),
    N_("Normal clock"),
    N_("Slow clock"),
    N_("Turn-based: a day a move"),
    N_("Turn-based: three days a move"),
    N_("{clock}: {bank} each, +{increment} a move"),
    N_("{n} h"),
    N_("{n} min"),
    N_("{n} s"),
    N_("time left"),
    N_("little time left"),
    N_("Your turn: back to the table"),
)

CLOCK_PLURALS: tuple[tuple[str, str], ...] = (
    N_plural("{n} day", "{n} days"),
)
