"""A player's profile, from storage: what they played, won and scored per game and table size,
their recent matches (with how many deals each, for the replay links), and how they fared at
the tables they shared with the person looking (head-to-head).

Only finished matches count: a running table's seats and scores are nobody's business yet. A
hidden profile is shown to its owner only; to anyone else it does not exist (the routes answer
exactly as for an unknown id).
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from sqlalchemy import Connection, Table, func, select

from cardtable.server.people import ratings_store
from cardtable.server.people.players import SEATS, TABLES, aware
from cardtable.server.storage.db import Base, EventRow
from cardtable.server.tables.status import TableStatus

EVENTS: Table = Base.metadata.tables[EventRow.__tablename__]

#: The most finished matches a profile's numbers are counted over (the newest).
MAX_COUNTED = 5000
#: Recent matches listed on a profile.
RECENT = 10


def _finished(db: Connection, player_id: str) -> list[dict[str, Any]]:
    """The player's finished matches, newest first: where, what, their seat, won and points."""
    rows = db.execute(
        select(SEATS.c.table_code, SEATS.c.seat, TABLES.c.game, TABLES.c.players,
               TABLES.c.finished_at, TABLES.c.result)
        .join(TABLES, TABLES.c.code == SEATS.c.table_code)
        .where(SEATS.c.player_id == player_id, TABLES.c.status == TableStatus.FINISHED,
               TABLES.c.result.is_not(None))
        .order_by(TABLES.c.finished_at.desc()).limit(MAX_COUNTED)
    ).all()
    return [_match(row) for row in rows]


def _match(row: Any) -> dict[str, Any]:
    result = json.loads(row.result)
    seat = int(row.seat)
    points = next((p for side, p in zip(result.get("sides", []), result.get("points", []),
                                         strict=False) if seat in side), 0)
    return {"code": row.table_code, "game": row.game, "players": int(row.players),
            "seat": seat, "won": seat in result.get("winners", []), "points": int(points),
            "winners": result.get("winners", []),
            "finished_at": aware(row.finished_at).isoformat() if row.finished_at else None}


def _totals(matches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Played, won and points per game and table size, by game then size."""
    totals: dict[tuple[str, int], dict[str, Any]] = defaultdict(
        lambda: {"played": 0, "won": 0, "points": 0})
    for match in matches:
        total = totals[(match["game"], match["players"])]
        total["played"] += 1
        total["won"] += int(match["won"])
        total["points"] += match["points"]
    return [{"game": game, "players": size, **total}
            for (game, size), total in sorted(totals.items())]


def _deals(db: Connection, codes: list[str]) -> dict[str, int]:
    if not codes:
        return {}
    rows = db.execute(select(EVENTS.c.table_code, func.count())
                      .where(EVENTS.c.table_code.in_(codes), EVENTS.c.kind == "deal")
                      .group_by(EVENTS.c.table_code)).all()
    return {code: int(n) for code, n in rows}


def _head_to_head(db: Connection, mine: list[dict[str, Any]],
                  viewer_id: str) -> dict[str, int]:
    """At the finished tables both sat at: how many, and who won each (both may, or
    neither)."""
    codes = [m["code"] for m in mine]
    theirs = dict(db.execute(select(SEATS.c.table_code, SEATS.c.seat).where(
        SEATS.c.player_id == viewer_id, SEATS.c.table_code.in_(codes))).all()) if codes else {}
    together = [m for m in mine if m["code"] in theirs]
    return {"played": len(together),
            "won": sum(1 for m in together if m["won"]),
            "lost": sum(1 for m in together if int(theirs[m["code"]]) in m["winners"])}


def read(db: Connection, player_id: str, viewer_id: str | None) -> dict[str, Any]:
    """The numbers of ``player_id``'s profile as ``viewer_id`` (or nobody) sees it."""
    matches = _finished(db, player_id)
    recent = matches[:RECENT]
    deals = _deals(db, [m["code"] for m in recent])
    return {
        "totals": _totals(matches),
        "recent": [{key: m[key] for key in ("code", "game", "players", "seat", "won",
                                            "points", "finished_at")}
                   | {"deals": deals.get(m["code"], 0)} for m in recent],
        "head_to_head": (_head_to_head(db, matches, viewer_id)
                         if viewer_id is not None and viewer_id != player_id else None),
        "ratings": [rating.to_dict() for rating in ratings_store.for_player(db, player_id)],
    }
