"""Putto, the Hungarian fishing game for two to six players (rules: shared/rules/putto.md).

Glossary — the game's own words:

- **asztal** (the table): the open row of face-up cards every player sees (PT-6). It starts with
  the stock's top card turned up (PT-5); a card played without capturing joins it (PT-10).
- **elvesz / capture**: playing a card and taking every table card of the same rank with it
  (PT-9). Captures go by equal rank only: there are no sums as in Scopa.
- **söprés** (sweep): a capture that leaves the table empty, worth 3 points (PT-12).
- **primiera**: one point per suit to the side with the most card points in that suit; a tie
  gives nobody the point (PT-16, PT-17).
- **készlet** (the stock): face down; each player draws back to four cards after playing (PT-13).
- **csapat** (team, side): partners pool their captures and score together (PT-3, PT-4).
"""

from typing import Any

from cardtable.engine.plugin import GameDescriptor
from cardtable.engine.presets import Preset
from cardtable.games.putto import coach, easy, heuristic, search
from cardtable.games.putto.game import PuttoGame
from cardtable.games.putto.state import PuttoState
from cardtable.i18n import N_


def public_cards(view: Any) -> list[list[list[str]]]:
    """The cards on the table, face up (PT-8): one row."""
    return [[list(view["table"])]]


#: Putto as a plug-in (``cardtable.games`` registers it): the Latin pictures with Italian
#: figure names, passed to the left (PT-7).
GAME = GameDescriptor(
    game_class=PuttoGame,
    bots=heuristic.BOTS,
    blunder=easy.is_blunder,
    beginner=easy.choose,
    search=search.HOOKS,
    deck="italian",
    direction="left",
    match_options=("deals", "target"),  # PT-21
    public_cards=public_cards,
    # the coach's labels: a deal holds 120 card points, sweeps and primiera
    review_thresholds=(1.0, 3.0, 6.0),
    level_descriptions={
        "random": N_("Plays any card at random."),
        "easy": N_(
            "A beginner: grabs the richest capture in sight and lays down any card otherwise."
        ),
        "medium": N_("A club player: counts points, sweeps and the primiera before each card."),
        "hard": N_(
            "Searches thousands of possible deals and keeps the club player's move unless "
            "another is surely better; once the stock is empty, it thinks the last cards "
            "through to the end."
        ),
    },
    presets=(
        Preset(
            name="source",
            title=N_("Hungarian table"),
            description=N_(
                "As the Hungarian source plays: capturing is optional, and a sweep on the very "
                "last play counts."
            ),
            # PT-11, PT-15, PT-18
            options={"must_capture": False, "leftover": "last_capturer", "last_play_sweep": True},
        ),
        Preset(
            name="scopa",
            title=N_("Scopa style"),
            description=N_(
                "Closer to Scopa, as far as Putto's rules go: a card that can capture must, and "
                "a sweep on the last play does not count. Putto's own points stay."
            ),
            # PT-11, PT-15, PT-18
            options={"must_capture": True, "leftover": "last_capturer", "last_play_sweep": False},
        ),
    ),
    summary=N_(
        "A Hungarian fishing game with the Italian 40-card pack, alone or in pairs: capture "
        "the table's cards of your card's rank, and sweep it clean."
    ),
    showcase=("Ao", "3c", "Ke"),
    coach_facts=coach.COACH_FACTS,
    review_samples=16,  # its medium bot costs ~40× Punttu's per move (docs/coach.md)
)

__all__ = ["GAME", "PuttoGame", "PuttoState"]
