"""The two classes every game builds on: ``Game`` (a table's frozen rules) and ``State`` (a deal).

``Game`` validates the player count and the table options once; ``State`` is one deal in
progress. Each game's package subclasses both and writes each of its rules once, in
``State.legal_actions`` and ``State._verify`` (which must agree exactly: the contract tests check
it), and in ``State._apply``. Everything else — the public API of DESIGN.md, records, views with
memory, matches — is shared here.
"""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from cardtable.engine.action import Action
from cardtable.engine.events import Event
from cardtable.engine.fields import Fields
from cardtable.engine.options import Option, TableOptions, resolve_options
from cardtable.engine.outcome import Outcome
from cardtable.errors import CardtableError, IllegalAction, OptionError, SetupError
from cardtable.i18n import _

if TYPE_CHECKING:
    from cardtable.engine.match import Match

MAX_SEED = 2**63 - 1


class Game(ABC):
    """A table: a game, a number of players and validated, frozen options.

    Build one with ``cardtable.game(name, players=…, **options)``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    #: The player counts allowed, where not every count from ``min_players`` to
    #: ``max_players`` is (a game for "2 or 4"); None: the whole range.
    allowed_players: ClassVar[frozenset[int] | None] = None
    option_specs: ClassVar[tuple[Option, ...]]
    #: Whether lower totals are better (Pontinho counts penalty points).
    lowest_wins: ClassVar[bool] = False
    #: For a game whose deals have no bound (Pontinho: PO-8 rebuilds the stock for ever), the
    #: most actions a deal is played for where nobody can wait for ever — random playouts
    #: (``cardtable bench``, the contract tests) and bots against bots (``cardtable arena``,
    #: ``decisions_per_second``) — after which it is stopped and counted as void. None: deals
    #: always end.
    playout_cap_actions: ClassVar[int | None] = None
    #: The most actions any deal of this game takes, whatever its options; None where a deal
    #: may go on for ever (Pontinho, PO-8). ``deal_length_bound()`` gives a table's own.
    max_deal_actions: ClassVar[int | None] = None
    #: A bound on any side's points in one deal, whatever the options (OpenSpiel's utilities).
    max_deal_points: ClassVar[int]

    __slots__ = ("players", "options", "sides")

    players: int
    options: TableOptions
    sides: tuple[tuple[int, ...], ...]

    def __init__(self, players: int | None = None, **options: object) -> None:
        count = self.default_players if players is None else players
        if isinstance(count, str) and count.strip().isdigit():
            count = int(count)
        if not isinstance(count, int) or isinstance(count, bool):
            raise OptionError(
                _("the number of players must be a whole number, not {value!r}").format(
                    value=players
                )
            )
        if count not in self.player_counts():
            raise OptionError(self._players_refused(count))
        object.__setattr__(self, "players", count)
        resolved = resolve_options(self.name, self.option_specs, options, count)
        object.__setattr__(self, "options", resolved)
        self._check_options(set(options))
        object.__setattr__(self, "sides", self._sides())

    @classmethod
    def player_counts(cls) -> tuple[int, ...]:
        """Every player count a table of this game may have, fewest first."""
        if cls.allowed_players is not None:
            return tuple(sorted(cls.allowed_players))
        return tuple(range(cls.min_players, cls.max_players + 1))

    @classmethod
    def _players_refused(cls, count: int) -> str:
        counts = cls.player_counts()
        if counts == tuple(range(counts[0], counts[-1] + 1)):
            return _("{game} is played by {low} to {high} players, not {count}").format(
                game=cls.name, low=counts[0], high=counts[-1], count=count
            )
        return _("{game} is played by {counts} players, not {count}").format(
            game=cls.name, counts=", ".join(map(str, counts)), count=count
        )

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("a Game is frozen; make a new one with cardtable.game()")

    def __setstate__(self, state: Any) -> None:
        # unpickled in the worker processes (``cardtable.workers``): set as it was, past the
        # frozen ``__setattr__`` (``state``: the instance dict and/or the slots' values)
        attributes, slots = state if isinstance(state, tuple) else (state, None)
        for part in (attributes, slots):
            for key, value in (part or {}).items():
                object.__setattr__(self, key, value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.name, self.players, self.options) == (
            other.name,
            other.players,
            other.options,
        )

    def __hash__(self) -> int:
        return hash((self.name, self.players, self.options))

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"cardtable.game({self.name!r}, players={self.players}{opts})"

    def describe(self) -> dict[str, Any]:
        """The table as a record's header: game, players, every option's value."""
        return {"game": self.name, "players": self.players, "options": dict(self.options)}

    def _check_options(self, given: set[str]) -> None:
        """Reject combinations of options that make no sense together (``given``: set by hand)."""
        return None

    def _sides(self) -> tuple[tuple[int, ...], ...]:
        """Who scores together. By default every seat is its own side."""
        return tuple((seat,) for seat in range(self.players))

    def deal_length_bound(self) -> int | None:
        """The most actions a deal at this table can take (None: no bound)."""
        return self.max_deal_actions

    def side_of(self, seat: int) -> int:
        """Index in ``sides`` of the side ``seat`` belongs to."""
        for index, side in enumerate(self.sides):
            if seat in side:
                return index
        raise CardtableError(_("no seat {seat} at this table").format(seat=seat))

    # -- dealing -------------------------------------------------------------------------------

    def deal(
        self,
        *,
        seed: int | None = None,
        setup: Mapping[str, Any] | None = None,
        dealer: int = 0,
    ) -> State:
        """Deal at random from ``seed`` (a new random seed if neither is given) or from ``setup``.

        The first player is ``dealer + 1``. A setup must hold exactly the deck for this table.
        """
        self.check_seat(dealer, what=_("dealer"))
        if setup is not None:
            if seed is not None:
                raise SetupError(_("give either a seed or a setup, not both"))
            if not isinstance(setup, Mapping):
                raise SetupError(
                    _("a setup is an object with the hands and the stock, not {value!r}").format(
                        value=type(setup).__name__
                    )
                )
            return self._deal_setup(setup, dealer)
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise SetupError(
                _("a seed is a whole number from 0 to {high}, not {value!r}").format(
                    high=MAX_SEED, value=seed
                )
            )
        return self._deal_seed(seed, dealer)

    @abstractmethod
    def _deal_seed(self, seed: int, dealer: int) -> State: ...

    @abstractmethod
    def _deal_setup(self, setup: Mapping[str, Any], dealer: int) -> State: ...

    def check_seat(self, seat: object, *, what: str | None = None) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise CardtableError(
                _("{what} must be a seat from 0 to {high}, not {value!r}").format(
                    what=what or _("seat"), high=self.players - 1, value=seat
                )
            )
        return seat

    # -- actions -------------------------------------------------------------------------------

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse one line of action text; raise ``IllegalAction`` saying what was expected."""

    #: Size of the fixed integer action space (``State.legal_action_ids``), for bots and RL.
    num_action_ids: ClassVar[int]

    # -- hidden information ----------------------------------------------------------------------

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> State:
        """A full state consistent with ``view``, a seat's view with memory
        (``state.view(seat, memory=True)``): the seat's own hand as shown, every card it cannot
        see (the other hands, the stock's order) dealt uniformly at random from the cards it has
        not seen, and the public parts rebuilt from the view and its ``log``.

        This is how bots search without peeking: they get views only, and imagine the rest. The
        result is a normal state (legal actions, ``apply_unchecked``, ``outcome`` all work) whose
        view for that seat, with memory, equals ``view``. A game that has no sampler yet raises
        ``NotImplementedError``.
        """
        raise NotImplementedError(
            f"{self.name} cannot yet sample a state from a view (no sampler written)"
        )

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], State]:
        """``rng -> sample_state(view, rng)``: many samples of one view. A game whose sampler
        can read the view once and then only deal (all three do) overrides this; the search
        draws every sample of a decision from it."""
        return lambda rng: self.sample_state(view, rng)

    # -- matches -------------------------------------------------------------------------------

    #: The class of this game's matches: ``None`` for the generic ``engine.match.Match``
    #: (a game with decisions between deals brings its own: Pontinho's buy-backs). The one
    #: place a match class is named; ``match()`` and the descriptor read it.
    own_match_class: ClassVar[type[Match] | None] = None

    @classmethod
    def match_class(cls) -> type[Match]:
        """The class of this game's matches (``own_match_class``, else the generic one)."""
        if cls.own_match_class is not None:
            return cls.own_match_class
        from cardtable.engine.match import Match

        return Match

    def match(self, *, seed: int | None = None, dealer: int = 0) -> Match:
        """A match of several deals (how many, or to what target, is a table option)."""
        return self.match_class()(self, seed=seed, dealer=dealer)

    def next_dealer(self, dealer: int) -> int:
        """Seat that deals after ``dealer``: the next seat in the order of play."""
        return (dealer + 1) % self.players

    @abstractmethod
    def match_is_over(self, deals_played: int, totals: Sequence[int]) -> bool:
        """Whether a match ends after ``deals_played`` deals with these totals per side."""


class State(ABC):
    """One deal in progress. Mutable; ``clone()`` gives an independent copy.

    Subclasses implement the rules: ``to_move``, ``legal_actions``, ``_verify``, ``_apply``,
    ``outcome``, the per-seat view ``_view``, the fast path and the sampler ``determinize`` asks.
    """

    game: Game
    dealer: int
    seed: int | None
    history: list[tuple[int, Action]]
    n: int
    #: The deal as dealt, in the game's own shape: never changed after dealing, so shared by clones.
    _dealt: Any
    #: ``view(memory=True)``'s log texts, kept with the history list they were read from
    #: (``_memory_log``); set on first use, so a state that never gives a memory view has none.
    _log_cache: tuple[list[tuple[int, Action]], list[list[Any]]]

    # -- the public API ------------------------------------------------------------------------

    @property
    @abstractmethod
    def setup(self) -> dict[str, Any]:
        """The deal as it was dealt, in the record's ``setup`` form (JSON-safe)."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """Seat whose decision is pending; ``None`` when the deal is over."""

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Points per side and winners once the deal is over, else ``None``."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action for ``to_move``, nothing else (empty when the deal is over)."""

    def apply(self, action: Action | str) -> tuple[Event, ...]:
        """Apply one action of ``to_move``; raise ``IllegalAction`` and change nothing if illegal.

        Returns the events the action caused (a card played, a trick taken, cards drawn…).
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        elif not isinstance(action, Action):
            raise IllegalAction(
                _("an action is text such as {example!r} or an Action, not {value!r}").format(
                    example=self._example_action(), value=type(action).__name__
                )
            )
        seat = self.to_move
        if seat is None:
            raise IllegalAction(_("the deal is over: no more actions are possible"))
        self._verify(action)
        self.history.append((seat, action))
        return self._apply(action)

    def view(self, seat: int | None, *, memory: bool = False) -> dict[str, Any]:
        """What ``seat`` may know, as a JSON-safe dict built from an allow-list.

        ``seat=None`` is a spectator's view: public information only, no hand.

        With ``memory=True`` it also holds ``log``: every action of the deal as everyone saw it
        (all action texts are public), i.e. what a player with perfect recall remembers. Bots get
        this; a table shows only what its options show.
        """
        if seat is not None:
            self.game.check_seat(seat)
        data = self._table_part()
        data["seat"] = seat
        data.update(self._public_view())
        data.update(self._private_view(seat))
        if memory:
            data["log"] = list(self._memory_log())
        return data

    def _memory_log(self) -> list[list[Any]]:
        """The public log ``[[seat, action text], …]`` of ``history``, kept from one call to the
        next and extended by the actions applied since: a view with memory costs what changed,
        not the deal's length (a long Pontinho deal has some 12,000 entries). ``history`` only
        grows (``apply`` appends); a state that replaces it (a sampler, a clone) gets its log
        rebuilt. Views copy the outer list and share the ``[seat, text]`` entries: read-only."""
        history = self.history
        cached: tuple[list[tuple[int, Action]], list[list[Any]]] | None = self.__dict__.get(
            "_log_cache"
        )
        if cached is None or cached[0] is not history or len(cached[1]) > len(history):
            log: list[list[Any]] = []
            self.__dict__["_log_cache"] = (history, log)
        else:
            log = cached[1]
        for seat, action in history[len(log) :]:
            log.append([seat, str(action)])
        return log

    def _table_part(self) -> dict[str, Any]:
        """What every view says of the table rather than the game: the same for every seat,
        written once for ``view`` and ``views``."""
        outcome = self.outcome
        return {
            "game": self.game.name,
            "players": self.game.players,
            "options": dict(self.game.options),
            "sides": [list(side) for side in self.game.sides],
            "seat": None,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "over": self.is_over,
            "outcome": outcome.to_dict() if outcome is not None else None,
        }

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """``{seat: self.view(seat)}`` for each of ``seats`` (``None``: a spectator), equal to
        calling ``view`` for each, built together: what every seat sees alike (the game's
        ``_public_view``, the table, the outcome) is built once and **shared** between the
        views, so treat them as read-only (the server only encodes them). Without memory."""
        seats = list(seats)
        for seat in seats:
            if seat is not None:
                self.game.check_seat(seat)
        base = self._table_part()
        base.update(self._public_view())
        found: dict[int | None, dict[str, Any]] = {}
        for seat in seats:
            view = dict(base)
            view["seat"] = seat
            view.update(self._private_view(seat))
            found[seat] = view
        return found

    def debug_view(self) -> dict[str, Any]:
        """Everything, every hand included: for tests, debugging and post-game review only."""
        return {
            "game": self.game.describe(),
            "dealer": self.dealer,
            "to_move": self.to_move,
            "history": [[s, str(a)] for s, a in self.history],
            **self._debug_view(),
        }

    #: The game's own fields, declared once (``engine.fields``): a state class that sets them
    #: (and ``__slots__ = FIELDS.slots``) gets ``clone`` and ``public_copy`` written from them.
    FIELDS: ClassVar[Fields | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = cls.__dict__.get("FIELDS")
        if fields is not None:
            cls.clone = fields.copier()  # type: ignore[method-assign]
            cls.public_copy = fields.copier(skip=fields.hidden)  # type: ignore[method-assign]

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy: changing one never changes the other."""

    def public_copy(self) -> Self:
        """A copy without the fields ``FIELDS.hidden`` names (a sampler deals those anew and sets
        them): what a sampler stamps each sample from. Only for a state class with ``FIELDS``."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS")

    def _bare_clone(self) -> Self:
        """The start of every game's ``clone``: a new state sharing what a deal never changes
        (table, dealer, seed, the deal as dealt) with a history of its own; the game copies
        the rest of its fields onto it."""
        other = self.__class__.__new__(self.__class__)
        other.game = self.game
        other.n = self.n
        other.dealer = self.dealer
        other.seed = self.seed
        other._dealt = self._dealt
        other.history = list(self.history)
        cached = self.__dict__.get("_log_cache")
        if cached is not None and cached[0] is self.history:
            other.__dict__["_log_cache"] = (other.history, list(cached[1]))  # entries: read-only
        return other

    # -- records -------------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """This deal as a DESIGN.md game record, with its explicit setup."""
        return {
            **self.game.describe(),
            "dealer": self.dealer,
            "setup": self.setup,
            "actions": [str(action) for _seat, action in self.history],
        }

    # -- what each game implements ---------------------------------------------------------------

    @abstractmethod
    def _verify(self, action: Action) -> None:
        """Raise ``IllegalAction`` with the reason if ``action`` is not legal now."""

    @abstractmethod
    def _apply(self, action: Action) -> tuple[Event, ...]:
        """Apply a verified action."""

    @abstractmethod
    def _public_view(self) -> dict[str, Any]:
        """The game's part of every view that is the same for every seat and spectator
        (``views`` builds it once for many seats)."""

    @abstractmethod
    def _private_view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s own part of its view, the keys ``_public_view`` does not hold (``None``: a
        spectator, who holds no hand)."""

    @abstractmethod
    def _debug_view(self) -> dict[str, Any]:
        """The game's whole state, hidden parts included."""

    @abstractmethod
    def _example_action(self) -> str: ...

    # -- the bots' fast path: unchecked, integer actions ---------------------------------------

    @abstractmethod
    def legal_action_ids(self) -> list[int]:
        """Legal actions as integers in ``range(game.num_action_ids)``: for bots and RL masks."""

    @abstractmethod
    def apply_unchecked(self, action_id: int) -> None:
        """Apply a legal action id WITHOUT checking it and without events or history.

        For playouts inside bots only: an illegal id corrupts the state.
        """

    @abstractmethod
    def action_id(self, action: Action) -> int:
        """The integer id of ``action`` (legal or not)."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> Action:
        """The action of an integer id."""

    # -- hidden information ----------------------------------------------------------------------

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which everything hidden from ``seat`` is redealt at random, consistently
        with what ``seat`` knows. ``seat``'s view of the copy equals its view of this state.

        It is ``game.sample_state`` of ``seat``'s view with memory, so a state never knows more
        than its view (each game's sampling module says what that view leaves unseen and why
        every unseen card is alike); the three games share this one body."""
        self.game.check_seat(seat)
        other = self.game.sample_state(self.view(seat, memory=True), rng)
        assert isinstance(other, type(self))
        return other

    @abstractmethod
    def secret_cards(self, seat: int) -> list[str]:
        """Cards ``seat`` may not see (others' hands, the stock): for tests of the views."""
