"""Pontinho's steps: 202, an action being one step or a short sequence of them.

The engine's fixed ids (``cardtable.games.pontinho.actions``) number 165,359 — every meld the
deck can form, three times over, and every lay-off — far too many outputs for a policy. Here a
meld is built a card at a time instead:

=========  ==========================================================================
step       meaning
=========  ==========================================================================
0, 1, 2    ``draw``, ``burn``, ``pass`` (whole actions)
3 + k      ``discard K``, card kind k 0‥52 (52 the joker) (a whole action)
56 … 59    start a ``take``, ``advance``, ``meld`` or ``layoff``
60 + j     a meld item j: a natural kind 0‥51, the bare joker ``*`` 52 (sets) or the
           joker standing for a card, ``*=K``, 53 + K (runs)
165 + m    lay off on meld number m + 1 (1‥36)
201        commit: the action chosen so far is complete
=========  ==========================================================================

So ``meld 4c 5c *=6c 7c`` is ``[meld, 4c, 5c, 7c, *=6c, commit]`` — the items in increasing
item number, which makes each action's steps unique — and ``layoff 2 8c`` is
``[layoff, meld 2, 8c, commit]``. A ``take`` or ``advance`` lists every card of the new meld,
the top discard included. Lay-offs go one card at a time, as the engine's ids do (the melds
module shows that this reaches every lay-off).

The mask is exactly the set of next steps that begin or continue some legal action: the legal
actions' step sequences are built from ``legal_action_ids()`` and the mask is the set of their
next steps after the steps taken so far. There is thus no dead end and no need to undo a step;
``commit`` is legal exactly when the steps so far name a legal action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from cardtable.cards.french import card_text
from cardtable.engine.game import State
from cardtable.errors import CardError, IllegalAction, MeldError
from cardtable.games.pontinho import actions as ids
from cardtable.games.pontinho.melds import make_meld
from cardtable.i18n import _
from cardtable.research.encodings.base import Decision, StepEncoding

DRAW: Final = 0
BURN: Final = 1
PASS: Final = 2
DISCARD: Final = 3
TAKE: Final = 56
ADVANCE: Final = 57
MELD: Final = 58
LAYOFF: Final = 59
ITEM: Final = 60
NUMBER: Final = ITEM + ids.LAYOFF_ITEMS  # 165
COMMIT: Final = NUMBER + ids.MAX_MELDS  # 201
NUM_STEPS: Final = COMMIT + 1  # 202

_START = {TAKE: ids.TAKE, ADVANCE: ids.ADVANCE, MELD: ids.MELD}
_KIND_WORDS = {TAKE: "take", ADVANCE: "advance", MELD: "meld", LAYOFF: "layoff"}

#: Steps of each engine id met so far (melds are many but a deal meets few of them).
_STEPS: dict[int, tuple[int, ...]] = {}


def steps_of_id(action_id: int) -> tuple[int, ...]:
    """The steps of one engine action id (cached)."""
    steps = _STEPS.get(action_id)
    if steps is None:
        steps = _STEPS[action_id] = _steps_of_id(action_id)
    return steps


def _steps_of_id(action_id: int) -> tuple[int, ...]:
    if not 0 <= action_id < ids.NUM_ACTION_IDS:
        raise IllegalAction(_("{id!r} is not a pontinho action id").format(id=action_id))
    if action_id < ids.MELD:  # draw, burn, pass, discard: the same numbers as the engine's
        return (action_id,)
    if action_id < ids.LAYOFF:
        start = MELD if action_id < ids.TAKE else TAKE if action_id < ids.ADVANCE else ADVANCE
        meld = ids.meld_table()[0][action_id - _START[start]]
        items = sorted(ITEM + ids.item_index(item) for item in meld.cards)
        return (start, *items, COMMIT)
    number, item = divmod(action_id - ids.LAYOFF, ids.LAYOFF_ITEMS)
    return (LAYOFF, NUMBER + number, ITEM + item, COMMIT)


def id_of_steps(steps: Sequence[int]) -> int:
    """The engine action id ``steps`` encode (in their canonical order), or ``IllegalAction``."""
    steps = tuple(int(s) for s in steps)
    action_id = _id_of_steps(steps)
    if action_id is None or steps_of_id(action_id) != steps:
        raise IllegalAction(
            _(
                "steps {steps} encode no pontinho action (a whole action is draw, burn, pass or "
                "discard alone, or take/advance/meld then its cards in increasing step number "
                "then commit, or layoff, a meld number, one card and commit)"
            ).format(steps=list(steps))
        )
    return action_id


def _id_of_steps(steps: tuple[int, ...]) -> int | None:
    if not steps:
        return None
    first = steps[0]
    if first < TAKE:
        return first if len(steps) == 1 and first >= 0 else None
    if len(steps) < 3 or steps[-1] != COMMIT:
        return None
    middle = steps[1:-1]
    if first == LAYOFF:
        if len(middle) != 2 or not NUMBER <= middle[0] < COMMIT:
            return None
        number, item = middle[0] - NUMBER, middle[1] - ITEM
        if not 0 <= item < ids.LAYOFF_ITEMS:
            return None
        return ids.LAYOFF + number * ids.LAYOFF_ITEMS + item
    if first not in _START or not all(ITEM <= s < NUMBER for s in middle):
        return None
    try:
        meld = make_meld([ids.item_of(s - ITEM) for s in middle])
    except (MeldError, CardError):
        return None
    return _START[first] + ids.meld_index(meld)


class PontinhoDecision(Decision):
    """The legal actions' step sequences, narrowed by each step taken."""

    __slots__ = ("num_steps", "prefix", "_candidates")

    def __init__(self, action_ids: list[int]) -> None:
        self.num_steps = NUM_STEPS
        self.prefix = ()
        self._candidates = [(steps_of_id(i), i) for i in action_ids]

    def legal_steps(self) -> list[int]:
        depth = len(self.prefix)
        return sorted({steps[depth] for steps, _id in self._candidates})

    def choose(self, step: int) -> int | None:
        depth = len(self.prefix)
        kept = [c for c in self._candidates if c[0][depth] == step]
        if not kept:
            raise self._reject(step)
        self.prefix = (*self.prefix, int(step))
        self._candidates = kept
        for steps, action_id in kept:
            if len(steps) == depth + 1:
                return action_id
        return None


class PontinhoEncoding(StepEncoding):
    game_name: ClassVar[str] = "pontinho"
    num_steps: ClassVar[int] = NUM_STEPS

    def decision(self, state: State) -> PontinhoDecision:
        if state.is_over:
            raise IllegalAction(_("the deal is over: no more actions are possible"))
        return PontinhoDecision(state.legal_action_ids())

    def steps_of_id(self, action_id: int) -> tuple[int, ...]:
        return steps_of_id(action_id)

    def id_of_steps(self, steps: Sequence[int]) -> int:
        return id_of_steps(steps)

    def step_text(self, step: int) -> str:
        return step_text(step)


def step_text(step: int) -> str:
    """``draw``, ``discard Qd``, ``meld``, ``card *=6c``, ``meld number 2``, ``commit``."""
    if step < DISCARD:
        return ("draw", "burn", "pass")[step]
    if step < TAKE:
        return f"discard {card_text(step - DISCARD)}"
    if step < ITEM:
        return _KIND_WORDS[step]
    if step < NUMBER:
        return f"card {ids.item_of(step - ITEM)}"
    if step < COMMIT:
        return f"meld number {step - NUMBER + 1}"
    return "commit"
