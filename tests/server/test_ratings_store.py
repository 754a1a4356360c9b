"""Ratings for people, in storage (docs/ratings.md): a finished match of people is rated once,
deterministically, teams sharing their result, ties and penalty games placed by the game's own
rule; other matches are not rated. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import Engine, insert, select, text

from cardtable.server.migrations import upgrade
from cardtable.server.people import players, ratings_store
from cardtable.server.people.ratings import places, update
from cardtable.server.storage.db import make_engine, utcnow

PERSON = {"kind": "person", "level": None}
BOT = {"kind": "bot", "level": "easy"}


@pytest.fixture
def engine(tmp_path: Path, database: str) -> Iterator[Engine]:
    made = make_engine(database or f"sqlite:///{tmp_path / 'r.db'}")
    upgrade(made)
    yield made
    made.dispose()


def new_players(engine: Engine, count: int) -> list[str]:
    with engine.begin() as db:
        return [players.create(db, f"secret-{i}-{id(engine)}", f"P{i}", "en").id
                for i in range(count)]


def finished_table(engine: Engine, code: str, game: str, seated: list[str | None],
                   seats: list[dict[str, Any]] | None = None, status: str = "finished") -> None:
    """A table row as the server stores it, its seats linked to ``seated`` (``None``: a seat
    held by its token alone)."""
    config = {"game": game, "players": len(seated), "options": {},
              "seats": seats or [PERSON] * len(seated)}
    with engine.begin() as db:
        db.execute(insert(ratings_store.TABLES).values(
            code=code, game=game, players=len(seated), config=json.dumps(config), status=status,
            created_at=utcnow()))
        for seat, player in enumerate(seated):
            if player is not None:
                players.link_seat(db, player_id=player, code=code, seat=seat)


def result(points: list[int], sides: list[list[int]], lowest: bool = False) -> dict[str, Any]:
    best = min(points) if lowest else max(points)
    winners = sorted(s for p, side in zip(points, sides, strict=True) if p == best for s in side)
    return {"points": points, "sides": sides, "winners": winners, "reason": "match"}


def rate(engine: Engine, code: str, outcome: dict[str, Any] | None) -> bool:
    with engine.begin() as db:
        return ratings_store.rate_match(db, code, outcome)


def rating(engine: Engine, player: str, game: str) -> ratings_store.Rating:
    with engine.connect() as db:
        return ratings_store.rating_of(db, player, game)


def count(engine: Engine, sql: str) -> int:
    with engine.connect() as db:
        return int(db.execute(text(sql)).scalar() or 0)


#: A stored sequence of three-player Punttu results: each match's seats (indexes into the
#: players) and points.
SEQUENCE = [([0, 1, 2], [70, 40, 10]), ([2, 0, 1], [55, 55, 10]), ([1, 2, 0], [80, 20, 20]),
            ([0, 2, 1], [10, 90, 20]), ([1, 0, 2], [60, 30, 30])]


def test_the_same_results_give_the_same_ratings_as_openskills_own_formulas(
        engine: Engine) -> None:
    people = new_players(engine, 3)
    for number, (order, points) in enumerate(SEQUENCE):
        finished_table(engine, f"SEQ{number}", "punttu", [people[i] for i in order])
        assert rate(engine, f"SEQ{number}", result(points, [[0], [1], [2]]))
    # the same sequence folded straight through the library, with ranks from the points
    model = PlackettLuce()
    expected = {person: model.rating() for person in range(3)}
    for order, points in SEQUENCE:
        ranks = [1 + sum(other > mine for other in points) for mine in points]
        rated = model.rate([[expected[i]] for i in order], ranks=ranks)
        for i, team in zip(order, rated, strict=True):
            expected[i] = team[0]
    for i, person in enumerate(people):
        stored = rating(engine, person, "punttu")
        assert stored.matches == len(SEQUENCE)
        assert math.isclose(stored.mu, expected[i].mu, rel_tol=1e-12)
        assert math.isclose(stored.sigma, expected[i].sigma, rel_tol=1e-12)


def test_a_two_player_update_follows_weng_lins_plackett_luce_formula() -> None:
    """Algorithm 4 of Weng & Lin (2011), written out for two players, one winning: the
    update is the published one, not only the library's."""
    model = PlackettLuce()
    fresh = ratings_store.Rating(game="punttu", mu=27.0, sigma=6.0, matches=3)
    other = ratings_store.Rating(game="punttu", mu=24.0, sigma=8.0, matches=0)
    (winner,), (loser,) = update([[fresh], [other]], [1, 2])
    sigmas = [math.sqrt(r.sigma ** 2 + model.tau ** 2) for r in (fresh, other)]
    c = math.sqrt(sum(s ** 2 + model.beta ** 2 for s in sigmas))
    exp = [math.exp(fresh.mu / c), math.exp(other.mu / c)]
    p_win = exp[0] / sum(exp)  # the winner's chance of the first place
    # the winner's only term is its own first place; the loser's adds the last place, where
    # it is alone (its chance 1)
    assert math.isclose(winner.mu, fresh.mu + sigmas[0] ** 2 / c * (1 - p_win), rel_tol=1e-12)
    assert math.isclose(loser.mu, other.mu + sigmas[1] ** 2 / c * (0 - (1 - p_win)),
                        rel_tol=1e-12)
    shrink = [sigmas[0] / c * sigmas[0] ** 2 / c ** 2 * p_win * (1 - p_win),
              sigmas[1] / c * sigmas[1] ** 2 / c ** 2 * p_win * (1 - p_win)]
    assert math.isclose(winner.sigma, sigmas[0] * math.sqrt(max(1 - shrink[0], model.kappa)),
                        rel_tol=1e-12)
    assert math.isclose(loser.sigma, sigmas[1] * math.sqrt(max(1 - shrink[1], model.kappa)),
                        rel_tol=1e-12)
    assert (winner.matches, loser.matches) == (4, 1)


def test_partners_share_their_sides_result(engine: Engine) -> None:
    """Putto's partnerships (PT-2): seats 0 and 2 against 1 and 3; the side's points."""
    people = new_players(engine, 4)
    finished_table(engine, "TEAMS", "putto", people)
    assert rate(engine, "TEAMS", result([11, 7], [[0, 2], [1, 3]]))
    after = [rating(engine, person, "putto") for person in people]
    assert after[0] == after[2] and after[1] == after[3]  # equal before, equal after
    assert after[0].mu > 25 > after[1].mu
    assert all(r.matches == 1 for r in after)


def test_ties_share_a_place_and_pontinhos_fewest_points_win(engine: Engine) -> None:
    people = new_players(engine, 3)
    finished_table(engine, "TIE", "punttu", people)
    assert rate(engine, "TIE", result([50, 50, 20], [[0], [1], [2]]))
    tied = [rating(engine, person, "punttu") for person in people]
    assert tied[0].mu == tied[1].mu > 25 > tied[2].mu
    # Pontinho counts penalty points: the fewest finish first (the game's ``lowest_wins``)
    finished_table(engine, "PEN", "pontinho", people)
    assert rate(engine, "PEN", result([3, 40, 99], [[0], [1], [2]], lowest=True))
    penalty = [rating(engine, person, "pontinho").mu for person in people]
    assert penalty[0] > penalty[1] > penalty[2]
    assert places([3, 40, 99], [[0], [1], [2]], [0], lowest_wins=True) == [1, 2, 3]


def test_the_winners_place_first_whatever_their_points() -> None:
    """Pontinho's last player in wins (``reason`` ``last_in``) even with more points."""
    assert places([60, 20, 101], [[0], [1], [2]], [0], lowest_wins=True) == [1, 2, 3]


def test_a_match_is_rated_once(engine: Engine) -> None:
    people = new_players(engine, 2)
    finished_table(engine, "ONCE", "punttu", people)
    outcome = result([70, 50], [[0], [1]])
    assert rate(engine, "ONCE", outcome)
    first = rating(engine, people[0], "punttu")
    assert not rate(engine, "ONCE", outcome)  # a retried step, a second process
    assert rating(engine, people[0], "punttu") == first
    assert count(engine, "SELECT count(*) FROM rated_matches") == 1


def test_a_crash_mid_way_rates_nothing_and_the_match_is_rated_once_after(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    people = new_players(engine, 2)
    finished_table(engine, "CRASH", "punttu", people)
    outcome = result([70, 50], [[0], [1]])
    real_store = ratings_store._store
    stored: list[str] = []

    def crash_after_the_first(db: Any, player_id: str, value: Any) -> None:
        if stored:
            raise OSError("the process died")
        stored.append(player_id)
        real_store(db, player_id, value)

    monkeypatch.setattr(ratings_store, "_store", crash_after_the_first)
    with pytest.raises(OSError):
        rate(engine, "CRASH", outcome)
    assert count(engine, "SELECT count(*) FROM ratings") == 0
    assert count(engine, "SELECT count(*) FROM rated_matches") == 0
    monkeypatch.setattr(ratings_store, "_store", real_store)
    assert rate(engine, "CRASH", outcome)
    assert [rating(engine, p, "punttu").matches for p in people] == [1, 1]


@pytest.mark.parametrize("case", ["bot seat", "unlinked seat", "no outcome"])
def test_matches_with_bots_or_unknown_people_are_not_rated(engine: Engine, case: str) -> None:
    people = new_players(engine, 3)
    if case == "bot seat":
        finished_table(engine, "NOT", "punttu", [people[0], people[1], None],
                       seats=[PERSON, PERSON, BOT])
    else:
        finished_table(engine, "NOT", "punttu", [people[0], people[1], None])
    outcome = None if case == "no outcome" else result([1, 2, 3], [[0], [1], [2]])
    if case == "no outcome":
        finished_table(engine, "NOT2", "punttu", people)
    assert not rate(engine, "NOT2" if case == "no outcome" else "NOT", outcome)
    assert count(engine, "SELECT count(*) FROM ratings") == 0
    assert count(engine, "SELECT count(*) FROM rated_matches") == 0


def test_hidden_players_are_left_off_the_leaderboard(engine: Engine) -> None:
    people = new_players(engine, 3)
    finished_table(engine, "LB", "punttu", people)
    assert rate(engine, "LB", result([70, 40, 10], [[0], [1], [2]]))
    with engine.begin() as db:
        players.change(db, people[0], hidden=True)
    with engine.connect() as db:
        board = ratings_store.leaderboard(db, "punttu")
        assert [who.id for who, _ in board] == [people[1], people[2]]
        assert ratings_store.leaderboard(db, "putto") == []
        assert [r.game for r in ratings_store.for_player(db, people[0])] == ["punttu"]
        assert db.execute(select(ratings_store.RATED.c.game)).scalar() == "punttu"
