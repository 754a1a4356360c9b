"""The ratings' storage (migration 0009): each function takes a database connection and knows
nothing of HTTP.

``rate_match`` runs in the same transaction that stores a table's end
(``Persistence.commit``): the ratings change and the match is logged in ``rated_matches``
together, or not at all, so a crash
leaves a match either rated once or not yet; and a match already logged is never rated again
(a step retried alone after a failed group commit, a second call).

Which matches are rated (docs/ratings.md): a finished table whose every seat is a person's and
linked to a distinct player. A table with a bot seat is not rated (the measurement behind that
choice is in the doc); nor one where a seat is held by a token alone (a client with no player,
or a second seat of one player); nor an expired or abandoned table, which never finishes.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from sqlalchemy import Connection, Table, delete, insert, select, update

from cardtable.games import descriptor
from cardtable.server.people import players
from cardtable.server.people.players import Player
from cardtable.server.people.ratings import Rating, fresh, places
from cardtable.server.people.ratings import update as rated
from cardtable.server.storage.db import (
    Base,
    PlayerRow,
    PlayerSeatRow,
    RatedMatchRow,
    RatingRow,
    TableRow,
    utcnow,
)

log = logging.getLogger(__name__)

RATINGS: Table = Base.metadata.tables[RatingRow.__tablename__]
RATED: Table = Base.metadata.tables[RatedMatchRow.__tablename__]
PLAYERS: Table = Base.metadata.tables[PlayerRow.__tablename__]
SEATS: Table = Base.metadata.tables[PlayerSeatRow.__tablename__]
TABLES: Table = Base.metadata.tables[TableRow.__tablename__]

#: The most players a leaderboard lists.
LEADERBOARD_SIZE = 100


def _rating(row: Any) -> Rating:
    return Rating(game=row.game, mu=float(row.mu), sigma=float(row.sigma),
                  matches=int(row.matches))


def rating_of(db: Connection, player_id: str, game: str) -> Rating:
    """The player's rating in ``game`` (a new player's if they have none yet)."""
    row = db.execute(select(RATINGS).where(RATINGS.c.player_id == player_id,
                                           RATINGS.c.game == game)).first()
    return _rating(row) if row is not None else fresh(game)


def hand_over(db: Connection, source: str, target: str) -> None:
    """``source`` is merged into ``target`` (a device signed in): its ratings in games where
    ``target`` has none become ``target``'s; where both have one, ``target``'s stays (a rating
    rests on one player's matches: two cannot be added up) and ``source``'s goes."""
    kept = {row.game for row in db.execute(
        select(RATINGS.c.game).where(RATINGS.c.player_id == target))}
    if kept:
        db.execute(delete(RATINGS).where(RATINGS.c.player_id == source,
                                         RATINGS.c.game.in_(kept)))
    db.execute(update(RATINGS).where(RATINGS.c.player_id == source).values(player_id=target))


def forget_player(db: Connection, player_id: str) -> None:
    """A deleted account's ratings go with it (the leaderboard forgets them)."""
    db.execute(delete(RATINGS).where(RATINGS.c.player_id == player_id))


def for_player(db: Connection, player_id: str) -> list[Rating]:
    """Every rating the player has, one per game they were rated in, by game name."""
    rows = db.execute(select(RATINGS).where(RATINGS.c.player_id == player_id)
                      .order_by(RATINGS.c.game)).all()
    return [_rating(row) for row in rows]


def leaderboard(db: Connection, game: str,
                limit: int = LEADERBOARD_SIZE) -> list[tuple[Player, Rating]]:
    """The players of ``game`` whose profile is not hidden, best first by the conservative
    ``mu - 3 sigma`` (ties: more matches, then the id, so the order is stable)."""
    ordinal = RATINGS.c.mu - 3 * RATINGS.c.sigma
    rows = db.execute(
        select(PLAYERS, RATINGS.c.game, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.matches)
        .join(RATINGS, PLAYERS.c.id == RATINGS.c.player_id)
        .where(RATINGS.c.game == game, PLAYERS.c.hidden.is_(False))
        .order_by(ordinal.desc(), RATINGS.c.matches.desc(), RATINGS.c.player_id)
        .limit(limit)
    ).all()
    return [(players.row_to_player(row), _rating(row)) for row in rows]


def rated_table(db: Connection, code: str) -> bool:
    """Whether table ``code``'s match will be rated if it finishes: every seat a person's.
    Such a table takes one seat per player (``people/already_seated``)."""
    config = db.execute(select(TABLES.c.config).where(TABLES.c.code == code)).scalar()
    return config is not None and _all_people(json.loads(config)["seats"])


def _all_people(seats: list[dict[str, Any]]) -> bool:
    return all(seat["kind"] == "person" for seat in seats)


def is_rated(db: Connection, code: str) -> bool:
    return db.execute(select(RATED.c.table_code).where(RATED.c.table_code == code)).first() \
        is not None


def _sides_of_players(db: Connection, code: str, result: dict[str, Any]
                      ) -> tuple[str, list[list[str]]] | None:
    """The table's game and each side's players, seat by seat; ``None`` if the match is not
    one to rate (see the module docstring)."""
    table = db.execute(select(TABLES.c.game, TABLES.c.config)
                       .where(TABLES.c.code == code)).first()
    if table is None:
        return None
    seats = json.loads(table.config)["seats"]
    if not _all_people(seats):
        return None
    linked = dict(db.execute(select(SEATS.c.seat, SEATS.c.player_id)
                             .where(SEATS.c.table_code == code)).all())
    if len(linked) != len(seats) or len(set(linked.values())) < 2:
        return None
    return str(table.game), [[linked[seat] for seat in side] for side in result["sides"]]


def rate_match(db: Connection, code: str, result: dict[str, Any] | None) -> bool:
    """Rate table ``code``'s finished match (its ``Outcome.to_dict()``), in the caller's
    transaction; False if it is not one to rate or was rated already."""
    if result is None or is_rated(db, code):
        return False
    found = _sides_of_players(db, code, result)
    if found is None:
        return False
    game, sides = found
    ranks = places(result["points"], result["sides"], result["winners"],
                   lowest_wins=descriptor(game).game_class.lowest_wins)
    before = [[rating_of(db, player, game) for player in side] for side in sides]
    for side, ratings in zip(sides, rated(before, ranks), strict=True):
        for player, rating in zip(side, ratings, strict=True):
            _store(db, player, rating)
    # last, and in the same transaction: a second rating of the match (two processes) fails on
    # this key and takes its rating writes back with it
    db.execute(insert(RATED).values(table_code=code, game=game, rated_at=utcnow()))
    return True


def rate_finished(db: Connection, code: str, result: dict[str, Any] | None) -> None:
    """``rate_match`` for the step that finishes a table: a failure to rate (a bug) is logged
    and leaves the match unrated, never the table's end unstored. The savepoint nests in the
    step's transaction, which the table's status update has begun already."""
    try:
        with db.begin_nested():
            rate_match(db, code, result)
    except Exception:
        log.exception("a finished match could not be rated", extra={"table": code})


def _store(db: Connection, player_id: str, rating: Rating) -> None:
    values = {"mu": rating.mu, "sigma": rating.sigma, "matches": rating.matches,
              "updated_at": utcnow()}
    changed = db.execute(update(RATINGS).where(RATINGS.c.player_id == player_id,
                                               RATINGS.c.game == rating.game).values(**values))
    if changed.rowcount == 0:
        db.execute(insert(RATINGS).values(player_id=player_id, game=rating.game, **values))
