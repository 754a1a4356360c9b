"""Pontinho's ``easy`` bot: a beginner's rules of thumb (``choose``), and the obvious blunders it
never makes (``is_blunder``).

The blunders are read from the view and the action only, cheaply (no enumeration):

- discarding a joker (PO-11: it completes any meld; left in hand it costs 20, PO-2, but thrown
  away it hands the next players a free meld);
- discarding a card that could be laid off on a meld on the table right now (PO-16: this seat
  has melded, so it could shed the card instead of feeding it to the next player);
- burning a joker (PO-9: it is the best card there is);
- passing on an advance (PO-17) or drawing instead of taking (PO-7) is *not* a blunder.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from cardtable.cards.french import JOKER, kind_of, penalty_table
from cardtable.cards.french import KIND_INDEX as _CARD
from cardtable.engine.action import Action
from cardtable.games.pontinho.melds import layoff_kinds, make_meld


@lru_cache(maxsize=4096)
def _fits(text: str, four_suits: str) -> frozenset[int]:
    """Kinds that lay off on the table meld written ``text`` (PO-16, as the table reads PO-12)."""
    return frozenset(int(k) for k in layoff_kinds(make_meld(text), four_suits))


def is_blunder(view: Mapping[str, Any], action: Action) -> bool:
    """Whether ``action`` throws away a joker, or a card it could lay off instead."""
    kind = action.kind
    if kind == "burn":
        drawn = view.get("drawn")
        return drawn is not None and _CARD[drawn] == JOKER
    if kind != "discard":
        return False
    card = action.cards[0]
    assert isinstance(card, int)
    if card == JOKER:
        return True
    seat = view["seat"]
    if not view["melded"][seat]:
        return False
    four_suits = str(view.get("options", {}).get("four_suits", "with_joker"))
    return any(int(card) in _fits(meld["cards"], four_suits) for meld in view["melds"])


def _kinds(action: Action) -> list[int]:
    return [int(kind_of(card)) for card in action.cards]  # type: ignore[arg-type]


def choose(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """A beginner's move, from its hand and the table only (no card counting, no reading of
    rivals):

    - draws from the stock every turn and passes on every advance: it never dares the top
      discard, which must go into a meld at once (PO-7, PO-17);
    - never burns (PO-9): it keeps whatever it draws;
    - lays down every meld it can as soon as it can (PO-11 … PO-13), the most natural cards
      first, spending jokers in them freely;
    - lays off every card that fits (PO-16), jokers too;
    - throws away its highest card (PO-2), never a joker or a card it could lay off.

    Its mistakes are a beginner's, not noise: the discard that would have made a meld left for
    the next player, jokers spent on small melds, a pair or a near-run broken up for a high card,
    high cards thrown whatever the next player collects. It sits between ``random`` and
    ``medium``; taking the discard whenever it made a meld of natural cards made it nearly as
    strong as ``medium`` (the measurements: docs/levels.md, "Why the constants are what they
    are")."""
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    points = penalty_table(str(view["options"]["figure_points"]))

    def best(actions: Sequence[Action], key: Callable[[Action], tuple[float, ...]]) -> Action:
        top = max(key(action) for action in actions)
        return rng.choice([action for action in actions if key(action) == top])

    def natural_weight(action: Action) -> tuple[float, ...]:
        kinds = _kinds(action)
        naturals = [k for k in kinds if k != JOKER]
        return (len(naturals), len(kinds), sum(points[k] for k in naturals))

    plain = by_kind.get("draw") or by_kind.get("pass")
    if plain:
        return plain[0]
    melds = by_kind.get("meld")
    if melds:
        return best(melds, natural_weight)
    layoffs = by_kind.get("layoff")
    if layoffs:
        return best(layoffs, lambda action: (points[_kinds(action)[0]],))
    discards = [action for action in by_kind.get("discard", []) if not is_blunder(view, action)]
    if discards:
        return best(discards, lambda action: (points[_kinds(action)[0]],))
    others = [action for action in legal if action.kind != "burn"]
    return rng.choice(others or list(legal))
