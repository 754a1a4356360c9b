"""Measure bots against each other, with the luck of the deal cancelled out.

Every deal is replayed once per seat rotation: the same cards, with the bots moved one seat on
each time, so a strong hand or a good seat helps every bot equally. That makes a few thousand
deals enough to tell a real edge from luck.

Each deal is played on its own (``play_deal``): its cards come from ``(seed, deal number)`` and
every bot's seed from ``(seed, deal number, rotation, seat)``, never from a shared stream, so
deals can be split among processes (``head_to_head(..., jobs=K)``) and the stats are the same
whatever the split: the deals' results are added up in deal order.

A deal that would not end (Pontinho's stock is rebuilt for ever, PO-8, when the players left
cannot go out) is stopped after the game's ``playout_cap_actions`` actions and counted as a void
deal: nobody scores and every side shares it, as PO-8's void deal does (``GameResult.capped``).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.bots.base import Bot, make_bot
from cardtable.bots.driver import play_out
from cardtable.engine.game import MAX_SEED, Game, State
from cardtable.engine.match import deal_seed
from cardtable.errors import OptionError
from cardtable.games import game as make_game
from cardtable.i18n import _
from cardtable.workers import make_backend

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Budget:
    """Thinking budget of the searching bots (``hard``) in a run: at most ``iterations`` per
    decision and at most ``time_limit`` seconds (``None``: no time limit, so the run replays
    exactly). Other bots ignore it."""

    iterations: int
    time_limit: float | None


@dataclass(frozen=True, slots=True)
class GameResult:
    """One rotation of one deal: who sat where and what each seat got.

    ``points[seat]`` are the points of the seat's side; ``shares[seat]`` its side's share of the
    win (1 for the sole winning side, 1/k for k sides winning together, 0 otherwise);
    ``went_out`` the seat that went out when the game reports it (``outcome.details``), and
    ``reports_going_out`` whether it does; ``capped`` that the deal reached the game's
    ``playout_cap_actions`` unfinished and counts as void (0 points, every side sharing it).
    """

    names: tuple[str, ...]
    points: tuple[int, ...]
    shares: tuple[float, ...]
    went_out: int | None = None
    reports_going_out: bool = False
    capped: bool = False


@dataclass(frozen=True, slots=True)
class DealResult:
    """Deal ``number`` played once per rotation, in rotation order."""

    number: int
    games: tuple[GameResult, ...]


@dataclass(slots=True)
class BotStats:
    """One bot's results over every seat it held.

    Each seat-deal counts its side's result: a win of the seat's side is a whole win for every
    seat of that side (partners win together), and a deal won by k sides together is 1/k.

    ``deals``, ``deal_mean`` and ``deal_m2`` follow the bot's mean points per deal (its seats'
    points over every rotation of the deal, averaged) from deal to deal (Welford's running
    mean and sum of squared deviations): the rotations of one deal are correlated, the deals
    are independent, so the interval of the mean points is computed over deals.
    ``went_out`` counts the seat-deals it went out, for games that report it (else ``None``);
    ``capped`` the seat-deals stopped at the game's cap and counted void.
    """

    name: str
    seat_deals: int = 0
    wins: float = 0.0
    points: int = 0
    went_out: int | None = None
    capped: int = 0
    deals: int = 0
    deal_mean: float = 0.0
    deal_m2: float = field(default=0.0, repr=False)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_deals if self.seat_deals else 0.0

    @property
    def win_rate_stderr(self) -> float:
        """Binomial standard error; rotations are correlated, so read it as a rough guide."""
        n = self.seat_deals
        return math.sqrt(self.win_rate * (1.0 - self.win_rate) / n) if n else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.seat_deals if self.seat_deals else 0.0

    @property
    def went_out_rate(self) -> float | None:
        """Share of its seat-deals in which the bot went out, if the game reports it."""
        if self.went_out is None:
            return None
        return self.went_out / self.seat_deals if self.seat_deals else 0.0

    def points_interval(self, z: float = Z95) -> tuple[float, float] | None:
        """Interval of the mean points per deal: mean ± z·s/√n over the ``n`` deals' means
        (``s`` their sample standard deviation); ``None`` with fewer than two deals."""
        if self.deals < 2:
            return None
        half = z * math.sqrt(self.deal_m2 / (self.deals - 1) / self.deals)
        return (self.deal_mean - half, self.deal_mean + half)

    def add(self, deal: DealResult) -> None:
        """Count every seat this bot held in ``deal``."""
        points = 0
        seats = 0
        for game in deal.games:
            if game.reports_going_out and self.went_out is None:
                self.went_out = 0
            for seat, name in enumerate(game.names):
                if name != self.name:
                    continue
                seats += 1
                self.capped += game.capped
                points += game.points[seat]
                self.wins += game.shares[seat]
                if game.went_out == seat and self.went_out is not None:
                    self.went_out += 1
        if not seats:
            return
        self.seat_deals += seats
        self.points += points
        self.deals += 1
        value = points / seats
        delta = value - self.deal_mean
        self.deal_mean += delta / self.deals
        self.deal_m2 += delta * (value - self.deal_mean)


def bot_seed(seed: int, number: int, rotation: int, seat: int) -> int:
    """Seed of the bot at ``seat`` in ``rotation`` of deal ``number`` of a run seeded ``seed``."""
    text = f"cardtable-arena-bot:{seed}:{number}:{rotation}:{seat}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & MAX_SEED


def _bot(name: str, table: Game, seat: int, seed: int, budget: Budget | None) -> Bot:
    from cardtable.bots.ismcts import ISMCTSBot

    bot = make_bot(name, table, seat, seed=seed)
    if budget is not None and isinstance(bot, ISMCTSBot):
        bot = type(bot)(
            table, seat, seed=seed, iterations=budget.iterations, time_limit=budget.time_limit
        )
    return bot


def searching_bots(table: Game, bot_names: Sequence[str]) -> list[str]:
    """The names among ``bot_names`` that a ``Budget`` applies to (the ISMCTS bots)."""
    from cardtable.bots.ismcts import ISMCTSBot

    return [
        name
        for name in dict.fromkeys(bot_names)
        if isinstance(make_bot(name, table, 0, seed=0), ISMCTSBot)
    ]


def play_deal(
    table: Game,
    bot_names: Sequence[str],
    seed: int,
    number: int,
    *,
    budget: Budget | None = None,
    records: Path | None = None,
) -> DealResult:
    """Play deal ``number`` of the run seeded ``seed`` once per rotation of ``bot_names``.

    In rotation ``r`` seat ``s`` holds ``bot_names[(s + r) % players]``. Everything is derived
    from ``(seed, number)``, so any deal can be played alone, in any process, in any order.
    """
    players = table.players
    cards_seed = deal_seed(seed, number)
    cap = table.playout_cap_actions
    games = []
    for rotation in range(players):
        names = tuple(bot_names[(seat + rotation) % players] for seat in range(players))
        bots = [
            _bot(name, table, seat, bot_seed(seed, number, rotation, seat), budget)
            for seat, name in enumerate(names)
        ]
        state = play_out(table.deal(seed=cards_seed, dealer=0), bots, max_actions=cap)
        outcome = state.outcome
        if outcome is None:  # stopped at the cap: a void deal
            share = 1.0 / len(table.sides)
            games.append(
                GameResult(
                    names=names,
                    points=(0,) * players,
                    shares=(share,) * players,
                    capped=True,
                )
            )
            continue
        if records is not None:
            write_record(records, state, names, seed=seed, number=number, rotation=rotation)
        winning_sides = {table.side_of(seat) for seat in outcome.winners}
        share = 1.0 / len(winning_sides)
        sides = [table.side_of(seat) for seat in range(players)]
        went_out = outcome.details.get("went_out")
        games.append(
            GameResult(
                names=names,
                points=tuple(outcome.points[side] for side in sides),
                shares=tuple(share if side in winning_sides else 0.0 for side in sides),
                went_out=went_out if isinstance(went_out, int) else None,
                reports_going_out="went_out" in outcome.details,
            )
        )
    return DealResult(number, tuple(games))


def _play_chunk(
    game_name: str,
    players: int,
    options: Mapping[str, object],
    bot_names: Sequence[str],
    seed: int,
    start: int,
    stop: int,
    budget: Budget | None,
    records: Path | None = None,
) -> list[DealResult]:
    """Deals ``start`` to ``stop - 1``, in a worker process."""
    table = make_game(game_name, players=players, **options)
    return [
        play_deal(table, bot_names, seed, n, budget=budget, records=records)
        for n in range(start, stop)
    ]


def write_record(
    directory: Path, state: State, names: Sequence[str], *, seed: int, number: int, rotation: int
) -> Path:
    """Save one finished game of an arena run as a game record (DESIGN.md), a dataset of bot
    play: ``deal-NNNNNN-rR.json``, with ``meta`` naming the bot of each seat, the run's seed,
    the deal and rotation, and the outcome. ``cardtable replay`` replays it."""
    outcome = state.outcome
    record = state.to_record()
    record["meta"] = {
        "program": "cardtable arena",
        "bots": list(names),
        "seed": seed,
        "deal": number,
        "rotation": rotation,
        "outcome": outcome.to_dict() if outcome is not None else None,
    }
    path = directory / f"deal-{number:06d}-r{rotation}.json"
    path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def chunks(deals: int, jobs: int) -> list[range]:
    """Deal numbers split into consecutive chunks: small enough to keep ``jobs`` processes busy
    and the progress moving, large enough that sending them costs little."""
    size = max(1, min(64, deals // (jobs * 32)))
    return [range(start, min(start + size, deals)) for start in range(0, deals, size)]


def _deals_in_parallel(
    game_name: str,
    players: int,
    options: Mapping[str, object],
    bot_names: Sequence[str],
    seed: int,
    deals: int,
    jobs: int,
    budget: Budget | None,
    progress: Callable[[int], None] | None,
    records: Path | None = None,
    backend: str = "process",
) -> Iterator[DealResult]:
    """The deals' results in deal order, played by ``jobs`` workers of ``backend``
    (``cardtable.workers``); ``progress`` gets the number of deals finished whenever a chunk
    is done."""
    parts = chunks(deals, jobs)
    pool = make_backend(backend, min(jobs, len(parts)))
    try:
        pending: dict[Future[list[DealResult]], int] = {
            pool.submit(
                _play_chunk,
                game_name,
                players,
                dict(options),
                list(bot_names),
                seed,
                part.start,
                part.stop,
                budget,
                records,
            ): index
            for index, part in enumerate(parts)
        }
        ready: dict[int, list[DealResult]] = {}
        following = 0
        finished = 0
        while pending:
            done, _still = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                index = pending.pop(future)
                ready[index] = future.result()
                finished += len(parts[index])
            while following in ready:
                yield from ready.pop(following)
                following += 1
            if progress is not None:
                progress(finished)
    finally:
        pool.shutdown()


def head_to_head(
    game_name: str,
    players: int,
    bot_names: Sequence[str],
    deals: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
    budget: Budget | None = None,
    table_options: Mapping[str, object] | None = None,
    on_deal: Callable[[DealResult], None] | None = None,
    records: Path | None = None,
    backend: str = "process",
    **options: object,
) -> dict[str, BotStats]:
    """Play ``deals`` deals, each once per rotation of ``bot_names`` through the seats.

    ``bot_names`` has one name per seat (``["heuristic", "random", "random", "random"]``); a name
    may repeat, and its stats then pool every seat it held. Deal ``i`` and its bots are seeded
    from ``seed`` and ``i`` (see ``play_deal``), so the whole run replays exactly, and gives the
    same stats whatever ``jobs`` and ``backend``: with ``jobs`` > 1 the deals are played by that
    many workers of ``backend`` (``cardtable.workers``: ``process``, ``ray``; ``ray`` is used
    even for one job, so that a cluster plays them).
    ``budget`` bounds the searching bots' thinking. Table options come as keywords, or as
    ``table_options`` when their names clash with this function's (Punttu's ``deals``).
    ``records``, a directory, receives every game played as a record (``write_record``).
    ``progress``, if given, is called with the
    number of deals finished (every rotation played): after each deal in one process, after
    each chunk of deals with several. ``on_deal``, if given, gets every deal's result, in deal
    order (the arena lists the deals stopped at the cap from them).
    """
    if len(bot_names) != players:
        raise OptionError(
            _("give one bot name per seat: {players} names, not {count}").format(
                players=players, count=len(bot_names)
            )
        )
    if deals < 1:
        raise OptionError(_("play at least one deal, not {deals}").format(deals=deals))
    if jobs < 1:
        raise OptionError(_("use at least one process, not {jobs}").format(jobs=jobs))
    options = {**(table_options or {}), **options}
    table = make_game(game_name, players=players, **options)
    stats = {name: BotStats(name) for name in bot_names}
    results: Iterator[DealResult]
    if (jobs == 1 or deals == 1) and backend != "ray":
        results = _deals_in_order(table, bot_names, seed, deals, budget, progress, records)
    else:
        results = _deals_in_parallel(
            table.name,
            players,
            options,
            bot_names,
            seed,
            deals,
            jobs,
            budget,
            progress,
            records,
            backend,
        )
    for deal in results:
        for entry in stats.values():
            entry.add(deal)
        if on_deal is not None:
            on_deal(deal)
    return stats


def _deals_in_order(
    table: Game,
    bot_names: Sequence[str],
    seed: int,
    deals: int,
    budget: Budget | None,
    progress: Callable[[int], None] | None,
    records: Path | None,
) -> Iterator[DealResult]:
    for number in range(deals):
        yield play_deal(table, bot_names, seed, number, budget=budget, records=records)
        if progress is not None:
            progress(number + 1)


def decisions_per_second(
    game_name: str, players: int, bot_name: str, deals: int, seed: int, **options: object
) -> float:
    """How many decisions ``bot_name`` makes per second, timing only its ``choose`` calls; a
    deal is stopped after the game's ``playout_cap_actions`` actions."""
    table = make_game(game_name, players=players, **options)
    cap = table.playout_cap_actions
    spent = 0.0
    decisions = 0
    for number in range(deals):
        state = table.deal(seed=deal_seed(seed, number), dealer=0)
        bots = [make_bot(bot_name, table, seat, seed=number) for seat in range(players)]
        left = -1 if cap is None else cap
        while left and (seat := state.to_move) is not None:
            left -= 1
            view = state.view(seat, memory=True)
            legal = state.legal_actions()
            start = time.perf_counter()
            action = bots[seat].choose(view, legal)
            spent += time.perf_counter() - start
            decisions += 1
            state.apply(action)
    return decisions / spent if spent > 0 else math.inf
