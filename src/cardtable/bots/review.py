"""The coach: grade every decision of a deal from the deciding seat's view, as a bot sees it.

Why this shape: a search's statistics (``hard``'s visit counts) are too noisy to tell a player
"this move cost you 4 points" — its disagreements with ``medium`` are as often worse as better.
The review therefore uses a **low-variance evaluator** instead of a search:

- the hidden cards are sampled from the seat's view only (the game's ``sampler(view)``, as the
  bots do): ``samples`` deals consistent with what the seat knew at that moment, never the real
  deal;
- every candidate move is played in **each** of those sampled deals (common random numbers: the
  same deals, and the same continuation seeds, for every candidate), and the rest of the deal is
  played by ``medium`` for every seat — the game's rollout ``prior`` where it has one (medium's
  own scoring read off the sampled state, the same move as the ``medium`` bot, 3x faster), else
  the ``medium`` bot on each seat's view;
- a move's value in a sampled deal is the points its side ends the deal with (Pontinho: minus
  its penalty points, as the lowest total wins); the loss of the move played is the mean, over
  the sampled deals, of (best candidate − move played), with a 95% interval from those paired
  differences (mean ± 1.96·s/√n). Pairing removes the luck of the sampled cards, which is most
  of the variance.

A move is **labelled by the lower end of its interval** (``label_of``), so a move is called a
mistake only when the evaluator is sure, at 95%, that it cost at least a mistake's worth: the
thresholds per game are the descriptors' ``review_thresholds`` (documented in docs/coach.md).
``benchmarks/coach.py``
measures how reliable that is (flagged mistakes confirmed by an evaluation ten times deeper;
``medium``'s own moves flagged).

Candidates: one per action key (the rollout module's ``ACTION_KEY``: Punttu's cards of one trick
rank are the same move), narrowed like the search's tree where the game narrows it (Pontinho's
``tree_moves``), always with the move played and medium's move, at most ``MAX_CANDIDATES``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.bots.base import Bot, game_bots
from cardtable.bots.review_facts import (
    Z95,
    FactCompared,
    compare,
    paired_mean_variance,
    said,
)
from cardtable.engine.action import Action
from cardtable.engine.game import Game
from cardtable.engine.plugin import CoachFacts, FactWatch, SearchHooks
from cardtable.errors import CardtableError
from cardtable.i18n import N_, _

if TYPE_CHECKING:  # for types only: the evaluator gets views and sampled deals
    from cardtable.engine.game import State


def samples_for(game_name: str) -> int:
    """The default number of sampled deals per decision for ``game_name`` (its descriptor's
    ``review_samples``): a whole 4-player Punttu deal (every seat) reviews in about 2 s on one
    core at 64; Putto's and Pontinho's medium costs about 40 times Punttu's per move (0.9 ms
    against 22 µs), so they sample fewer deals and take longer still (benchmarks/coach.py;
    docs/coach.md)."""
    from cardtable.games import descriptor

    return descriptor(game_name).review_samples


#: Candidates evaluated per decision at most (the played move and medium's always among them).
MAX_CANDIDATES = 8

#: The labels, mildest first; the least loss (points, lower end of the 95% interval) each
#: needs is the game's (its descriptor's ``review_thresholds``, ``thresholds``).
LABELS: tuple[str, ...] = ("good", "inaccuracy", "mistake", "blunder")
LABEL_TEXT: dict[str, str] = {
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}


def thresholds(game_name: str) -> tuple[float, float, float]:
    """The least loss of an inaccuracy, a mistake and a blunder in ``game_name``."""
    from cardtable.games import descriptor

    return descriptor(game_name).review_thresholds


def label_of(game_name: str, low: float) -> str:
    """The label of a move whose loss is at least ``low`` points (its interval's lower end)."""
    inaccuracy, mistake, blunder = thresholds(game_name)
    if low >= blunder:
        return "blunder"
    if low >= mistake:
        return "mistake"
    if low >= inaccuracy:
        return "inaccuracy"
    return "good"


@dataclass(frozen=True, slots=True)
class Candidate:
    """One move the evaluator tried: its mean value (points for the seat's side) over the sampled
    deals, and its loss against the best candidate with a 95% interval; ``behind`` and ``ahead``
    count the sampled deals in which the best candidate ended with more, or fewer, points, and
    ``facts`` compare it with the best on the game's own facts (``bots.review_facts``): the
    coach's reason in words, from the same deals."""

    action: str
    value: float
    loss: float
    low: float
    high: float
    behind: int = 0
    ahead: int = 0
    facts: tuple[FactCompared, ...] = ()


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every candidate of one decision, best first, and how many sampled deals judged them."""

    candidates: tuple[Candidate, ...]
    samples: int

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    def of(self, action: str) -> Candidate:
        """The candidate of the action (text); a move alike in every way counts as the same."""
        for candidate in self.candidates:
            if candidate.action == action:
                return candidate
        raise CardtableError(_("{action!r} was not evaluated").format(action=action))


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One graded decision: ``number`` is the action's number in the deal (from 1)."""

    number: int
    seat: int
    played: str
    best: str
    loss: float
    low: float
    high: float
    label: str
    forced: bool
    alternatives: tuple[Candidate, ...] = ()
    #: Of the sampled deals, how many the better move ended with more points for the side, and
    #: how many with fewer (the rest: the same).
    better_in: int = 0
    worse_in: int = 0
    samples: int = 0
    #: The game's facts of the move played and of the better move (``bots.review_facts``), and
    #: the names of those the reason says, surest first (none: the counts above say it).
    facts: tuple[FactCompared, ...] = ()
    reason: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "loss": round(self.loss, 2),
            "interval": [round(self.low, 2), round(self.high, 2)],
            "label": self.label,
            "forced": self.forced,
            "better_in": self.better_in,
            "worse_in": self.worse_in,
            "samples": self.samples,
            "facts": [fact.to_json() for fact in self.facts],
            "reason": list(self.reason),
            "alternatives": [
                {"action": c.action, "value": round(c.value, 2), "loss": round(c.loss, 2)}
                for c in self.alternatives
            ],
        }


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat's deal in a few numbers: decisions graded (forced moves left out), points lost in
    all (the sum of the losses' point estimates), the share of best moves (moves not surely
    worse than the best: their interval reaches 0 — the evaluator cannot rank moves closer than
    its precision) and the labels."""

    seat: int
    decisions: int
    points_lost: float
    best_share: float
    labels: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "points_lost": round(self.points_lost, 2),
            "best_share": round(self.best_share, 3),
            "labels": dict(self.labels),
        }


@dataclass(frozen=True, slots=True)
class Review:
    """A reviewed deal: every graded move in order and a summary per reviewed seat."""

    game: str
    players: int
    samples: int
    moves: tuple[MoveReview, ...]
    summaries: tuple[SeatSummary, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        inaccuracy, mistake, blunder = thresholds(self.game)
        return {
            "game": self.game,
            "players": self.players,
            "samples": self.samples,
            "thresholds": {"inaccuracy": inaccuracy, "mistake": mistake, "blunder": blunder},
            "moves": [move.to_json() for move in self.moves],
            "summary": [summary.to_json() for summary in self.summaries],
        }


# -- the evaluator -------------------------------------------------------------------------------


def _coach_facts(game: Game) -> CoachFacts | None:
    """The facts the game's coach tallies for its reasons (its descriptor's), if any."""
    from cardtable.games import descriptor

    return descriptor(game.name).coach_facts


def _hooks(game: Game) -> SearchHooks:
    """The game's search hooks (its descriptor's): the same ones the hard bot uses."""
    from cardtable.games import descriptor

    return descriptor(game.name).search


def _seed(*parts: object) -> int:
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class Evaluator:
    """Values the candidate moves of a decision from the deciding seat's view (see the module's
    documentation). One evaluator per table; it is reproducible for a seed."""

    def __init__(self, game: Game, *, samples: int | None = None, seed: int = 0) -> None:
        if samples is None:
            samples = samples_for(game.name)
        if samples < 2:
            raise CardtableError(_("samples must be at least 2, not {n}").format(n=samples))
        self.game = game
        self.samples = samples
        self.seed = seed
        hooks = _hooks(game)
        self._key: Sequence[int] | None = hooks.action_key
        self._narrow: Callable[[Any, list[int]], list[int]] | None = hooks.tree_moves
        self._prior: Callable[[Any, list[int]], Sequence[float]] | None = hooks.prior
        self._facts = _coach_facts(game)
        medium = game_bots(game.name).get("heuristic")
        if medium is None:
            raise CardtableError(
                _("the coach cannot review {game}: it has no medium bot").format(game=game.name)
            )
        self._medium_class: type[Bot] = medium
        self._cap = game.playout_cap_actions
        self._side_of = tuple(game.side_of(s) for s in range(game.players))
        self._sign = -1.0 if game.lowest_wins else 1.0

    # A decision's candidates and their values.

    def alike(self, view: dict[str, Any], legal: Sequence[Action]) -> bool:
        """Whether every legal move is alike in every way (one action key): no choice."""
        key = self._key
        if key is None:
            return False
        first = self._sampler(view)(random.Random(0))
        return len({key[first.action_id(action)] for action in legal}) == 1

    def medium_move(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """What ``medium`` plays from this view."""
        return self._medium_class(self.game, view["seat"], seed=0).choose(view, legal)

    def evaluate(
        self,
        view: dict[str, Any],
        legal: Sequence[Action],
        *,
        played: Action | None = None,
        salt: object = 0,
    ) -> Evaluation:
        """Every candidate of the decision, best first; ``played`` is always among them."""
        seat: int = view["seat"]
        sampler = self._sampler(view)
        rng = random.Random(_seed(self.seed, salt, "first"))
        first = sampler(rng)
        ids = [first.action_id(action) for action in legal]
        text_of = {action_id: str(action) for action_id, action in zip(ids, legal, strict=True)}
        keep = list(ids) if self._narrow is None else self._narrow(first, list(ids))
        must = [first.action_id(self.medium_move(view, legal))]
        if played is not None:
            must.insert(0, first.action_id(played))
        chosen: dict[int, int] = {}  # action key -> the action id standing for it
        for action_id in must + keep:
            k = action_id if self._key is None else self._key[action_id]
            if k not in chosen and (len(chosen) < MAX_CANDIDATES or action_id in must):
                chosen[k] = action_id
        candidates = list(chosen.values())
        side = self._side_of[seat]
        values: list[list[float]] = [[] for _ in candidates]
        # the game's facts per candidate, a row per sampled deal (the reason in words)
        tallies: list[list[Sequence[float]]] = [[] for _ in candidates]
        facts = self._facts
        for k in range(self.samples):
            deal = sampler(random.Random(_seed(self.seed, salt, k)))
            for i, action_id in enumerate(candidates):
                state = deal.clone()
                if self._prior is None:  # the medium bot reads views: keep the state's log
                    state.apply(state.action_from_id(action_id))
                else:
                    state.apply_unchecked(action_id)
                watch = None if facts is None else facts.start(deal, action_id, state, seat)
                values[i].append(
                    self._sign * self._finish(state, side, _seed(self.seed, salt, k), watch)
                )
                if watch is not None:
                    tallies[i].append(watch.end(state))
        means = [sum(v) / len(v) for v in values]
        best = max(range(len(candidates)), key=lambda i: means[i])
        graded = []
        for i, action_id in enumerate(candidates):
            low, high, loss = _paired(values[best], values[i])
            behind = sum(1 for b, m in zip(values[best], values[i], strict=True) if b > m)
            ahead = sum(1 for b, m in zip(values[best], values[i], strict=True) if b < m)
            compared = (
                () if facts is None else compare(facts.facts, tallies[best], tallies[i])
            )
            graded.append(
                Candidate(text_of[action_id], means[i], loss, low, high, behind, ahead, compared)
            )
        graded.sort(key=lambda c: (-c.value, c.action))
        # A played move alike in every way to a candidate is graded as that candidate.
        if played is not None and str(played) not in {c.action for c in graded}:
            twin = text_of[chosen[_key_of(self._key, first.action_id(played))]]
            graded = [
                dataclasses.replace(c, action=str(played)) if c.action == twin else c
                for c in graded
            ]
        return Evaluation(tuple(graded), self.samples)

    def _sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], State]:
        return self.game.sampler(view)

    def _finish(
        self, state: State, side: int, seed: int, watch: FactWatch | None = None
    ) -> float:
        """Play a sampled deal to its end with medium for every seat; the side's points.
        ``watch`` (the game's facts) sees the state after each move while it asks to."""
        left = -1 if self._cap is None else self._cap
        prior = self._prior
        if prior is not None:
            while left and (ids := state.legal_action_ids()):
                if len(ids) == 1:
                    state.apply_unchecked(ids[0])
                else:
                    judged = prior(state, ids)
                    state.apply_unchecked(ids[max(range(len(ids)), key=judged.__getitem__)])
                left -= 1
                if watch is not None and not watch.step(state):
                    watch = None
        else:
            bots = [
                self._medium_class(self.game, s, seed=seed + s) for s in range(self.game.players)
            ]
            while left and (mover := state.to_move) is not None:
                legal = state.legal_actions()
                action = (
                    legal[0]
                    if len(legal) == 1
                    else bots[mover].choose(state.view(mover, memory=True), legal)
                )
                state.apply(action)
                left -= 1
                if watch is not None and not watch.step(state):
                    watch = None
        outcome = state.outcome
        if outcome is None:  # a capped deal is void: nobody scores (PO-8)
            return 0.0
        return float(outcome.points[side])


def _key_of(key: Sequence[int] | None, action_id: int) -> int:
    return action_id if key is None else key[action_id]


def _paired(best: Sequence[float], mine: Sequence[float]) -> tuple[float, float, float]:
    """The mean loss ``best − mine`` over paired samples and its 95% interval (low, high, mean)."""
    mean, variance = paired_mean_variance([b - m for b, m in zip(best, mine, strict=True)])
    half = Z95 * math.sqrt(variance / len(best))
    return mean - half, mean + half, mean


# -- a whole deal ----------------------------------------------------------------------------------


Progress = Callable[[int, int], None]


def decisions(
    state: State, actions: Sequence[str]
) -> list[tuple[int, int, dict[str, Any], list[Action], Action]]:
    """Replays ``actions`` from ``state`` (a fresh deal), listing each decision: its number (from
    1), the seat, that seat's view with memory, the legal actions and the action played."""
    found = []
    for number, text in enumerate(actions, start=1):
        seat = state.to_move
        if seat is None:
            break
        legal = state.legal_actions()
        action = state.game.parse_action(text)
        found.append((number, seat, state.view(seat, memory=True), legal, action))
        state.apply(action)
    return found


def review_deal(
    state: State,
    actions: Sequence[str],
    *,
    seats: Sequence[int] | None = None,
    samples: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> Review:
    """Grade every decision of ``seats`` (default: every seat) in the deal that ``actions``
    play from ``state`` (a fresh deal, left as it was). ``progress(done, total)`` is called
    after each decision graded."""
    game = state.game
    evaluator = Evaluator(game, samples=samples, seed=seed)
    wanted = set(range(game.players) if seats is None else seats)
    found = [d for d in decisions(state.clone(), actions) if d[1] in wanted]
    moves: list[MoveReview] = []
    for done, (number, seat, view, legal, action) in enumerate(found, start=1):
        moves.append(grade(evaluator, number, seat, view, legal, action))
        if progress is not None:
            progress(done, len(found))
    return Review(
        game.name, game.players, evaluator.samples, tuple(moves), summarize(moves, sorted(wanted))
    )


def grade(
    evaluator: Evaluator,
    number: int,
    seat: int,
    view: dict[str, Any],
    legal: Sequence[Action],
    action: Action,
) -> MoveReview:
    """One decision graded (a forced move, or a choice among moves alike, is good at once)."""
    played = str(action)
    if len(legal) == 1 or evaluator.alike(view, legal):
        return MoveReview(number, seat, played, played, 0.0, 0.0, 0.0, "good", True)
    evaluation = evaluator.evaluate(view, legal, played=action, salt=number)
    mine = evaluation.of(played)
    best = evaluation.best
    label = label_of(evaluator.game.name, mine.low)
    return MoveReview(
        number,
        seat,
        played,
        played if mine.loss <= 0.0 else best.action,
        max(mine.loss, 0.0),
        mine.low,
        mine.high,
        label,
        False,
        evaluation.candidates,
        # the reason in words: in how many sampled deals the better move ended better or worse
        mine.behind if mine.loss > 0.0 else 0,
        mine.ahead if mine.loss > 0.0 else 0,
        evaluation.samples,
        # and how it fared on the game's own facts, those to say first
        mine.facts if mine.loss > 0.0 else (),
        said(mine.facts) if mine.loss > 0.0 else (),
    )


def summarize(moves: Sequence[MoveReview], seats: Sequence[int]) -> tuple[SeatSummary, ...]:
    """Per seat: decisions graded (forced moves left out), points lost, share of best moves
    (see ``SeatSummary``)."""
    summaries = []
    for seat in seats:
        mine = [m for m in moves if m.seat == seat and not m.forced]
        labels = {label: sum(1 for m in mine if m.label == label) for label in LABELS}
        best = sum(1 for m in mine if m.low <= 0.0)
        summaries.append(
            SeatSummary(
                seat,
                len(mine),
                sum(m.loss for m in mine),
                best / len(mine) if mine else 1.0,
                labels,
            )
        )
    return tuple(summaries)


def review_record(
    record: Mapping[str, Any],
    *,
    seats: Sequence[int] | None = None,
    samples: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> Review:
    """Review a one-deal game record (``cardtable.engine.record``'s format, checked first)."""
    from cardtable.engine.record import replay
    from cardtable.errors import RecordError

    replay(record)  # every action checked, with the record's own error messages
    if "deals" in record:
        raise RecordError(_("the coach reviews one deal at a time, not a match record"))
    from cardtable.games import game as make_game

    table = make_game(record["game"], record["players"], **record.get("options", {}))
    state = table.deal(
        seed=record.get("seed"), setup=record.get("setup"), dealer=record.get("dealer", 0)
    )
    return review_deal(
        state, list(record["actions"]), seats=seats, samples=samples, seed=seed, progress=progress
    )
