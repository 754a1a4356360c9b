"""What a seat cannot see, in the games whose hidden cards are other hands and the stock.

Punttu, Putto and Pontinho hide the same things — the other players' hands and the stock's
order. The games' samplers (``Game.sample_state``) rebuild a state from a seat's view; the small
pieces they share are written once here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from cardtable.errors import CardtableError
from cardtable.i18n import _


def unseen_texts(
    hands: list[list[int]], stock: list[int], seat: int, text: Callable[[int], str]
) -> list[str]:
    """Notation of the cards ``seat`` cannot see: the other hands and the stock."""
    return [text(c) for s, hand in enumerate(hands) if s != seat for c in hand] + [
        text(c) for c in stock
    ]


def shuffle_fast(cards: list[int], rng: random.Random) -> None:
    """Shuffle ``cards`` in place, uniformly (Fisher–Yates on ``rng.random``).

    About twice as fast as ``random.shuffle`` for the few dozen cards of a sample, which matters
    in a search that samples thousands of times per second. Reproducible for a seeded ``rng``.
    """
    pick = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(pick() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def check_view(view: Mapping[str, Any], game_name: str, players: int) -> int:
    """The seat of ``view`` after checking it is a seat's view with memory of this table."""
    if view.get("game") != game_name or view.get("players") != players:
        raise CardtableError(
            _("this view is of {game} for {n} players, not of this table").format(
                game=view.get("game"), n=view.get("players")
            )
        )
    seat = view.get("seat")
    if not isinstance(seat, int) or "log" not in view or "hand" not in view:
        raise CardtableError(
            _("sampling needs a seat's view with memory: state.view(seat, memory=True)")
        )
    return seat


def unseen_cards(deck: Iterable[int], seen: Iterable[int], hidden: int) -> list[int]:
    """The cards of ``deck`` not in ``seen``, checking there are exactly ``hidden`` of them."""
    known = set(seen)
    pool = [card for card in deck if card not in known]
    if len(pool) != hidden:
        raise CardtableError(
            _("the view does not add up: {unseen} unseen cards for {hidden} hidden places").format(
                unseen=len(pool), hidden=hidden
            )
        )
    return pool


def deal_hidden(
    pool: Sequence[int], sizes: Sequence[int], seat: int, own: Sequence[int], rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """Shuffle ``pool`` and deal it: ``sizes[s]`` cards to each seat but ``seat`` (who keeps
    ``own``), the rest to the stock. Returns the hands and the stock."""
    cards = list(pool)
    shuffle_fast(cards, rng)
    hands: list[list[int]] = []
    start = 0
    for s, size in enumerate(sizes):
        if s == seat:
            hands.append(list(own))
        else:
            hands.append(cards[start : start + size])
            start += size
    return hands, cards[start:]


def deal_for_log(
    plays: Iterable[tuple[int, int]],
    hands: Sequence[Sequence[int]],
    hand_size: int,
    drawers: Iterable[int],
) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """A deal from which a log of plays leads to ``hands`` (a sampled state's ``setup`` that
    replays): each seat receives the cards it played (``plays``: seat and card, in order), then
    its present hand, so its j-th play is its j-th card, held by then. Returns the hands as
    dealt (each seat's first ``hand_size`` cards) and the cards drawn from the stock, top first:
    one for each seat of ``drawers``, in the order they drew (the game's drawing rule), each the
    next card that seat received."""
    received: list[list[int]] = [[] for _ in hands]
    for seat, card in plays:
        received[seat].append(card)
    for seat, hand in enumerate(hands):
        received[seat] += hand
    dealt = tuple(tuple(cards[:hand_size]) for cards in received)
    drawn: list[int] = []
    nxt = [hand_size] * len(hands)
    for seat in drawers:
        drawn.append(received[seat][nxt[seat]])
        nxt[seat] += 1
    return dealt, drawn
