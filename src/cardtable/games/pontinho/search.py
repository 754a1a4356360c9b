"""Pontinho's rollout policy for tree searches: fast, close to ``medium``'s judgement, capped.

It works directly on a sampled state's internals and integer action ids (``actions``), so it
must only ever be given a state a bot imagined (``Game.sample_state``), never the real deal.

Speed is the point: a search runs a playout (about a hundred actions) per iteration. So the
policy never lists the legal actions. It reads a hand once into bit masks (``_Shape``: for each
rank the suits held, for each suit the run positions held) and builds the few melds worth
laying straight from them, with the cached ``Meld`` singletons of ``melds``; the full meld
enumeration is left to the rare hands where jokers make it matter (a small hand that may go out).

The greedy move, by phase (``state`` module), scored as ``medium`` scores it (``heuristic``):

- DRAW / CLAIM: take (PO-7) or advance (PO-17, keeping a card, PO-19) the top discard into the
  new meld that sheds the most points from hand, when that is worth ``TAKE_THRESHOLD``; a quick
  bit test rules out most hands before any meld is built. Else draw / pass.
- FIRST_DRAWN: burn (PO-9) a first card that connects with nothing in hand.
- FIRST_DRAWN / MAIN: lay the meld that sheds the most points, natural cards first — a joker is
  spent (``JOKER_COST``) only for enough points or to go out (PO-22); once melded (PO-16), lay off
  the natural card with the most points that fits, a joker only from a hand of
  ``JOKER_SHED_HAND`` cards or fewer; then discard the card with the most points, less
  ``CONNECTION`` for each hand card it connects with (same rank, or same suit one or two ranks
  away, the ace both low and high), never a joker while another card is left.

With chance ``EPSILON`` (10%) the discard is a uniformly random natural card of the hand
instead; the other choices stay greedy. Di Palma & Lanzi found about 30% random moves best for
Scopone; here, on the same duplicate deals (4 players, 16 deals, 300 iterations), 10% random
discards did better against ``medium`` than 30%: the deal turns on who goes out first, and
random discards blur that signal while the hidden cards already keep the playouts varied.

**The cap.** A deal has no bound (PO-8 rebuilds the stock), so a playout stops after
``MAX_ACTIONS`` actions. A capped playout is scored as if the deal ended there with nobody out:
each seat's penalty points in hand (PO-2, PO-23) — ``side_points`` does this, and the search's
reward (lowest wins) follows.

**The tree.** ``tree_moves`` narrows the actions a search node considers (a form of "choose
moves in steps"). On a turn with a natural meld or a natural lay-off to make, that is the one
move (``_natural_step``, as ``endgame`` plays it at the root). Otherwise: every draw, burn and
pass, the ``WIDE`` best melds, takes and advances by ``medium``'s score, the ``WIDE`` best
lay-offs by points, and the ``WIDE_DISCARDS`` best discards by the greedy discard order (it
agrees with ``medium``'s discard about three times in four, and holds it in its first two nine
times in ten). So the many meld combinations jokers allow do not drown the search, and a
discard's value is not left to a few hundred noisy playouts: a playout's greedy future self
sheds a card held back now, so putting off a bad discard looks nearly free to the search.

**Moves without a search.** ``endgame`` (the search's hook for positions it need not weigh)
plays a move that goes out at once (PO-22): it ends the deal with 0 points for the mover, the
best any deal can end for it (PO-23). On the mover's turn it also lays the natural meld or
natural lay-off that sheds the most points, and, when only discards are left, plays ``medium``'s
discard if that beats ``medium``'s second choice by ``CLEAR_DISCARD`` or more: a playout's
greedy future self sheds whatever is held back, so the search sees little difference between
discards, and its noise would only blur a clear call. It searches the close calls, the draws,
takes and claims, and the joker melds and lay-offs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.cards.french import NATURAL_KINDS, FrenchCard, penalty_table
from cardtable.engine.action import Action
from cardtable.engine.plugin import SearchHooks
from cardtable.games.pontinho.actions import (
    ADVANCE,
    BURN,
    DISCARD,
    DRAW,
    LAYOFF,
    LAYOFF_ITEMS,
    MELD,
    PASS,
    TAKE,
    meld_index,
    meld_table,
)
from cardtable.games.pontinho.heuristic import (
    JOKER_COST,
    JOKER_SHED_HAND,
    TAKE_THRESHOLD,
    _kind,
    _Reading,
)
from cardtable.games.pontinho.melds import (
    FourSuits,
    Meld,
    _run_meld,
    _set_meld,
    enumerate_melds,
    enumerate_melds_with,
)
from cardtable.games.pontinho.memo import table_layoffs
from cardtable.games.pontinho.state import Phase, PontinhoState

#: Chance of a uniformly random discard instead of the greedy one.
EPSILON = 0.1
#: Iterations before a settled choice may stop the search (the generic 1,000 would cost about
#: 0.8 s here, where an iteration plays a long deal of melds; ``bots/ismcts.py``).
SETTLE_MIN = 300
#: A playout stops after this many actions and is scored by the points left in hand: the
#: search's horizon, a tuning of the hard bot (not a bound on a deal, which is
#: ``PontinhoGame.deal_length_bound`` / ``playout_cap_actions``).
MAX_ACTIONS = 400
#: How many melds (takes, advances) and lay-offs a search node considers.
WIDE = 4
#: How many discards a search node considers, best first by the greedy discard order.
WIDE_DISCARDS = 2
#: A score bonus for a meld that goes out or leaves one card to discard (PO-22).
OUT_BONUS = 100.0
#: Penalty points a connection with another hand card is worth when choosing a discard.
CONNECTION = 6
#: How much better (in ``medium``'s discard score) a discard must be than the next to be
#: played without a search.
CLEAR_DISCARD = 3.0

_JOKER = NATURAL_KINDS
_HIGH_ACE = 13
_OVER = Phase.OVER
_DRAW_PHASE = Phase.DRAW
_CLAIM = Phase.CLAIM


def _near_mask(rank: int) -> int:
    """Run positions one or two ranks from ``rank`` (the ace counts low and high, PO-13)."""
    positions = (1, 2, 11, 12) if rank == 0 else (rank - 2, rank - 1, rank + 1, rank + 2)
    return sum(1 << p for p in positions if 0 <= p <= _HIGH_ACE)


_NEAR = tuple(_near_mask(rank) for rank in range(13))


def _kind_at(suit: int, position: int) -> int:
    return suit * 13 + position % 13


def _partners(top: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[int, ...]]:
    """For natural ``top``: the same rank's other suits (a set, PO-12); the pairs of same-suit
    kinds that make a 3-card run with it (PO-13, the ace low and high); the same-suit kinds one
    or two positions away (a run with one joker)."""
    suit, rank = divmod(top, 13)
    same = tuple(s * 13 + rank for s in range(4) if s != suit)
    pairs: list[tuple[int, int]] = []
    near: list[int] = []
    for p in (0, _HIGH_ACE) if rank == 0 else (rank,):
        for a, b in ((p + 1, p + 2), (p - 1, p + 1), (p - 2, p - 1)):
            if 0 <= a <= _HIGH_ACE and 0 <= b <= _HIGH_ACE:
                pairs.append((_kind_at(suit, a), _kind_at(suit, b)))
        for q in (p - 2, p - 1, p + 1, p + 2):
            if 0 <= q <= _HIGH_ACE and _kind_at(suit, q) != top:
                near.append(_kind_at(suit, q))
    return same, tuple(pairs), tuple(dict.fromkeys(near))


_PARTNERS = tuple(_partners(top) for top in range(NATURAL_KINDS))


def _can_meld_with(hand: list[int], top: int) -> bool:
    """Whether some meld holds ``top`` and at least two cards of ``hand`` (PO-7, PO-17): a bit
    quicker than building the melds, and most hands cannot."""
    if top == _JOKER:
        return _Shape(hand).can_meld_with_joker()
    jokers = hand.count(_JOKER)
    if jokers >= 2:
        return True  # top * *
    same, pairs, near = _PARTNERS[top]
    a, b, c = same
    if (a in hand) + (b in hand) + (c in hand) + jokers >= 2:
        return True
    # Plain loops, not any(): this runs for every claimant in every playout.
    if jokers:
        for k in near:  # noqa: SIM110
            if k in hand:
                return True
        return False
    for x, y in pairs:  # noqa: SIM110
        if x in hand and y in hand:
            return True
    return False


class _Shape:
    """One hand read into bit masks: ``jokers``; ``ranks[r]`` the suits held of rank r (bit s);
    ``suits[s]`` the run positions held in suit s (bit p, the ace at 0 and 13)."""

    __slots__ = ("jokers", "ranks", "suits", "size", "bits", "pairs")

    def __init__(self, hand: Sequence[int]) -> None:
        jokers = 0
        ranks = [0] * 13
        suits = [0, 0, 0, 0]
        bits = 0
        pairs = 0  # bit r: two suits or more of rank r held
        for k in hand:
            bits |= 1 << k
            if k == _JOKER:
                jokers += 1
                continue
            s = k // 13
            r = k - 13 * s
            held = ranks[r]
            if held and not held >> s & 1:
                pairs |= 1 << r
            ranks[r] = held | 1 << s
            suits[s] |= 1 << r
        for s in range(4):
            if suits[s] & 1:
                suits[s] |= 1 << _HIGH_ACE
        self.jokers = jokers
        self.ranks = ranks
        self.suits = suits
        self.size = len(hand)
        self.bits = bits
        self.pairs = pairs

    def connections(self, k: int) -> int:
        """How many held kinds connect with natural kind ``k`` (same rank, or same suit ±1, ±2)."""
        s = k // 13
        r = k - 13 * s
        return (self.ranks[r] & ~(1 << s)).bit_count() + (self.suits[s] & _NEAR[r]).bit_count()

    def can_meld_with_joker(self) -> bool:
        """Whether a discarded joker makes a meld with two held cards (one joker is held at
        most; two make one with any natural card)."""
        if self.jokers:
            return self.size > self.jokers
        if any(bits.bit_count() >= 2 for bits in self.ranks):
            return True
        return any(m & m >> 1 | m & m >> 2 for m in self.suits)


def _run_points(points: Sequence[int], suit: int, low: int, high: int, joker: int) -> int:
    """Points of the natural cards of a run of ``suit`` over ``low..high``, joker at ``joker``."""
    base = suit * 13
    return sum(points[base + p % 13] for p in range(low, high + 1) if p != joker)


def _segments(m: int) -> list[tuple[int, int]]:
    """Maximal stretches of consecutive set bits of ``m``, as (low, high) positions."""
    out = []
    while m:
        low = (m & -m).bit_length() - 1
        x = m >> low
        length = (x ^ (x + 1)).bit_length() - 1
        out.append((low, low + length - 1))
        m &= ~(((1 << length) - 1) << low)
    return out


def _meld_score(meld: Meld, points: Sequence[int], size: int) -> float:
    """``medium``'s score of laying ``meld`` from a hand of ``size`` cards."""
    kinds = meld.kinds
    jokers = kinds.count(_JOKER)
    score = sum(points[k] for k in kinds if k != _JOKER) + 0.5 * len(kinds) - JOKER_COST * jokers
    if len(kinds) >= size - 1:
        score += OUT_BONUS
    return score


def _reading(five: bool) -> FourSuits:
    return FourSuits.WITH_JOKER if five else FourSuits.JOKER_FILLS


def _best_meld(
    hand: Sequence[int], shape: _Shape, points: Sequence[int], five: bool = True
) -> Meld | None:
    """The meld worth laying from ``hand`` (score above 0), or None; ``five``: the table's
    reading of PO-12 allows four natural suits and a joker."""
    size = shape.size
    jokers = shape.jokers
    if jokers and (size <= 4 or jokers >= 2 and size <= 6):
        # Few cards with jokers: every meld counts, as one may go out (PO-22).
        best_meld: Meld | None = None
        best_score = 0.0
        for meld in enumerate_melds(hand, _reading(five)):
            score = _meld_score(meld, points, size)
            if score > best_score:
                best_meld, best_score = meld, score
        return best_meld
    best: tuple[float, int, int, int, int] | None = None  # score, kind, a, b, c
    out = size - 1
    use = 1 if jokers else 0
    pairs = shape.pairs
    while pairs:
        r = (pairs & -pairs).bit_length() - 1
        pairs &= pairs - 1
        bits = shape.ranks[r]
        held = bits.bit_count()
        if held >= 3:
            shapes: tuple[tuple[int, int], ...] = ((3, 0),)
            if held == 4 and use and five:
                shapes = ((3, 0), (4, 1))  # PO-12: the four suits and a joker
        elif held == 2 and use:
            shapes = ((2, 1),)
        else:
            continue
        for n, joker in shapes:
            length = n + joker
            score = n * points[r] + 0.5 * length - JOKER_COST * joker
            if length >= out:
                score += OUT_BONUS
            if score > 0 and (best is None or score > best[0]):
                best = (score, 0, r, bits, joker)
    for s in range(4):
        m = shape.suits[s]
        if not (m & m >> 1 & m >> 2 if not use else m & m >> 1 | m & m >> 2):
            continue
        segments = _segments(m)
        previous: tuple[int, int] | None = None
        for low, high in segments:
            length = high - low + 1
            candidates: list[tuple[int, int, int]] = []  # low, high, joker position (-1: none)
            if length >= 3:
                candidates.append((low, high, -1))
            if use and length >= 2:
                if high < _HIGH_ACE:
                    candidates.append((low, high + 1, high + 1))
                elif low > 0:
                    candidates.append((low - 1, high, low - 1))
            if use and previous is not None and previous[1] + 2 == low:
                candidates.append((previous[0], high, low - 1))
            previous = (low, high)
            for a, b, joker_at in candidates:
                length = b - a + 1
                if length > 13:
                    continue  # one ace cannot stand at both ends
                score = _run_points(points, s, a, b, joker_at) + 0.5 * length
                if joker_at >= 0:
                    score -= JOKER_COST
                if length >= out:
                    score += OUT_BONUS
                if score > 0 and (best is None or score > best[0]):
                    best = (score, 1, s, a << 8 | b, joker_at)
    if best is None:
        return None
    _score, kind, x, y, z = best
    if kind == 0:
        # Without a joker, three of the suits held; with one, all held: two, or the four.
        suits = [s for s in range(4) if y >> s & 1]
        return _set_meld(x, suits if z else suits[:3], z)
    low, high = y >> 8, y & 0xFF
    return _run_meld(x, low, high, 1 << z if z >= 0 else 0)


def _best_with_top(
    hand: Sequence[int], top: int, points: Sequence[int], keep: bool, five: bool = True
) -> Meld | None:
    """The new meld with ``top`` and hand cards worth taking or advancing, or None; with
    ``keep``, only melds that leave a card in hand (PO-19)."""
    if top != _JOKER and _JOKER not in hand:
        return _best_natural_with_top(hand, top, points, keep)
    size = len(hand)
    best: Meld | None = None
    best_score = TAKE_THRESHOLD
    for meld in enumerate_melds_with(hand, top, _reading(five)):
        kinds = list(meld.kinds)
        if keep and len(kinds) > size:
            continue
        kinds.remove(top)  # type: ignore[arg-type]
        score = float(len(kinds) + 1)
        for k in kinds:
            score += 4.0 if k == _JOKER else points[k]
        if score > best_score:
            best, best_score = meld, score
    return best


def _best_natural_with_top(
    hand: Sequence[int], top: int, points: Sequence[int], keep: bool
) -> Meld | None:
    """``_best_with_top`` for a natural ``top`` and a hand without jokers, built directly:
    the set of three suits with it (PO-12), or the longest run through it (PO-13), whichever
    sheds more (the set on a tie), if that is worth ``TAKE_THRESHOLD``."""
    size = len(hand)
    suit, rank = divmod(top, 13)
    best: Meld | None = None
    best_score = TAKE_THRESHOLD
    others = [s for s in range(4) if s != suit and s * 13 + rank in hand]
    if len(others) >= 2 and (not keep or size >= 3):
        score = 2.0 * points[top] + 3.0
        if score > best_score:
            best, best_score = _set_meld(rank, sorted((suit, *others[:2])), 0), score
    held = 0
    for k in hand:
        if k // 13 == suit:
            held |= 1 << (k % 13)
    if held & 1:
        held |= 1 << _HIGH_ACE
    base = suit * 13
    for position in (0, _HIGH_ACE) if rank == 0 else (rank,):
        for low, high in _segments(held | 1 << position):
            if low <= position <= high:
                break
        # The longest run there is (an advance keeps a card in hand, PO-19), the richest
        # such window on a tie.
        length = min(high - low + 1, size if keep else 14)
        if length < 3:
            continue
        for start in range(max(low, position - length + 1), min(position, high - length + 1) + 1):
            score = float(length)
            for q in range(start, start + length):
                if q != position:
                    score += points[base + q % 13]
            if score > best_score:
                best, best_score = _run_meld(suit, start, start + length - 1, 0), score
    return best


def _discard(
    hand: Sequence[int], shape: _Shape, points: Sequence[int], pick: Any, epsilon: float
) -> int:
    """The kind to discard: random (chance ``epsilon``) or the greedy choice; no joker while
    a natural card is left."""
    naturals = [k for k in hand if k != _JOKER]
    if not naturals:
        return _JOKER
    if pick() < epsilon:
        return naturals[int(pick() * len(naturals))]
    best = -1
    best_score = -1_000
    for k in naturals:
        score = points[k] - CONNECTION * shape.connections(k)
        if score > best_score or score == best_score and k < best:
            best, best_score = k, score
    return best


def choose(state: PontinhoState, pick: Any, points: Sequence[int], epsilon: float) -> int:
    """The rollout policy's action id for ``state`` (not over); ``pick`` is ``rng.random``."""
    phase = state.phase
    if phase is _DRAW_PHASE:
        discard = state.discard
        if discard:
            top = discard[-1]
            hand = state.hands[state.turn]
            if _can_meld_with(hand, top):
                meld = _best_with_top(hand, top, points, False, state.five)
                if meld is not None:
                    return TAKE + meld_index(meld)
        return DRAW
    if phase is _CLAIM:
        hand = state.hands[state.claimants[0]]
        if len(hand) >= 4:
            top = state.discard[-1]
            if _can_meld_with(hand, top):
                meld = _best_with_top(hand, top, points, True, state.five)
                if meld is not None:
                    return ADVANCE + meld_index(meld)
        return PASS
    seat = state.turn
    hand = state.hands[seat]
    pending = state.pending
    if pending is not None:
        hand = [*hand, pending]
    shape = _Shape(hand)
    if (
        pending is not None
        and pending != _JOKER
        and shape.connections(pending) == 0
        and hand.count(pending) == 1
    ):
        return BURN  # PO-9: the first card drawn, connected with nothing
    five = state.five
    meld = _best_meld(hand, shape, points, five)
    if meld is not None:
        return MELD + meld_index(meld)
    if state.melded[seat]:
        fits, layoff_ids = table_layoffs(state.melds, five)
        found = fits & shape.bits & ~(1 << _JOKER)
        if found:
            best = -1
            best_points = 0
            while found:
                low = found & -found
                found ^= low
                kind = low.bit_length() - 1
                if points[kind] > best_points:
                    best, best_points = kind, points[kind]
            return layoff_ids[best]
        if shape.jokers and shape.size <= JOKER_SHED_HAND and layoff_ids[_JOKER] >= 0:
            return layoff_ids[_JOKER]
    return DISCARD + _discard(hand, shape, points, pick, epsilon)


def playout(state: PontinhoState, rng: random.Random, epsilon: float = EPSILON) -> None:
    """Play ``state`` on with the rollout policy (in place), at most ``MAX_ACTIONS`` actions.

    The same moves as ``choose`` played through ``apply_unchecked`` (the tests check it), with
    the draws and claim rounds — most of a deal's actions — played straight through the rules'
    effects (``state._do_*``), a whole claim round in one loop."""
    apply = state.apply_unchecked
    pick = rng.random
    points = penalty_table(state.game.options.figure_points)
    five = state.five
    hands = state.hands
    left = MAX_ACTIONS
    while left > 0:
        phase = state.phase
        if phase is _DRAW_PHASE:
            left -= 1
            discard = state.discard
            if discard:
                top = discard[-1]
                hand = hands[state.turn]
                if _can_meld_with(hand, top):
                    meld = _best_with_top(hand, top, points, False, five)
                    if meld is not None:
                        state._do_take(meld)
                        continue
            state._do_draw()
        elif phase is _CLAIM:
            claimants = state.claimants
            top = state.discard[-1]
            while left > 0:
                left -= 1
                hand = hands[claimants[0]]
                if len(hand) >= 4 and _can_meld_with(hand, top):
                    meld = _best_with_top(hand, top, points, True, five)
                    if meld is not None:
                        state._do_advance(meld)
                        break
                state._do_pass()
                if not claimants:
                    break  # everyone was asked (PO-21)
        elif phase is _OVER:
            return
        else:
            left -= 1
            apply(choose(state, pick, points, epsilon))


def side_points(state: PontinhoState) -> list[int]:
    """Penalty points per seat (every seat is its own side): the outcome's when the deal is over
    (0 for all in a void deal, PO-8), else — a playout stopped at the cap — each hand's points,
    as if the deal ended there with nobody out."""
    points = penalty_table(state.game.options.figure_points)
    out = state.went_out
    if state.phase is _OVER and out is None:
        return [0] * state.n
    return [
        0 if seat == out else sum(points[k] for k in hand) for seat, hand in enumerate(state.hands)
    ]


def tree_moves(state: PontinhoState, ids: list[int]) -> list[int]:
    """The actions a search node considers among legal ``ids`` (see the module's notes)."""
    points = penalty_table(state.game.options.figure_points)
    phase = state.phase
    if phase is not _DRAW_PHASE and phase is not _CLAIM:
        step = _natural_step(ids, points)
        if step >= 0:
            return [step]
    if len(ids) <= WIDE_DISCARDS or ids[-1] < DISCARD:
        return ids
    table = meld_table()[0]
    simple: list[int] = []
    melds: list[tuple[float, int]] = []
    layoffs: list[tuple[int, int]] = []
    discards: list[int] = []
    hand = state.hands[state.to_move or 0]
    if state.pending is not None and phase is not _CLAIM:
        hand = [*hand, state.pending]
    size = len(hand)
    for a in ids:
        if a < DISCARD:
            simple.append(a)
        elif a < MELD:
            discards.append(a - DISCARD)
        elif a < LAYOFF:
            base = MELD if a < TAKE else TAKE if a < ADVANCE else ADVANCE
            melds.append((_meld_score(table[a - base], points, size), a))
        else:
            kind = _layoff_kind(a)
            layoffs.append((points[kind] if kind != _JOKER else 0, a))
    melds.sort(reverse=True)
    layoffs.sort(reverse=True)
    out = simple + [a for _p, a in melds[:WIDE]] + [a for _p, a in layoffs[:WIDE]]
    if discards:
        shape = _Shape(hand)
        order = sorted(discards, key=lambda k: _discard_key(k, shape, points))
        out += [DISCARD + k for k in order[:WIDE_DISCARDS]]
    return out


_MELD_KINDS: dict[int, tuple[int, ...]] = {}


def _natural_kinds(index: int) -> tuple[int, ...]:
    """The kinds of meld ``index`` of the global table, or () when it holds a joker."""
    kinds = _MELD_KINDS.get(index)
    if kinds is None:
        found = tuple(int(k) for k in meld_table()[0][index].kinds)
        kinds = _MELD_KINDS[index] = () if _JOKER in found else found
    return kinds


def _natural_step(ids: Sequence[int], points: Sequence[int]) -> int:
    """The natural meld that sheds the most points among ``ids`` (PO-12, PO-13), else the
    natural lay-off that does (PO-16); -1 if there is neither. These the search does not weigh
    (see ``endgame``)."""
    best = -1
    best_score = 0.0
    layoff = -1
    layoff_points = 0
    for a in ids:
        if a < MELD:
            continue
        if a < TAKE:
            kinds = _natural_kinds(a - MELD)
            if kinds:
                score = sum(points[k] for k in kinds) + 0.5 * len(kinds)
                if score > best_score:
                    best, best_score = a, score
        elif a >= LAYOFF and best < 0:
            kind = _layoff_kind(a)
            if kind != _JOKER and points[kind] > layoff_points:
                layoff, layoff_points = a, points[kind]
    return best if best >= 0 else layoff


def _discard_key(k: int, shape: _Shape, points: Sequence[int]) -> tuple[bool, int, int]:
    """Sort key of the greedy discard order: jokers last, then most points less connections."""
    if k == _JOKER:
        return (True, 0, k)
    return (False, CONNECTION * shape.connections(k) - points[k], k)


def _layoff_kind(action_id: int) -> int:
    item = (action_id - LAYOFF) % LAYOFF_ITEMS
    return item if item <= _JOKER else _JOKER


def endgame(game: Any, view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """A move played without a search, read from the view and the legal moves only:

    - a move that goes out at once (PO-22) — a meld or a lay-off of the whole hand, a discard
      of the last card, a take of every card — is the best any deal can end for the mover
      (PO-23);
    - else, on its turn, the natural meld that sheds the most points, or the natural lay-off
      that does (``medium`` lays them at once too). A search weighs them badly: the rest of the
      turn (its discard) is explored below them in the tree, so their mean is diluted by poor
      discards, and with a few hundred iterations per move the search would hold melds whose
      points a rival's going out then charges in full. The tree plays them the same way
      (``tree_moves``), so the search spends itself on draws, takes, claims, joker melds and
      discards.
    """
    hand = view.get("hand")
    if not isinstance(hand, list):
        return None
    size = len(hand) + (1 if view.get("drawn") is not None else 0)
    for action in legal:
        kind = action.kind
        if kind in ("meld", "layoff", "discard") and len(action.cards) >= size:
            return action
        if kind == "take" and len(action.cards) == size + 1:
            return action
    if view.get("phase") not in ("main", "first_drawn"):
        return None
    points = penalty_table(str(view["options"]["figure_points"]))
    best: Action | None = None
    best_score = 0.0
    layoff: Action | None = None
    layoff_points = 0
    for action in legal:
        kind = action.kind
        if kind == "meld":
            cards = [c for c in action.cards if type(c) is FrenchCard and c != _JOKER]
            if len(cards) == len(action.cards):
                score = sum(points[c] for c in cards) + 0.5 * len(cards)
                if score > best_score:
                    best, best_score = action, score
        elif kind == "layoff" and best is None:
            card = action.cards[0]
            if type(card) is FrenchCard and card != _JOKER and points[card] > layoff_points:
                layoff, layoff_points = action, points[card]
    if best is not None or layoff is not None:
        return best if best is not None else layoff
    return _clear_discard(view, legal)


def _clear_discard(view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
    """When only discards are left, ``medium``'s discard if it beats its second choice by
    ``CLEAR_DISCARD`` or more (the search is left the close calls), else None."""
    if len(legal) < 2 or any(action.kind != "discard" for action in legal):
        return None
    reading = _Reading(view)
    # medium's order: the highest score, the lower card on a tie.
    scored = sorted(legal, key=lambda a: (-reading.discard_score(_kind(a)), _kind(a)))
    best, second = (reading.discard_score(_kind(a)) for a in scored[:2])
    return scored[0] if best - second >= CLEAR_DISCARD else None


assert BURN < DISCARD and PASS < DISCARD


#: What the hard bot's search takes from Pontinho (``cardtable.bots.ismcts``).
HOOKS = SearchHooks(
    playout=playout,
    side_points=side_points,
    tree_moves=tree_moves,
    endgame=endgame,
    settle_min=SETTLE_MIN,
)
