"""Punttu, the Basque trick-taking game for two to eight players (rules: shared/rules/punttu.md).

Glossary — the game's own words, as our players say them:

- **punttu / punttua**: a point; the game is named after counting points in won tricks.
- **esku**: the player who leads (PU-9): first the one to the dealer's right, then the trick's
  winner (PU-14). Being esku matters: among equal cards the first played wins (PU-12).
- **altxaldi**: a trick (PU-11, PU-12).
- **beltzak** ("the blacks"): the three figures, sota/txota (J), zaldiko (Q), errege (K), worth
  one point each and ranking with the ace at the bottom (PU-2, PU-3).
- **bateko**: the ace; **urreak, kopak, ezpatak, bastoiak**: oros, copas, espadas, bastos.
- **pilo**: the stock in the middle, from which everyone draws back to three cards (PU-13).
"""

from typing import Any

from cardtable.engine.plugin import GameDescriptor
from cardtable.engine.presets import Preset
from cardtable.games.punttu import coach, easy, heuristic, search
from cardtable.games.punttu.game import PunttuGame
from cardtable.games.punttu.state import PunttuState
from cardtable.i18n import N_


def public_cards(view: Any) -> list[list[list[str]]]:
    """The trick on the table (PU-11): one row."""
    return [[[card for _seat, card in view["trick"]]]]


#: Punttu as a plug-in (``cardtable.games`` registers it): passed to the right (PU-9).
GAME = GameDescriptor(
    game_class=PunttuGame,
    bots=heuristic.BOTS,
    blunder=easy.is_blunder,
    beginner=easy.choose,
    search=search.HOOKS,
    deck="latin",
    direction="right",
    match_options=("deals",),  # PU-19
    public_cards=public_cards,
    # the coach's labels: a deal holds 124 card points in all
    review_thresholds=(2.0, 5.0, 10.0),
    level_descriptions={
        "random": N_("Plays any card at random."),
        "easy": N_(
            "A beginner: takes every trick it can with its strongest card and counts no cards."
        ),
        "medium": N_("A club player: weighs each trick's points against the cards still out."),
        "hard": N_("Searches thousands of possible deals before each card."),
    },
    presets=(
        Preset(
            name="source",
            title=N_("Basque table"),
            description=N_(
                "As the Basque source plays: aces, then sotas, leave the pack so that it "
                "divides evenly among the players."
            ),
            options={"trim": "aces"},  # PU-5, PU-6
        ),
        Preset(
            name="briscola",
            title=N_("Briscola trim"),
            description=N_("As in Briscola: twos, then aces, leave the pack."),
            options={"trim": "twos"},  # PU-6a
        ),
    ),
    summary=N_(
        "A Basque trick-taking game with the Spanish 40-card pack: play one card to each "
        "trick, take the points in the tricks you win, and remember what has gone."
    ),
    showcase=("7o", "6c", "Ke"),
    coach_facts=coach.COACH_FACTS,
)

__all__ = ["GAME", "PunttuGame", "PunttuState"]
