"""The rollout's meld finder: a hand read into bit masks, and the one meld worth laying.

Speed is the point: a search runs a playout (about a hundred actions) per iteration, so the
policy never lists the legal actions. ``Shape`` reads a hand once into bit masks (for each rank
the suits held, for each suit the run positions held), and ``best_meld`` / ``best_with_top``
build the few melds worth laying straight from them, with the cached ``Meld`` singletons of
``melds``; the full meld enumeration is left to the rare hands where jokers make it matter (a
small hand that may go out). Each meld is scored as ``medium`` scores it (``heuristic``); the
tests check every shortcut here against the engine's own enumeration.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards.french import NATURAL_KINDS
from cardtable.games.pontinho.heuristic import JOKER_COST, TAKE_THRESHOLD
from cardtable.games.pontinho.melds import (
    Meld,
    enumerate_melds,
    enumerate_melds_with,
    run_meld,
    set_meld,
)
from cardtable.games.pontinho.memo import READINGS

#: A score bonus for a meld that goes out or leaves one card to discard (PO-22).
OUT_BONUS = 100.0

_JOKER = NATURAL_KINDS
_HIGH_ACE = 13


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


def can_meld_with(hand: list[int], top: int) -> bool:
    """Whether some meld holds ``top`` and at least two cards of ``hand`` (PO-7, PO-17): a bit
    quicker than building the melds, and most hands cannot."""
    if top == _JOKER:
        return Shape(hand).can_meld_with_joker()
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


class Shape:
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


def meld_score(meld: Meld, points: Sequence[int], size: int) -> float:
    """``medium``'s score of laying ``meld`` from a hand of ``size`` cards."""
    kinds = meld.kinds
    jokers = kinds.count(_JOKER)
    score = sum(points[k] for k in kinds if k != _JOKER) + 0.5 * len(kinds) - JOKER_COST * jokers
    if len(kinds) >= size - 1:
        score += OUT_BONUS
    return score


def best_meld(
    hand: Sequence[int], shape: Shape, points: Sequence[int], five: bool = True
) -> Meld | None:
    """The meld worth laying from ``hand`` (score above 0), or None; ``five``: the table's
    reading of PO-12 allows four natural suits and a joker."""
    size = shape.size
    jokers = shape.jokers
    if jokers and (size <= 4 or jokers >= 2 and size <= 6):
        # Few cards with jokers: every meld counts, as one may go out (PO-22).
        best_meld: Meld | None = None
        best_score = 0.0
        for meld in enumerate_melds(hand, READINGS[five]):
            score = meld_score(meld, points, size)
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
        return set_meld(x, suits if z else suits[:3], z)
    low, high = y >> 8, y & 0xFF
    return run_meld(x, low, high, 1 << z if z >= 0 else 0)


def best_with_top(
    hand: Sequence[int], top: int, points: Sequence[int], keep: bool, five: bool = True
) -> Meld | None:
    """The new meld with ``top`` and hand cards worth taking or advancing, or None; with
    ``keep``, only melds that leave a card in hand (PO-19)."""
    if top != _JOKER and _JOKER not in hand:
        return _best_natural_with_top(hand, top, points, keep)
    size = len(hand)
    best: Meld | None = None
    best_score = TAKE_THRESHOLD
    for meld in enumerate_melds_with(hand, top, READINGS[five]):
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
    """``best_with_top`` for a natural ``top`` and a hand without jokers, built directly:
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
            best, best_score = set_meld(rank, sorted((suit, *others[:2])), 0), score
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
                best, best_score = run_meld(suit, start, start + length - 1, 0), score
    return best
