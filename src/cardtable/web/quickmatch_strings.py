"""The browser strings of the quick match (quickmatch.js), listed for extraction like
``strings.CLIENT_STRINGS``, which includes them."""

from __future__ import annotations

from cardtable.i18n import N_
from cardtable.web.friends_strings import N_plural

QUICKMATCH_STRINGS: tuple[str, ...] = (
    N_("Play with people"),
    N_("Bots after"),
    N_("at once"),
    N_("30 seconds"),
    N_("1 minute"),
    N_("2 minutes"),
    N_("bots in {seconds} s"),
)

QUICKMATCH_PLURALS: tuple[tuple[str, str], ...] = (
    N_plural("{n} person waiting", "{n} people waiting"),
)
