"""Small variants with exact answers: ``cardtable_mini_punttu`` and ``cardtable_mini_putto``.

The full games are far too large for tabular game theory (one external-sampling MCCFR
iteration on 2-player Punttu does not finish in minutes). These variants keep every rule of
the engine and shrink the deal: two players, a deck of a few ranks in a few suits, one to three
cards in hand. They are the engine's own states (``PunttuState.new`` / ``PuttoState.new`` with a
smaller deck), played through the same OpenSpiel adapter (``research/openspiel.py``): the same
steps, observations, information states and returns as the full games, so OpenSpiel's
exploitability, best response, CFR, CFR+ and external-sampling MCCFR run on them to convergence
(``python -m cardtable.research.exact mini_punttu``).

Parameters (``pyspiel.load_game("cardtable_mini_punttu", {"hand": 2, "ranks": 3, "suits": 2})``):

- ``hand``: cards dealt to each player (Punttu 1‥3, PU-8; Putto 1‥4, PT-5);
- ``ranks``: how many ranks are in the deck, the strongest first — Punttu by trick rank
  (7 6 5 4 3 2 A J Q K, PU-3), Putto by card points (A 3 K Q J 7 6 5 4 2, PT-2);
- ``suits``: how many suits (oros, copas, espadas, bastos in that order);
- the table options of the full game (Putto's ``must_capture``, ``leftover``,
  ``last_play_sweep``), and ``max_steps``.

The deck is dealt as the full game deals it (hands, Putto's face-up card, the stock); Punttu
needs a stock that runs out at the end of a round of draws (PU-13), so its deck less the hands
must divide by two. The cards outside the deck are, for a seat's view, removed from play: a
Punttu bot is told so through the view's ``removed`` (``bot_view``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pyspiel

from cardtable.cards.latin import LATIN_DECK, parse_card
from cardtable.engine.game import State
from cardtable.i18n import _
from cardtable.research.openspiel import (
    CardtableGame,
    TableSpec,
    _game_type,
    _parameters,
    _to_spiel,
)

PLAYERS = 2
#: Ranks (0‥9, ``A 2 3 4 5 6 7 J Q K``) from the strongest: Punttu by trick rank (PU-3),
#: Putto by card points (PT-2).
RANK_ORDER = {
    "punttu": (6, 5, 4, 3, 2, 1, 0, 7, 8, 9),
    "putto": (0, 2, 9, 8, 7, 6, 5, 4, 3, 1),
}
MAX_HAND = {"punttu": 3, "putto": 4}
DEFAULTS = {
    "punttu": {"hand": 2, "ranks": 3, "suits": 2},
    "putto": {"hand": 2, "ranks": 3, "suits": 2},
}


def mini_deck(name: str, ranks: int, suits: int) -> list[int]:
    """The cards of a mini deck, in deck order: the ``ranks`` strongest ranks in ``suits``."""
    chosen = set(RANK_ORDER[name][:ranks])
    return [c for c in range(len(LATIN_DECK)) if c % 10 in chosen and c // 10 < suits]


def _check(name: str, hand: int, ranks: int, suits: int) -> list[int]:
    if not 1 <= hand <= MAX_HAND[name]:
        raise ValueError(
            _("hand must be 1 to {most} cards, not {hand}").format(most=MAX_HAND[name], hand=hand)
        )
    if not 1 <= ranks <= 10 or not 1 <= suits <= 4:
        raise ValueError(
            _("a mini deck has 1 to 10 ranks and 1 to 4 suits, not {ranks} and {suits}").format(
                ranks=ranks, suits=suits
            )
        )
    deck = mini_deck(name, ranks, suits)
    rest = len(deck) - PLAYERS * hand - (1 if name == "putto" else 0)
    if rest < 0 or (name == "punttu" and rest % PLAYERS):
        raise ValueError(
            _(
                "a deck of {cards} cards cannot deal two hands of {hand} (and Putto's face-up "
                "card; in Punttu, a stock that runs out at the end of a round of draws)"
            ).format(cards=len(deck), hand=hand)
        )
    return deck


def _mini_parameters(name: str) -> dict[str, Any]:
    params = _parameters(name)
    del params["players"]
    params.pop("trim", None)  # two players never trim (PU-5), and the mini deck is chosen
    params.pop("teams", None)  # two players are two sides (PT-3)
    params.update(DEFAULTS[name])
    return params


def mini_game_type(name: str) -> pyspiel.GameType:
    return _game_type(
        name, variant="mini_", players=(PLAYERS, PLAYERS), parameters=_mini_parameters(name)
    )


class MiniSpec(TableSpec):
    """The table of a mini variant: the full game's table at two players, dealt a smaller deck
    in the full game's layout (hands in seat order, Putto's face-up card, then the stock)."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        hand = int(params["hand"])
        deck = _check(name, hand, int(params["ranks"]), int(params["suits"]))
        full = {k: v for k, v in params.items() if k not in ("hand", "ranks", "suits")}
        super().__init__(name, {**full, "players": PLAYERS})
        self.name = name
        self.hand = hand
        self.cards = deck
        self.slots = [("hands", seat) for seat in range(PLAYERS) for _card in range(hand)]
        table_cards = 1 if name == "putto" else 0
        self.slots += [("table", None)] * table_cards
        self.slots += [("stock", None)] * (len(deck) - len(self.slots))
        self.deck = Counter(deck)
        #: The cards out of play, as a Punttu view lists them (``removed``).
        self.removed = sorted(
            (str(LATIN_DECK[c]) for c in range(len(LATIN_DECK)) if c not in deck),
            key=lambda text: int(parse_card(text)),
        )

    def deal_state(self, setup: dict[str, Any]) -> State:
        hands = [[int(parse_card(t)) for t in hand] for hand in setup["hands"]]
        stock = [int(parse_card(t)) for t in setup.get("stock", ())]
        if self.name == "putto":
            from cardtable.games.putto.state import PuttoState

            table = [int(parse_card(t)) for t in setup["table"]]
            return PuttoState.new(self.table, 0, hands, stock, table)  # type: ignore[arg-type]
        from cardtable.games.punttu.state import PunttuState

        return PunttuState.new(self.table, 0, hands, stock)  # type: ignore[arg-type]

    def bot_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """A seat's view as a bot of the full game should read it: Punttu's ``removed`` names
        the cards outside the mini deck (PU-6's meaning: not in play). Putto's view has no such
        entry, so its bots count the whole pack as possibly unseen."""
        if self.name == "punttu":
            view = {**view, "removed": list(self.removed)}
        return view


def _mini_class(name: str) -> type[CardtableGame]:
    """The pyspiel class of ``cardtable_mini_<name>``, an attribute of this module (pickling)."""
    game_type = mini_game_type(name)

    def __init__(self: CardtableGame, params: dict[str, Any] | None = None) -> None:
        CardtableGame.__init__(self, name, params, game_type=game_type, spec_class=MiniSpec)

    cls = type(f"Mini{name.capitalize()}Spiel", (CardtableGame,), {"__init__": __init__})
    cls.__module__ = __name__
    globals()[cls.__name__] = cls
    return cls


def load(name: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game("cardtable_mini_<name>", params)``, string values as OpenSpiel
    wants them (``v`` before a leading digit)."""
    fixed = {k: _to_spiel(v) if isinstance(v, str) else v for k, v in params.items()}
    return pyspiel.load_game(f"cardtable_mini_{name}", fixed)


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name in RANK_ORDER:
        if f"cardtable_mini_{name}" not in registered:
            pyspiel.register_game(mini_game_type(name), _mini_class(name))


_register()
