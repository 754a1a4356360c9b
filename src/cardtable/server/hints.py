"""Hints: what the hard bot (ISMCTS) would play from a seat's view, with the alternatives it
weighed — the terminal's ``h`` (``cardtable.cli.session``) for the server. The search runs in
the bots' thread pool, never on the event loop, on a smaller budget than the hard bot's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.bots.ismcts import ISMCTSBot, SearchResult
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.server.protocol import PROTOCOL_VERSION

ITERATIONS = 2_000
TOP = 5


def searcher(game: Game, seat: int, *, seed: int, seconds: float) -> ISMCTSBot:
    return ISMCTSBot(game, seat, seed=seed, iterations=ITERATIONS, time_limit=seconds)


def search(bot: ISMCTSBot, view: dict[str, Any], legal: Sequence[Action]) -> SearchResult:
    return bot.search(view, legal)


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
