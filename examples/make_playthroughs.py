"""Write the OpenSpiel playthroughs of the cardtable games (tests/research/playthroughs/).

A playthrough is OpenSpiel's own record of one random game (``generate_playthrough``): every
state's observation and information-state strings and tensors for every seat (default, perfect
recall, public and private observations), legal actions, chance outcomes and returns.
``tests/research/test_playthroughs.py`` replays each file and compares, as OpenSpiel's
``playthrough_test`` does, so any change to what a game shows is seen. After a deliberate
change, run ``python examples/make_playthroughs.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from open_spiel.python.algorithms import generate_playthrough

import cardtable.research.mini  # noqa: F401  (registers the mini games)
import cardtable.research.openspiel  # noqa: F401  (registers the games)

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "research" / "playthroughs"

#: One table per game; Pontinho is capped at 20 steps to keep its file small (its deal alone
#: is 108 chance nodes).
GAMES = {
    "cardtable_punttu.txt": "cardtable_punttu(players=2)",
    "cardtable_putto.txt": "cardtable_putto(players=2)",
    "cardtable_pontinho.txt": "cardtable_pontinho(players=2,max_steps=20)",
    "cardtable_mini_punttu.txt": "cardtable_mini_punttu()",
    "cardtable_mini_putto.txt": "cardtable_mini_putto()",
}


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for filename, game in GAMES.items():
        text = generate_playthrough.playthrough(game, None, seed=7)
        (FOLDER / filename).write_text(text, encoding="utf-8")
        print(f"{FOLDER / filename}: {len(text.splitlines())} lines")


if __name__ == "__main__":
    main()
