"""The three games as OpenSpiel Python games: ``cardtable_punttu``, ``cardtable_putto`` and
``cardtable_pontinho``, registered with ``pyspiel.register_game`` when this module is imported.

``pyspiel.load_game("cardtable_putto", {"players": 4})`` — the parameters are ``players``, each
table option of the game (a string option left ``""`` or an int option left ``-1`` takes the
engine's default for the player count, e.g. Putto's ``teams``; a string value that starts
with a digit is written with a ``v`` and ``_`` for ``-``: ``figure_points="v10"`` or
``"v13_12_11"``) and ``max_steps``, a cap on the
players' steps after which the game ends as a draw (every return 0; Pontinho deals can in
principle go on rebuilding the stock).

- Chance: the deal is explicit, one chance node per card, in the order of the engine's own
  deal layout: each hand in seat order, then (Putto) the face-up table card, then the stock
  from its top. Outcomes are the cards left, with their probabilities (Pontinho's are card kinds,
  weighted by the copies left). The cards then go to the engine as a ``setup`` (dealer 0).
- Actions: the steps of ``cardtable.research.encodings`` (40, 80 and 202 distinct actions).
- Returns: each seat's side points minus the mean over the seats (zero-sum); Pontinho counts
  minus its penalty points. So a 2-player Punttu return is half the card-point margin.
- Observation tensor: the seat's ``Observer`` vector of its own view (with the deal's public
  log); string: that view as JSON (plus the steps taken in a pending multi-step action).
- Information state (``perfect_recall=True``): perfect recall, the seat's whole history in
  order — the view with memory and every card it received, when (``cardtable.research.
  infostate``); the tensor for Punttu and Putto only, whose deals are bounded.
- Public observation (``private_info=NONE``): the spectator's view, the same for every seat
  (also ``state.public_observation_string()`` and ``public_observation_tensor()``).
- ``resample_from_infostate``: the engine's samplers deal the unseen cards anew, so OpenSpiel's
  Python ``ISMCTSBot`` runs unchanged. (The C++ ``pyspiel.MCTSBot`` / ``ISMCTSBot`` crash on any
  Python game, an upstream limitation: see docs/research.md.)
- Serialization: a state keeps only the cards dealt and the steps taken (``Deal``), and loading
  replays them through the engine; clones copy the deal with the engine's ``clone()``.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pyspiel

from cardtable.cards.french import card_text as french_text
from cardtable.cards.latin import card_text as latin_text
from cardtable.engine.game import Game, State
from cardtable.games import available, descriptor, game_class
from cardtable.games import game as make_game
from cardtable.i18n import _
from cardtable.research.encodings import encoding_for
from cardtable.research.episode import Episode, default_max_steps, match_options
from cardtable.research.infostate import (
    public_string,
)
from cardtable.research.observations import observer_for
from cardtable.research.openspiel_observer import CardtableObserver, ObservationKind, received_cards


def _parameters(name: str) -> dict[str, Any]:
    cls = game_class(name)
    params: dict[str, Any] = {"players": cls.default_players, "max_steps": default_max_steps(name)}
    for option in cls.option_specs:
        if option.name in match_options(name):
            continue  # a game is one deal: OpenSpiel refuses match options as unknown
        if option.default_for is not None:
            params[option.name] = "" if isinstance(option.default, str) else -1
        elif isinstance(option.default, str):
            params[option.name] = _to_spiel(option.default)
        else:
            params[option.name] = option.default
    return params


def _to_spiel(value: str) -> str:
    """OpenSpiel reads a parameter value such as ``10`` or ``13-12-11`` back as a (malformed)
    number, so a string value that starts with a digit is written ``v10``, ``v13_12_11``."""
    return "v" + value.replace("-", "_") if value[:1].isdigit() else value


def _from_spiel(value: object) -> str:
    text = str(value)
    if text[:1] == "v" and text[1:2].isdigit():
        return text[1:].replace("_", "-")
    return text


def _table(name: str, params: dict[str, Any]) -> Game:
    cls = game_class(name)
    options = {}
    for option in cls.option_specs:
        if option.name not in params:
            continue
        value = params.get(option.name)
        if option.default_for is not None and value in ("", -1):
            continue
        if isinstance(option.default, str):
            value = _from_spiel(value)
        options[option.name] = value
    return make_game(name, int(params["players"]), **options)


def _max_points(table: Game) -> float:
    """A bound on any side's deal points, for OpenSpiel's min/max utility."""
    return float(table.max_deal_points)


def _game_type(
    name: str,
    *,
    variant: str = "",
    players: tuple[int, int] | None = None,
    parameters: dict[str, Any] | None = None,
) -> pyspiel.GameType:
    """The OpenSpiel type of ``cardtable_<variant><name>`` (a ``variant`` such as ``mini_``
    fixes the player counts and its own parameters)."""
    cls = game_class(name)
    low, high = players or (cls.min_players, cls.max_players)
    return pyspiel.GameType(
        short_name=f"cardtable_{variant}{name}",
        long_name=f"cardtable {variant.replace('_', ' ')}{name.capitalize()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        # Perfect recall in a fixed size: only for a game whose deals are bounded (40 plays).
        provides_information_state_tensor=cls.max_deal_actions is not None,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(name) if parameters is None else parameters,
    )


class TableSpec:
    """Everything a game's states share: the engine table, its encoding and observer, and the
    deal layout the chance nodes fill. Immutable, so copies are the object itself (OpenSpiel
    deep-copies Python objects it holds, and the engine's frozen tables must not be rebuilt)."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        self.table = _table(name, params)
        self.max_steps = int(params["max_steps"])
        self.encoding = encoding_for(self.table)
        self.observer = observer_for(self.table)
        layout = self.table.deal(seed=0).setup
        #: Slots the chance nodes fill, in order: (setup key, seat or None), one per card.
        self.slots: list[tuple[str, int | None]] = [
            ("hands", seat) for seat, hand in enumerate(layout["hands"]) for _card in hand
        ]
        self.slots += [(key, None) for key in ("table", "stock") for _card in layout.get(key, ())]
        self.latin = descriptor(name).deck != "french"
        self.text = latin_text if self.latin else french_text
        index = _card_index(self.latin)
        deck = [index[c] for hand in layout["hands"] for c in hand]
        deck += [index[c] for key in ("table", "stock") for c in layout.get(key, ())]
        self.deck = Counter(deck)

    def deal_state(self, setup: dict[str, Any]) -> State:
        """The engine state of the cards the chance nodes dealt (``setup``), dealer 0."""
        return self.table.deal(setup=setup, dealer=0)

    def __deepcopy__(self, memo: dict[int, Any]) -> TableSpec:
        return self


class CardtableGame(pyspiel.Game):  # type: ignore[misc]
    """One cardtable table as an OpenSpiel game."""

    def __init__(
        self,
        name: str,
        params: dict[str, Any] | None = None,
        *,
        game_type: pyspiel.GameType | None = None,
        spec_class: type[TableSpec] | None = None,
    ) -> None:
        game_type = game_type or _game_type(name)
        merged = {**game_type.parameter_specification, **(params or {})}
        spec = (spec_class or TableSpec)(name, merged)
        bound = _max_points(spec.table)
        super().__init__(
            game_type,
            pyspiel.GameInfo(
                num_distinct_actions=spec.encoding.num_steps,
                max_chance_outcomes=40 if spec.latin else 53,
                num_players=spec.table.players,
                min_utility=-bound,
                max_utility=bound,
                utility_sum=0.0,
                max_game_length=spec.max_steps,
            ),
            merged,
        )
        self.spec = spec

    def new_initial_state(self) -> CardtableState:
        return CardtableState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its class and parameters: pyspiel's own pickling restores the C++ game
        without calling ``__init__``, so the table (``spec``) would be missing."""
        return (type(self), (self.get_parameters(),))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CardtableObserver:
        if params:
            raise ValueError(
                _("observation parameters are not supported; passed {params}").format(params=params)
            )
        return CardtableObserver(self.spec, ObservationKind(iig_obs_type))


def _card_index(latin: bool) -> dict[str, int]:
    if latin:
        from cardtable.cards.latin import CARD_INDEX

        return CARD_INDEX
    from cardtable.cards.french import KIND_INDEX

    return KIND_INDEX


class Deal:
    """What a state holds of its deal: the cards dealt so far, then the episode.

    OpenSpiel clones a Python state by deep-copying its attributes; this copies the deal in
    progress with the engine's ``clone()`` and shares the frozen table, encoding and observer.
    """

    def __init__(self) -> None:
        self.dealt: list[int] = []
        self.episode: Episode | None = None
        self.truncated = False
        #: Every player step so far: what a pickled deal keeps, to replay on loading.
        self.steps: list[int] = []
        self.needs_replay = False
        #: Made by ``resample_from_infostate``: a world for a search, not a deal to serialize.
        self.resampled = False

    def __getstate__(self) -> dict[str, Any]:
        if self.resampled:
            raise pyspiel.SpielError(
                _(
                    "a state from resample_from_infostate cannot be serialized: its hidden cards "
                    "were imagined for a search, with no deal that leads to them"
                )
            )
        return {"dealt": self.dealt, "steps": self.steps, "truncated": self.truncated}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.dealt = list(data["dealt"])
        self.steps = list(data["steps"])
        self.truncated = bool(data["truncated"])
        self.episode = None
        self.needs_replay = True
        self.resampled = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Deal:
        other = Deal()
        other.dealt = list(self.dealt)
        other.steps = list(self.steps)
        other.needs_replay = self.needs_replay
        other.truncated = self.truncated
        other.resampled = self.resampled
        episode = self.episode
        if episode is not None:
            clone = copy.copy(episode)
            clone.state = episode.state.clone()
            clone.log = list(episode.log)
            clone._decision = copy.copy(episode._decision)
            if episode.received is not None:
                clone.received = [list(entries) for entries in episode.received]
                clone._holding = list(episode._holding)
            other.episode = clone
        return other


class SamplerCache:
    """Per seat, the engine's sampler of its view of one position, read once: ISMCTS resamples
    the same state once per simulation. Clones (deep copies) start empty, since they move on."""

    def __init__(self) -> None:
        self.samplers: dict[int, tuple[int, Callable[[random.Random], State]]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> SamplerCache:
        return SamplerCache()

    def sampler(self, table: Game, episode: Episode, seat: int) -> Callable[[random.Random], State]:
        found = self.samplers.get(seat)
        if found is not None and found[0] == episode.steps:
            return found[1]
        view = episode.view(seat)
        sample = table.sampler(view)
        self.samplers[seat] = (episode.steps, sample)
        return sample


class CardtableState(pyspiel.State):  # type: ignore[misc]
    """Chance nodes deal the cards; then the players take encoded steps."""

    def __init__(self, game: CardtableGame) -> None:
        super().__init__(game)
        self._deal = Deal()
        self._samplers = SamplerCache()

    @property
    def deal(self) -> Deal:
        """The deal, replayed from its cards and steps first if it was just unpickled."""
        deal = self._deal
        if deal.needs_replay:
            deal.needs_replay = False
            if len(deal.dealt) == len(self._spec().slots):
                self._start()
                assert deal.episode is not None
                for step in deal.steps:
                    deal.episode.step(step)
        return deal

    @property
    def episode(self) -> Episode | None:
        return self.deal.episode

    def _spec(self) -> TableSpec:
        game = self.get_game()
        assert isinstance(game, CardtableGame)
        return game.spec

    def current_player(self) -> int:
        episode = self.deal.episode
        if episode is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.deal.truncated or episode.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = episode.to_move
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.deal.episode is not None
        return self.deal.episode.legal_steps()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._spec().deck - Counter(self.deal.dealt)
        total = sum(left.values())
        return [(card, count / total) for card, count in sorted(left.items())]

    def _apply_action(self, action: int) -> None:
        deal = self.deal
        if deal.episode is None:
            deal.dealt.append(int(action))
            if len(deal.dealt) == len(self._spec().slots):
                self._start()
            return
        deal.episode.step(int(action))
        deal.steps.append(int(action))
        if deal.episode.steps >= self._spec().max_steps and not deal.episode.is_over:
            deal.truncated = True

    def _start(self) -> None:
        game = self._spec()
        table = game.table
        setup: dict[str, Any] = {"hands": [[] for _ in range(table.players)]}
        for (key, seat), card in zip(game.slots, self._deal.dealt, strict=True):
            text = game.text(card)
            if seat is not None:
                setup["hands"][seat].append(text)
            else:
                setup.setdefault(key, []).append(text)
        self._deal.episode = Episode(
            table,
            state=game.deal_state(setup),
            encoding=game.encoding,
            observer=game.observer,
            recall=True,
        )

    # -- what OpenSpiel's search and public-state algorithms ask ---------------------------------

    def public_observation_string(self) -> str:
        """What every seat sees alike (the spectator's view with the public log)."""
        episode = self.deal.episode
        return "dealing" if episode is None else public_string(episode)

    def public_observation_tensor(self) -> list[float]:
        """The public observation as a tensor: the same for every seat."""
        episode = self.deal.episode
        if episode is None:
            return [0.0] * self._spec().observer.size
        return [float(x) for x in episode.observe_public()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardtableState:
        """A state in ``player_id``'s information state, the cards it cannot see dealt anew at
        random by the engine's sampler (what the bots search with), for OpenSpiel's
        ``ISMCTSBot``. ``probability_sampler()`` gives a number in [0, 1) that seeds the draw.

        The world is for searching: the other seats' hands and the stock are imagined now, so
        each other seat's own history (``received``) is its imagined hand, received at this
        point; ``player_id``'s is its true one, so its information state is unchanged. Such a
        state plays, clones and scores like any other, but cannot be serialized.
        """
        episode = self.deal.episode
        if episode is None or self.is_terminal():
            raise pyspiel.SpielError(
                _("resample_from_infostate needs a dealt deal that is not over")
            )
        spec = self._spec()
        seat = int(player_id)
        spec.table.check_seat(seat)
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        world = self._samplers.sampler(spec.table, episode, seat)(rng)
        other = CardtableState(self.get_game())
        deal = other._deal
        deal.dealt = list(self.deal.dealt)  # a placeholder: the world is not this deal's
        deal.steps = list(self.deal.steps)
        deal.truncated = self.deal.truncated
        deal.resampled = True
        imagined = copy.copy(episode)
        imagined.state = world
        imagined.log = list(episode.log)
        imagined._decision = None
        received = received_cards(episode)
        holding = [imagined._private_cards(s) for s in range(spec.table.players)]
        at = len(episode.log)
        imagined._holding = holding
        imagined.received = [
            list(received[s]) if s == seat else [[at, list(holding[s])]]
            for s in range(spec.table.players)
        ]
        for step in episode.prefix:
            imagined.decision.choose(step)
        deal.episode = imagined
        return other

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self._spec().text(action)}"
        return self._spec().encoding.step_text(action)

    def is_terminal(self) -> bool:
        episode = self.deal.episode
        return episode is not None and (self.deal.truncated or episode.is_over)

    def returns(self) -> list[float]:
        table = self._spec().table
        n = table.players
        episode = self.deal.episode
        if episode is None or self.deal.truncated or not episode.is_over:
            return [0.0] * n
        outcome = episode.state.outcome
        assert outcome is not None
        sign = -1.0 if table.lowest_wins else 1.0
        points = [sign * outcome.points[table.side_of(seat)] for seat in range(n)]
        mean = sum(points) / n
        return [p - mean for p in points]

    def __str__(self) -> str:
        episode = self.deal.episode
        if episode is None:
            return "dealing: " + " ".join(self._spec().text(c) for c in self.deal.dealt)
        return json.dumps(episode.state.debug_view())


def _spiel_class(name: str) -> type[CardtableGame]:
    """The pyspiel game class of ``name`` (``PunttuSpiel``, …): pyspiel makes a game by calling
    its class with the parameters only. The class is also an attribute of this module, so that
    ``pickle`` finds it by name (``CardtableGame.__reduce__``: OpenSpiel's ``games_sim_test``,
    and sending a game to another process or to Ray)."""

    def __init__(self: CardtableGame, params: dict[str, Any] | None = None) -> None:
        CardtableGame.__init__(self, name, params)

    cls = type(f"{name.capitalize()}Spiel", (CardtableGame,), {"__init__": __init__})
    globals()[cls.__name__] = cls
    return cls


def _register() -> None:
    # Registered by class, as OpenSpiel's own Python games are, so that pyspiel keeps the
    # Python object (and its attributes) alive with the game. Every registered game.
    registered = set(pyspiel.registered_names())
    for name in available():
        if f"cardtable_{name}" not in registered:
            pyspiel.register_game(_game_type(name), _spiel_class(name))


_register()
