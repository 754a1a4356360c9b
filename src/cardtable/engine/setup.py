"""Reading an explicit deal (a record's ``setup``): the checks every game shares.

A setup must hold exactly the cards of the table's deck — no card missing, none too often, none
that the table removed — and each message names the problem, so that a hand-written setup or a
corrupted record is easy to fix.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from cardtable.errors import CardError, SetupError
from cardtable.i18n import _


def check_keys(setup: Mapping[str, Any], game: str, allowed: Sequence[str]) -> None:
    """Reject keys a game's setup does not have."""
    unexpected = sorted(set(setup) - set(allowed))
    if unexpected:
        raise SetupError(
            _("a {game} setup has only {allowed}, not {keys}").format(
                game=game,
                allowed=_and_list([repr(key) for key in allowed]),
                keys=", ".join(repr(k) for k in unexpected),
            )
        )


def _and_list(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def read_cards(cards: object, where: str, parse: Callable[[str], int], example: str) -> list[int]:
    """A list of card texts, parsed; ``where`` names the place in the setup for messages."""
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise SetupError(
            _("setup {where} must be a list of card texts such as {example!r}").format(
                where=where, example=example
            )
        )
    try:
        return [parse(c) for c in cards]
    except CardError as error:
        raise SetupError(_("setup {where}: {error}").format(where=where, error=error)) from None


def read_hands(
    setup: Mapping[str, Any],
    players: int,
    size: int,
    parse: Callable[[str], int],
    *,
    example: str,
    rule: str,
) -> list[list[int]]:
    """``setup["hands"]``: one hand of ``size`` cards per seat (``rule`` says where that is)."""
    hands_text = setup.get("hands")
    if not isinstance(hands_text, list) or len(hands_text) != players:
        raise SetupError(
            _("setup 'hands' must be a list of {n} hands, one per seat").format(n=players)
        )
    hands = [
        read_cards(hand, _("hand of seat {seat}").format(seat=seat), parse, example)
        for seat, hand in enumerate(hands_text)
    ]
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise SetupError(
                _(
                    "the hand of seat {seat} has {count} cards; each hand starts with {size} "
                    "({rule})"
                ).format(seat=seat, count=len(hand), size=size, rule=rule)
            )
    return hands


def check_deck(
    cards: Iterable[int],
    deck: Iterable[int],
    format_cards: Callable[[Iterable[int]], str],
    *,
    removed: Iterable[int] = (),
    removed_note: str = "",
) -> None:
    """``cards`` must be exactly the multiset ``deck``; ``removed`` cards get their own note."""
    counts = Counter(cards)
    wanted = Counter(deck)
    removed_set = set(removed)
    problems = []
    out = sorted(card for card in counts if card in removed_set)
    surplus = sorted(
        card for card, count in counts.items() if card not in removed_set and count > wanted[card]
    )
    if surplus:
        problems.append(
            _("more than once: {cards}").format(cards=format_cards(surplus))
            if all(wanted[c] == 1 for c in surplus)
            else _("more copies than the deck holds: {cards}").format(cards=format_cards(surplus))
        )
    if out:
        problems.append(_("{note}: {cards}").format(note=removed_note, cards=format_cards(out)))
    missing = sorted((wanted - counts).elements())
    if missing:
        problems.append(_("missing: {cards}").format(cards=format_cards(missing)))
    if problems:
        raise SetupError(
            _("the setup is not the {size}-card deck of this table ({problems})").format(
                size=sum(wanted.values()), problems="; ".join(problems)
            )
        )
