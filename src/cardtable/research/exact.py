"""Exact answers for the mini variants: exploitability curves, the game value, the bots measured.

``python -m cardtable.research.exact mini_punttu`` (or ``mini_putto``; ``--hand``, ``--ranks``,
``--suits``, ``--iterations``) prints, for OpenSpiel's CFR, CFR+ and external-sampling MCCFR,
the exploitability of the average policy as the iterations go, the game value bracketed by best
responses to the final CFR+ policy, and how far a best response takes each bot.

How: the registered game (``cardtable.research.mini``, the engine's rules through the OpenSpiel
adapter) is walked once, every node visited, and written out as a Gambit extensive-form game
(EFG) with one information set per information-state string of the adapter. OpenSpiel loads it
(``pyspiel.load_efg_game``) and runs its C++ solvers on that tree: the same game, node for node
(the tests compare NashConv on both), at a speed where CFR converges in seconds instead of the
hours that cloning engine states at every node would take.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pyspiel

from cardtable.bots.base import make_bot
from cardtable.i18n import _
from cardtable.research import mini

Policy = dict[str, list[tuple[int, float]]]


@dataclass
class Infoset:
    """One information set of a player: the adapter's string, one state in it (for bots), and
    the name OpenSpiel's EFG game gives it."""

    player: int
    key: str
    state: Any
    actions: list[int]
    number: int = 0
    efg_key: str = ""


@dataclass
class Tree:
    """A mini game written as EFG text, with its information sets."""

    game: pyspiel.Game
    efg: str
    infosets: list[Infoset] = field(default_factory=list)
    nodes: int = 0

    def load(self) -> pyspiel.Game:
        return pyspiel.load_efg_game(self.efg)


def _label(text: str) -> str:
    return '"' + text.replace('"', "'") + '"'


def build_tree(game: pyspiel.Game) -> Tree:
    """Walk every node of ``game`` and write it as EFG text (player nodes numbered by
    information set, chance probabilities as exact fractions, terminals with the returns)."""
    numbers: dict[str, Infoset] = {}
    lines: list[str] = []
    tree = Tree(game=game, efg="")
    outcomes = [0]
    chance_sets = [0]
    counts = [0, 0]

    def walk(state: Any) -> None:
        tree.nodes += 1
        if state.is_terminal():
            outcomes[0] += 1
            returns = " ".join(repr(float(r)) for r in state.returns())
            lines.append(f't "" {outcomes[0]} "" {{ {returns} }}')
            return
        if state.is_chance_node():
            chance_sets[0] += 1
            dist = state.chance_outcomes()
            parts = " ".join(
                f"{_label(state.action_to_string(a))} {Fraction(p).limit_denominator(10**6)}"
                for a, p in dist
            )
            lines.append(f'c "" {chance_sets[0]} "" {{ {parts} }} 0')
            for action, _p in dist:
                walk(state.child(action))
            return
        player = state.current_player()
        key = state.information_state_string(player)
        actions = state.legal_actions()
        info = numbers.get(key)
        if info is None:
            counts[player] += 1
            info = numbers[key] = Infoset(player, key, state.clone(), actions, counts[player])
            info.efg_key = f"{player}-{player}-{info.number}-{info.number}"
            tree.infosets.append(info)
        # Labelled by position: OpenSpiel numbers EFG actions by label, in order of first
        # appearance, so position labels make EFG action k the k-th legal step everywhere.
        labels = " ".join(f'"a{k}"' for k in range(len(actions)))
        lines.append(f'p "" {player + 1} {info.number} "{info.number}" {{ {labels} }} 0')
        for action in actions:
            walk(state.child(action))

    walk(game.new_initial_state())
    name = game.get_type().short_name
    tree.efg = f'EFG 2 R "{name}" {{ "seat 0" "seat 1" }}\n""\n' + "\n".join(lines) + "\n"
    return tree


def efg_policy(tree: Tree, choose: Callable[[Infoset], dict[int, float]]) -> Policy:
    """A tabular policy of the EFG game from a choice per information set of the mini game
    (EFG action k is the k-th legal step of the information set)."""
    policy: Policy = {}
    for info in tree.infosets:
        probs = choose(info)
        policy[info.efg_key] = [(k, float(probs.get(a, 0.0))) for k, a in enumerate(info.actions)]
    return policy


@dataclass
class Curve:
    algorithm: str
    points: list[tuple[int, float, float]]  # iterations, exploitability, seconds

    def final(self) -> float:
        return self.points[-1][1]


def exploitability(efg: pyspiel.Game, policy: Any, *, by_state: bool = False) -> float:
    """OpenSpiel's exploitability of a two-player zero-sum game: NashConv / 2 (``by_state``:
    the policy is asked by state, as MCCFR's average policy must be)."""
    return float(pyspiel.nash_conv(efg, policy, by_state)) / 2


def checkpoints(iterations: int) -> list[int]:
    marks = {1, iterations}
    k = 1
    while k < iterations:
        marks.add(k)
        k *= 2
    return sorted(marks)


def run_solver(
    name: str, solver: Any, efg: pyspiel.Game, iterations: int, *, sampled: bool = False
) -> tuple[Curve, Any]:
    """Run ``iterations`` of ``solver``, measuring the exploitability of its average policy at
    1, 2, 4, … iterations (the seconds are the solver's CPU time, not the measuring)."""
    marks = set(checkpoints(iterations))
    points = []
    spent = 0.0
    for i in range(1, iterations + 1):
        start = time.process_time()
        if sampled:
            solver.run_iteration()
        else:
            solver.evaluate_and_update_policy()
        spent += time.process_time() - start
        if i in marks:
            points.append(
                (i, exploitability(efg, solver.average_policy(), by_state=sampled), spent)
            )
    return Curve(name, points), solver.average_policy()


def value_bounds(efg: pyspiel.Game, policy: Any) -> tuple[float, float, float]:
    """Seat 0's value under ``policy`` and the game value's bracket from best responses: seat 0's
    strategy guarantees at least ``low`` against anything, seat 1's concedes at most ``high``."""
    root = efg.new_initial_state()
    value = pyspiel.expected_returns(root, policy, -1, True)[0]
    low = -pyspiel.TabularBestResponse(efg, 1, policy).value(root.history_str())
    high = pyspiel.TabularBestResponse(efg, 0, policy).value(root.history_str())
    return float(value), float(low), float(high)


def bot_choice(tree: Tree, level: str) -> Callable[[Infoset], dict[int, float]]:
    """A bot as a policy over the mini game's information sets: ``random`` uniform, any other
    level the step its move becomes, from its own view (seeded: one move per information set)."""
    spec = tree.game.spec
    bots = {seat: make_bot(level, spec.table, seat, seed=0) for seat in (0, 1)}

    def choose(info: Infoset) -> dict[int, float]:
        if level == "random":
            return {a: 1 / len(info.actions) for a in info.actions}
        episode = info.state.episode
        seat = info.player
        view = spec.bot_view(episode.view(seat))
        action = bots[seat].choose(view, episode.state.legal_actions())
        step = spec.encoding.steps_of(episode.state, str(action))[0]
        return {step: 1.0}

    return choose


def bot_exploitability(tree: Tree, level: str) -> tuple[float, float, float]:
    """The bot in both seats: its exploitability, and what a best response wins against it in
    seat 0 and in seat 1 (the responder's expected return)."""
    efg = tree.load()
    table = efg_policy(tree, bot_choice(tree, level))
    policy = pyspiel.TabularPolicy(table)
    root = efg.new_initial_state()
    against_0 = pyspiel.TabularBestResponse(efg, 1, policy).value(root.history_str())
    against_1 = pyspiel.TabularBestResponse(efg, 0, policy).value(root.history_str())
    return exploitability(efg, policy), float(against_0), float(against_1)


def report(
    variant: str,
    params: dict[str, Any],
    iterations: int,
    sampled_iterations: int,
    bots: Sequence[str],
    out: Any,
) -> None:
    name = variant.removeprefix("mini_")
    game = mini.load(name, **params)
    start = time.process_time()
    tree = build_tree(game)
    efg = tree.load()
    counts = [sum(1 for i in tree.infosets if i.player == p) for p in (0, 1)]
    print(
        _(
            "{game} {params}: {nodes} nodes, {sets0} + {sets1} information sets ({seconds:.1f} s)"
        ).format(
            game=game.get_type().short_name,
            params=game.get_parameters(),
            nodes=tree.nodes,
            sets0=counts[0],
            sets1=counts[1],
            seconds=time.process_time() - start,
        ),
        file=out,
    )
    solvers = [
        ("CFR", pyspiel.CFRSolver(efg), iterations, False),
        ("CFR+", pyspiel.CFRPlusSolver(efg), iterations, False),
        ("ES-MCCFR", pyspiel.ExternalSamplingMCCFRSolver(efg, seed=0), sampled_iterations, True),
    ]
    final = None
    for label, solver, count, sampled in solvers:
        if count < 1:  # left out (0 iterations): the report can be made in parts
            continue
        curve, average = run_solver(label, solver, efg, count, sampled=sampled)
        print(
            _("{algorithm}: iterations, exploitability, CPU seconds").format(algorithm=label),
            file=out,
        )
        for i, expl, seconds in curve.points:
            print(f"  {i:>6} {expl:.6f} {seconds:.2f}", file=out)
        if label == "CFR+":
            final = average
    if final is not None:
        value, low, high = value_bounds(efg, final)
        print(
            _(
                "game value (seat 0's expected return): {value:.6f}, in [{low:.6f}, {high:.6f}]"
            ).format(value=value, low=low, high=high),
            file=out,
        )
    for level in bots:
        expl, vs0, vs1 = bot_exploitability(tree, level)
        print(
            _(
                "bot {level}: exploitability {expl:.4f}; a best response wins {vs0:.4f} against "
                "it in seat 0, {vs1:.4f} in seat 1"
            ).format(level=level, expl=expl, vs0=vs0, vs1=vs1),
            file=out,
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardtable.research.exact", description=__doc__)
    parser.add_argument("variant", choices=["mini_punttu", "mini_putto"])
    parser.add_argument("--hand", type=int)
    parser.add_argument("--ranks", type=int)
    parser.add_argument("--suits", type=int)
    parser.add_argument(
        "--iterations", type=int, default=256, help="CFR and CFR+ (0: left out, with the value)"
    )
    parser.add_argument(
        "--sampled-iterations", type=int, default=8192, help="external-sampling MCCFR (0: left out)"
    )
    parser.add_argument("--bots", default="random,easy,medium", help="comma-separated levels")
    args = parser.parse_args(argv)
    params = {k: getattr(args, k) for k in ("hand", "ranks", "suits") if getattr(args, k)}
    bots = [b for b in args.bots.split(",") if b]
    report(args.variant, params, args.iterations, args.sampled_iterations, bots, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
