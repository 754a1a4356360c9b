"""What the rules-sheet tests and the browser's print test share: the A4 page size and, per game,
the options that make a rules sheet longest (``VERBOSE``), with ``split`` to pass them to a
table."""

from __future__ import annotations

from typing import Any

A4 = (595.28, 841.89)  # points

#: Per game, the options that make the sheet longest: every house rule at its wordiest.
VERBOSE: dict[str, dict[str, Any]] = {
    "punttu": {"players": 7, "deals": 10, "show_played": True, "trim": "aces"},
    "putto": {
        "players": 6,
        "teams": "pairs",
        "must_capture": True,
        "leftover": "nobody",
        "last_play_sweep": False,
        "target": 500,
    },
    "pontinho": {
        "players": 8,
        "figure_points": "10",
        "bust": 1000,
        "buybacks": 3,
        "deals": 20,
        "rebuild_limit": 2,
    },
}


def split(options: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """Options without ``players``, and the player count."""
    rest = dict(options)
    players = rest.pop("players", None)
    return rest, players
