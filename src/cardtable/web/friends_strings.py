"""The browser strings of the friends' features (rematch, leaving, sharing, nickname, My games,
the daily deal), listed for extraction like ``strings.CLIENT_STRINGS``, which includes them."""

from __future__ import annotations

from cardtable.i18n import N_

FRIENDS_STRINGS: tuple[str, ...] = (
    # sharing
    N_("Link copied"),
    N_("QR code of the link to this table"),
    N_("Link to this table:"),
    N_("Friends on your network can scan the code with a phone."),
    # leaving
    N_("Leave the table"),
    N_("Leave? The table closes."),
    N_("Leave? A bot takes your seat."),
    N_("Leave"),
    N_("Stay"),
    # the rematch
    N_("Watch the rematch"),
    N_("Ready to play again: {names}."),
    N_("Waiting for {names} to accept."),
    N_("{names} will not play again."),
    N_("Accept the rematch"),
    N_("Play again with everyone"),
    N_("Decline"),
    N_("Play against bots instead"),
    # the nickname
    N_("Guest {n}"),
    # My games
    N_("My games"),
    N_("Still being played: back to the table"),
    N_("won"),
    N_("lost"),
    N_(
        "The matches played in this browser. The list stays in this browser: no account, "
        "nothing kept on the server."
    ),
    N_("No games yet."),
)
