"""One deal seen through the research API: steps in, views and observations out.

``Episode`` is what the PettingZoo, Gymnasium and OpenSpiel adapters share. It keeps the engine
state and the public log of the deal, takes one encoded step at a time (``step``), and applies
each completed action through the engine's fast path (``apply_unchecked`` of an id that
``legal_action_ids()`` offered: the masks never let anything else through). Views come from
``state.view(seat)`` with the deal's public log added — exactly ``state.view(seat,
memory=True)`` of a deal played through the checked ``apply`` (the tests check this) — and the
observation of a seat is computed from that view alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from cardtable.engine.action import Action
from cardtable.engine.game import Game, State
from cardtable.errors import IllegalAction, OptionError
from cardtable.games import descriptor, game_class
from cardtable.i18n import _
from cardtable.research.encodings import Decision, Mask, StepEncoding, encoding_for
from cardtable.research.observations import Observer, Vector, observer_for

#: The most steps of one deal an environment plays before it ends the episode as truncated
#: (every reward 0), for a game whose deals have no bound: a Pontinho deal between players who
#: never meld (random ones) can rebuild its stock without end, as PO-8 sets no limit. (Steps,
#: not actions: Pontinho spells an action in several steps.) A game whose deals always end is
#: capped at its ``Game.max_deal_actions``, which it never reaches.
UNBOUNDED_DEAL_STEPS = 20_000


def default_max_steps(game_name: str) -> int:
    """The steps a deal of ``game_name`` is played for at most, by default."""
    bound = game_class(game_name).max_deal_actions
    return UNBOUNDED_DEAL_STEPS if bound is None else bound


def max_steps_for(game: Game, max_steps: int | None) -> int:
    """``max_steps`` checked (a whole number ≥ 1), or the game's default cap."""
    if max_steps is None:
        return default_max_steps(game.name)
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise OptionError(
            _("max_steps must be a whole number of at least 1, not {value!r}").format(
                value=max_steps
            )
        )
    return max_steps


def match_options(game_name: str) -> tuple[str, ...]:
    """Table options that only a match of several deals uses (the game's descriptor's:
    PU-19, PT-21, PO-24 … PO-26)."""
    return descriptor(game_name).match_options


def refuse_match_options(
    game_name: str, options: Mapping[str, object], *, matches_offered: bool = False
) -> None:
    """Raise ``OptionError`` if ``options`` hold a match option: an environment whose episode
    is one deal would silently ignore it (``matches_offered``: say that ``episode="match"``
    plays them)."""
    given = [name for name in match_options(game_name) if name in options]
    if not given:
        return
    if matches_offered:
        message = _(
            "{names}: an environment that plays one deal per episode would ignore match "
            "options; leave them out, or play whole matches with episode='match'"
        )
    else:
        message = _(
            "{names}: an environment that plays one deal per episode would ignore match "
            "options; leave them out"
        )
    raise OptionError(message.format(names=", ".join(given)))


#: Action text per game and engine id (the log is written at every action).
_TEXTS: dict[str, dict[int, str]] = {}


class Episode:
    """A deal of ``game`` from ``seed`` (or an existing ``state``), played by encoded steps."""

    def __init__(
        self,
        game: Game,
        *,
        seed: int | None = None,
        dealer: int = 0,
        state: State | None = None,
        encoding: StepEncoding | None = None,
        observer: Observer | None = None,
        recall: bool = False,
    ) -> None:
        self.game = game
        self.state = state if state is not None else game.deal(seed=seed, dealer=dealer)
        if self.state.history:
            raise ValueError(_("an Episode starts from a fresh deal, with no action played yet"))
        self.encoding = encoding or encoding_for(game)
        self.observer = observer or observer_for(game)
        #: The public log: ``[seat, action text]`` per action, as ``view(memory=True)`` shows it.
        self.log: list[list[Any]] = []
        self.steps = 0
        self._decision: Decision | None = None
        #: With ``recall``: per seat, what it was dealt or drew, in order, as ``[log length,
        #: cards]`` (the cards that entered its hand, or were held apart for it, after that many
        #: actions). With the public log, this is everything the seat has seen: its perfect
        #: recall (the OpenSpiel information state). ``None`` without ``recall``.
        self.received: list[list[list[Any]]] | None = None
        self._holding: list[list[str]] = []
        if recall:
            self._holding = [self._private_cards(s) for s in range(game.players)]
            self.received = [[[0, list(cards)]] for cards in self._holding]

    # -- whose turn, what is legal ----------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def decision(self) -> Decision:
        """The decision pending for ``to_move`` (``IllegalAction`` once the deal is over)."""
        if self._decision is None:
            self._decision = self.encoding.decision(self.state)
        return self._decision

    @property
    def prefix(self) -> tuple[int, ...]:
        """Steps taken so far in the pending decision."""
        return self._decision.prefix if self._decision is not None else ()

    def legal_steps(self) -> list[int]:
        return [] if self.is_over else self.decision.legal_steps()

    def mask(self, seat: int | None = None) -> Mask:
        """Legal steps of ``seat`` (default: the seat to move); all zero when it is not on turn."""
        if self.is_over or (seat is not None and seat != self.to_move):
            return np.zeros(self.encoding.num_steps, dtype=np.int8)
        return self.decision.mask()

    # -- acting ---------------------------------------------------------------------------------

    def step(self, step: int) -> Action | None:
        """Take one step for ``to_move``; return the engine action once one is complete (and
        applied), else ``None``. An illegal step raises ``IllegalAction`` and changes nothing."""
        if self.is_over:
            raise IllegalAction(_("the deal is over: no more actions are possible"))
        action_id = self.decision.choose(int(step))
        self.steps += 1
        if action_id is None:
            return None
        return self.apply_id(action_id)

    def apply_id(self, action_id: int) -> Action:
        """Apply a legal engine action id (as a bot's choice is applied) and log it."""
        seat = self.to_move
        action = self.state.action_from_id(action_id)
        self.state.apply_unchecked(action_id)
        texts = _TEXTS.setdefault(self.game.name, {})
        text = texts.get(action_id)
        if text is None:
            text = texts[action_id] = str(action)
        self.log.append([seat, text])
        self._decision = None
        if self.received is not None:
            self._note_received()
        return action

    def _private_cards(self, seat: int) -> list[str]:
        """The cards only ``seat`` sees, sorted: its hand, and Pontinho's card held apart."""
        private = self.state._private_view(seat)
        cards = list(private.get("hand", ()))
        if private.get("drawn") is not None:
            cards.append(private["drawn"])
        return sorted(cards)

    def _note_received(self) -> None:
        """Record, for every seat whose private cards grew, the cards it has just received
        (cards leaving a hand are public: the log says which)."""
        assert self.received is not None
        at = len(self.log)
        for seat in range(self.game.players):
            now = self._private_cards(seat)
            before = self._holding[seat]
            if now == before:
                continue
            self._holding[seat] = now
            gained = Counter(now) - Counter(before)
            if gained:
                self.received[seat].append([at, sorted(gained.elements())])

    def apply(self, action: Action | str) -> Action:
        """Apply an engine action given as text or ``Action``, checked against the legal ones."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if self.is_over:
            raise IllegalAction(_("the deal is over: no more actions are possible"))
        if self.prefix:
            raise IllegalAction(_("a multi-step action is half chosen: finish it first"))
        action_id = self.state.action_id(action)
        if action_id not in self.state.legal_action_ids():
            raise IllegalAction(_("{action!r} is not legal now").format(action=str(action)))
        return self.apply_id(action_id)

    # -- what a seat sees -----------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """``state.view(seat)`` with the public log of the deal (a view with memory)."""
        view = self.state.view(seat)
        view["log"] = list(self.log)  # the [seat, text] entries are shared: read-only
        return view

    def observe(self, seat: int) -> Vector:
        """The observation vector of ``seat``, from its view (and its own steps so far)."""
        view = self.state.view(seat)
        view["log"] = self.log  # read only by the observer: no copy needed
        prefix = self.prefix if seat == self.to_move else ()
        return self.observer.encode(view, prefix)

    def public_view(self) -> dict[str, Any]:
        """The spectator's view (``state.view(None)``: no hand) with the public log."""
        return self.view(None)

    def observe_public(self) -> Vector:
        """The observation of what every seat sees alike: the spectator's view, encoded with
        seats relative to seat 0 (there is no viewer) and every private block empty."""
        view = self.state.view(None)
        view["seat"] = 0
        view["log"] = self.log
        return self.observer.encode(view, ())
