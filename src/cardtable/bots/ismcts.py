"""ISMCTS: Information Set Monte Carlo Tree Search, written once for every game.

Single-observer ISMCTS with availability counts (SO-ISMCTS; Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012). The bot never sees the deal: it
gets its seat's view with memory, as every bot does, and each iteration

1. **samples** a determinization from that view alone: ``game.sample_state(view, rng)`` (through
   the game's ``sampler(view)`` when it has one, which reads the view once and then only deals
   the unseen cards anew) — the other hands and the stock dealt at random from the cards this
   seat has not seen;
2. **selects** down the one tree of action sequences by UCB1, among the actions legal in this
   determinization only, with *availability* counts: a child's exploration term uses how often
   it was available, not how often its parent was visited (opponents' cards differ from one
   determinization to the next); with a game's prior (below), plus a *progressive bias*
   ``prior_weight`` × prior / (visits + 1) (Chaslot et al., "Progressive Strategies for
   Monte-Carlo Tree Search", 2008), which starts a little-visited move from the game's own
   judgement and fades as the visits come in;
3. **expands** one untried legal action: at random, or, where the game has a **prior** (its
   search hooks' ``prior(state, ids)``: the medium bot's judgement of each move for the seat
   to move, read off the sampled state, 1 for medium's own move and less for worse ones), the
   one it judges best, in nodes less than ``prior_depth`` moves below the root (the prior costs
   about as much as a playout); the child keeps that judgement. A search of one iteration so
   plays medium's move. Actions the game declares alike in every way (its
   search hooks' ``action_key``: in Punttu, cards of one trick rank, as suits never matter
   and points follow the rank) share one edge, so the tree's statistics are not spread thin
   over the many cards an opponent might hold;
   a game whose actions are too many and too alike (Pontinho's meld combinations) may also
   narrow the actions every node considers (its search hooks' ``tree_moves(state, ids)``);
4. **rolls out** to the end of the deal with the game's fast rollout policy
   (``cardtable.games.<game>.search``: mostly greedy, partly uniformly random moves), or uniformly
   at random for a game without one;
5. **backpropagates** the deal's result from each mover's side: every node is credited with the
   reward of the side whose seat made its action (partners share a side).

Reward of a side, in [0, 1]: ``win_weight`` × its share of the win (1 for the sole winner, 1/k
for k winning sides, 0 otherwise) + (1 − ``win_weight``) × its share of all sides' points (its
points over the sum, Punttu's card points or Putto's deal points). By default mostly the win,
which is what is measured, with the points to tell a safe win from a narrow one and a close loss
from a rout; a game's search hooks may set their own ``win_weight`` (Punttu leans on the points,
which measured better). For a game where the lowest total wins, the points share is 1 − share.

A position the game solves exactly from the view alone (its search hooks'
``endgame(game, view, legal)``: Punttu at two players once the stock is empty) is played without
a search, and so is a position a game looks through to its end by other means (Putto once the
stock is empty: the best reply to medium players over sampled splits of the unseen cards).

The move is the root child visited most (ties: the higher mean reward), unless a
``deviation_z`` above 0 asks the search to **justify leaving medium's move** (the game's
heuristic bot asked the same view): the search's choice is played only if its mean reward beats
that of medium's move by ``deviation_z`` standard errors of the difference (from each child's
rewards: visits, sum and sum of squares), else medium's move is. Putto sets 1.5 (its search
module's ``DEVIATION_Z``: at 1,000 iterations most of the search's disagreements with medium were
noise, and keeping medium's move there closed most of the points gap); Punttu sets 1.5 too (ungated,
its ``hard`` rated below ``medium`` on the two-player ladder; gated, level with it); Pontinho
keeps 0. Budgets: at most
``iterations`` iterations (default 10,000) and at most ``time_limit`` seconds (default 1;
``None`` for no time limit). A forced move (one legal action) is instant. For a given seed and an
iteration budget with no time limit the choices are reproducible; a time budget is not, as the
number of iterations then depends on the machine's speed. The search stops early

- when no other root action can overtake the most visited one within the iterations left: the
  iteration budget, or fewer when the time limit will cut the search first (at the speed so far);
- when the choice has **settled** (``settle=True``, the default): after at least
  ``SETTLE_MIN`` iterations (or the game's own ``settle_min``), the most visited root
  action has stayed the most visited for the latter half of the search. Most decisions have
  one clearly best move, found within a thousand iterations or so; spending the rest of the
  second on it changes nothing, while a close call, where the lead keeps changing hands, still
  gets the whole budget. Both checks look at iteration counts only, so an iteration budget with
  no time limit stays reproducible.

``explain`` / ``search`` return the root's alternatives (action, visits, mean reward): the
visits of the root's children add up to the iterations run.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from cardtable.engine.action import Action
from cardtable.engine.bot import Bot
from cardtable.engine.game import Game
from cardtable.engine.plugin import (
    Endgame,
    GameDescriptor,
    Playout,
    Prior,
    SearchHooks,
    SidePoints,
    TreeMoves,
)
from cardtable.errors import CardtableError
from cardtable.i18n import _

if TYPE_CHECKING:  # for types only: the search gets sampled states, never the real deal
    from cardtable.engine.game import State

#: The paper's standard budget, and a second of thinking at most.
DEFAULT_ITERATIONS = 10_000
DEFAULT_TIME_LIMIT: float | None = 1.0
#: UCB1 exploration constant for rewards in [0, 1] (Cowling et al. use 0.7).
DEFAULT_EXPLORATION = 0.7
DEFAULT_WIN_WEIGHT = 0.7
#: Iterations before a settled choice may stop the search, and how often the root is checked.
SETTLE_MIN = 1_000
CHECK_EVERY = 16
#: Weight of the game's prior (progressive bias) in the selection score, and the tree depth (0:
#: the root's moves) below which expansions ask for it: it costs about a playout, and the moves
#: near the root matter most. The prior makes a short search as good as medium, not a long one
#: better (the measurements: docs/levels.md, "Why the constants are what they are").
DEFAULT_PRIOR_WEIGHT = 5.0
DEFAULT_PRIOR_DEPTH = 2
#: How many standard errors better than the medium bot's move the search's choice must be for
#: the bot to deviate from it (0: always the search's choice).
DEFAULT_DEVIATION_Z = 0.0


@dataclass(frozen=True, slots=True)
class Alternative:
    """One move the search considered at the root: how often it was tried and how it fared
    (mean reward for the bot's side, 0 to 1)."""

    action: Action
    visits: int
    mean: float


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What one search chose and why: every root alternative, most visited first."""

    choice: Action
    alternatives: tuple[Alternative, ...]
    iterations: int
    seconds: float


class _Node:
    __slots__ = ("parent", "action", "side", "children", "visits", "total", "avail", "prior", "sq")

    def __init__(self, parent: _Node | None, action: int, side: int, prior: float = 0.0) -> None:
        self.parent = parent
        self.action = action
        self.side = side  # the side of the seat that made ``action``
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.prior = prior  # the game's judgement of ``action`` when it was expanded, 0 to 1
        self.sq = 0.0  # sum of squared rewards, kept for the root's children only


def _random_playout(state: State, rng: random.Random) -> None:
    pick = rng.random
    while ids := state.legal_action_ids():
        state.apply_unchecked(ids[int(pick() * len(ids))])


def _outcome_points(state: State) -> Sequence[int]:
    outcome = state.outcome
    assert outcome is not None
    return outcome.points


_T = TypeVar("_T")


def _or(value: _T | None, default: _T) -> _T:
    """A hook's number, or the search's default where the game leaves it ``None``."""
    return default if value is None else value


def _game_descriptor(game: Game) -> GameDescriptor:
    from cardtable.games import descriptor

    return descriptor(game.name)


def search_hooks(game: Game) -> SearchHooks:
    """The game's search hooks (its descriptor's ``search``: ``cardtable.games.<game>.search``,
    typed by ``engine.plugin.SearchHooks``, which says what each one does)."""
    return _game_descriptor(game).search


def can_search(game: Game | type[Game]) -> bool:
    """Whether ``game`` has a sampler (``Game.sample_state``), which the search needs."""
    cls = game if isinstance(game, type) else type(game)
    return cls.sample_state is not Game.sample_state


class ISMCTSBot(Bot):
    """``hard``: SO-ISMCTS from the seat's view (see the module's documentation).

    ``iterations`` and ``time_limit`` bound each decision; ``exploration`` is UCB1's constant;
    ``win_weight`` mixes winning and points in the reward (``None``: the game's
    ``WIN_WEIGHT``, else ``DEFAULT_WIN_WEIGHT``); ``epsilon`` is the rollouts' share of
    random moves (``None``: the game's default); ``settle`` stops a search whose choice has
    settled (see the module's documentation).
    """

    name: ClassVar[str] = "hard"

    def __init__(
        self,
        game: Game,
        seat: int,
        *,
        seed: int | None = None,
        iterations: int = DEFAULT_ITERATIONS,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        exploration: float = DEFAULT_EXPLORATION,
        win_weight: float | None = None,
        settle: bool = True,
    ) -> None:
        super().__init__(game, seat, seed=seed)
        if not can_search(game):
            raise CardtableError(
                _("the hard bot cannot play {game} yet: it has no sampler").format(game=game.name)
            )
        if iterations < 1:
            raise CardtableError(_("iterations must be at least 1, not {n}").format(n=iterations))
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        hooks = search_hooks(game)
        if win_weight is None:
            win_weight = _or(hooks.win_weight, DEFAULT_WIN_WEIGHT)
        self.win_weight = win_weight
        self.settle_min: int = _or(hooks.settle_min, SETTLE_MIN)
        self.settle = settle
        self.deviation_z: float = _or(hooks.deviation_z, DEFAULT_DEVIATION_Z)
        anchor = _game_descriptor(game).bots.get("heuristic")
        self._anchor: Bot | None = None if anchor is None else anchor(game, seat, seed=seed)
        #: The last search's result (None before any, and after a move found without one).
        self.last_search: SearchResult | None = None
        self._playout: Playout = hooks.playout or _random_playout
        self._side_points: SidePoints = hooks.side_points or _outcome_points
        self._key: Sequence[int] | None = hooks.action_key
        self._tree_moves: TreeMoves | None = hooks.tree_moves
        self._endgame: Endgame | None = hooks.endgame
        self._prior: Prior | None = hooks.prior
        self.prior_weight: float = _or(hooks.prior_weight, DEFAULT_PRIOR_WEIGHT)
        self.prior_depth: int = _or(hooks.prior_depth, DEFAULT_PRIOR_DEPTH)
        self._side_of = tuple(game.side_of(s) for s in range(game.players))

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        self.last_search = None
        if len(legal) == 1:
            return legal[0]
        if self._endgame is not None:
            solved = self._endgame(self.game, view, legal)
            if solved is not None:
                return solved
        return self.search(view, legal).choice

    def explain(
        self, view: dict[str, Any], legal: Sequence[Action], *, top: int = 5
    ) -> list[Alternative]:
        """The ``top`` root alternatives of a search from ``view``, most visited first."""
        return list(self.search(view, legal).alternatives[:top])

    # -- the search ------------------------------------------------------------------------------

    def search(self, view: dict[str, Any], legal: Sequence[Action]) -> SearchResult:
        """Search from ``view`` (the seat's view with memory) among ``legal``; a forced move is
        returned at once, with no iterations."""
        if not legal:
            raise CardtableError(_("no legal action to choose from"))
        start = time.perf_counter()
        if len(legal) == 1:
            return SearchResult(legal[0], (Alternative(legal[0], 0, 0.0),), 0, 0.0)
        if view.get("seat") != self.seat:
            raise CardtableError(
                _("this bot plays seat {seat}, not {other}").format(
                    seat=self.seat, other=view.get("seat")
                )
            )
        rng = random.Random(self.rng.getrandbits(64))
        sample = self.game.sampler(view)
        first = sample(rng)
        key = self._key
        by_key: dict[int, Action] = {}
        ids = [first.action_id(action) for action in legal]
        # The root's own moves are narrowed as the tree's are (they depend on the bot's hand).
        kept = set(ids if self._tree_moves is None else self._tree_moves(first, list(ids)))
        for action, action_id in zip(legal, ids, strict=True):
            if action_id in kept:
                by_key.setdefault(action_id if key is None else key[action_id], action)
        root = _Node(None, -1, -1)
        iterations = self._run(root, sample, rng, start, set(by_key))
        seconds = time.perf_counter() - start
        alternatives = sorted(
            (
                Alternative(by_key[k], child.visits, child.total / child.visits)
                for k, child in root.children.items()
                if k in by_key and child.visits
            ),
            key=lambda alt: (-alt.visits, -alt.mean),
        )
        if not alternatives:  # cannot happen with one iteration or more; kept for safety
            result = SearchResult(legal[0], (), iterations, seconds)
        else:
            choice = self._justified(view, legal, first, root, alternatives)
            result = SearchResult(choice, tuple(alternatives), iterations, seconds)
        self.last_search = result
        return result

    def _justified(
        self,
        view: dict[str, Any],
        legal: Sequence[Action],
        first: State,
        root: _Node,
        alternatives: Sequence[Alternative],
    ) -> Action:
        """The search's choice, or the medium bot's move when the search did not find the choice
        better by ``deviation_z`` standard errors of the two mean rewards."""
        best = alternatives[0]
        if self.deviation_z <= 0.0 or self._anchor is None:
            return best.action
        anchor = self._anchor.choose(view, legal)
        anchor_id = first.action_id(anchor)
        anchor_key = anchor_id if self._key is None else self._key[anchor_id]
        best_id = first.action_id(best.action)
        best_key = best_id if self._key is None else self._key[best_id]
        if anchor_key == best_key:
            return best.action
        mine = root.children.get(anchor_key)
        theirs = root.children.get(best_key)
        if mine is None or theirs is None or mine.visits < 2 or theirs.visits < 2:
            return best.action
        error = math.sqrt(_variance(theirs) / theirs.visits + _variance(mine) / mine.visits)
        gain = theirs.total / theirs.visits - mine.total / mine.visits
        return best.action if gain > self.deviation_z * error else anchor

    def _run(
        self,
        root: _Node,
        sample: Callable[[random.Random], State],
        rng: random.Random,
        start: float,
        root_keys: set[int],
    ) -> int:
        """The iterations; returns how many ran. Tree edges are action keys (the game's
        ``ACTION_KEY``, for actions that are alike in every way, or the action ids)."""
        budget = self.iterations
        deadline = None if self.time_limit is None else start + self.time_limit
        clock = time.perf_counter
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        pick = rng.random
        side_of = self._side_of
        playout = self._playout
        side_points = self._side_points
        win_weight = self.win_weight
        lowest_wins = self.game.lowest_wins
        key = self._key
        narrow = self._tree_moves
        prior = self._prior
        bias = self.prior_weight
        prior_depth = self.prior_depth
        settle = self.settle
        settle_min = self.settle_min
        last_leader = -1
        leader_since = 0
        done = 0
        while done < budget:
            state = sample(rng)
            node = root
            depth = 0
            # Selection and expansion.
            while True:
                ids = state.legal_action_ids()
                if not ids:
                    break
                if narrow is not None:
                    ids = narrow(state, ids)
                if key is None:
                    moves = {a: a for a in ids}
                else:
                    moves = {}
                    for a in ids:
                        moves.setdefault(key[a], a)
                children = node.children
                untried = [k for k in moves if k not in children]
                if untried:
                    mover = state.to_move
                    assert mover is not None
                    if prior is None or depth >= prior_depth:
                        k = untried[int(pick() * len(untried))] if len(untried) > 1 else untried[0]
                        child = _Node(node, k, side_of[mover])
                    else:
                        judged = dict(zip(ids, prior(state, ids), strict=True))
                        k = max(untried, key=lambda u: judged[moves[u]])
                        child = _Node(node, k, side_of[mover], judged[moves[k]])
                    children[k] = child
                    state.apply_unchecked(moves[k])
                    node = child
                    break
                best: _Node | None = None
                best_score = -1.0
                for k in moves:
                    child = children[k]
                    visits = child.visits
                    score = (
                        child.total / visits
                        + c * sqrt(log(child.avail) / visits)
                        + bias * child.prior / (visits + 1)
                    )
                    child.avail += 1
                    if score > best_score:
                        best, best_score = child, score
                assert best is not None
                state.apply_unchecked(moves[best.action])
                node = best
                depth += 1
            # Rollout.
            playout(state, rng)
            rewards = _rewards(state, side_points(state), win_weight, lowest_wins)
            # Backpropagation.
            while node is not root:
                node.visits += 1
                reward = rewards[node.side]
                node.total += reward
                parent = node.parent
                assert parent is not None
                if parent is root:
                    node.sq += reward * reward
                node = parent
            root.visits += 1
            done += 1
            if done % CHECK_EVERY == 0:
                left = budget - done
                if deadline is not None:
                    now = clock()
                    if now >= deadline:
                        break
                    left = min(left, int(done * (deadline - now) / (now - start)))
                leader = _leader(root, root_keys)
                if leader != last_leader:
                    last_leader, leader_since = leader, done
                if _decided(root, root_keys, left):
                    break
                if settle and done >= settle_min and 2 * leader_since <= done:
                    break
        return done


def _rewards(
    state: State, points: Sequence[int], win_weight: float, lowest_wins: bool
) -> list[float]:
    """Each side's reward in [0, 1] for a finished deal (see the module's documentation)."""
    best = min(points) if lowest_wins else max(points)
    winners = sum(1 for p in points if p == best)
    total = sum(points)
    sides = len(points)
    share_weight = 1.0 - win_weight
    rewards = []
    for p in points:
        share = p / total if total > 0 else 1.0 / sides
        if lowest_wins:
            share = 1.0 - share
        rewards.append((win_weight / winners if p == best else 0.0) + share_weight * share)
    return rewards


def _variance(node: _Node) -> float:
    """Sample variance of a root child's rewards."""
    n = node.visits
    mean = node.total / n
    return max(0.0, (node.sq - n * mean * mean) / (n - 1))


def _leader(root: _Node, root_keys: set[int]) -> int:
    """The most visited root action (its key; -1 before any), the first such on a tie."""
    leader = -1
    most = 0
    for a, child in root.children.items():
        if child.visits > most and a in root_keys:
            leader, most = a, child.visits
    return leader


def _decided(root: _Node, root_keys: set[int], left: int) -> bool:
    """Whether the most visited root action can no longer be overtaken within ``left``."""
    first = second = 0
    for a, child in root.children.items():
        if a not in root_keys:
            continue
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return len(root.children) >= len(root_keys) and first - second > left


BOTS: dict[str, type[Bot]] = {"hard": ISMCTSBot, "ismcts": ISMCTSBot}
