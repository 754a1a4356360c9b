"""The browser strings of the friends' features (rematch, leaving, sharing, nickname, My games,
the daily deal), listed for extraction like ``strings.CLIENT_STRINGS``, which includes them."""

from __future__ import annotations

from cardtable.i18n import N_


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """As ``strings.N_plural`` (defined again here: ``strings`` imports this module)."""
    return singular, plural

FRIENDS_STRINGS: tuple[str, ...] = (
    # sharing
    N_("Link copied"),
    N_("QR code of the link to this table"),
    N_("Link to this table:"),
    N_("Friends on your network can scan the code with a phone."),
    N_("Anyone with the link can join: send it, or let them scan the code."),
    N_("This link works on this computer only."),
    N_(
        "To let others join, start the server with {flag} (people on your network) or give it "
        "a public address with {public} (see docs/hosting.md)."
    ),
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
    N_("The matches you played, on every device you use."),
    N_("No games yet."),
    # the daily deal
    N_("The daily deal"),
    N_("Play today's deal"),
    N_("Finish your deal to see the board."),
    N_("Back to your table"),
    N_("the {level} bot from the same seat: {points}"),
    N_("being worked out…"),
    N_("Your points: {points}"),
    N_("Everyone who played it here"),
    N_("Replay"),
    N_("This game counts penalty points: the fewest is best."),
    N_(
        "One deal a day for each game and table size: everyone plays it from the same seat "
        "against the same bots."
    ),
    N_("See the daily board"),
    N_(
        "You play each daily deal once. Its replays, and everything else that shows its "
        "cards, open when its day is over (UTC)."
    ),
    N_("unverified"),
    N_("Nobody has played today's deal yet. Be the first!"),
)

FRIENDS_PLURALS: tuple[tuple[str, str], ...] = (
    N_plural("{n} player", "{n} players"),
    N_plural(
        "{n} person has played this deal today. Play it to see how they did.",
        "{n} people have played this deal today. Play it to see how they did.",
    ),
)
