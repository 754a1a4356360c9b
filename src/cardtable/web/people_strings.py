"""The browser strings of the players' pages (My games' other devices, the sign-in page),
listed for extraction like ``strings.CLIENT_STRINGS``, which includes them."""

from __future__ import annotations

from cardtable.i18n import N_

PEOPLE_STRINGS: tuple[str, ...] = (
    N_("Play on another device"),
    N_("Sign in on another device"),
    N_("Open this link on your other device within 10 minutes, or scan the code. It works once."),
    N_("QR code of your sign-in link"),
    N_("Sign in on this device"),
    N_("Sign in as the player who sent you this link: your games here join theirs."),
    N_("You are signed in as {name}."),
    N_("You are signed in."),
    N_("This address holds no sign-in link. Ask for one on your other device."),
)
