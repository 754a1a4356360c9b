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
    N_("Or add a passkey: then this phone or computer's lock signs you in on any device, "
       "with no link."),
    N_("Add a passkey"),
    N_("A passkey lets this phone or computer's lock sign you in on any device, with no "
       "link."),
    N_("Passkey added. Sign in with it on your other devices."),
    N_("Sign in with a passkey you added on another device: your games here join that "
       "player's."),
    N_("Sign in with a passkey"),
    N_("No passkey? Ask for a sign-in link on your other device, under My games."),
    N_("No passkey was used: the request was cancelled or timed out."),
    N_("Passkeys cannot be used at this address: they need the server's name over HTTPS, or "
       "localhost on this computer."),
    # a player's profile (profile.js)
    N_("No finished matches yet."),
    N_("Played"),
    N_("Won"),
    N_("You and {name}"),
    N_("this player"),
    N_("Matches together"),
    N_("Won by {name}"),
    N_("Won by you"),
    N_("Keep my account"),
    N_("Delete my account"),
    N_("Delete your account?"),
    N_("Your name, your passkeys and your sign-in links leave this server, on every device."),
    N_("The games you played stay as they were for the other players: your seat in them "
       "reads \"a former player\"."),
    N_("This cannot be undone."),
    N_("Your account is deleted."),
    N_("Thank you for playing."),
    N_("Your profile is hidden: only you see this page."),
    N_("Anyone with this page's address sees it."),
    N_("Your account"),
    N_("A player without a name"),
    N_("Matches per game"),
    N_("Recent matches"),
    N_("Your profile"),
)
