"""Pontinho's heuristic bot (``medium``): how a good club player plays a deal of rummy.

It reads only its seat's view with memory and the legal actions it is given (never the state),
and scores each card of its hand by how *connected* it is (``keep``):

- a card in a complete meld of natural cards in hand, or one that lays off on a meld on the
  table (PO-16: once it has melded, it sheds it whenever it likes), is worth keeping;
- a pair (same rank, another suit, PO-12) and a near-run (same suit, one or two ranks apart,
  PO-13; the ace both low and high) are worth keeping in proportion to how many cards that would
  complete them are still unseen (not in its hand, on the table, in the discard pile or burned);
- jokers are kept (PO-11) — they complete anything — until the hand is nearly empty.

Then, by phase (``phase`` module):

- **discard**: the card with the most penalty points (PO-2) for the least connection, minus the
  danger of feeding a rival: a card that lays off on a meld on the table (PO-16), a card whose
  partners are mostly unseen (the next player decides first on it, PO-20, and others may advance
  it), and a card of a rank or a suit near the cards a rival was seen taking or advancing (it
  collects them); a rank a rival discarded itself is safer. High unconnected cards go early.
- **draw / take** (PO-7) and **advance** (PO-17 … PO-19): take the top discard into the new
  meld that sheds the most points from hand, unless it spends a joker cheaply or breaks a
  complete meld already in hand; otherwise draw / pass.
- **burn** (PO-9): burn the first card drawn when it connects with nothing in hand.
- **meld / lay off** (PO-16, PO-22): meld natural melds first, the most points first (jokers
  spent only when they shed enough); lay off every natural card that fits; lay off jokers too
  once the hand is small or the bust line is near. Going out (PO-22, PO-23) follows from shedding
  everything it can: the deal ends with 0 for it.
- **the bust line** (PO-24): when the view carries the match totals (``totals``) and this seat's
  total plus its hand's points would reach ``bust``, or a rival is down to a few cards, it sheds
  points harder: points weigh more in the discard and jokers are laid off.

- **buying back** (PO-25), between deals, from the match's ``decision_view`` (``kind`` ``"match"``):
  buying back returns it with the highest total among the players still in, so it buys back
  when that total leaves a margin of at least ``BUYBACK_MARGIN`` (20) points below ``bust`` —
  room for a deal or two — and declines otherwise (``buyback_wanted``).

Deterministic (ties go to the lower card or the first legal action) and fast: one pass over the
hand per decision, no enumeration of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar

from cardtable.cards.french import (
    JOKER,
    NATURAL_KINDS,
    kind_of,
    penalty_table,
)
from cardtable.cards.french import KIND_INDEX as _CARD
from cardtable.engine.action import Action
from cardtable.engine.bot import Bot
from cardtable.games.pontinho.melds import Meld, layoff_kinds, make_meld

#: Card notation to kind (the joker ``*`` is 52).
#: Copies of each kind in the 108 cards (PO-1).
_COPIES = (2,) * NATURAL_KINDS + (4,)


@lru_cache(maxsize=4096)
def _table_meld(text: str, four_suits: str = "with_joker") -> tuple[Meld, frozenset[int]]:
    """A table meld from its text, with the kinds that lay off on it under the table's reading
    of PO-12 (cached: views repeat)."""
    meld = make_meld(text)
    return meld, frozenset(int(k) for k in layoff_kinds(meld, four_suits))


def _neighbours(card: int, distance: int) -> list[int]:
    """Same-suit kinds ``distance`` ranks away, the ace both low and high (PO-13)."""
    suit, rank = divmod(card, 13)
    out = []
    for position in (rank - distance, rank + distance, rank + 13 - distance, rank - 13 + distance):
        if 0 <= position <= 13 and position != rank:
            other = suit * 13 + position % 13
            if other != card and other not in out and abs(position - rank) == distance:
                out.append(other)
    # The ace also sits above the king (position 13): K-A and Q-A are near-runs.
    return out


#: medium's tuning, which the hard bot's playouts share (``search.py``): what spending a joker
#: in a meld costs in its score (less when pressed, PO-24's bust line near), the points a take
#: or an advance must shed, and the hand size at or below which jokers are laid off too.
JOKER_COST = 14.0
JOKER_COST_PRESSED = 8.0
TAKE_THRESHOLD = 8.0
JOKER_SHED_HAND = 3

_NEAR1: tuple[tuple[int, ...], ...] = tuple(tuple(_neighbours(k, 1)) for k in range(NATURAL_KINDS))
_NEAR2: tuple[tuple[int, ...], ...] = tuple(tuple(_neighbours(k, 2)) for k in range(NATURAL_KINDS))
_SAME_RANK: tuple[tuple[int, ...], ...] = tuple(
    tuple(s * 13 + k % 13 for s in range(4) if s != k // 13) for k in range(NATURAL_KINDS)
)


class Reading:
    """What the bot reads from one view: counts of its hand, unseen counts, the table (the
    search's ``root`` reads ``discard_score`` from it too)."""

    __slots__ = (
        "seat",
        "n",
        "hand",
        "counts",
        "unseen",
        "layoff",
        "points",
        "pressure",
        "collect",
        "dropped",
        "next_seat",
        "top",
    )

    def __init__(self, view: dict[str, Any]) -> None:
        self.seat = seat = int(view["seat"])
        self.n = n = int(view["players"])
        hand = [_CARD[t] for t in view["hand"]]
        drawn = view.get("drawn")
        if drawn is not None:
            hand.append(_CARD[drawn])
        self.hand = hand
        counts = [0] * (NATURAL_KINDS + 1)
        for k in hand:
            counts[k] += 1
        self.counts = counts
        seen = counts[:]
        layoff: set[int] = set()
        collect = [[0] * (NATURAL_KINDS + 1) for _ in range(n)]
        options = view["options"]  # the table's validated options: every one is there
        four_suits = str(options["four_suits"])
        for entry in view["melds"]:
            meld, fits = _table_meld(entry["cards"], four_suits)
            layoff |= fits
            for k in meld.kinds:
                seen[k] += 1
        for text in view["discard"]:
            seen[_CARD[text]] += 1
        self.top = _CARD[view["discard"][-1]] if view["discard"] else None
        if view.get("burned"):
            seen[_CARD[view["burned"]]] += 1
        self.unseen = [max(0, c - s) for c, s in zip(_COPIES, seen, strict=True)]
        self.layoff = layoff
        self.points = penalty_table(str(options["figure_points"]))
        # What rivals were seen collecting (take/advance) or throwing away (discard).
        dropped = [set() for _ in range(n)]  # type: list[set[int]]
        for s, text in view.get("log", ()):
            word, _sep, rest = text.partition(" ")
            if word in ("take", "advance"):
                for item in rest.split():
                    if item[0] != "*":
                        k = _CARD[item]
                        collect[s][k] += 1
                        for near in _NEAR1[k]:
                            collect[s][near] += 1
                        for same in _SAME_RANK[k]:
                            collect[s][same] += 1
            elif word == "discard":
                dropped[s].add(_CARD[rest] % 13 if rest != "*" else -1)
        self.collect = collect
        self.dropped = dropped
        self.next_seat = (seat + 1) % n
        # Pressure: the bust line near (PO-24), or a rival about to go out.
        pressure = 1.0
        totals = view.get("totals")
        bust = options["bust"]
        mine = sum(self.points[k] for k in hand)
        if isinstance(totals, list) and isinstance(bust, int) and len(totals) == n:
            total = totals[seat]
            if isinstance(total, int) and total + mine >= bust - 10:
                pressure = 2.0
        sizes = view["hand_sizes"]
        if any(size <= 2 for s, size in enumerate(sizes) if s != seat):
            pressure = max(pressure, 1.5)
        self.pressure = pressure

    # -- how connected a card is --------------------------------------------------------------

    def keep(self, card: int) -> float:
        """How much ``card`` in hand is worth keeping (0: connected to nothing)."""
        if card == JOKER:
            return 60.0
        counts = self.counts
        unseen = self.unseen
        jokers = counts[JOKER]
        same = [k for k in _SAME_RANK[card] if counts[k]]
        near1 = [k for k in _NEAR1[card] if counts[k]]
        value = 0.0
        if len(same) >= 2 or self._in_run(card):
            value = 40.0
        else:
            if same:
                # A pair: completed by an unseen card of a third suit, or a joker.
                live = sum(unseen[k] for k in _SAME_RANK[card] if not counts[k]) + unseen[JOKER]
                value += 8.0 + 2.0 * min(live, 5) + (20.0 if jokers else 0.0)
            for other in near1:
                ends = [k for k in _NEAR1[other] if k != card] + [
                    k for k in _NEAR1[card] if k != other
                ]
                live = sum(unseen[k] for k in ends) + unseen[JOKER]
                value += 6.0 + 2.0 * min(live, 5) + (20.0 if jokers else 0.0)
            for other in _NEAR2[card]:
                if counts[other]:
                    gap = [k for k in _NEAR1[card] if k in _NEAR1[other]]
                    live = sum(unseen[k] for k in gap) + unseen[JOKER]
                    value += 3.0 + 2.0 * min(live, 3) + (15.0 if jokers else 0.0)
        if card in self.layoff:
            value = max(value, 30.0)
        if counts[card] > 1:
            value *= 0.5  # the second copy adds little to the same structures
        return value

    def _in_run(self, card: int) -> bool:
        """Whether ``card`` is in three same-suit cards in a row in hand."""
        counts = self.counts
        for other in _NEAR1[card]:
            if counts[other]:
                for third in _NEAR1[other]:
                    if third != card and counts[third]:
                        return True
                for third in _NEAR1[card]:
                    if third != other and counts[third]:
                        return True
        return False

    def danger(self, card: int) -> float:
        """How much discarding ``card`` may feed a rival (PO-7, PO-17)."""
        if card == JOKER:
            return 100.0
        value = 0.0
        if card in self.layoff:
            value += 10.0
        unseen = self.unseen
        partners = sum(unseen[k] for k in _SAME_RANK[card]) + sum(unseen[k] for k in _NEAR1[card])
        value += 0.5 * partners
        rank = card % 13
        for s in range(self.n):
            if s == self.seat:
                continue
            weight = 2.0 if s == self.next_seat else 1.0
            value += weight * 3.0 * min(self.collect[s][card], 2)
            if rank in self.dropped[s]:
                value -= weight * 2.0
        return value

    def discard_score(self, card: int) -> float:
        """Higher: the better card to throw away."""
        return self.pressure * self.points[card] - self.keep(card) - self.danger(card)

    def shed_score(self, kinds: Sequence[int]) -> float:
        """What laying ``kinds`` from hand sheds, less what it spends (jokers, other structure)."""
        points = self.points
        value = 0.0
        for k in kinds:
            if k == JOKER:
                value += 4.0 * self.pressure
            else:
                value += points[k] * self.pressure
        return value


#: Points below the bust line the returned total must leave for a buy-back to be worth it.
BUYBACK_MARGIN = 20


def buyback_wanted(view: dict[str, Any], margin: int = BUYBACK_MARGIN) -> bool:
    """Whether to buy back, from the match's ``decision_view``: yes when the total it would
    return with (the highest among the players still in, PO-25) is at least ``margin`` points
    below ``bust``. A view without totals (or nobody still in) says yes: buying back is never
    worse than being out."""
    totals = view.get("totals")
    still_in = view.get("still_in")
    bust = view.get("bust")
    if not isinstance(totals, list) or not isinstance(still_in, list) or not still_in:
        return True
    if not isinstance(bust, int):
        return True
    returned = max(int(totals[s]) for s in still_in)
    return bust - returned >= margin


class PontinhoHeuristic(Bot):
    """A fast rule-of-thumb player (see the module's documentation). Deterministic."""

    name: ClassVar[str] = "heuristic"
    #: It decides buy-backs between deals from the match's view (``cardtable.cli.session``).
    decides_between_deals: ClassVar[bool] = True

    #: Penalty points a take or an advance must shed (net of jokers) to be worth it.
    take_threshold: ClassVar[float] = TAKE_THRESHOLD
    #: Hand size at or below which jokers are laid off too.
    joker_shed_hand: ClassVar[int] = JOKER_SHED_HAND

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        if "buyback" in by_kind and "decline" in by_kind:  # between deals (PO-25)
            return by_kind["buyback" if buyback_wanted(view) else "decline"][0]
        reading = Reading(view)
        if "pass" in by_kind or "draw" in by_kind:
            return self._take_or_not(reading, by_kind)
        if "burn" in by_kind:
            drawn = view.get("drawn")
            if drawn is not None and _CARD[drawn] != JOKER and reading.keep(_CARD[drawn]) <= 0:
                return by_kind["burn"][0]
        melds = by_kind.get("meld")
        if melds:
            best = self._best_meld(reading, melds)
            if best is not None:
                return best
        layoffs = by_kind.get("layoff")
        if layoffs:
            best = self._best_layoff(reading, layoffs)
            if best is not None:
                return best
        discards = by_kind.get("discard")
        if discards:
            return max(
                discards, key=lambda a: (reading.discard_score(card_kind(a)), -card_kind(a))
            )
        return legal[0]

    # -- decisions -----------------------------------------------------------------------------

    def _take_or_not(self, reading: Reading, by_kind: dict[str, list[Action]]) -> Action:
        """DRAW (take or draw) and CLAIM (advance or pass): the best new meld with the top
        discard, if it sheds enough; otherwise the plain draw or pass."""
        plain = (by_kind.get("draw") or by_kind["pass"])[0]
        candidates = by_kind.get("take", []) + by_kind.get("advance", [])
        best: Action | None = None
        best_score = self.take_threshold
        for action in candidates:
            kinds = [int(kind_of(c)) for c in action.cards]  # type: ignore[arg-type]
            # The top discard is one of the kinds; the rest come from hand.
            used = _hand_part(kinds, reading.top)
            score = reading.shed_score(used) + 1.0 * len(kinds)
            if score > best_score:
                best, best_score = action, score
        return best if best is not None else plain

    def _best_meld(self, reading: Reading, melds: list[Action]) -> Action | None:
        best: Action | None = None
        best_score = 0.0
        hand_size = len(reading.hand)
        for action in melds:
            kinds = [int(kind_of(c)) for c in action.cards]  # type: ignore[arg-type]
            jokers = kinds.count(JOKER)
            naturals = [k for k in kinds if k != JOKER]
            score = sum(reading.points[k] for k in naturals) + 0.5 * len(kinds)
            if len(kinds) >= hand_size - 1:
                score += 100.0  # goes out, or leaves one card to discard (PO-22)
            # A joker spent in a meld is gone for good; worth it only for enough points.
            score -= jokers * (JOKER_COST_PRESSED if reading.pressure > 1.0 else JOKER_COST)
            if score > best_score:
                best, best_score = action, score
        return best

    def _best_layoff(self, reading: Reading, layoffs: list[Action]) -> Action | None:
        best: Action | None = None
        best_score = 0.0
        hand_size = len(reading.hand)
        for action in layoffs:
            item = action.cards[0]
            kind = int(kind_of(item))  # type: ignore[arg-type]
            if kind == JOKER:
                if hand_size > self.joker_shed_hand and reading.pressure <= 1.0:
                    continue
                score = 5.0
            else:
                score = float(reading.points[kind])
                if reading.counts[kind] and _in_hand_meld(reading, kind):
                    score -= 20.0  # keep it for the meld in hand
            if score > best_score:
                best, best_score = action, score
        return best


def card_kind(action: Action) -> int:
    """The kind of a one-card action's card (a discard, a lay-off of a natural card)."""
    card = action.cards[0]
    assert isinstance(card, int)
    return int(card)


def _hand_part(kinds: list[int], top: int | None) -> list[int]:
    """The kinds of a take/advance meld that come from hand (one copy of the top does not)."""
    out = list(kinds)
    if top in out:
        out.remove(top)
    return out


def _in_hand_meld(reading: Reading, kind: int) -> bool:
    counts = reading.counts
    return sum(1 for k in _SAME_RANK[kind] if counts[k]) >= 2 or reading._in_run(kind)


BOTS: dict[str, type[Bot]] = {"heuristic": PontinhoHeuristic}
