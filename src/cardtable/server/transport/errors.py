"""Namespaced error codes, each with a human message (gettext), sent as ``error`` messages.

A code is stable (clients switch on it); the message is for people and may be translated.
Whatever raised a ``ServerError`` changed nothing.
"""

from __future__ import annotations

from cardtable.i18n import N_, _

#: code → default message (marked for extraction, translated when sent)
MESSAGES: dict[str, str] = {
    "protocol/bad_json": N_("the message is not a JSON object"),
    "protocol/bad_message": N_("the message is not one the protocol knows"),
    "protocol/version": N_("this server speaks protocol version {version}"),
    "protocol/hello_first": N_("the first message must be hello"),
    "protocol/too_large": N_("a message holds at most {limit} characters"),
    "request/invalid": N_("the request is not valid: {field}: {problem}"),
    "request/too_large": N_("the request body is larger than {limit} KiB"),
    "auth/bad_token": N_("this token does not hold a seat at this table"),
    "seat/spectator": N_("spectators cannot act or ask for hints"),
    "table/not_found": N_("there is no table with this code"),
    "table/full": N_("every seat for a person at this table is taken"),
    "table/seat_taken": N_("seat {seat} is already taken"),
    "table/no_such_seat": N_("seat {seat} is not a seat for a person at this table"),
    "table/bad_config": N_("the table cannot be made: {reason}"),
    "table/unknown_preset": N_(
        "there is no house-rule preset {preset!r} for {game}; choose one of {presets}"
    ),
    "table/not_running": N_("the table has not started yet"),
    "table/finished": N_("the match at this table is over"),
    "table/started": N_("the table has already started"),
    "action/not_your_turn": N_("it is not your turn: seat {to_move} is to decide"),
    "action/illegal": N_("illegal action: {reason}"),
    "action/stale_state": N_(
        "your action was for state {sent}, but the table is at state {current}: look again"
    ),
    "hint/off": N_("hints are switched off at this table"),
    "hint/unavailable": N_("no hint is available here: {reason}"),
    "chat/empty": N_("a chat message cannot be empty"),
    "chat/too_long": N_("a chat message holds at most {limit} characters"),
    "chat/rate_limited": N_("too many chat messages: wait a few seconds"),
    "server/internal": N_("the server could not handle this message"),
    "server/shutting_down": N_("the server is shutting down; reconnect in a moment"),
    "server/storage_unavailable": N_(
        "the game cannot be saved right now, so no move is taken; the table will carry on by "
        "itself as soon as it can be saved again"
    ),
    "server/storage_ok": N_("the game can be saved again; play on"),
    "server/bus_unavailable": N_(
        "the servers cannot reach each other right now; reconnect in a moment"
    ),
    "table/unplayable": N_(
        "this table's saved game cannot be replayed, so it has been set aside for the server's "
        "operator; nothing else is affected"
    ),
    "rate/limited": N_("too many requests from your address; wait a little and try again"),
    "lobby/full": N_(
        "too many tables are waiting for people on this server; join one of the open tables or"
        " try again later"
    ),
    "lobby/too_many_yours": N_(
        "you already have {limit} tables waiting for people; play at one of them first"
    ),
    "lobby/too_many_here": N_(
        "{limit} tables made from your address are already waiting for people; play at one of "
        "them first"
    ),
    "table/expired": N_(
        "this table has expired: nobody was connected to it for a long time"
    ),
    "hint/rate_limited": N_("too many hints asked for: wait a little"),
    "table/moved": N_(
        "this table is now served by another of the server's processes; reconnect to play on"
    ),
    "server/busy": N_("the server is too busy for more hints at this table; try again soon"),
    # friends at the table (server/tables/rematch.py, server/tables/leave.py)
    "rematch/not_over": N_("a rematch can be offered once the match is over"),
    "rematch/not_seated": N_("only the people at the table can play again"),
    "leave/not_seated": N_("spectators have no seat to leave"),
    "clock/not_struck_out": N_(
        "seat {seat} can be given to a bot only once the clock has made its last {strikes} "
        "moves in a row"
    ),
    # the daily deal (server/features/daily.py)
    "daily/bad_table": N_("there is no daily deal of {game} for {players} players"),
    # players (server/people)
    "people/already_seated": N_("you already hold seat {seat} at this table"),
    "people/bad_language": N_("cardtable does not speak the language {language!r}"),
    "people/bad_link": N_(
        "this sign-in link cannot be used: it may be mistyped, used already or more than ten "
        "minutes old; ask for a new one on your other device"
    ),
    "ratings/unknown_game": N_("there is no game called {game!r} to rate"),
    "people/bad_passkey": N_(
        "this passkey cannot be used here: it may belong to another site or have been removed; "
        "try again, or sign in with a link from a device you already use"
    ),
    "people/unknown": N_("there is no such player"),
    # quick match (server/lobby/quickmatch.py)
    "quickmatch/unknown": N_(
        "you are no longer waiting for a quick match: start again from the lobby"
    ),
    # friends and invitations (server/people/friends.py, invitations.py)
    "friends/already": N_("you are friends already"),
    "friends/bad_invitation": N_(
        "this invitation cannot be answered: it may be answered already or have expired"
    ),
    "friends/bad_link": N_(
        "this friend link cannot be used: it may be mistyped, used already or expired; ask "
        "your friend for a new one"
    ),
    "friends/not_friend": N_("this player is not your friend"),
    "friends/not_met": N_("you can ask only people you sat at a table with to be friends"),
    "friends/not_seated": N_("you can invite friends only to a table where you sit"),
    "friends/self": N_("you cannot be your own friend"),
    "people/signups_closed": N_(
        "this server takes no new players; sign in with a link from a device you already use"
    ),
    "connection/too_many": N_("too many connections from your address: at most {limit}"),
    "connection/too_many_yours": N_("you have too many connections open: at most {limit}"),
    "connection/seat_full": N_("this seat has {limit} connections open already: close one"),
    "daily/played": N_("you have played the daily deal of {day} already: it is played once"),
    "daily/sealed": N_(
        "this table holds the daily deal of {day}: it can be seen once that day is over (UTC)"
    ),
}


class ServerError(Exception):
    """A refused request: ``code`` from ``MESSAGES``, the message formatted with ``details``."""

    def __init__(self, code: str, **details: object) -> None:
        if code not in MESSAGES:
            raise KeyError(code)
        self.code = code
        self.details = details
        super().__init__(code)

    @property
    def message(self) -> str:
        return _(MESSAGES[self.code]).format(**self.details)

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message}
