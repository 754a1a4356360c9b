"""Is ``hard`` better than ``medium`` where they disagree, and does gating help? (issue 19, §2)

Not a test: a measurement run by hand, reported in docs/coach.md.

    nice -n 10 .venv/bin/python benchmarks/gate.py --game punttu --players 2 --deals 20 --seed 1

Positions come from deals played by ``medium`` on every seat. At each decision with a choice,
``hard`` (its default budget) searches the seat's view twice from the same seed: ungated
(``deviation_z`` 0: the search's choice) and gated (``--z``, 1.5 by default: medium's move unless
the search's choice is better by that many standard errors). Where a choice differs from
medium's, both moves are valued **from the true state**, for measurement only: the move played
and the deal finished by ``medium`` at every seat (deterministic for Punttu and Putto, so one
playout is exact; Pontinho's medium is too). The gain is the seat's side's points with hard's
move minus with medium's (Pontinho: penalty points, sign turned, so a gain is always good). The
report gives, per variant, the disagreements, their mean gain with a 95% interval, and the gain
per deal (the sum over the deal's decisions, averaged over deals: what that variant adds to
medium's play at a seat per deal, all else played by medium).
"""

from __future__ import annotations

import argparse
import json
import math
import time

import cardtable
from cardtable.bots import make_bot, play_out
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.engine.game import Game, State

Z95 = 1.959963984540054


def _value(table: Game, state: State, action: object, seat: int) -> float:
    """The seat's side's points after ``action`` with medium finishing the deal everywhere."""
    after = state.clone()
    after.apply(action)  # type: ignore[arg-type]
    bots = [make_bot("medium", table, s, seed=s) for s in range(table.players)]
    play_out(after, bots, max_actions=table.playout_cap_actions)
    outcome = after.outcome
    if outcome is None:
        return 0.0
    points = float(outcome.points[table.side_of(seat)])
    return -points if table.lowest_wins else points


def _interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return (mean, mean - Z95 * sd / math.sqrt(n), mean + Z95 * sd / math.sqrt(n))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="punttu")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--z", type=float, default=1.5)
    parser.add_argument("--every", type=int, default=1, help="search every k-th decision only")
    args = parser.parse_args()
    table = cardtable.game(args.game, args.players)
    start = time.perf_counter()
    gains: dict[str, list[float]] = {"ungated": [], "gated": []}
    per_deal: dict[str, list[float]] = {"ungated": [], "gated": []}
    positions = 0
    for number in range(args.deals):
        fresh = table.deal(seed=args.seed * 100_003 + number)
        medium = [make_bot("medium", table, s, seed=s) for s in range(table.players)]
        record = play_out(fresh.clone(), medium, max_actions=table.playout_cap_actions).to_record()
        state = fresh.clone()
        deal_gain = {"ungated": 0.0, "gated": 0.0}
        for index, text in enumerate(record["actions"]):
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) > 1 and index % args.every == 0:
                view = state.view(seat, memory=True)
                anchor = make_bot("medium", table, seat, seed=seat).choose(view, legal)
                seed = hash((args.seed, number, index)) & 0xFFFFFFFF
                choices = {}
                for name, z in (("ungated", 0.0), ("gated", args.z)):
                    bot = ISMCTSBot(table, seat, seed=seed)
                    bot.deviation_z = z
                    choices[name] = bot.choose(view, legal)
                positions += 1
                base = None
                for name, choice in choices.items():
                    if str(choice) == str(anchor):
                        continue
                    if base is None:
                        base = _value(table, state, anchor, seat)
                    gain = _value(table, state, choice, seat) - base
                    gains[name].append(gain)
                    deal_gain[name] += gain
            state.apply(text)
        for name in per_deal:
            per_deal[name].append(deal_gain[name])
    report: dict[str, object] = {
        "game": args.game,
        "players": args.players,
        "deals": args.deals,
        "seed": args.seed,
        "z": args.z,
        "positions": positions,
        "budget": "default (10,000 iterations / 1 s, settle)",
    }
    for name in gains:
        mean, low, high = _interval(gains[name])
        deal_mean, deal_low, deal_high = _interval(per_deal[name])
        report[name] = {
            "disagreements": len(gains[name]),
            "better": sum(1 for g in gains[name] if g > 0),
            "worse": sum(1 for g in gains[name] if g < 0),
            "gain_per_disagreement": [round(mean, 2), round(low, 2), round(high, 2)],
            "gain_per_deal": [round(deal_mean, 2), round(deal_low, 2), round(deal_high, 2)],
        }
    report["wall_s"] = round(time.perf_counter() - start, 1)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
