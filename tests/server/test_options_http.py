"""Every option of every game, at its edge values, over HTTP: a table or a clean refusal.

Putto's ``target`` answered 500 on ``/api/tables`` and ``/api/play`` for every value the lobby
offers (PT-21: the server stored every option's value, ``deals`` included, and the engine then
refused its own table). So each option's edges — minimum and maximum, each choice, true and false
— are sent to both endpoints, at the first player count the engine accepts that value for: the
answer must be 201 with the option as sent, and the table must be fetched back; a value the
engine refuses at every count must be a clean 422 ``table/bad_config``, never a 500.

The 228 cases share one server per database (the module's ``edge_server``): each case makes its
own tables and reads back only those, and the test settings lift every per-address cap
(``tests/helpers/server.py``'s ``ROOMY``), so nothing one case makes can change another's answer;
a server of its own for each case cost about 50 seconds of the suite for nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.helpers.server import RunningServer, make_config

import cardtable
from cardtable.engine.options import Option
from cardtable.errors import CardtableError
from cardtable.games import game_class


def edges(option: Option) -> list[bool | int | str]:
    """The values at the edges of what ``option`` accepts."""
    if option.kind is bool:
        return [True, False]
    if option.kind is int:
        return [v for v in (option.minimum, option.maximum, option.default) if v is not None]
    return list(option.choices)


CASES = [
    (game, option.name, value)
    for game in cardtable.available()
    for option in game_class(game).option_specs
    for value in edges(option)
]


def players_for(game: str, options: dict[str, Any]) -> int | None:
    """The first player count at which the engine makes this table; ``None``: none does."""
    cls = game_class(game)
    for players in range(cls.min_players, cls.max_players + 1):
        try:
            cardtable.game(game, players, **options)
        except CardtableError:
            continue
        return players
    return None


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def edge_server(request: pytest.FixtureRequest,
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """One server on each database for the whole module (``database`` in conftest.py, made
    once)."""
    folder = tmp_path_factory.mktemp("edges")
    url = request.getfixturevalue("pg_cluster").new_database() if request.param != "sqlite" else ""
    server = RunningServer(make_config(folder, **({"db": url} if url else {})))
    yield server
    server.stop()


@pytest.mark.parametrize(("game", "name", "value"), CASES,
                         ids=[f"{g}-{n}-{v}" for g, n, v in CASES])
def test_every_option_edge_makes_a_table_or_a_clean_refusal(
    edge_server: RunningServer, game: str, name: str, value: bool | int | str
) -> None:
    options = {name: value}
    players = players_for(game, options)
    bodies = {
        "/api/tables": {"game": game, "options": options, "players": players},
        "/api/play": {"game": game, "options": options, "players": players, "level": "random"},
    }
    with edge_server.http() as http:
        for path, body in bodies.items():
            response = http.post(path, json=body)
            if players is None:
                assert response.status_code == 422, (path, response.text)
                assert response.json()["error"]["code"] == "table/bad_config"
                continue
            assert response.status_code == 201, (path, response.text)
            made = response.json()
            table = made if path == "/api/tables" else made["table"]
            assert table["options"][name] == value and table["players"] == players
            fetched = http.get(f"/api/tables/{table['code']}")
            assert fetched.status_code == 200, fetched.text
            assert fetched.json()["options"] == table["options"]
