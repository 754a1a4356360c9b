"""The browser strings of friends, presence and invitations (friendlist.js, invitations.js,
friendlink.js), listed for extraction like ``strings.CLIENT_STRINGS``, which includes them."""

from __future__ import annotations

from cardtable.i18n import N_

FRIENDSHIP_STRINGS: tuple[str, ...] = (
    N_("A friend"),
    N_("A friend sent you this link: become friends to see when each other is online and to "
       "invite each other to tables."),
    N_("Accept"),
    N_("Ask to be friends"),
    N_("Asking to be your friend"),
    N_("Become friends"),
    N_("Decline"),
    N_("Invitations"),
    N_("Invite"),
    N_("Make a friend link"),
    N_("My friends"),
    N_("No friends yet."),
    N_("People you played with"),
    N_("Remove"),
    N_("Send this link to a friend. Whoever opens it first becomes your friend; it works for "
       "seven days."),
    N_("Table to invite {name} to"),
    N_("Take back"),
    N_("The house rules of this table"),
    N_("This address holds no friend link. Ask your friend for one."),
    N_("Waiting for their answer"),
    N_("Watch"),
    N_("You and {name} are friends now."),
    N_("offline"),
    N_("online"),
    N_("online, at a table of {game}"),
    N_("{name} invites you to a table of {game} ({players})."),
    N_("{name} is invited."),
)
