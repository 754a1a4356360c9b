"""A person's wait between their own turns at a 4-seat Pontinho table with bots, at the table's
pacing (``cardtable.server.tables.pace``), over whole deals::

    python benchmarks/pontinho_pace.py --deals 40 --speed normal

Seat 0 is the person (played here by the same level as the bots, its thinking not counted:
it is the person's own time). Every other move costs what it costs the table: the bot's
thinking, measured here, or the pause before it (``pace.pause`` at the server's default
``bot_delay``), whichever is longer, as ``server/tables/scheduling.py`` waits. A person's only
choice is made for them after its pause too. The wait runs from the end of the person's turn to the
start of their next one (a forced draw's pause included); the report gives its distribution,
the claim round's share of the deal's actions, and the shortest pause a visible move gets (what
"every bot move readable" rests on). Measurement only.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from cardtable.bots.base import make_bot
from cardtable.games import game as make_game
from cardtable.server.config import ServerConfig
from cardtable.server.tables import pace

PERSON = 0


def _deal_waits(seed: int, level: str, speed: str, delay: float,
                before: bool = False) -> dict[str, Any]:
    """One deal played out; the person's waits between turns and the deal's action counts."""
    table = make_game("pontinho", players=4)
    state = table.deal(seed=seed, dealer=seed % 4)
    bots = [make_bot(level, table, seat, seed=seed * 10 + seat) for seat in range(4)]
    clock = 0.0
    waits: list[float] = []
    first: float | None = None
    turn_ended: float | None = 0.0  # the deal's start counts as the end of a turn
    shown: int | None = None  # the seat whose move last showed something (Table.shown_seat)
    actions = passes = 0
    visible_pauses: list[float] = []
    while (seat := state.to_move) is not None:
        legal = state.legal_actions()
        phase = str(state.phase)
        starts_turn = seat == PERSON and phase == "draw"
        began = time.perf_counter()
        action = bots[seat].choose(state.view(seat, memory=True), legal)
        thought = time.perf_counter() - began
        text = str(action)
        if seat == PERSON and len(legal) > 1:
            cost = 0.0  # the person's own decision: not waiting
        else:
            wait = pace.pause(text, delay=delay, speed=speed, follows_own=shown == seat)
            cost = max(wait, thought if seat != PERSON else 0.0)
            if before:  # the old pacing: every such move waited the whole delay, then thought
                wait = delay
                cost = delay + (thought if seat != PERSON else 0.0)
            if not pace.quiet(text):
                visible_pauses.append(wait)
        if starts_turn and turn_ended is not None:
            waited = clock - turn_ended + (cost if len(legal) == 1 else 0.0)
            if first is None:
                first = waited
            else:
                waits.append(waited)
            turn_ended = None
        clock += cost
        state.apply(action)
        actions += 1
        passes += text == "pass"
        if not pace.quiet(text):
            shown = seat
        # the person's turn ends when play passes on from it (not from a claim round's answer)
        if seat == PERSON and phase != "claim" and state.to_move != PERSON \
                and str(state.phase) != "claim":
            turn_ended = clock
    return {"waits": waits, "first": first, "actions": actions, "passes": passes,
            "visible_pauses": visible_pauses}


def _quantiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    cuts = statistics.quantiles(ordered, n=10) if len(ordered) > 1 else [ordered[0]] * 9
    return {"n": len(ordered), "min": round(ordered[0], 2), "p10": round(cuts[0], 2),
            "p25": round(statistics.quantiles(ordered, n=4)[0], 2) if len(ordered) > 1 else 0,
            "median": round(statistics.median(ordered), 2),
            "p90": round(cuts[-1], 2), "max": round(ordered[-1], 2),
            "mean": round(statistics.fmean(ordered), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--speed", default=pace.DEFAULT_SPEED, choices=sorted(pace.SPEEDS))
    parser.add_argument("--delay", type=float, default=ServerConfig().bot_delay,
                        help="the server's bot_delay (default: the server's own default)")
    parser.add_argument("--before", action="store_true",
                        help="the pacing before pace.py: every move waited bot_delay, then thought")
    args = parser.parse_args()
    waits: list[float] = []
    firsts: list[float] = []
    actions = passes = 0
    shortest = float("inf")
    for index in range(args.deals):
        deal = _deal_waits(args.seed + index, args.level, args.speed, args.delay, args.before)
        waits += deal["waits"]
        if deal["first"] is not None:
            firsts.append(deal["first"])
        actions += deal["actions"]
        passes += deal["passes"]
        shortest = min([shortest, *deal["visible_pauses"]])
    print(json.dumps({
        "deals": args.deals, "level": args.level, "speed": args.speed, "bot_delay": args.delay,
        "pacing": "before" if args.before else "pace.py",
        "wait_between_own_turns_s": _quantiles(waits),
        "wait_before_first_turn_s": _quantiles(firsts),
        "claim_passes_share": round(passes / max(actions, 1), 3),
        "shortest_visible_pause_s": round(shortest, 2),
    }, indent=2))


if __name__ == "__main__":
    main()
