"""The game clock: each person's time bank, computed from the stored times of a table's steps.

A table is made with a named profile (``PROFILES``, docs/clock.md): each seat starts with the
profile's ``bank`` of seconds; each accepted move costs the seat the time between the step
before it (its turn's start) and the move's acceptance, and then adds the profile's
``increment``, never beyond the initial bank (Board Game Arena's rule). A seat whose bank
runs out has its move made by the table's stand-in (the turn timer's, ``Scheduler.schedule``).

Nothing here runs a timer or reads a clock: every function is given the times, which are the
server's times stored with each step (``"at"`` in the event's data), so the same arithmetic
gives the same banks whether a table was played through or rebuilt from storage after a
reload, a restart or a move to another process. Bots never use a clock (``charged``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

HOUR = 3600.0
DAY = 24 * HOUR


@dataclass(frozen=True, kw_only=True)
class Profile:
    """A named clock: ``bank`` seconds per seat at the start, ``increment`` seconds added
    after each of the seat's moves (capped at ``bank``); ``turn_based``: played over days by
    people who come and go (docs/clock.md)."""

    name: str
    bank: float
    increment: float
    turn_based: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "bank": self.bank, "increment": self.increment,
                "turn_based": self.turn_based}


#: The profiles a table may be made with, fastest first ("none": no clock).
PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile(name="fast", bank=3 * 60, increment=5),
        Profile(name="normal", bank=10 * 60, increment=15),
        Profile(name="slow", bank=30 * 60, increment=30),
        Profile(name="day", bank=2 * DAY, increment=DAY, turn_based=True),
        Profile(name="days3", bank=6 * DAY, increment=3 * DAY, turn_based=True),
    )
}
NO_CLOCK = "none"
#: The names a table's ``clock`` may have, as the lobby lists them.
CHOICES = (NO_CLOCK, *PROFILES)
#: How many moves in a row the clock may make for a person before the other people may give
#: their seat to a bot for the rest of the match (docs/clock.md).
STRIKES = 3
#: Who a clock is kept for: moves made ``by`` a person or for them (stand-ins); a bot's seat and
#: a person's only choice made by the server (``auto``) cost nothing.
CHARGED_BY = frozenset({"person", "timer", "away"})


def profile(name: str | None) -> Profile | None:
    """The profile called ``name``; ``None`` for no clock (``None`` or ``"none"``)."""
    if name is None or name == NO_CLOCK:
        return None
    return PROFILES[name]


def spend(left: float, cost: float, *, increment: float, cap: float) -> float:
    """A seat's bank after a move that took ``cost`` seconds: never negative (a move made by
    the clock after the bank ran out costs what was left), then the increment, never beyond
    ``cap`` (the initial bank). A clock that went backwards costs nothing."""
    return min(cap, max(0.0, left - max(0.0, cost)) + increment)


@dataclass
class GameClock:
    """Every seat's bank at a table, and since when the seat on turn has been thinking: the
    time of the table's last stored step (``since``), or ``None`` before its first."""

    profile: Profile
    left: list[float]
    since: float | None = None
    #: Per seat: how many of its last moves in a row the clock made (``by="timer"``).
    strikes: list[int] = field(default_factory=list)

    @classmethod
    def new(cls, profile: Profile, seats: int) -> GameClock:
        return cls(profile, [float(profile.bank)] * seats, strikes=[0] * seats)

    def step(self, at: float | None, seat: int | None = None, by: str | None = None) -> None:
        """A step stored at ``at`` (the server's time): a move of ``seat`` made ``by`` someone
        (its bank pays for the time since the previous step when ``by`` is in
        ``CHARGED_BY``), a deal, the start. Every step starts the next turn's time at ``at``;
        a step without a time (stored before the table had a clock) changes nothing."""
        if at is None:
            return
        if seat is not None and by in CHARGED_BY:
            if self.since is not None:
                self.left[seat] = spend(self.left[seat], at - self.since,
                                        increment=self.profile.increment, cap=self.profile.bank)
            self.strikes[seat] = self.strikes[seat] + 1 if by == "timer" else 0
        self.since = at

    def struck_out(self, seat: int) -> bool:
        """Whether the clock made the seat's last ``STRIKES`` moves in a row: the other people
        may give the seat to a bot for the rest of the match."""
        return self.strikes[seat] >= STRIKES

    def remaining(self, seat: int, now: float, *, on_turn: bool) -> float:
        """What ``seat`` has left at ``now``: its bank, less the time since its turn began
        when it is the seat on turn (``on_turn``); never negative."""
        left = self.left[seat]
        if on_turn and self.since is not None:
            left -= max(0.0, now - self.since)
        return max(0.0, left)

    def lefts(self, mover: int | None, now: float) -> list[float]:
        """Every seat's seconds left at ``now`` (to the millisecond), ``mover`` counting down."""
        return [round(self.remaining(i, now, on_turn=i == mover), 3)
                for i in range(len(self.left))]

    def view(self, mover: int | None, now: float) -> dict[str, object]:
        """What every viewer is sent (``state``'s ``clock``): the profile, each seat's seconds
        left at ``now``, and since when the seat on turn has been counting down."""
        return {
            "profile": self.profile.name,
            "bank": self.profile.bank,
            "increment": self.profile.increment,
            "left": self.lefts(mover, now),
            "since": self.since,
            "now": now,
        }


def replayed(profile: Profile, seats: int,
             steps: Sequence[tuple[float | None, int | None, str | None]]) -> GameClock:
    """The clock after ``steps`` (each ``(at, seat, by)`` as ``GameClock.step`` takes them)
    from a fresh start: what a table rebuilt from storage computes."""
    clock = GameClock.new(profile, seats)
    for at, seat, by in steps:
        clock.step(at, seat, by)
    return clock
