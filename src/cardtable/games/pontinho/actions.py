"""Pontinho's fixed integer action ids (for bots, RL masks and the fast path).

Encoding (``num_action_ids`` = 165 359):

========================  =================================================================
id                        action
========================  =================================================================
0                         ``draw``
1                         ``burn``
2                         ``pass``
3 + k                     ``discard K`` for card kind k (0‥52, the joker 52)
56 + i                    ``meld M``: M is meld number i of the global meld table
56 + N + i                ``take M``
56 + 2N + i               ``advance M``
56 + 3N + 105·(m−1) + j   ``layoff m X``: meld number m (1‥36) and item j — a natural kind
                          0‥51, the bare joker ``*`` 52 (sets), or ``*=K`` as 53 + k (runs)
========================  =================================================================

N = 53 841 is the size of the **global meld table**: every distinct meld the whole 108-card deck
can form (``enumerate_melds`` over the deck, its deterministic canonical order), built lazily on
first use (about 0.3 s) and cached. It holds the 13 five-card sets of PO-12's default reading
(four natural suits and a joker), so the ids are the same whatever the table's ``four_suits``;
with ``four_suits=joker_fills`` those 13 melds are never legal. At most 36 melds (108 / 3) can
lie on the table, so the lay-off block has 36 × 105 ids. A lay-off of several cards at once
(accepted by ``apply``) has no id: the fast path lays off one card at a time, which reaches
every lay-off (melds module).

The module also holds the action values themselves: ``PontinhoAction`` (an ``Action`` that keeps
its text), the kinds in the order ``legal_actions`` lists them, the shape check every action
passes before the rules look at it (``check_shape``), and the two directions of the id table
(``action_id``, ``action_of_id``).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from cardtable.cards.french import (
    FRENCH_DECK,
    FRENCH_KINDS,
    JOKER_AS,
    NATURAL_KINDS,
    FrenchCard,
    JokerAs,
    MeldCard,
)
from cardtable.engine.action import Action
from cardtable.errors import CardError, IllegalAction, MeldError
from cardtable.games.pontinho.melds import Meld, enumerate_melds, make_meld
from cardtable.i18n import _

#: Action kinds, in the order ``legal_actions`` lists them.
ACTION_KINDS: Final = ("draw", "burn", "pass", "take", "advance", "meld", "layoff", "discard")

DRAW: Final = 0
BURN: Final = 1
PASS: Final = 2
DISCARD: Final = 3
#: Size of the global meld table (checked when it is built).
MELD_COUNT: Final = 53_841
MELD: Final = DISCARD + NATURAL_KINDS + 1  # 56
TAKE: Final = MELD + MELD_COUNT
ADVANCE: Final = TAKE + MELD_COUNT
LAYOFF: Final = ADVANCE + MELD_COUNT
#: Lay-off items per meld: 52 naturals, the bare joker, 52 named jokers.
LAYOFF_ITEMS: Final = 2 * NATURAL_KINDS + 1  # 105
#: At most 36 melds of 3+ cards fit in 108 cards.
MAX_MELDS: Final = len(FRENCH_DECK) // 3
NUM_ACTION_IDS: Final = LAYOFF + MAX_MELDS * LAYOFF_ITEMS


@cache
def meld_table() -> tuple[tuple[Meld, ...], dict[int, int], dict[Meld, int]]:
    """The global meld table, its index by object identity (melds are cached singletons in the
    melds module, so identity is the fast path) and by value (the fallback)."""
    melds = tuple(enumerate_melds(FRENCH_DECK))
    assert len(melds) == MELD_COUNT, len(melds)
    return melds, {id(m): i for i, m in enumerate(melds)}, {m: i for i, m in enumerate(melds)}


def meld_index(meld: Meld) -> int:
    """Index of ``meld`` in the global table."""
    _melds, by_id, by_value = meld_table()
    index = by_id.get(id(meld))
    if index is None or _melds[index] is not meld:
        index = by_value[meld]
    return index


def item_index(item: MeldCard) -> int:
    """Lay-off item number: a natural kind 0‥51, the bare joker 52, ``*=K`` 53 + K."""
    if isinstance(item, JokerAs):
        return NATURAL_KINDS + 1 + int(item.card)
    return int(item)


def item_of(index: int) -> MeldCard:
    """Inverse of ``item_index``."""
    if index <= NATURAL_KINDS:
        return FRENCH_KINDS[index]
    return JOKER_AS[index - NATURAL_KINDS - 1]


def item_kind(index: int) -> int:
    """The kind an item takes from a hand (the joker for ``*`` and ``*=K``)."""
    return index if index <= NATURAL_KINDS else NATURAL_KINDS


#: The first id of each kind that names a new meld.
MELD_KINDS: Final = {"meld": MELD, "take": TAKE, "advance": ADVANCE}


class PontinhoAction(Action):
    """An ``Action`` that keeps its canonical text (records, logs and views print actions many
    times over a long deal). It equals and hashes like the plain ``Action`` of the same kind,
    cards and meld number."""

    __slots__ = ("_text",)
    _text: str

    def __init__(self, kind: str, cards: tuple[object, ...] = (), meld: int | None = None) -> None:
        super().__init__(kind, cards, meld)
        object.__setattr__(self, "_text", Action.__str__(self))

    def __str__(self) -> str:
        return self._text

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return (self.kind, self.cards, self.meld) == (other.kind, other.cards, other.meld)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.cards, self.meld))


_SIMPLE_ACTIONS = (PontinhoAction("draw"), PontinhoAction("burn"), PontinhoAction("pass"))
_DISCARD_ACTIONS = tuple(PontinhoAction("discard", (card,)) for card in FRENCH_KINDS)

#: Actions by id, built on first use and kept (an action is a small frozen value; a long search
#: asks for the same few thousand again and again).
_BY_ID: dict[int, Action] = {}


def action_of_id(action_id: int) -> Action:
    """The action of ``action_id`` (not checked against any state)."""
    action = _BY_ID.get(action_id)
    if action is None:
        action = _BY_ID[action_id] = _build(action_id)
    return action


def _build(action_id: int) -> Action:
    if action_id < DISCARD:
        return _SIMPLE_ACTIONS[action_id]
    if action_id < MELD:
        return _DISCARD_ACTIONS[action_id - DISCARD]
    if action_id < LAYOFF:
        kind = "meld" if action_id < TAKE else "take" if action_id < ADVANCE else "advance"
        meld = meld_table()[0][action_id - MELD_KINDS[kind]]
        return PontinhoAction(kind, meld.cards)
    number, item = divmod(action_id - LAYOFF, LAYOFF_ITEMS)
    return PontinhoAction("layoff", (item_of(item),), meld=number + 1)


def action_id(action: Action) -> int:
    """The id of ``action``; ``IllegalAction`` if it is malformed or has none (a lay-off of
    several cards, or on a meld beyond ``MAX_MELDS``)."""
    kind = action.kind
    try:
        check_shape(action)
    except IllegalAction:
        kind = ""
    if kind in ("draw", "burn", "pass"):
        return (DRAW, BURN, PASS)[("draw", "burn", "pass").index(kind)]
    if kind == "discard":
        discarded = action.cards[0]
        assert isinstance(discarded, FrenchCard)
        return DISCARD + int(discarded)
    if kind in MELD_KINDS:
        return MELD_KINDS[kind] + meld_index(meld_of(action))
    if kind == "layoff" and len(action.cards) == 1:
        number = action.meld
        assert number is not None
        if number <= MAX_MELDS:
            item = action.cards[0]
            assert isinstance(item, FrenchCard | JokerAs)
            return LAYOFF + (number - 1) * LAYOFF_ITEMS + item_index(item)
    raise IllegalAction(
        _(
            "{action!r} has no pontinho action id (a lay-off has one only for a single "
            "card on meld 1 to {most})"
        ).format(action=str(action), most=MAX_MELDS)
    )


def check_shape(action: Action) -> None:
    """The action's cards and meld number fit its kind (types included)."""
    kind = action.kind
    cards = action.cards
    ok: bool
    if kind in ("draw", "burn", "pass"):
        ok = not cards and action.meld is None
    elif kind == "discard":
        ok = len(cards) == 1 and type(cards[0]) is FrenchCard and action.meld is None
    elif kind in MELD_KINDS:
        ok = (
            bool(cards)
            and action.meld is None
            and all(type(c) is FrenchCard or type(c) is JokerAs for c in cards)
        )
    elif kind == "layoff":
        number = action.meld
        ok = (
            bool(cards)
            and type(number) is int
            and number >= 1
            and all(type(c) is FrenchCard or type(c) is JokerAs for c in cards)
        )
    else:
        ok = False
    if not ok:
        raise IllegalAction(
            _(
                "{action!r} is not a well-formed pontinho action; expected e.g. 'draw', "
                "'discard Qd', 'meld 4c 5c *=6c 7c', 'take 9h 9c 9s', 'layoff 2 8c', "
                "'advance 9h 9c 9s', 'burn' or 'pass'"
            ).format(action=str(action))
        )


def meld_of(action: Action) -> Meld:
    """The meld a ``meld``, ``take`` or ``advance`` action names (any reading of PO-12)."""
    try:
        return make_meld(items_of(action))
    except (MeldError, CardError) as error:
        raise IllegalAction(str(error)) from None


def items_of(action: Action) -> list[MeldCard]:
    """The action's cards as meld items (natural cards, ``*``, ``*=K``)."""
    return [c for c in action.cards if isinstance(c, FrenchCard | JokerAs)]
