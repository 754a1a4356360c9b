"""How long a table waits before a move nobody typed: a bot's, an absent person's, a person's
only choice. The wait is there so that people can read the move before it; it is not a bot's
thinking time (the bot decides first, and the wait counts from then, so a slow search is not
paid twice).

Three things shape it, each measured at a 4-seat Pontinho table (``benchmarks/pontinho_pace.py``):

- A move that shows nothing is not waited for (``quiet``): a pass in Pontinho's claim round
  changes nothing on the table, and 40 % of a deal's actions were such passes, each paced like
  a real move. The browser words a claim round's passes as one line of its log.
- A seat's second and later moves of one turn (a bot's discard after its draw) follow a move of
  the same seat, where the eye already is: they get ``FOLLOW_ON`` of the wait.
- The people at the table choose a bot speed (``SPEEDS``); the table plays at the slowest
  chosen by a seated person, so that nobody is left behind.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Each bot speed's share of the server's ``bot_delay``.
SPEEDS: dict[str, float] = {"slow": 1.75, "normal": 1.0, "fast": 0.5}
DEFAULT_SPEED = "normal"
#: The share of the wait a move gets when the same seat moved just before it.
FOLLOW_ON = 0.5
#: The verbs of moves that change nothing anyone sees (every game's ``pass``: Pontinho's claim
#: round is the only place one is played).
QUIET_VERBS = frozenset({"pass"})


def quiet(action: str) -> bool:
    """Whether the move ``action`` (its text) changes nothing on the table."""
    verb, _, _rest = action.strip().partition(" ")
    return verb in QUIET_VERBS


def pause(action: str, *, delay: float, speed: str = DEFAULT_SPEED,
          follows_own: bool = False) -> float:
    """Seconds to wait before ``action`` is played for a seat: ``delay`` (the server's
    ``bot_delay``) at ``speed``, shorter when the same seat moved just before
    (``follows_own``), none for a quiet move."""
    if quiet(action) or delay <= 0:
        return 0.0
    seconds = delay * SPEEDS.get(speed, 1.0)
    return seconds * FOLLOW_ON if follows_own else seconds


def slowest(speeds: Iterable[str | None]) -> str:
    """The slowest of the speeds chosen (``DEFAULT_SPEED`` when nobody chose one)."""
    chosen = [s for s in speeds if s in SPEEDS]
    return max(chosen, key=SPEEDS.__getitem__) if chosen else DEFAULT_SPEED
