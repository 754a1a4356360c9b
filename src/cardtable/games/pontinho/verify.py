"""Pontinho's verifiers: one per action kind, as PokerKit writes ``verify_x`` (PO-6 … PO-22).

``PontinhoState._verify`` checks an action's shape (``actions.check_shape``), then calls its
kind's verifier here (``VERIFIERS``), which raises ``IllegalAction`` with the rule and what is
expected, or returns. ``PontinhoState.legal_action_ids`` lists exactly the actions these accept
(the contract tests try every action id of sampled states). A verifier reads the state and
changes nothing.

Which kinds each phase (``phase``) asks: DRAW ``draw``/``take``; CLAIM ``advance``/``pass``;
FIRST_DRAWN ``burn`` and the MAIN kinds; MAIN ``meld``/``layoff``/``discard``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from cardtable.cards.french import JOKER, JokerAs, card_text, format_cards, kind_of
from cardtable.engine.action import Action
from cardtable.errors import IllegalAction, MeldError
from cardtable.games.pontinho.actions import items_of, meld_of
from cardtable.games.pontinho.melds import Meld, check_reading, lay_off, layoff_options
from cardtable.games.pontinho.phase import Phase
from cardtable.i18n import _

if TYPE_CHECKING:
    from cardtable.games.pontinho.state import PontinhoState


def verify_draw(state: PontinhoState, action: Action, seat: int) -> None:
    """PO-6: the first thing a turn does, once."""
    _not_claim(state, seat)
    if state.phase is not Phase.DRAW:
        raise IllegalAction.about_seat(
            _("seat {seat} has drawn already this turn (PO-6)"), seat=seat
        )


def verify_take(state: PontinhoState, action: Action, seat: int) -> None:
    """PO-7: instead of drawing, the top discard into a new meld with two hand cards."""
    _not_claim(state, seat)
    if state.phase is not Phase.DRAW:
        raise IllegalAction(
            _("the top discard may be taken only instead of drawing from the stock (PO-6, PO-7)")
        )
    if not state.discard:
        raise IllegalAction(_("the discard pile is empty: nothing to take (PO-7)"))
    _check_with_top(state, _table_meld(state, action), state.hands[seat], "PO-7")


def verify_burn(state: PontinhoState, action: Action, seat: int) -> None:
    """PO-9: the first player's first card from the stock, right after drawing it."""
    _not_claim(state, seat)
    if state.phase is Phase.DRAW:
        raise IllegalAction(
            _(
                "only the first player may burn, and only the first card they draw "
                "from the stock, right after drawing it (PO-9)"
            )
        )
    if state.phase is not Phase.FIRST_DRAWN:
        raise IllegalAction(
            _(
                "only the first player may burn, only their first card drawn from the "
                "stock, and only once (PO-9)"
            )
        )


def verify_pass(state: PontinhoState, action: Action, seat: int) -> None:
    """PO-21: a claimant declines to advance."""
    _in_claim(state, action, seat)


def verify_advance(state: PontinhoState, action: Action, seat: int) -> None:
    """PO-17, PO-19: a claimant's new meld with the top discard, keeping a card."""
    _in_claim(state, action, seat)
    meld = _table_meld(state, action)
    hand = state.hands[seat]
    _check_with_top(state, meld, hand, "PO-17")
    if len(meld) > len(hand):
        raise IllegalAction.about_seat(
            _(
                "advancing {meld} would leave seat {seat} without cards: one may "
                "not advance to go out (PO-19)"
            ), meld=meld, seat=seat
        )


def verify_meld(state: PontinhoState, action: Action, seat: int) -> None:
    """PO-11 … PO-14: a new meld of hand cards, after drawing."""
    hand = _main_hand(state, seat)
    meld = _table_meld(state, action)
    _check_holds(hand, meld.kinds, seat)


def verify_discard(state: PontinhoState, action: Action, seat: int) -> None:
    """PO-22: a hand card, after drawing; it ends the turn."""
    hand = _main_hand(state, seat)
    card = action.cards[0]
    if card not in hand:
        raise IllegalAction.about_seat(
            _("seat {seat} does not hold {card} to discard"), seat=seat, card=card
        )


def verify_layoff(state: PontinhoState, action: Action, seat: int) -> None:
    """PO-16: hand cards onto a meld on the table, once the mover has laid one."""
    hand = _main_hand(state, seat)
    if not state.melded[seat]:
        raise IllegalAction.about_seat(
            _(
                "seat {seat} may lay off only after laying down a meld of their own this "
                "deal (PO-16)"
            ), seat=seat
        )
    number = action.meld
    assert number is not None
    if not 1 <= number <= len(state.melds):
        raise IllegalAction(
            _("there is no meld {number} on the table; melds are numbered 1 to {count}").format(
                number=number, count=len(state.melds)
            )
            if state.melds
            else _("there is no meld on the table to lay off on")
        )
    items = items_of(action)
    _check_holds(hand, [kind_of(item) for item in items], seat)
    target = state.melds[number - 1]
    four_suits = state.game.options.four_suits
    if target.is_run and JOKER in items:
        raise IllegalAction(
            _(
                "in a run a joker names the card it stands for: lay off {options} on meld "
                "{number}, not a bare * (PO-13)"
            ).format(
                options=" or ".join(
                    str(o) for o in layoff_options(target, four_suits) if isinstance(o, JokerAs)
                ),
                number=number,
            )
        )
    try:
        lay_off(target, items, four_suits)
    except MeldError as error:
        raise IllegalAction(str(error)) from None


def _not_claim(state: PontinhoState, seat: int) -> None:
    """In a claim round only its answers are asked (PO-21)."""
    if state.phase is Phase.CLAIM:
        raise IllegalAction.about_seat(
            _(
                "seat {seat} is asked whether to advance the top discard {card}: "
                "'advance' and a new meld with it, or 'pass' (PO-21)"
            ), seat=seat, card=card_text(state.discard[-1])
        )


def _in_claim(state: PontinhoState, action: Action, seat: int) -> None:
    """``advance`` and ``pass`` answer a claim round and nothing else (PO-20, PO-21)."""
    if state.phase is not Phase.CLAIM:
        raise IllegalAction.about_seat(
            _(
                "{kind!r} answers a claim round, which only follows a draw from the stock "
                "(PO-20, PO-21); now seat {seat} is on turn"
            ), kind=action.kind, seat=seat
        )


def _main_hand(state: PontinhoState, seat: int) -> list[int]:
    """The hand a MAIN action plays from, once the turn has drawn (PO-6): with the first
    player's held card while it waits (PO-9)."""
    _not_claim(state, seat)
    if state.phase is Phase.DRAW:
        raise IllegalAction.about_seat(
            _(
                "seat {seat} must first draw: 'draw' from the stock, or 'take' the top "
                "discard into a new meld (PO-6, PO-7)"
            ), seat=seat
        )
    hand = state.hands[seat]
    if state.phase is Phase.FIRST_DRAWN:
        assert state.pending is not None
        hand = [*hand, state.pending]
    return hand


def _table_meld(state: PontinhoState, action: Action) -> Meld:
    """The action's meld, checked against this table's reading of PO-12."""
    meld = meld_of(action)
    try:
        check_reading(meld, state.game.options.four_suits)
    except MeldError as error:
        raise IllegalAction(str(error)) from None
    return meld


def _check_with_top(state: PontinhoState, meld: Meld, hand: list[int], rule: str) -> None:
    """The top discard must be one of ``meld``'s cards, the rest from ``hand``."""
    top = state.discard[-1]
    kinds: list[int] = list(meld.kinds)
    if top not in kinds:
        raise IllegalAction(
            _(
                "the top discard {card} must be one of the cards of the new meld {meld} ({rule})"
            ).format(card=card_text(top), meld=meld, rule=rule)
        )
    kinds.remove(top)
    _check_holds(hand, kinds, state.to_move)


def _check_holds(hand: Sequence[int], kinds: Iterable[int], seat: int | None) -> None:
    need = Counter(kinds)
    have = Counter(hand)
    missing = need - have
    if missing:
        raise IllegalAction.about_seat(
            _("seat {seat} does not hold {cards}"),
            seat=seat,
            cards=format_cards(sorted(missing.elements())),
        )


#: Each action kind's verifier (``PontinhoState._verify``).
VERIFIERS: dict[str, Callable[[PontinhoState, Action, int], None]] = {
    "draw": verify_draw,
    "burn": verify_burn,
    "pass": verify_pass,
    "take": verify_take,
    "advance": verify_advance,
    "meld": verify_meld,
    "layoff": verify_layoff,
    "discard": verify_discard,
}
