"""Hints: what the hard bot (ISMCTS) would play from a seat's view, with the alternatives it
weighed — the terminal's ``h`` (``cardtable.cli.session``) for the server. The search runs in
the workers (``bots.tasks.hint_search``, through the fair pool: never on the event loop, nor
in this process), on a smaller budget than the hard bot's, given only the seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardtable.bots import tasks
from cardtable.bots.ismcts import SearchResult
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.server.transport.protocol import PROTOCOL_VERSION

ITERATIONS = 2_000
TOP = 5


def job(game: Game, seat: int, *, seed: int, seconds: float, view: dict[str, Any],
        legal: Sequence[Action]) -> tuple[Callable[..., SearchResult], tuple[Any, ...]]:
    """The hint's search as a task for the workers: the function and its arguments."""
    return tasks.hint_search, (game, seat, seed, ITERATIONS, seconds, view, list(legal))


def hint_message(code: str, version: int, result: SearchResult) -> dict[str, Any]:
    return {
        "type": "hint",
        "v": PROTOCOL_VERSION,
        "table": code,
        "version": version,
        "action": str(result.choice),
        "iterations": result.iterations,
        "alternatives": [
            {"action": str(a.action), "tries": a.visits, "score": round(100 * a.mean)}
            for a in result.alternatives[:TOP]
        ],
    }
