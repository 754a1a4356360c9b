"""The browser strings of the lobby's games and rule sets (lobby.js, levels.js, presets.js),
listed for extraction like ``strings.CLIENT_STRINGS``, which includes them."""

from __future__ import annotations

from cardtable.engine.presets import CUSTOM_DESCRIPTION, CUSTOM_TITLE
from cardtable.i18n import N_

LOBBY_STRINGS: tuple[str, ...] = (
    # each game's card in the lobby
    N_("{low} to {high} players"),
    N_("{counts} players"),
    N_("Cards of {game}: {cards}"),
    # a bot level's ladder rating in words (levels.js ratingWords)
    N_("wins about {n} of every {m} deals against random play at {players} players"),
    # the house-rule presets: the friends' form, the waiting room, the table's settings
    N_("Rule set"),
    N_("Rule set:"),
    CUSTOM_TITLE,
    CUSTOM_DESCRIPTION,
)
