"""What a player types at Pontinho's prompt, read against the legal actions.

Input: the game's own notation (``meld 4c 5c *=6c 7c``), or hand numbers in its place
(``meld 1 2 3``, ``discard 5``, ``layoff 2 4``, ``take 3 4``: the top discard with your cards 3
and 4), and short words (``d``/``s`` draw, ``b`` burn, ``p`` pass). A line that names one legal
action becomes it; anything else goes on as text, for the game's parser to judge and explain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.cards.french import JOKER, JOKER_TEXT, FrenchCard, JokerAs, kind_of, parse_card
from cardtable.engine.action import Action
from cardtable.errors import CardError, CardtableError
from cardtable.i18n import _

DRAW_WORDS = frozenset({"s", "stock", "d"})
PILE_WORDS = frozenset({"d", "discards", "pile"})
_SHORT = {"b": "burn", "p": "pass", "m": "meld", "l": "layoff", "a": "advance"}
MELDING = ("meld", "take", "advance")


def card_kind(text: str) -> int:
    return int(parse_card(text))


def item_kind(item: object) -> int:
    """The kind of an action's card or meld item (the joker for ``*=6c``)."""
    assert isinstance(item, FrenchCard | JokerAs)
    return int(kind_of(item))


def hand_cards(view: Mapping[str, Any]) -> list[str]:
    """The viewer's cards as numbered on screen, from 1: by suit, then rank, jokers last —
    with the first card drawn, held apart until kept or burned (PO-9), among them."""
    hand = [str(c) for c in view.get("hand", [])]
    if view.get("drawn"):
        hand.append(str(view["drawn"]))
    return sorted(hand, key=card_kind)


def understand(text: str, view: Mapping[str, Any], legal: Sequence[Action]) -> Action | str:
    """What a typed line means (``PontinhoTable.understand``; the module docstring): the one
    legal action it names, or text for the session and then the game to read."""
    words = text.split()
    if not words:
        return text
    head = _SHORT.get(words[0].lower(), words[0].lower())
    if head == "take" and not any(a.kind == "take" for a in legal) and view["discard"]:
        # PO-6: the discard is taken instead of drawing; after a draw it is too late, and
        # "name the cards of the meld" would send the player looking for the wrong mistake
        raise CardtableError(
            _("you cannot take the discard now: you have drawn this turn (meld, lay off or "
              "discard)")
            if view.get("phase") != "draw"
            else _("you cannot take the discard: no meld of your cards takes it")
        )
    if len(words) == 1:
        if head in DRAW_WORDS or head == "draw":
            return next((a for a in legal if a.kind == "draw"), "draw")
        return head if head in ("burn", "pass") else text
    args = words[1:]
    numbered = args[1:] if head == "layoff" else args
    if not any(word.isdecimal() for word in numbered):
        return " ".join([head, *args])
    hand = hand_cards(view)

    def at(word: str) -> str:
        if not word.isdecimal():
            return word
        index = int(word)
        if not 1 <= index <= len(hand):
            raise CardtableError(
                _("there is no card {index} in your hand: its cards are numbered 1 to {n}")
                .format(index=index, n=len(hand))
            )
        return hand[index - 1]

    items = [at(word) for word in numbered]
    if head == "layoff":
        literal = " ".join([head, args[0], *items])
        if items == [JOKER_TEXT] and args[0].isdecimal():  # in a run, which card it stands for
            return _one(
                [
                    a for a in legal
                    if a.kind == "layoff" and a.meld == int(args[0])
                    and item_kind(a.cards[0]) == JOKER
                ],
                literal,
            )
        return literal
    if head not in MELDING:
        return " ".join([head, *items])
    pile = list(view["discard"])
    if head in ("take", "advance") and pile and all(word.isdecimal() for word in numbered):
        items = [pile[-1], *items]  # the numbers are your cards; the top discard joins them
    literal = " ".join([head, *items])
    if any("=" in item for item in items):
        return literal
    try:
        wanted = sorted(card_kind(item) for item in items)
    except CardError:
        return literal  # the game says what is wrong with it
    return _one(
        [
            a for a in legal
            if a.kind == head
            and sorted(item_kind(c) for c in a.cards) == wanted
        ],
        literal,
    )

def _one(found: Sequence[Action], literal: str) -> Action | str:
    """The one legal action meant; the typed text (for the game to judge) if none is; an
    error listing them if several are (a joker may stand for more than one card)."""
    if len(found) == 1:
        return found[0]
    if not found:
        return literal
    raise CardtableError(
        _("{text!r} can mean {options}: type the one you mean").format(
            text=literal, options=" or ".join(repr(str(a)) for a in found)
        )
    )
