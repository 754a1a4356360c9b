"""Pontinho's hooks for the hard bot's tree search (``cardtable.bots.ismcts``), one job a module.

- ``masks``: the meld finder of the playouts, on bit masks of a hand (no legal-action lists);
- ``policy``: the rollout policy, the greedy move of a playout, close to ``medium``'s judgement;
- ``playout``: that policy played on from a sampled state, capped, and the capped score;
- ``tree``: which legal actions a search node considers;
- ``root``: moves played at the root without a search (going out, natural melds, clear
  discards).

All of it works on states a bot imagined (``Game.sample_state``), never on the real deal.
"""

from __future__ import annotations

from cardtable.engine.plugin import SearchHooks
from cardtable.games.pontinho.search.playout import playout, side_points
from cardtable.games.pontinho.search.root import endgame
from cardtable.games.pontinho.search.tree import tree_moves

#: Iterations before a settled choice may stop the search (the generic 1,000 would cost about
#: 0.8 s here, where an iteration plays a long deal of melds; ``bots/ismcts.py``).
SETTLE_MIN = 300

#: What the hard bot's search takes from Pontinho (``cardtable.bots.ismcts``).
HOOKS = SearchHooks(
    playout=playout,
    side_points=side_points,
    tree_moves=tree_moves,
    endgame=endgame,
    settle_min=SETTLE_MIN,
)

__all__ = ["HOOKS", "SETTLE_MIN", "endgame", "playout", "side_points", "tree_moves"]
