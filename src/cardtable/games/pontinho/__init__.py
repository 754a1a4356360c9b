"""Pontinho, the Brazilian rummy for two to eight players (rules: shared/rules/pontinho.md).

Two French decks and 4 jokers (PO-1); cards and notation are in ``cardtable.cards.french``, the
melds (validation, lay-offs, enumeration) in ``cardtable.games.pontinho.melds``.

Glossary — the game's own words:

- **trinca** (set): 3 or 4 cards of one rank, natural cards of different suits, at most three
  natural suits; a joker may fill a fourth (PO-12). Written with bare jokers: ``Ks Kh Kd *``.
- **sequência** (run): 3 to 14 cards of one suit in consecutive ranks, the ace low (A 2 3) or
  high (Q K A), never wrapping around (PO-13). A joker names its card: ``9h *=Th Jh``.
- **coringa** (joker): wild, stands for any card; a meld may hold any number of them but at least
  one natural card (PO-11, PO-14). Once laid it keeps the card it stands for (PO-15).
- **monte** (the stock): face-down cards one draws from (PO-4, PO-6, PO-8).
- **lixo** (the discard pile): face up; its top card may be taken only into a new meld at once
  (PO-6, PO-7).
- **queimar** (to burn): the first player's first card drawn from the stock may be set aside,
  face up, and replaced (PO-9, PO-10).
- **encaixar** (to lay off): to add cards from hand to any meld on the table, once one has laid a
  meld of one's own (PO-16).
- **avançar** (to advance): to take the top discard out of turn, straight into a new meld with at
  least two cards from one's hand, and nothing else (PO-17 … PO-21).
- **bater** (to go out): to empty one's hand, by melding everything or by discarding the last
  card; the deal ends (PO-22, PO-23).
- **estourar** (to bust): to reach the match's point limit and be out ("estourou", PO-24).
- **voltar** (to buy back in): a busted player returns with the highest total among those still
  in (PO-25).
"""

from typing import Any

from cardtable.engine.plugin import GameDescriptor
from cardtable.engine.presets import Preset
from cardtable.games.pontinho import coach, easy, heuristic, search
from cardtable.games.pontinho.game import PontinhoGame
from cardtable.games.pontinho.phase import Phase
from cardtable.games.pontinho.state import PontinhoState
from cardtable.i18n import N_

#: Melds in a row of the table's picture, and the rows they fill at most (36 melds, PO-16).
MELDS_PER_ROW = 3
MELD_ROWS = 12


def public_cards(view: Any) -> list[list[list[str]]]:
    """The top of the discard pile, then the melds (a joker as itself), a few to a row."""
    melds = [[card.split("=")[0] for card in meld["cards"].split()] for meld in view["melds"]]
    grid = [melds[i : i + MELDS_PER_ROW] for i in range(0, len(melds), MELDS_PER_ROW)]
    return [[list(view["discard"][-1:])], *grid]


#: Pontinho as a plug-in (``cardtable.games`` registers it): French decks (PO-1), passed to the
#: right (PO-5).
GAME = GameDescriptor(
    game_class=PontinhoGame,
    bots=heuristic.BOTS,
    blunder=easy.is_blunder,
    beginner=easy.choose,
    search=search.HOOKS,
    deck="french",
    direction="right",
    match_options=("bust", "buybacks", "deals"),  # PO-24 … PO-26
    public_cards=public_cards,
    public_rows=1 + MELD_ROWS,
    # the coach's labels, in penalty points: a hand of 11 cards holds about 60
    review_thresholds=(3.0, 8.0, 16.0),
    level_descriptions={
        "random": N_("Plays any legal move at random."),
        "easy": N_(
            "A beginner: always draws from the stock, melds and lays off all it can at once, "
            "and throws away its highest card."
        ),
        "medium": N_(
            "A club player: keeps the cards that connect, melds early and discards what helps "
            "nobody."
        ),
        "hard": N_("Searches many possible deals before each draw, meld and discard."),
    },
    presets=(
        Preset(
            name="source",
            title=N_("Original house rules"),
            description=N_(
                "The house rules this game was written down from: king 13, queen 12 and jack "
                "11 points, and one buy-back per player."
            ),
            options={"figure_points": "13-12-11", "buybacks": 1},  # PO-2, PO-25
        ),
        Preset(
            name="common",
            title=N_("Common Brazilian rules"),
            description=N_(
                "As most Brazilian tables play: king, queen and jack 10 points each, and no "
                "buying back in once out."
            ),
            options={"figure_points": "10", "buybacks": 0},  # PO-2, PO-25
        ),
    ),
    summary=N_(
        "A Brazilian rummy with two French packs and jokers: lay down sets and runs, empty "
        "your hand first, and keep your penalty points low."
    ),
    showcase=("9h", "*", "Jh"),
    coach_facts=coach.COACH_FACTS,
    review_samples=12,  # its medium bot costs ~40× Punttu's per move (docs/coach.md)
)

__all__ = ["GAME", "Phase", "PontinhoGame", "PontinhoState"]
