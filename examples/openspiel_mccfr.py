"""Run one of OpenSpiel's own algorithms on a cardtable game: outcome-sampling MCCFR on
2-player Punttu, then its average policy against a uniformly random player.

    .venv/bin/python examples/openspiel_mccfr.py --iterations 2000 --deals 500

Punttu's information sets are far too many for tabular CFR to cover in a short run, so expect a
policy that is uniform wherever it has not been: the point is that OpenSpiel's algorithms run
on the registered games unchanged (chance nodes, information-state strings, returns).
"""

from __future__ import annotations

import argparse
import random

import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr

import cardtable.research.openspiel  # noqa: F401  (registers the cardtable_* games)


def play(game: pyspiel.Game, policy: object, seat: int, rng: random.Random) -> float:
    """One deal: ``policy`` for ``seat``, uniform random for the other; ``seat``'s return."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        elif state.current_player() == seat:
            probs = policy.action_probabilities(state)  # type: ignore[attr-defined]
            actions, weights = zip(*probs.items(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return float(state.returns()[seat])


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cardtable_punttu")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = pyspiel.load_game(args.game, {"players": args.players})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(args.iterations):
        solver.iteration()
    policy = solver.average_policy()
    rng = random.Random(args.seed)
    returns = [play(game, policy, deal % 2, rng) for deal in range(args.deals)]
    result = {
        "iterations": float(args.iterations),
        "infostates": float(len(solver._infostates)),  # noqa: SLF001 (what the run learned)
        "mean_return": sum(returns) / len(returns),
    }
    print(
        f"{args.game}: {args.iterations} MCCFR iterations, {int(result['infostates'])} "
        f"information states; mean return against random over {args.deals} deals: "
        f"{result['mean_return']:+.2f}"
    )
    return result


if __name__ == "__main__":
    main()
