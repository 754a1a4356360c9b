"""The shape of every refusal, for the OpenAPI description: ``{"error": {"code", "message"}}``.

Endpoints declare their refusals with ``refusals(404, 409)`` (413, 422 and 503 are possible for
every request: a body over the limit, a field refused, the database away), so the published
description says what a client may get back, and the schemathesis test holds the server to it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class ErrorDetail(BaseModel):
    code: str = Field(description="stable, namespaced: clients switch on it")
    message: str = Field(description="for people, in the request's language")


class ErrorBody(BaseModel):
    """Every refusal: ``{"error": {"code": …, "message": …}}``."""

    error: ErrorDetail


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of an endpoint's refusals (all in the ``ErrorBody`` shape)."""
    described = {
        400: "a passkey that cannot be used: unknown, a bad signature or a stale challenge, "
             "all one answer (people/bad_passkey), or a house-rule preset the game does not "
             "have (table/unknown_preset)",
        403: "this server takes no new players (people/signups_closed), or the table holds a "
             "daily deal whose day is not over: its cards stay hidden (daily/sealed)",
        404: "no such table (table/not_found) or record (record/none), or a sign-in link that "
             "cannot be used (people/bad_link, friends/bad_link), an invitation that cannot be "
             "answered (friends/bad_invitation), a player who is not a friend or was never met "
             "(friends/not_friend, friends/not_met), no such game (ratings/unknown_game), or no "
             "such player or a hidden profile (people/unknown), or a quick match ticket that has "
             "left its queue (quickmatch/unknown)",
        409: "the seat is taken, or the table is full or started (table/seat_taken, table/full, "
             "table/started), or set aside (table/unplayable), or you sit at it already "
             "(people/already_seated), or this browser has played today's daily deal "
             "(daily/played), or a friend request or invitation that cannot be (friends/self, "
             "friends/already, friends/not_seated, table/finished)",
        410: "the table has expired (table/expired)",
        413: "the body is larger than the limit (request/too_large)",
        422: "the request is invalid (request/invalid) or the table cannot be made "
             "(table/bad_config, table/no_such_seat, people/bad_language)",
        429: "too many requests from this address (rate/limited), or too many waiting tables "
             "of this player or address (lobby/too_many_yours, lobby/too_many_here), with "
             "Retry-After",
        503: "the database is away (server/storage_unavailable) or the server has its fill of "
             "waiting tables (lobby/full), with Retry-After",
    }
    return {status: {"model": ErrorBody, "description": described[status]}
            for status in sorted({*statuses, 413, 422, 503})}
