"""What a game package hands the rest of cardtable: one ``GameDescriptor``, and the search's
typed hooks (``SearchHooks``).

Each game exports its descriptor as ``GAME`` from ``cardtable/games/<game>/__init__.py``;
``cardtable.games`` registers them in one tuple, and every front end and adapter (CLI, server,
browser, research) asks that registry instead of keeping its own list of games. This module
sits in the kernel, below the games, so that a game can describe itself without importing the
players or front ends above it: the bots are named by their classes (``engine.bot.Bot`` is
kernel too), the search's hooks are plain functions of sampled states.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from cardtable.engine.action import Action
from cardtable.engine.presets import Preset, check_presets, find_preset, preset_of, with_preset

if TYPE_CHECKING:
    from cardtable.engine.bot import Bot
    from cardtable.engine.game import Game
    from cardtable.engine.match import Match

#: The card pictures a game is drawn with: the Latin 40-card deck, Putto's Latin deck with
#: Italian figure names (jack, queen, king), or the French deck with jokers (Pontinho).
Deck = Literal["latin", "italian", "french"]
#: Which way play passes at a real table (DESIGN.md "Seats"): it only matters when drawing.
#: (Not a view's ``turn``, which is the seat on turn.)
Direction = Literal["right", "left"]

#: The bot levels every game offers, weakest first by design (``bots.ladder`` rates them);
#: each game describes each of them in a line for the lobby (``level_descriptions``).
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")

#: The public cards of a view, face up, row by row, each row a few groups (Pontinho: the
#: discard, then three melds a row): what a spectator's picture of the table shows.
PublicCards = Callable[[Mapping[str, Any]], list[list[list[str]]]]

Blunder = Callable[[Mapping[str, Any], Action], bool]
#: A beginner's move: ``choose(view, legal, rng)`` (the ``easy`` bot's, where a game has one).
Beginner = Callable[[Mapping[str, Any], Sequence[Action], random.Random], Action]


class Playout(Protocol):
    def __call__(self, state: Any, rng: random.Random) -> None: ...


class SidePoints(Protocol):
    def __call__(self, state: Any) -> Sequence[int]: ...


class Endgame(Protocol):
    def __call__(
        self, game: Any, view: dict[str, Any], legal: Sequence[Action]
    ) -> Action | None: ...


class TreeMoves(Protocol):
    def __call__(self, state: Any, ids: list[int]) -> list[int]: ...


class Prior(Protocol):
    def __call__(self, state: Any, ids: list[int]) -> Sequence[float]: ...


def prior_from_scores(
    scores: Sequence[float], order: Iterable[int], spread: float, *, tolerance: float = 0.0
) -> list[float]:
    """A search prior from the medium bot's scores of the moves (``scores[i]`` for move ``i``):
    medium's own move, the first best in ``order``, gets 1; every other move
    ``exp((score - best) / spread)``, kept below 1, so the search starts from medium's choice
    and corrects it; a later move must beat the best so far by more than ``tolerance`` to be
    medium's. Punttu's and Putto's ``prior`` hooks each wrote this out."""
    choice = -1
    top = 0.0
    for i in order:
        if choice < 0 or scores[i] > top + tolerance:
            choice, top = i, scores[i]
    values = [min(math.exp((score - top) / spread), 0.999) for score in scores]
    values[choice] = 1.0
    return values


@dataclass(frozen=True, kw_only=True, slots=True)
class SearchHooks:
    """What a game gives the hard bot's search (``cardtable.bots.ismcts``), typed and in one
    place (it was a dozen names read off a module with ``getattr`` and a default each).

    A hook left ``None`` means the game has none: random playouts scored by the outcome, no
    action key, no narrowing, no endgame, no prior. A number left ``None`` means the search's
    own default (``bots.ismcts.DEFAULT_*``), which lives with the search, not here.

    - ``playout(state, rng)`` plays a sampled state to its end; ``side_points(state)`` scores it.
    - ``action_key``: action ids with the same key share one edge (Punttu: cards of one rank).
    - ``tree_moves(state, ids)`` narrows the actions a node considers (Pontinho's melds).
    - ``endgame(game, view, legal)``: a move found without a search, else ``None``.
    - ``prior(state, ids)``: the medium bot's judgement of each move (0 to 1), with
      ``prior_weight`` and ``prior_depth``.
    - ``win_weight`` (the reward's mix of winning and points), ``settle_min`` (iterations before
      a settled choice may stop the search), ``deviation_z`` (how sure the search must be to
      leave medium's move).
    """

    playout: Playout | None = None
    side_points: SidePoints | None = None
    action_key: Sequence[int] | None = None
    tree_moves: TreeMoves | None = None
    endgame: Endgame | None = None
    prior: Prior | None = None
    win_weight: float | None = None
    settle_min: int | None = None
    deviation_z: float | None = None
    prior_weight: float | None = None
    prior_depth: int | None = None


@dataclass(frozen=True, slots=True)
class CoachFact:
    """A fact of a deal a player thinks in (a trick won, a sweep, going out), tallied by the
    coach (``bots.review``) for every candidate move in every sampled deal so that its reason
    is said in the game's words. ``kind``: ``count`` (in how many sampled deals it held: the
    tally gives 0 or 1 per deal) or ``mean`` (a number per deal, averaged); ``fewer_is_better``
    for a risk (being swept, penalty points)."""

    name: str
    kind: Literal["count", "mean"]
    fewer_is_better: bool = False


class FactWatch(Protocol):
    """One sampled deal's tally of a game's facts (``CoachFact``), after one candidate move."""

    def step(self, state: Any) -> bool:
        """Called after each move that finishes the sampled deal, while it returns True (a fact
        of the next moves: the trick the move was in, a sweep right after)."""
        ...

    def end(self, state: Any) -> Sequence[float]:
        """The facts' values, in ``CoachFacts.facts`` order, once the deal is over."""
        ...


class StartWatch(Protocol):
    def __call__(self, before: Any, action_id: int, after: Any, seat: int) -> FactWatch: ...


@dataclass(frozen=True, kw_only=True, slots=True)
class CoachFacts:
    """What a game tallies for the coach's reason: its facts and ``start(before, action_id,
    after, seat)``, which begins a sampled deal's tally once the candidate ``action_id`` took
    the sampled state ``before`` to ``after`` (both read only)."""

    facts: tuple[CoachFact, ...]
    start: StartWatch


@dataclass(frozen=True, kw_only=True)
class GameDescriptor:
    """One game, as a plug-in: everything the layers above the rules core need to know of it.

    ``game_class`` holds the rules (and, through ``Game``, its name, title, player counts,
    options and match class); the rest is what was restated in some fifteen places before:

    - ``bots``: the game's own bots by name (``heuristic``, which is ``medium``);
    - ``blunder``: ``is_blunder(view, action)`` for the ``easy`` bot, or ``None``;
    - ``beginner``: the ``easy`` bot's own move ``choose(view, legal, rng)``, or ``None`` (then
      it plays at random, avoiding blunders);
    - ``search``: the hard bot's hooks (``SearchHooks``);
    - ``deck`` and ``direction``: how the browser and the card pictures draw it;
    - ``public_cards(view)`` and ``public_rows``: the cards face up on the table, row by row,
      and the most rows they fill (the research adapters' picture of a table);
    - ``review_thresholds``: the least loss in points (inaccuracy, mistake, blunder) for the
      coach's labels (``bots.review``), on the scale of the game's deal points;
    - ``level_descriptions``: one line per bot level (``LEVELS``) for the lobby, marked for
      translation;
    - ``match_options``: the table options only a match of several deals uses (an adapter
      whose episode is one deal refuses them);
    - ``review_samples``: the coach's sampled deals per decision by default
      (``bots.review``): fewer where the medium bot that finishes each sampled deal is slow;
    - ``presets``: the named house-rule presets (``engine.presets``), the source's own table
      first; every one is checked against the game's options when the game is registered;
    - ``summary``: a line or two saying what the game is, for a newcomer in the lobby, and
      ``showcase``: a few of its cards to draw beside it (both marked for translation / in
      the game's card notation);
    - ``coach_facts``: the facts the coach tallies to say why a better move is better
      (``CoachFacts``), or ``None`` (it then says in how many sampled deals it ended ahead).

    What depends on a table's options is asked of the table, not written here: the bound on a
    deal's length (``Game.deal_length_bound``, ``Game.playout_cap_actions``) and on its points
    (``Game.score_bounds``).
    """

    game_class: type[Game]
    bots: Mapping[str, type[Bot]] = field(default_factory=dict)
    blunder: Blunder | None = None
    beginner: Beginner | None = None
    search: SearchHooks = SearchHooks()
    deck: Deck
    direction: Direction
    match_options: tuple[str, ...]
    public_cards: PublicCards
    public_rows: int = 1
    review_thresholds: tuple[float, float, float]
    level_descriptions: Mapping[str, str]
    review_samples: int = 64
    presets: tuple[Preset, ...]
    summary: str
    showcase: tuple[str, ...]
    coach_facts: CoachFacts | None = None

    def __post_init__(self) -> None:
        """A fact missing or malformed is an error when the game is registered, not a silent
        default met later by one front end."""
        name = self.game_class.name
        missing = [level for level in LEVELS if not self.level_descriptions.get(level)]
        if missing or set(self.level_descriptions) - set(LEVELS):
            raise ValueError(
                f"game {name!r}: level_descriptions must describe exactly {LEVELS}, "
                f"missing {missing}"
            )
        low, middle, high = self.review_thresholds
        if not 0 < low < middle < high:
            raise ValueError(
                f"game {name!r}: review_thresholds must rise above 0, not {self.review_thresholds}"
            )
        if self.public_rows < 1:
            raise ValueError(f"game {name!r}: public_rows must be at least 1")
        check_presets(name, self.game_class.option_specs, self.presets)
        if not self.summary:
            raise ValueError(f"game {name!r}: a summary must say what the game is")
        if not 1 <= len(self.showcase) <= 5:
            raise ValueError(f"game {name!r}: showcase shows 1 to 5 cards")

    @property
    def name(self) -> str:
        return self.game_class.name

    @property
    def title(self) -> str:
        return self.game_class.title

    @property
    def match_class(self) -> type[Match]:
        return self.game_class.match_class()

    def preset(self, name: str) -> Preset:
        """The preset called ``name``; ``OptionError`` names the presets there are."""
        return find_preset(self.name, self.presets, name)

    def preset_of(self, options: Mapping[str, Any]) -> str:
        """The name of the preset a table with ``options`` plays, else ``presets.CUSTOM``."""
        return preset_of(self.presets, options)

    def with_preset(self, name: str | None, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a table made with preset ``name`` and ``given`` options besides
        (which win: the table is then custom); ``None`` or ``custom``: ``given`` alone."""
        return with_preset(self.name, self.presets, name, given)

    def front_end(self) -> dict[str, Any]:
        """What the browser restated about the game (JSON-safe): its title, card pictures,
        direction of play and the player counts it allows."""
        return {"title": self.title, "deck": self.deck, "direction": self.direction,
                "players": list(self.game_class.player_counts())}
