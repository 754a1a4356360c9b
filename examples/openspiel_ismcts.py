"""OpenSpiel's own ISMCTS against a cardtable bot, on any of the three games, with no resampler
written here: ``ISMCTSBot`` calls the state's ``resample_from_infostate``, which deals the
cards the searcher cannot see anew with the engine's samplers (those the bots search with).

    .venv/bin/python examples/openspiel_ismcts.py --game punttu --simulations 100 --deals 40

The cardtable bot gets its own view with memory, never the state, and its action is entered as
the steps of the encoding. Seats alternate between deals. Use the Python ``ISMCTSBot``: the C++
``pyspiel.ISMCTSBot`` and ``pyspiel.MCTSBot`` crash on Python games (docs/research.md).
"""

from __future__ import annotations

import argparse
import math
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import cardtable.research.openspiel  # noqa: F401  (registers the cardtable_* games)
from cardtable.bots.base import make_bot


def play(
    game: pyspiel.Game, searcher: ismcts.ISMCTSBot, opponent: str, seat: int, rng: random.Random
) -> float:
    """One deal: ISMCTS for ``seat``, the cardtable bot ``opponent`` for every other seat."""
    spec = game.spec
    bots = {
        s: make_bot(opponent, spec.table, s, seed=rng.getrandbits(63))
        for s in range(spec.table.players)
        if s != seat
    }
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        elif state.current_player() == seat:
            state.apply_action(int(searcher.step(state)))
        else:
            episode = state.episode
            mover = episode.to_move
            action = bots[mover].choose(episode.view(mover), episode.state.legal_actions())
            for step in spec.encoding.steps_of(episode.state, action):
                state.apply_action(step)
    return float(state.returns()[seat])


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="punttu", choices=("punttu", "putto", "pontinho"))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=1)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--max-steps", type=int, default=None, help="cap a deal (Pontinho)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    params: dict[str, int] = {"players": args.players}
    if args.max_steps is not None:
        params["max_steps"] = args.max_steps
    game = pyspiel.load_game(f"cardtable_{args.game}", params)
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(args.rollouts, np.random.RandomState(args.seed)),
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=np.random.RandomState(args.seed + 1),
    )
    rng = random.Random(args.seed)
    returns = [
        play(game, searcher, args.opponent, deal % args.players, rng) for deal in range(args.deals)
    ]
    mean = sum(returns) / len(returns)
    spread = math.sqrt(sum((r - mean) ** 2 for r in returns) / max(len(returns) - 1, 1))
    wins = sum(r > 0 for r in returns) / len(returns)
    result = {"deals": float(len(returns)), "mean_return": mean, "wins": wins, "sd": spread}
    print(
        f"{args.game}, {args.players} players: ISMCTS ({args.simulations} simulations) against "
        f"{args.opponent} over {args.deals} deals: mean return {mean:+.2f} "
        f"(sd {spread:.2f}), above the table's mean in {wins:.0%} of deals"
    )
    return result


if __name__ == "__main__":
    main()
