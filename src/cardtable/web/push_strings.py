"""The browser strings of notifications (table/notify.js: the settings' check box that asks
for the browser's permission), listed for extraction like ``strings.CLIENT_STRINGS``, which
includes them."""

from __future__ import annotations

from cardtable.i18n import N_

PUSH_STRINGS: tuple[str, ...] = (
    N_("Tell me when it is my turn"),
    N_("A friend's invitation"),  # with "Your turn" and "The match is over": the push kinds
)
